import { describe, expect, it } from 'vitest';
import { PERSON_NAME_RULES } from '../redaction/rules/person-names.js';
import { PERSONAL_COLUMN_RULES } from '../redaction/rules/personal-columns.js';
import { POSTAL_ADDRESS_RULES } from '../redaction/rules/postal-address.js';
import { POSTCODE_ADDRESS_RULE } from '../redaction/rules/postcode-address.js';
import { compileRules } from '../redaction/scanner.js';

const tables = compileRules([...PERSONAL_COLUMN_RULES]);
const names = compileRules([...PERSON_NAME_RULES]);

/** The texts a scanner removes from `text`, in order. */
function removed(scanner: ReturnType<typeof compileRules>, text: string): string[] {
  return scanner.scan(text).map((finding) => text.slice(finding.start, finding.end));
}

/** [what the case shows, the text, what the table rule removes from it] */
const TABLE_CASES: [string, string, string[]][] = [
  [
    'every cell under a personal column of a CSV, row after row, and not the others',
    'order_id,customer_name,email,total\n5001,Halima Yusuf,halima.y@proton.me,41.20\n5002,"Quentin Marchetti",q.marchetti@orange.fr,9.99\n',
    ['Halima Yusuf', 'halima.y@proton.me', 'Quentin Marchetti', 'q.marchetti@orange.fr'],
  ],
  ['whole cells when a quoted cell holds the delimiter', 'id,name,city\n9,"Varga, Zsófia",Debrecen\n', ['Varga, Zsófia', 'Debrecen']],
  [
    'a psql table past its rule line, up to the row count',
    ' id | first_name | postcode\n----+------------+----------\n  4 | Aiko       | 060-0042\n(1 row)\n\n name | note\n------+------\n x | y',
    ['Aiko', '060-0042'],
  ],
  [
    'a mysql box',
    '+----+-------------+----------------+\n| id | name        | phone          |\n+----+-------------+----------------+\n|  1 | Bogdan Ilie | +40 721 000 111 |\n+----+-------------+----------------+',
    ['Bogdan Ilie', '+40 721 000 111'],
  ],
  ['a TSV inside JSON-escaped tool output', '{"stdout":"name\\temail\\nKeanu Makoa\\tkeanu@makoa.net\\n"}', ['Keanu Makoa', 'keanu@makoa.net']],
  ['rows up to where they lose the header shape', 'name,email\nMarta Sousa,marta@sapo.pt\nDone in 12 ms.\nOther Thing,not,a,row', ['Marta Sousa', 'marta@sapo.pt']],
  [
    'the personal values of every INSERT row, not the rest of the statement',
    "INSERT INTO users (id, full_name, email, plan) VALUES (1, 'Siddharth Rao', 'sid@rao.in', 'pro'), (2, 'Mairead O''Neill', NULL, 'free');",
    ['Siddharth Rao', 'sid@rao.in', "Mairead O''Neill"],
  ],
  ['a lone name column only where the cells look like people', 'name,downloads\nexpress,31000000\nNdidi Eze,3\n', ['Ndidi Eze']],
  ['nothing in a table that names no one', 'host,city\nweb-1,Frankfurt\n', []],
];

describe('personal columns', () => {
  it.each(TABLE_CASES)('removes %s', (_what, text, expected) => {
    expect(removed(tables, text)).toEqual(expected);
  });
});

describe('person names', () => {
  it('removes the display names of git log, trailers and mailmap but not bots', () => {
    const log = [
      'commit 0c1d2e3f',
      'Author: Beatriz Nunes <bia.nunes@gmx.pt>',
      'Commit: GitHub <noreply@github.com>',
      '',
      '    Co-authored-by: Arjun Mehta <arjun@mehta.dev>',
      '    Co-authored-by: renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>',
    ].join('\n');
    expect(removed(names, log)).toEqual(['Beatriz Nunes', 'Arjun Mehta']);
  });

  it('takes a package.json author in string and object form', () => {
    const pkg = '{"name": "tiny-queue", "author": "Leonie Hartmann <leonie@hartmann.de> (https://hartmann.de)", "maintainers": [{"name": "Kwabena Asante", "email": "kwabena@asante.gh"}]}';
    expect(removed(names, pkg)).toEqual(['Leonie Hartmann', 'Kwabena Asante']);
  });
});

describe('an address block names its addressee', () => {
  const addresses = compileRules([...POSTAL_ADDRESS_RULES, POSTCODE_ADDRESS_RULE]);
  it.each([
    ['a name line above the street, JSON-escaped', 'expected "Ottoline Marsh\\n14 Beech Grove, Harrogate HG1 2DE"', 'Ottoline Marsh\\n14 Beech Grove, Harrogate HG1 2DE'],
    ['a name part before the street on one line', 'Recipient: Tadeusz Wróbel, ul. Krakowska 12, 31-066 Kraków', 'Tadeusz Wróbel, ul. Krakowska 12, 31-066 Kraków'],
    ['a name line above a street line, then the town', 'Ilse Mertens\nKapellestraat 7\n9000 Gent', 'Ilse Mertens\nKapellestraat 7\n9000 Gent'],
    ['markup glued to a two-word street', "got '<p>Kölner Straße 31, 40211 Düsseldorf</p>'", 'Kölner Straße 31, 40211 Düsseldorf'],
  ])('%s', (_what, text, expected) => {
    expect(removed(addresses, text)).toEqual([expected]);
  });
  it('leaves the line before alone when it is no name', () => {
    expect(removed(addresses, 'Warehouse returns:\n14 Beech Grove, Harrogate HG1 2DE')).toEqual(['14 Beech Grove, Harrogate HG1 2DE']);
  });
  it('leaves a company\'s address alone, unless a person receives it there', () => {
    expect(removed(addresses, 'Acme Logistics Ltd, 14 Beech Grove, Harrogate HG1 2DE')).toEqual([]);
    expect(removed(addresses, 'Sitz: Globex GmbH\nKastanienallee 31\n10435 Berlin')).toEqual([]);
    expect(removed(addresses, 'Ilse Mertens, c/o Acme Logistics Ltd, 14 Beech Grove, Harrogate HG1 2DE')).toEqual(['14 Beech Grove, Harrogate HG1 2DE']);
  });
});

describe('a bare name key', () => {
  it.each([
    ['under a key for payees, with an index', 'payee_4:\n  name: Ottoline Marsh\n  currency: EUR', ['Ottoline Marsh']],
    ['beside a national id', '{"ssn":"512-44-7391","name":"Tadeusz Wróbel"}', ['Tadeusz Wróbel']],
    ['beside an IBAN', '- name: Ilse Mertens\n  iban: BE71 0961 2345 6769', ['Ilse Mertens']],
    ['not beside settings that only mention a phone', '{"name": "Quarterly Report", "phone_format": "e164"}', []],
  ])('%s', (_what, text, expected) => {
    expect(removed(names, text)).toEqual(expected);
  });
});
