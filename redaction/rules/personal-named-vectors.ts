/**
 * A record printed as R prints a named character vector: a line of names, then a line of quoted
 * values, each value right-aligned under its name, in blocks as wide as the console
 * (`print(c(name = "…", email = "…"))`). The names say what each value is; the blocks are judged
 * as one row (personal-cells.ts), so a town in the second block goes with the name in the first.
 */
import { lineAround, lineWithin, nextLine, previousLine, type TextLine } from '../line-bounds.js';
import type { Rule, Span } from '../types.js';
import { columnKind, namesOnly, personalValues } from './personal-cells.js';

const NAMES_LINE = /^[ \t]*[\p{L}._][\p{L}\d._]*(?:[ \t]+[\p{L}._][\p{L}\d._]*)*[ \t]*$/u;
const VALUES_LINE = /^[ \t]*"(?:[^"\\\n]|\\.)*"(?:[ \t]+"(?:[^"\\\n]|\\.)*")*[ \t]*$/;
const NAME = /[\p{L}._][\p{L}\d._]*/gu;
const VALUE = /"((?:[^"\\\n]|\\.)*)"/g;
const LINE_LIMIT = 2000;

interface Cell {
  key: string;
  span: Span;
  value: string;
}

/** The cells of a names line and the values line under it, when every value ends where its name does. */
function block(text: string, names: TextLine): Cell[] | undefined {
  const values = nextLine(text, names);
  if (!values) return undefined;
  const head = text.slice(names.start, names.end);
  const row = text.slice(values.start, values.end);
  if (!NAMES_LINE.test(head) || !VALUES_LINE.test(row)) return undefined;
  const keys = [...head.matchAll(NAME)];
  const cells = [...row.matchAll(VALUE)];
  if (keys.length !== cells.length) return undefined;
  const out: Cell[] = [];
  for (const [i, key] of keys.entries()) {
    const cell = cells[i]!;
    if (key.index + key[0].length !== cell.index + cell[0].length) return undefined;
    const start = values.start + cell.index + 1;
    out.push({ key: key[0], span: { start, end: start + cell[1]!.length }, value: cell[1]! });
  }
  return out;
}

function* namedVectors(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done || !lineWithin(text, at, LINE_LIMIT)) continue;
    let first = lineAround(text, at);
    if (!block(text, first)) continue;
    // back to the vector's first block (two lines up, while those are a block too)
    for (;;) {
      const values = previousLine(text, first);
      const names = values && previousLine(text, values);
      if (!names || !block(text, names)) break;
      first = names;
    }
    const cells: Cell[] = [];
    let end = first.end;
    for (let line: TextLine | undefined = first; line; ) {
      const cellsOfBlock = block(text, line);
      if (!cellsOfBlock) break;
      cells.push(...cellsOfBlock);
      const values: TextLine = nextLine(text, line)!;
      end = values.end;
      line = nextLine(text, values);
    }
    done = end;
    const kinds = cells.map((cell) => columnKind(cell.key));
    const removed = personalValues(
      kinds,
      cells.map((cell) => cell.value),
      namesOnly(kinds),
    );
    for (const [i, cell] of cells.entries()) if (removed[i]) yield cell.span;
  }
}

export const PERSONAL_NAMED_VECTOR_RULE: Rule = {
  id: 'personal-named-vector',
  type: 'pii',
  label: 'personal-data',
  description: "a person's values in a named vector as R prints it (names on one line, quoted values right-aligned under them, in blocks), judged as one row",
  keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'city', 'town', 'zip', 'postcode', 'birth', 'dob'],
  keywordStarts: true,
  detector: namedVectors,
  examples: {
    match: [
      '                   name                   email \n"Bronislava Achterberg" "b.achterberg@ziggo.nl" \n',
      '         full_name              phone \n"Radomir Esquivel"  "+43 660 5550192" \n            street               city \n"Kärntner Ring 12"             "Wien" \n',
    ],
    noMatch: [
      '       name     version \n"lua-cjson"   "2.1.0-1" \n',
      '   name address \n"edge" "10.0.0.1" \n',
      '                   name                   email \n"Bronislava Achterberg"   "b.achterberg@ziggo.nl" \n',
    ],
  },
};
