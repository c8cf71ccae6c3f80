/**
 * A record printed as its fields and values on alternating lines, with no numbers and no quotes:
 * a key/value store's hash reply read by a program (`name`, `Halvard Osterberg-Nwosu`, `email`,
 * …), Berkeley DB's and LMDB's `-p` dumps (each line after one space). The lines are read in
 * pairs from a field name: the run holds at least two distinct personal fields, its keys are
 * unique words, and its values are judged as one row (personal-cells.ts), so a `name`/`address`
 * record of a host stays. Numbered and quoted replies are kv-replies.ts's.
 */
import { lineBreakAfter, lineBreakBefore, lineEndWithin, lineStartWithin } from '../line-bounds.js';
import type { Rule, Span } from '../types.js';
import { columnKind, namesOnly, personalValues } from './personal-cells.js';

/** A field name alone on its line (one leading space allowed: a dump's print format). */
const FIELD_LINE = /^ ?([A-Za-z_][\w.-]{0,40})\r?$/;
const MAX_PAIRS = 200;
/** The longest field line: a space, 41 characters of name, a CR. */
const FIELD_REACH = 44;
const MAX_VALUE = 300;

interface Line {
  start: number;
  end: number;
}

/** The lines around `at`: up to `before` lines above (nearest first) and `after` lines from `at`'s on. */
function linesAround(text: string, at: number, before: number, after: number): { above: Line[]; below: Line[] } {
  const above: Line[] = [];
  const lineStart = lineBreakBefore(text, at - 1) + 1;
  for (let end = lineStart - 1; end >= 0 && above.length < before; ) {
    const start = lineBreakBefore(text, end - 1) + 1;
    above.push({ start, end });
    end = start - 1;
  }
  const below: Line[] = [];
  for (let start = lineStart; start < text.length && below.length < after; ) {
    const newline = lineBreakAfter(text, start);
    const end = newline === -1 ? text.length : newline;
    below.push({ start, end });
    start = end + 1;
  }
  return { above, below };
}

const fieldOf = (text: string, line: Line | undefined) => (line ? FIELD_LINE.exec(text.slice(line.start, line.end))?.[1] : undefined);
const valueIn = (text: string, line: Line | undefined) => {
  if (!line) return undefined;
  const value = text.slice(line.start, line.end).replace(/\r$/, '');
  const trimmed = value.startsWith(' ') ? value.slice(1) : value;
  return trimmed.trim() === '' || trimmed.length > MAX_VALUE ? undefined : trimmed;
};

/** The pairs of the alternating run that holds the field line at `at`: [field, value span][], and where the run ends. */
function alternatingRun(text: string, at: number): { pairs: { field: string; value: Span }[]; end: number } | undefined {
  const { above, below } = linesAround(text, at, 2 * MAX_PAIRS, 2 * MAX_PAIRS);
  // back to the run's first field: fields two lines apart, each with a value under it
  let first = 0;
  while (first + 2 <= above.length && fieldOf(text, above[first + 1]) !== undefined && valueIn(text, above[first]) !== undefined) first += 2;
  const lines = [...above.slice(0, first).reverse(), ...below];
  const pairs: { field: string; value: Span }[] = [];
  const seen = new Set<string>();
  let end = lines[0]!.start;
  for (let index = 0; index + 1 < lines.length && pairs.length < MAX_PAIRS; index += 2) {
    const field = fieldOf(text, lines[index]);
    const value = valueIn(text, lines[index + 1]);
    if (field === undefined || value === undefined || seen.has(field.toLowerCase())) break;
    seen.add(field.toLowerCase());
    const line = lines[index + 1]!;
    const start = line.start + (text[line.start] === ' ' ? 1 : 0);
    pairs.push({ field, value: { start, end: start + value.trimEnd().length } });
    end = line.end;
  }
  return pairs.length >= 2 ? { pairs, end } : undefined;
}

function* alternatingRecords(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    // a field line is short: its line breaks are looked for nearby only (one long line must not be walked at every keyword)
    const lineStart = lineStartWithin(text, at, FIELD_REACH);
    const newline = lineEndWithin(text, at, FIELD_REACH);
    if (lineStart < 0 || newline < 0) continue;
    const field = fieldOf(text, { start: lineStart, end: newline });
    if (field === undefined || columnKind(field) === undefined) continue;
    const run = alternatingRun(text, lineStart);
    done = newline;
    if (!run) continue;
    done = run.end;
    const kinds = run.pairs.map((pair) => columnKind(pair.field));
    if (kinds.filter((kind) => kind !== undefined).length < 2) continue;
    const removed = personalValues(kinds, run.pairs.map((pair) => text.slice(pair.value.start, pair.value.end)), namesOnly(kinds));
    for (const [index, pair] of run.pairs.entries()) if (removed[index]) yield pair.value;
  }
}

export const PERSONAL_KV_RECORD_RULE: Rule = {
  id: 'kv-alternating-personal',
  type: 'pii',
  label: 'personal-data',
  description: "personal values of a record printed as field and value on alternating lines (a key/value store's hash reply read by a program, Berkeley DB and LMDB `-p` dumps), judged as one row",
  keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'city', 'town', 'zip', 'postcode', 'birth', 'dob'],
  keywordStarts: true,
  detector: alternatingRecords,
  examples: {
    match: [
      'name\nHalvard Osterberg-Nwosu\nemail\nhalvard.on@tutanota.com\ncity\nOslo\nplan\npro',
      'HEADER=END\n address\n Nedre Slottsgate 21\n birth_date\n 1983-04-22\n email\n halvard.on@tutanota.com\nDATA=END',
      'plan\npro\nfirst_name\nIlse\nlast_name\nBrandt\nphone\n+49 30 5550 1234',
    ],
    noMatch: [
      'name\nedge-gw.lan\naddress\n10.8.0.1\nstate\nup',
      'address\nname\nphone\ncity',
      'name\nbilling-api\nowner\nplatform',
      'src/name.ts\nsrc/address.ts',
    ],
  },
};
