/**
 * People in text that packages ship (changelogs, copyright files, lists of contributors, NEWS),
 * the classes the people-text miner's tuning half showed (bench/redaction/people-text.ts), each
 * with invented people and its negatives; and the miner's labels, which come from structured lines only.
 */
import { describe, expect, it } from 'vitest';
import { labelSourceOf, labelsOfLine, labelsOfText } from '../bench/redaction/people-labels.js';
import { createTextRedactor } from '../redaction/index.js';

const research = createTextRedactor('research');
const redact = (text: string) => research(text).text;

describe('people in the text packages ship', () => {
  it.each([
    ['2021-06-30  Corwin Halloway  <ch@halloway-labs.net>\n\n\t* src/main.c: Fix a leak.', ['Corwin Halloway', 'ch@halloway-labs.net']],
    [' -- TAKEDA Sumire <sumire.t@posteo.jp>  Fri, 03 May 2024 09:12:44 +0900', ['TAKEDA Sumire']],
    ['Signed-off-by: Ottoline Marsh-Pryce <mail@marsh-pryce.org>', ['Ottoline Marsh-Pryce', 'mail@marsh-pryce.org']],
    ['    Wendeline Aust <dev@aust.dev>\n    K Brightwater <k.brightwater@tutanota.com>\n', ['Wendeline Aust', 'dev@aust.dev', 'K Brightwater']],
    ['lib (2.1-1) unstable; urgency=medium\n\n  [ Evander Quist ]\n  * New upstream release.\n', ['Evander Quist']],
    ['  * Fix the man page. Thanks to Tamsin McAllister for the patch.', ['Tamsin McAllister']],
    ['  * Basque (Itziar Goenaga; closes: #1044120).\n', ['Itziar Goenaga']],
    ['Contributions from: Ysolde Marchetti, zx81fan, Kwame Ofori-Atta,\n        Henrike Oldenkamp\n', ['Ysolde Marchetti', 'Kwame Ofori-Atta', 'Henrike Oldenkamp']],
    ['pupil(1, name(Ottilie,Brandvold), 7)', ['Ottilie', 'Brandvold']],
    ['Files: lib/*\nCopyright: 2009-2012 Lorcan Fitzsimons\n           2015, Henrike Oldenkamp\nLicense: ISC', ['Lorcan Fitzsimons', 'Henrike Oldenkamp']],
  ])('%j loses %j', (text, planted) => {
    const out = redact(text);
    for (const value of planted) expect(out).not.toContain(value);
  });

  it('a distribution robot that signs a changelog is no name', () => {
    expect(redact(' -- Debian Janitor <janitor@jelmer.uk>  Sat, 01 Jan 2022 10:00:00 +0000')).toContain(' -- Debian Janitor <');
  });

  it.each([
    'Upstream-Contact: Vandelay Imports <info@vandelay-imports.com>',
    'From: Netlify <netlify@netlify.com>',
    'Files: *\nCopyright: 1999-2023 Free Software Foundation, Inc.\n 2004 Hewlett-Packard Co\nLicense: GPL-3+',
    '  * Fix the build (Windows only)\n',
    '  * Thanks to Red Hat for sponsoring the port.',
    'Credits: ports, docs, tests\n',
    'name(Main,Street)',
  ])('%j stays', (text) => {
    expect(redact(text)).toBe(text);
  });

  it('a town before a closing quote leaves the quote', () => {
    expect(redact("print('ship to 5 Quarry Lane, Galway')")).toMatch(/\]'\)$/);
    expect(redact("addr = '14 Harrow Road, Leeds'; x = 1")).toMatch(/\]'; x = 1$/);
  });
});

describe('the miner labels people from structured lines only', () => {
  it('reads a trailer, a GNU ChangeLog heading, a copyright line with an e-mail and metadata', () => {
    expect(labelsOfLine(' -- Corwin Halloway <corwin@halloway.net>  Tue, 02 Jan 2024 10:00:00 +0100', 'changelog')).toEqual([{ name: 'Corwin Halloway', email: 'corwin@halloway.net' }]);
    expect(labelsOfLine('2019-04-11  Verity Hollows  <vh@hollows.me.uk>', 'changelog')).toEqual([{ name: 'Verity Hollows', email: 'vh@hollows.me.uk' }]);
    expect(labelsOfLine('Copyright: 2010-2014 Lorcan Fitzsimons <lorcan@fitz.ie>', 'copyright')).toEqual([{ name: 'Lorcan Fitzsimons', email: 'lorcan@fitz.ie' }]);
    expect(labelsOfLine('Author: Henrike Oldenkamp', 'metadata')).toEqual([{ name: 'Henrike Oldenkamp' }]);
  });

  it('takes no body, no role mailbox and no prose', () => {
    expect(labelsOfLine(' -- Debian Python Team <team+python@tracker.debian.org>  Tue, 02 Jan 2024', 'changelog')).toEqual([]);
    expect(labelsOfLine('Copyright: 2001 Free Software Foundation <gnu@gnu.org>', 'copyright')).toEqual([]);
    expect(labelsOfLine('  * Thanks to Corwin Halloway for the patch', 'changelog')).toEqual([]);
    expect(labelsOfLine('Corwin Halloway <corwin@halloway.net>', 'other')).toEqual([]);
    expect(labelsOfLine(' -- Corwin Halloway <bugs@halloway.net>  Tue, 02 Jan 2024', 'changelog')).toEqual([{ name: 'Corwin Halloway' }]);
  });

  it('reads package.json people in both forms', () => {
    const manifest = JSON.stringify({ author: 'Wendeline Aust <wa@aust.dev> (https://aust.dev)', contributors: [{ name: 'Evander Quist', email: 'eq@quist.io' }, 'Acme Team'] });
    expect(labelsOfText(manifest, labelSourceOf('/x/node_modules/y/package.json'))).toEqual([
      { name: 'Wendeline Aust', email: 'wa@aust.dev' },
      { name: 'Evander Quist', email: 'eq@quist.io' },
    ]);
  });
});
