/**
 * Personal-data classes near v16's categories (by name only), reproduced with real programs and
 * made-up people (test/program-captures/v16-classes/):
 * - `gawk-lowercase-name-beside-mailbox.txt`: GNU Awk 5.2, `gawk -F, 'NR>1{printf "%s;%s;%s\n",
 *   tolower($2), $3, $5; printf "%-22s| %s\n", toupper($2), $3}' people.csv` over a CSV of three people;
 * - `python-csv-lowercase-name-beside-mailbox.txt`: Python 3.11 `csv.writer` rows (name, mailbox, city),
 *   one of them a team's mailbox that stays;
 * - `chicken-pp-record-name-and-mailbox.txt`: CHICKEN 5.3 `csi -q -s`, `pp` of an alist record and `write` of a dotted alist;
 * - `elisp-plist-lowercase-name-and-mailbox.txt`: Emacs 28 `emacs --batch -Q`, `prin1` of plists;
 * - `bash-declare-assoc-name-and-mailbox.txt`: bash 5.2 `declare -p` of an associative array;
 * - `python-dict-lowercase-name-and-mailbox.txt`: Python 3.11 `print` of a dict.
 * A name in lower case or capitals has no shape a keyless rule may trust; the mailbox spelled from
 * it in the same record is the evidence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'program-captures', 'v16-classes');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

const CAPTURES: Record<string, { planted: readonly string[]; kept: readonly string[] }> = {
  'gawk-lowercase-name-beside-mailbox.txt': {
    planted: ['eirik solheim', 'EIRIK SOLHEIM', 'margit haugland', 'MARGIT HAUGLAND', 'torbjørn vik', 'TORBJØRN VIK', 'eirik.solheim@posteo.no', 'tvik@gmail.com'],
    kept: [';Bergen', ';Stavanger'],
  },
  'chicken-pp-record-name-and-mailbox.txt': {
    planted: ['Kjellaug Sæther', 'kjellaug.saether@online.no', '+47 480 22 913', 'halstein moe', 'halstein.moe@posteo.no'],
    kept: ['(team (name "Platform Ops") (email "platform.ops@corp.example"))'],
  },
  'elisp-plist-lowercase-name-and-mailbox.txt': { planted: ['oddny fjellstad', 'oddny.fjellstad@online.no'], kept: ['(:name "Platform Ops" :email "platform.ops@corp.example")'] },
  'bash-declare-assoc-name-and-mailbox.txt': { planted: ['ASBJØRN KLEVE', 'asbjorn.kleve@posteo.no'], kept: ['[team]="Platform Ops"'] },
  'python-dict-lowercase-name-and-mailbox.txt': { planted: ['liv hatlestad', 'liv.hatlestad@gmail.com'], kept: ["'team': 'Platform Ops'"] },
  'python-csv-lowercase-name-beside-mailbox.txt': {
    planted: ['ragnhild øverby', 'ragnhild.overby@posteo.no', 'SIGVE NÆSS', 'sigve.naess@online.no'],
    kept: ['support team,support.team@example.com,Oslo'],
  },
};

describe("v16 personal-data classes in real programs' output", () => {
  it.each(Object.entries(CAPTURES))('%s: every planted value is removed, the rest stays', (file, { planted, kept }) => {
    const text = read(file);
    for (const value of [...planted, ...kept]) expect(text).toContain(value);
    const out = createTextRedactor('research')(text).text;
    for (const value of planted) expect(out).not.toContain(value);
    for (const line of kept) expect(out).toContain(line);
  });

  it('standard leaves names to research', () => {
    const out = createTextRedactor('standard')(read('gawk-lowercase-name-beside-mailbox.txt')).text;
    expect(out).toContain('eirik solheim');
  });
});
