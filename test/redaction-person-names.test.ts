import { describe, expect, it } from 'vitest';
import { PERSON_NAME_RULES } from '../redaction/rules/person-names.js';
import { PERSONAL_COLUMN_RULES } from '../redaction/rules/personal-columns.js';
import { compileRules } from '../redaction/scanner.js';

const tables = compileRules([...PERSONAL_COLUMN_RULES]);
const names = compileRules([...PERSON_NAME_RULES]);

/** The texts a scanner removes from `text`, in order. */
function removed(scanner: ReturnType<typeof compileRules>, text: string): string[] {
  return scanner.scan(text).map((finding) => text.slice(finding.start, finding.end));
}

describe('personal columns', () => {
  it('removes every cell under a personal column of a CSV, row after row, and keeps the others', () => {
    const csv = 'order_id,customer_name,email,total\n5001,Halima Yusuf,halima.y@proton.me,41.20\n5002,"Quentin Marchetti",q.marchetti@orange.fr,9.99\n';
    expect(removed(tables, csv)).toEqual(['Halima Yusuf', 'halima.y@proton.me', 'Quentin Marchetti', 'q.marchetti@orange.fr']);
  });

  it('keeps the columns apart when a quoted cell holds the delimiter', () => {
    const csv = 'id,name,city\n9,"Varga, Zsófia",Debrecen\n';
    expect(removed(tables, csv)).toEqual(['Varga, Zsófia', 'Debrecen']);
  });

  it('reads a psql table past its rule line and stops at the row count', () => {
    const psql = ' id | first_name | postcode\n----+------------+----------\n  4 | Aiko       | 060-0042\n(1 row)\n\n name | note\n------+------\n x | y';
    expect(removed(tables, psql)).toEqual(['Aiko', '060-0042']);
  });

  it('reads a mysql box and a table inside JSON-escaped tool output', () => {
    const box = '+----+-------------+----------------+\n| id | name        | phone          |\n+----+-------------+----------------+\n|  1 | Bogdan Ilie | +40 721 000 111 |\n+----+-------------+----------------+';
    expect(removed(tables, box)).toEqual(['Bogdan Ilie', '+40 721 000 111']);
    const escaped = '{"stdout":"name\\temail\\nKeanu Makoa\\tkeanu@makoa.net\\n"}';
    expect(removed(tables, escaped)).toEqual(['Keanu Makoa', 'keanu@makoa.net']);
  });

  it('stops where the rows lose the header shape', () => {
    const text = 'name,email\nMarta Sousa,marta@sapo.pt\nDone in 12 ms.\nOther Thing,not,a,row';
    expect(removed(tables, text)).toEqual(['Marta Sousa', 'marta@sapo.pt']);
  });

  it('removes the personal values of every INSERT row and leaves the rest of the statement', () => {
    const sql = "INSERT INTO users (id, full_name, email, plan) VALUES (1, 'Siddharth Rao', 'sid@rao.in', 'pro'), (2, 'Mairead O''Neill', NULL, 'free');";
    expect(removed(tables, sql)).toEqual(['Siddharth Rao', 'sid@rao.in', "Mairead O''Neill"]);
  });

  it('takes a lone name column only where the cells look like people', () => {
    expect(removed(tables, 'name,downloads\nexpress,31000000\nNdidi Eze,3\n')).toEqual(['Ndidi Eze']);
    expect(removed(tables, 'host,city\nweb-1,Frankfurt\n')).toEqual([]);
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
