/**
 * Names and values Octave prints as cell arrays, each cell on its own line as `[row,col] = value`:
 * a two-column cell of settings (`[i,1]` the name, `[i,2]` its value), or a `containers.Map`'s
 * `keys(m)` then `values(m)` (two one-row cells, paired by column). A value under a secret's name
 * is judged as an assignment's; cells that are not pairs of a name and a value stay.
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** One cell's line: `  [2,1] = value` (a string cell is printed bare). */
const CELL_LINE = /[ \t]{1,8}\[(\d{1,4}),(\d{1,4})\] = ([^\n]{0,500})\n/y;
/** A cell array's print opens with `{` on a line of its own, after `name =`. */
const BLOCK_OPEN = /(?:^|\n)[A-Za-z_]\w{0,63} =\n\{\n$/;
/** Between the keys' print and the values': the closing brace, blank lines and the next `name =` and `{`. */
const NEXT_BLOCK = /\}\n(?:[ \t]*\n){0,3}[A-Za-z_]\w{0,63} =\n\{\n/y;
const NAME = /^[A-Za-z_][\w.-]{0,63}$/;
const MAX_CELLS = 400;

interface Cell {
  readonly row: number;
  readonly col: number;
  readonly value: string;
  readonly start: number;
}

/** The cells of the block whose first cell line starts at `at`, and where the block's closing brace is. */
function readBlock(text: string, at: number): { cells: Cell[]; end: number } {
  const cells: Cell[] = [];
  let cursor = at;
  while (cells.length < MAX_CELLS) {
    CELL_LINE.lastIndex = cursor;
    const line = CELL_LINE.exec(text);
    if (!line) break;
    const value = line[3]!;
    cells.push({ row: Number(line[1]), col: Number(line[2]), value, start: cursor + line[0].length - 1 - value.length });
    cursor = CELL_LINE.lastIndex;
  }
  return { cells, end: cursor };
}

function* judged(name: string, cell: Cell): Iterable<Span> {
  if (NAME.test(name) && cell.value.length > 0 && sensitiveValue(name, cell.value)) yield { start: cell.start, end: cell.start + cell.value.length };
}

/** A map's keys(m) then values(m): the next block, a row of as many cells as the keys'. */
function valuesAfter(text: string, end: number, count: number): Cell[] | null {
  NEXT_BLOCK.lastIndex = end;
  if (!NEXT_BLOCK.exec(text)) return null;
  const values = readBlock(text, NEXT_BLOCK.lastIndex).cells;
  return values.length === count && values.every((cell) => cell.row === 1) ? values : null;
}

function* octaveCellPairs(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const keyword of keywordStarts ?? []) {
    const lineStart = text.lastIndexOf('\n', keyword) + 1;
    if (!BLOCK_OPEN.test(text.slice(Math.max(0, lineStart - 70), lineStart))) continue;
    const { cells, end } = readBlock(text, lineStart);
    if (cells.length < 2) continue;
    const keysThenValues = cells.every((cell) => cell.row === 1 && NAME.test(cell.value)) ? valuesAfter(text, end, cells.length) : null;
    if (keysThenValues) {
      const nameAt = new Map(cells.map((cell) => [cell.col, cell.value]));
      for (const cell of keysThenValues) {
        const name = nameAt.get(cell.col);
        if (name !== undefined) yield* judged(name, cell);
      }
      continue;
    }
    if (!cells.every((cell) => cell.col <= 2) || !cells.some((cell) => cell.col === 2)) continue;
    const names = new Map(cells.filter((cell) => cell.col === 1).map((cell) => [cell.row, cell.value]));
    if (![...names.values()].every((name) => NAME.test(name))) continue;
    for (const cell of cells) {
      const name = cell.col === 2 ? names.get(cell.row) : undefined;
      if (name !== undefined) yield* judged(name, cell);
    }
  }
}

export const OCTAVE_CELL_PAIR_RULES: readonly Rule[] = [
  placedSecret(
    'octave-cell-pairs',
    "a secret among the names and values Octave prints as cell arrays: a two-column cell of settings (`[i,1]` name, `[i,2]` value), a map's keys(m) then values(m) paired by column",
    { keywords: ['[1,1] = '], keywordStarts: true, label: 'secret' },
    octaveCellPairs,
    {
      match: [
        'cfg =\n{\n  [1,1] = region\n  [2,1] = smtp_password\n  [1,2] = eu-north-1\n  [2,2] = Lq4-saddle-77\n}\n',
        'ans =\n{\n  [1,1] = timeout\n  [1,2] = webhook_secret\n}\n\nans =\n{\n  [1,1] = 30\n  [1,2] = 5e8a1c0f9d3b7e2a6c4f1d8b0e9a7c3f\n}\n',
      ],
      noMatch: [
        'cfg =\n{\n  [1,1] = region\n  [2,1] = smtp_password\n  [1,2] = eu-north-1\n  [2,2] = ${SMTP_PASSWORD}\n}\n',
        'ans =\n{\n  [1,1] = timeout\n  [1,2] = webhook_secret\n}\n\nans =\n{\n  [1,1] = 30\n}\n',
        'grid =\n{\n  [1,1] = alpha\n  [2,1] = beta\n  [1,2] = Lq4-saddle-77\n  [2,2] = gamma\n}\n',
      ],
    },
  ),
];
