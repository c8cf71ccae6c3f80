/**
 * Same input, same answer: one table of people printed in every form sqlite3 (and its kin) prints
 * a result in, each through the research profile. Every personal value must be gone in every
 * form; a table of hosts printed the same ways must come back unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

/** A fresh redactor for each text: one remembers what it found and would replace it in the next. */
const research = (text: string) => createTextRedactor('research')(text).text;

type Row = readonly string[];

const PEOPLE_COLUMNS = ['id', 'given_name', 'family_name', 'mail', 'town', 'zip'];
const PEOPLE: Row[] = [
  ['1', 'Wilhelmina', 'Okafor-Brandt', 'w.okafor.brandt@gmx.at', 'Linz', '4020'],
  ['2', 'Teodoro', 'Vasquez Lima', 'teo.vlima@uol.com.br', 'Recife', '50030-230'],
];
const HOST_COLUMNS = ['id', 'name', 'address', 'state'];
const HOSTS: Row[] = [
  ['1', 'db-primary.internal', '10.4.0.12', 'up'],
  ['2', 'cache-02.internal', '10.4.0.31', 'draining'],
];

const pad = (cells: Row, widths: number[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
const sqlQuoted = (cell: string) => (/^\d+$/.test(cell) ? cell : `'${cell}'`);

/** The forms a result is printed in, each from the columns and the rows. */
const FORMS: Record<string, (columns: Row, rows: Row[]) => string> = {
  csv: (columns, rows) => [columns, ...rows].map((row) => row.join(',')).join('\n'),
  tabs: (columns, rows) => [columns, ...rows].map((row) => row.join('\t')).join('\n'),
  list: (columns, rows) => [columns, ...rows].map((row) => row.join('|')).join('\n'),
  quote: (columns, rows) => [columns.map((c) => `'${c}'`), ...rows.map((row) => row.map(sqlQuoted))].map((row) => row.join(',')).join('\n'),
  ascii: (columns, rows) => [columns, ...rows].map((row) => `${row.join('\x1f')}\x1e`).join(''),
  column: (columns, rows) => {
    const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => row[index]!.length)));
    return [pad(columns, widths), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map((row) => pad(row, widths))].join('\n');
  },
  // a wide data frame's print: right-aligned under an index, wrapped into blocks, each but the last ending in ` \\`; the last block holds no identifying column
  frame: (columns, rows) => {
    const block = (from: number, to: number) => {
      const picked = columns.slice(from, to).map((column, at) => ({ column, at: from + at }));
      const widths = picked.map(({ column, at }) => Math.max(column.length, ...rows.map((row) => row[at]!.length)));
      const line = (index: string, cells: string[]) => index + cells.map((cell, i) => `  ${cell.padStart(widths[i]!)}`).join('');
      const header = line(' ', picked.map(({ column }) => column)) + (to < columns.length ? '  \\' : '');
      return [header, ...rows.map((row, n) => line(String(n), picked.map(({ at }) => row[at]!)))].join('\n');
    };
    return `${block(0, columns.length - 2)}\n\n${block(columns.length - 2, columns.length)}`;
  },
  markdown: (columns, rows) => [columns, columns.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n'),
  line: (columns, rows) => {
    const width = Math.max(...columns.map((column) => column.length));
    return rows.map((row) => columns.map((column, index) => `${column.padStart(width)} = ${row[index]}`).join('\n')).join('\n\n');
  },
  json: (columns, rows) => `[${rows.map((row) => `{${columns.map((column, index) => `"${column}":${JSON.stringify(/^\d+$/.test(row[index]!) ? Number(row[index]) : row[index])}`).join(',')}}`).join(',\n')}]`,
  'pretty json': (columns, rows) => JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]]))), null, 2),
  insert: (columns, rows) => rows.map((row) => `INSERT INTO "table"(${columns.join(',')}) VALUES(${row.map(sqlQuoted).join(',')});`).join('\n'),
  update: (columns, rows) =>
    rows.map((row) => `LOG:  statement: UPDATE t SET ${columns.slice(1).map((column, index) => `${column} = ${sqlQuoted(row[index + 1]!)}`).join(', ')} WHERE ${columns[0]} = ${row[0]};`).join('\n'),
  dump: (columns, rows) =>
    `BEGIN TRANSACTION;\nCREATE TABLE t (${columns.map((column, index) => `${column} ${index === 0 ? 'INTEGER PRIMARY KEY' : 'TEXT'}`).join(', ')});\n${rows.map((row) => `INSERT INTO t VALUES(${row.map(sqlQuoted).join(',')});`).join('\n')}\nCOMMIT;`,
  html: (columns, rows) =>
    [`<TR>${columns.map((column) => `<TH>${column}</TH>`).join('\n')}\n</TR>`, ...rows.map((row) => `<TR>${row.map((cell) => `<TD>${cell}</TD>`).join('\n')}\n</TR>`)].join('\n'),
  expanded: (columns, rows) => {
    const width = Math.max(...columns.map((column) => column.length));
    return rows.map((row, at) => [`-[ RECORD ${at + 1} ]-+${'-'.repeat(width)}`, ...columns.map((column, index) => `${column.padEnd(width)} | ${row[index]}`)].join('\n')).join('\n');
  },
  vertical: (columns, rows) => {
    const width = Math.max(...columns.map((column) => column.length));
    return rows.map((row, at) => [`${'*'.repeat(27)} ${at + 1}. row ${'*'.repeat(27)}`, ...columns.map((column, index) => `${column.padStart(width)}: ${row[index]}`)].join('\n')).join('\n');
  },
  yaml: (columns, rows) => rows.map((row) => columns.map((column, index) => `${index === 0 ? '- ' : '  '}${column}: ${row[index]}`).join('\n')).join('\n'),
};

describe('research profile: one notion of a personal column in every tabular form', () => {
  it.each(Object.keys(FORMS))('removes every personal value of a table printed as %s', (form) => {
    const text = FORMS[form]!(PEOPLE_COLUMNS, PEOPLE);
    const redacted = research(text);
    for (const row of PEOPLE) for (const value of row.slice(1)) expect(redacted, redacted).not.toContain(value);
  });

  it.each(Object.keys(FORMS))('leaves a table of hosts printed as %s unchanged', (form) => {
    const text = FORMS[form]!(HOST_COLUMNS, HOSTS);
    expect(research(text)).toBe(text);
  });
});
