/**
 * Tables drawn with bars whose cells wrap onto more lines (polars' frames, rich's and texttable's
 * tables): a row goes on while its first cell is blank, a header's names may wrap too (polars
 * `street_addre` then `ss`, its dtypes under `---`) or be cut (`full_na…`), and polars parts its
 * columns with `┆`. Each row's pieces are joined per column and judged as one row
 * (personal-cells.ts); every piece of a removed cell goes, a cut one's visible part too.
 */
import { lineAround, lineWithin, nextLine, previousLine, type TextLine } from '../line-bounds.js';
import type { Rule, Span } from '../types.js';
import { type ColumnKind, columnKind, columnKindByPrefix, namesOnly, personalValues } from './personal-cells.js';

const BARS = /[│┃┆┊║|]/g;
const TABLE_LINE = /^[ \t]*[│┃║|].*[│┃┆┊║|].*[│┃║|][ \t]*$/;
/** A border or a rule between the header and the rows (or between rows): box-drawing, `+`, `-`, `=`, `:` only. */
const RULE_LINE = /^[ \t]*[┌┏╭├┡╞┢└┗╰+|│┃║][─━═┄┈╌\-=+:┬┳╤┼╇╪╋┴┻╧│┃┆┊║|┐┓╮┤┩╡┪┘┛╯ \t]{2,}$/;
const CUT = /(?:…|\.\.\.)$/;
const MAX_LINES = 4000;
const MAX_COLUMNS = 40;
const MAX_ROW = 4000;



/** polars' line of `---` between a header's names and their dtypes: part of the header, not its end. */
const DTYPE_MARKER = /^[ \t]*│(?:[ \t]*(?:-{3})?[ \t]*[┆│])+[ \t]*$/;
const isRule = (text: string, line: TextLine) => {
  const content = text.slice(line.start, line.end);
  return RULE_LINE.test(content) && !/[\p{L}\p{N}]/u.test(content) && !DTYPE_MARKER.test(content);
};
/** Where a line's bars are: the rows of one table have them in the same places. */
const barsOf = (text: string, line: TextLine) => [...text.slice(line.start, line.end).matchAll(BARS)].map((bar) => bar.index).join(',');
const isRow = (text: string, line: TextLine) => line.end - line.start < MAX_ROW && TABLE_LINE.test(text.slice(line.start, line.end)) && !isRule(text, line);

/** The cells of a table line between its bars, trimmed (empty spans for blank cells). */
function cellsOf(text: string, line: TextLine): Span[] {
  const row = text.slice(line.start, line.end);
  const bars = [...row.matchAll(BARS)].map((bar) => bar.index);
  const cells: Span[] = [];
  for (let index = 0; index + 1 < bars.length; index++) {
    let start = line.start + bars[index]! + 1;
    let end = line.start + bars[index + 1]!;
    while (start < end && /\s/.test(text[start]!)) start += 1;
    while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
    cells.push({ start, end });
  }
  return cells;
}

/** A column's kind from its header's pieces: `street_addre` + `ss`, a cut `full_na…`; polars' dtype under `---` is left out. */
function headerKind(pieces: readonly string[]): ColumnKind | undefined {
  const name = pieces.slice(0, pieces.includes('---') ? pieces.indexOf('---') : pieces.length).join('');
  const cut = CUT.exec(name);
  if (!cut) return columnKind(name) ?? columnKind(pieces.join(' '));
  const prefix = name.slice(0, name.length - cut[0].length);
  return columnKind(prefix) ?? columnKindByPrefix(prefix);
}

/** The table around `line` (one of its header lines): the personal cells' spans and where it ends. */
function boxTable(text: string, line: TextLine): { spans: Span[]; end: number } | undefined {
  // up to the header's first line
  let first = line;
  for (let above = previousLine(text, first); above && isRow(text, above); above = previousLine(text, above)) first = above;
  const width = cellsOf(text, first).length;
  const bars = barsOf(text, first);
  if (width < 2 || width > MAX_COLUMNS) return undefined;
  const pieces: string[][] = Array.from({ length: width }, () => []);
  let current: TextLine | undefined = first;
  let lines = 0;
  for (; current && isRow(text, current) && lines < 12; current = nextLine(text, current), lines++) {
    const cells = cellsOf(text, current);
    if (cells.length !== width || barsOf(text, current) !== bars) return undefined;
    cells.forEach((cell, index) => cell.end > cell.start && pieces[index]!.push(text.slice(cell.start, cell.end)));
  }
  // the header ends at a rule; a table without one has no header to read
  if (!current || !isRule(text, current)) return undefined;
  const kinds = pieces.map(headerKind);
  if (!kinds.some((kind) => kind !== undefined)) return { spans: [], end: current.end };
  const namesOnlyTable = namesOnly(kinds);
  const spans: Span[] = [];
  let record: Span[][] | undefined;
  const judge = () => {
    if (!record) return;
    const values = record.map((cellPieces, index) => {
      const joined = cellPieces.map((piece) => text.slice(piece.start, piece.end).replace(CUT, ''));
      return joined.length === 0 ? undefined : joined.join(kinds[index] === 'email' ? '' : ' ');
    });
    const removed = personalValues(kinds, values, namesOnlyTable);
    const identified = removed.some(Boolean);
    record.forEach((cellPieces, index) => {
      const cut = cellPieces.some((piece) => CUT.test(text.slice(piece.start, piece.end)));
      if (!removed[index] && !(identified && cut && kinds[index] !== undefined)) return;
      for (const piece of cellPieces) {
        const elision = CUT.exec(text.slice(piece.start, piece.end));
        const end = elision ? piece.end - elision[0].length : piece.end;
        if (end > piece.start) spans.push({ start: piece.start, end });
      }
    });
    record = undefined;
  };
  let end = current.end;
  for (current = nextLine(text, current); current && lines < MAX_LINES; current = nextLine(text, current), lines++) {
    if (isRule(text, current)) {
      judge();
      end = current.end;
      continue;
    }
    if (!isRow(text, current) || barsOf(text, current) !== bars) break;
    const cells = cellsOf(text, current);
    if (!record || cells[0]!.end > cells[0]!.start) {
      judge();
      record = Array.from({ length: width }, () => []);
    }
    cells.forEach((cell, index) => cell.end > cell.start && record![index]!.push(cell));
    end = current.end;
  }
  judge();
  return { spans, end };
}

function* boxTableCells(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    // the line's breaks are looked for within a line's longest length only (one long line must not be walked at every keyword)
    if (!lineWithin(text, at, MAX_ROW)) continue;
    const line = lineAround(text, at);
    done = line.end;
    if (!isRow(text, line)) continue;
    const table = boxTable(text, line);
    if (!table) continue;
    done = table.end;
    yield* table.spans;
  }
}

export const PERSONAL_BOX_TABLE_RULE: Rule = {
  id: 'personal-box-cells',
  type: 'pii',
  label: 'personal-data',
  description: "cells under personal columns of tables drawn with bars whose cells wrap onto more lines (polars frames with ┆, rich and texttable tables): a row's pieces joined per column and judged as one row; wrapped and cut header names read",
  keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'city', 'town', 'zip', 'postcode', 'birth', 'dob', 'na…', 'ma…', 'ph…', 'st…'],
  keywordStarts: true,
  detector: boxTableCells,
  examples: {
    match: [
      '┌─────┬──────────────┐\n│ id  ┆ full_name    │\n│ --- ┆ ---          │\n│ i64 ┆ str          │\n╞═════╪══════════════╡\n│ 7   ┆ Philippa     │\n│     ┆ Achterberg   │\n└─────┴──────────────┘',
      '┏━━━━━━┳━━━━━━━━━━┳━━━━━━━━━━┓\n┃ id   ┃ full_na… ┃ city     ┃\n┡━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━┩\n│ 1041 │ Philippa │ Bremen   │\n│      │ Achterb… │          │\n└──────┴──────────┴──────────┘',
      '+-----------+-----------+\n| customer_ |   email   |\n|    id     |           |\n+===========+===========+\n| 1041      | philippa. |\n|           | a@web.de  |\n+-----------+-----------+',
    ],
    noMatch: [
      '┌─────┬──────────────┬──────────┐\n│ id  ┆ name         ┆ address  │\n│ --- ┆ ---          ┆ ---      │\n╞═════╪══════════════╪══════════╡\n│ 1   ┆ edge-gw.lan  ┆ 10.8.0.1 │\n└─────┴──────────────┴──────────┘',
      '┏━━━━━━━━━━┳━━━━━━━━┓\n┃ name     ┃ status ┃\n┡━━━━━━━━━━╇━━━━━━━━┩\n│ build    │ ok     │\n│ deploy   │ failed │\n└──────────┴────────┘',
    ],
  },
};
