/**
 * Names by their neighbours: a column of rows (an AUTHORS or THANKS list, a printed data frame, a
 * two-column report of names and addresses) whose first cell is a two- or three-word phrase, most of
 * them names beyond doubt by the judge. Their peers in the same column are names too, even those the
 * judge would not take alone (`Mike Frysinger`, `Hoi-Ho Chan`): the record says what the column holds,
 * not each cell. A column with words in it (`Build Status`, `Release Notes`) is no list of people.
 */
import { judgePhrase, phraseIsWords } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';
import { lineBreakAfter } from '../line-bounds.js';

/** A word of a name as its owner writes it: `Frysinger`, `O'Dea`, `McGary`, `Chih-Hsuan`, `KOBAYASHI`. */
const NAME_WORD = String.raw`\p{Lu}(?:[\p{Ll}\p{M}]+|[\p{Lu}\p{M}]+)(?:['’-]?\p{Lu}[\p{Ll}\p{M}]+|['’-][\p{Ll}\p{M}]+)*`;

/**
 * A row's first cell: after the indentation, a bullet, a row index (`12 `, `[3,] `) or a quote,
 * two to four capitalised words (an initial or a particle between), then the row's end, a gap of two
 * spaces or a tab, a cell separator, a closing quote or `<` before an address.
 */
const ROW_NAME = new RegExp(
  String.raw`^([ \t]*(?:[-*•+][ ]+|\d{1,6}[ ]+|\[\d{1,6},?\][ ]*|\|[ ]*|")?)((?:${NAME_WORD}|\p{Lu}\.?)(?:[ ](?:${NAME_WORD}|\p{Lu}\.?|van|von|de|der|den|da|di|du|le|la|del|dos)){1,3})(?="?(?:[ ]{2,}|\t|[ ]?[|,;]|[ ]<|[ ]*$))`,
  'muy',
);
/** Rows of a list: at least this many in a row, one after the other, the cells starting at one column. */
const MIN_ROWS = 3;

interface Row {
  line: number;
  column: number;
  start: number;
  phrase: string;
}

/** A row (not plainly words) with a word on a name list, or whose letters lean to a name (`Martin Koegler`, `David A. Wheeler`). */
function nameLeaning(words: readonly string[]): boolean {
  const judged = judgePhrase(words);
  return judged.judged >= 2 && (judged.listed >= 1 || (judged.words === 0 && judged.sum >= 0));
}

function judgedColumn(rows: readonly Row[], spans: Span[]): void {
  if (rows.length < MIN_ROWS) return;
  let leaning = 0;
  let words = 0;
  for (const row of rows) {
    const phrase = row.phrase.split(' ');
    if (phraseIsWords(phrase)) words += 1;
    else if (nameLeaning(phrase)) leaning += 1;
  }
  // most of the column leaning to names, next to no words: a list of people, its other rows people too
  if (leaning * 2 < rows.length || words * 5 > rows.length) return;
  for (const row of rows) if (isPersonName(row.phrase)) spans.push({ start: row.start, end: row.start + row.phrase.length });
}

/** True when a line may open with a name's cell: after blanks, an upper-case letter, a bullet, a digit, `[`, `|` or `"`. */
function mayHoldName(text: string, start: number, end: number): boolean {
  let at = start;
  while (at < end && (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9)) at++;
  const char = text[at];
  if (char === undefined || at >= end) return false;
  return /[\p{Lu}\d\-*•+[|"]/u.test(char);
}

function columnPeers(text: string): Span[] {
  const spans: Span[] = [];
  let rows: Row[] = [];
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    let end = lineBreakAfter(text, start);
    if (end === -1) end = text.length;
    ROW_NAME.lastIndex = start;
    const match = mayHoldName(text, start, end) ? ROW_NAME.exec(text) : null;
    if (match) {
      const row: Row = { line, column: match[1]!.length, start: match.index + match[1]!.length, phrase: match[2]! };
      const last = rows.at(-1);
      if (last && (last.line !== line - 1 || last.column !== row.column)) {
        judgedColumn(rows, spans);
        rows = [];
      }
      rows.push(row);
    }
    start = end + 1;
  }
  judgedColumn(rows, spans);
  return spans;
}

export const PERSON_NAME_COLUMN_PEERS_RULE: Rule = {
  id: 'person-name-column-peers',
  type: 'pii',
  label: 'name',
  description: "the names in a column of rows (a list of people, a printed table's first column) most of whose cells lean to a person's name and none is plainly words",
  keywords: [],
  detector: columnPeers,
  examples: {
    match: [
      'Contributors:\n  Oskar Lindqvist\n  Wiremu Tane\n  Priya Raman\n  Dagny Aasen\n',
      '         member  joined\n1 Sunniva Holm    2019\n2 Tarek Haddad    2021\n3 Quillon Ekdahl  2022\n',
      'Ingrid Vestby            ivestby@posteo.no\nKeld Brask               keld@brask.dk\nTomasz Wrobel            tw@wrobel.pl\n',
      'Ciarán O\'Dwyer       cod@eircom.net\nFenella McAuley      fen@mcauley.scot\nHye-Jin Baek         hj@baek.kr\nNAKAMURA Tsuyoshi    tn@nakamura.jp\n',
    ],
    noMatch: [
      '  Getting Started\n  Release Notes\n  Known Issues\n  Build Status\n',
      'Build Status    passing\nCode Coverage   94%\nOpen Issues     12\n',
      '  Oskar Lindqvist\n\n  Release Notes\n\n  Known Issues\n',
    ],
  },
};
