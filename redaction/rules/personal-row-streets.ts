/**
 * A street line as one cell of a row with no header (a fixed-width record, a tab- or
 * bar-separated export) that also holds a person's e-mail or international phone number: the
 * row is that person's, and its street cell their home's. Without such a cell beside it a street
 * shape in a row is left (`3 Way Merge | ok`).
 */
import type { Rule, Span } from '../types.js';
import { isStreetCell } from './postcode-address.js';

const CELL_BREAK = /\t|[ ]{2,}|[ ]*\|[ ]*/g;
const EMAIL_CELL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const PHONE_CELL = /^\+[1-9][\d ().-]{6,20}\d$/;

function* rowStreets(text: string): Iterable<Span> {
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (!line.includes('@') && !line.includes('+')) continue;
    const cells: Span[] = [];
    let from = 0;
    for (const cut of line.matchAll(CELL_BREAK)) {
      cells.push({ start: from, end: cut.index });
      from = cut.index + cut[0].length;
    }
    cells.push({ start: from, end: line.length });
    const values = cells.map((cell) => line.slice(cell.start, cell.end).trim());
    if (values.filter((value) => value !== '').length < 3 || !values.some((value) => EMAIL_CELL.test(value) || PHONE_CELL.test(value))) continue;
    for (let i = 0; i < cells.length; i++) {
      const value = values[i]!;
      if (value === '' || !isStreetCell(value)) continue;
      const at = start + cells[i]!.start + line.slice(cells[i]!.start).indexOf(value);
      yield { start: at, end: at + value.length };
    }
  }
}

export const PERSONAL_ROW_STREET_RULE: Rule = {
  id: 'personal-row-street',
  type: 'pii',
  label: 'address',
  description: "a street line as a cell of a headerless row (fixed-width, tab- or bar-separated) that holds a person's e-mail or international phone number",
  keywords: ['@', '+'],
  detector: rowStreets,
  examples: {
    match: ['K0042  Ada Brenner     ada.b@mailbox.org     +49 171 5550123   14 Orchard Lane   ', 'R7\tjo.keane@posteo.net\tLindenallee 9\tactive', '| 31 | Ferry Road 12 | +44 7700 900461 | x |'],
    noMatch: ['K0042  Ada Brenner     ada.b@mailbox.org     +49 171 5550123   3 Way   ', 'build  3 Mill Lane   ok   passed', 'jo.keane@posteo.net lives at 14 Orchard Lane'],
  },
};
