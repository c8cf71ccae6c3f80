/**
 * One reader of records as any language or debugger prints them: a bracketed group holding
 * `field SEP value` pairs, whatever the language.
 *
 * - groups: `{…}`, `(…)`, `[…]`, `#S(…)`, `#{…}`, `%{…}`, a type before them (`Person { … }`,
 *   `Person(…)`, `#person{…}`), nested to any depth, on one line or wrapped;
 * - separators: `:` `=` `=>` `->` `:=` `==>`, a Lisp keyword `:field value`, or a Ruby symbol's
 *   `:field=>value`; pairs are parted by `,` `;` or blanks and line breaks;
 * - fields: bare (`full_name`, `vars.street`, `FULL-NAME`) or quoted (`"name"`, `'name'`, `<<"name">>`);
 * - values: quoted with any quote and escapes (`\u00e9`, `\303\251`, `\x41`), after a pointer
 *   (gdb's `0x5555… "Ann Lee"`), wrapped (`Some("…")`, `String("…")`, `<<"…">>`), a nested group,
 *   or bare up to the group's next separator.
 *
 * It yields every group with its pairs; what a pair's value holds is judged elsewhere
 * (`personal-printed-records.ts`). A bracket that does not close is no group.
 */
import type { Span } from '../types.js';

export interface RecordPair {
  /** the field's name as written, without its quotes or a Lisp keyword's colon */
  readonly field: string;
  /** the value's span, inside its quotes */
  readonly value: Span;
  /** the value as it reads, escapes decoded */
  readonly text: string;
  /** a group the value is (a nested record or list) */
  readonly group?: PrintedGroup;
  /** the value was written in quotes: data, not a type, identifier or expression */
  readonly quoted?: boolean;
}

export interface PrintedGroup {
  readonly start: number;
  readonly end: number;
  readonly pairs: RecordPair[];
  /** groups standing as elements (a list's records), not as a pair's value */
  readonly elements: PrintedGroup[];
}

const MAX_GROUP = 4_000;
const MAX_QUOTED = 600;
const MAX_BARE = 200;
const MAX_DEPTH = 12;

const CLOSER: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']' };
const QUOTES: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '«': '»', '“': '”', '‘': '’', '„': '“' };

const isBlank = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
const isFieldStart = (ch: string | undefined) => ch !== undefined && /[\p{L}_$@]/u.test(ch);
const isFieldChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_$.-]/u.test(ch);

/** Separators, longest first. */
const SEPARATORS = ['==>', ':=', '=>', '->', '=', ':'];

/** The escapes of a quoted value decoded: `\u00e9`, `\x41`, octal bytes (`\303\251` is UTF-8's é). */
export function decodeEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  const bytes: number[] = [];
  let out = '';
  const flush = () => {
    if (bytes.length > 0) out += Buffer.from(bytes).toString('utf8');
    bytes.length = 0;
  };
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch !== '\\' || i + 1 >= raw.length) {
      flush();
      out += ch;
      continue;
    }
    const next = raw[i + 1]!;
    const octal = /^[0-7]{1,3}/.exec(raw.slice(i + 1, i + 4));
    const hex = /^x([0-9a-fA-F]{2})/.exec(raw.slice(i + 1, i + 4));
    const unicode = /^u\{?([0-9a-fA-F]{4,6})\}?/.exec(raw.slice(i + 1, i + 10));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
    } else if (hex) {
      bytes.push(Number.parseInt(hex[1]!, 16));
      i += 3;
    } else if (unicode) {
      flush();
      out += String.fromCodePoint(Number.parseInt(unicode[1]!, 16));
      i += unicode[0].length;
    } else {
      flush();
      out += next === 'n' ? ' ' : next === 't' ? ' ' : next;
      i += 1;
    }
  }
  flush();
  return out;
}

/**
 * Characters a reader may walk over for one text, beyond a base: brackets that never close (ANSI
 * colour codes, `[2026-11-27T…]` stamps, prose) each open a group read to its limit, so without a
 * bound a text of many could cost far more than its length. Past it the reader finds no more
 * groups in that text; no real record needs anything near it.
 */
const BUDGET_BASE = 100_000;
const BUDGET_PER_CHAR = 20;

/**
 * What reading from a bracket gives: its group, the offset of a closer that is not its own
 * (`[a, b)`), or UNCLOSED when it ends nowhere in reach. A bracket left unclosed leaves every
 * group around it unclosed too (they read the same characters after it and reach their ends
 * first), so its parents stop there instead of reading it again as plain elements.
 */
type Reading = PrintedGroup | number;
const UNCLOSED = -1;

class Reader {
  /** Each bracket's reading, made once: a group reads the same whoever asks. */
  private readonly readings = new Map<number, Reading>();
  private readonly budget: number;
  /** characters the groups' reading has walked over, nested groups counted again in their parents */
  walked = 0;
  readonly limit: number;

  constructor(readonly text: string) {
    this.limit = text.length;
    this.budget = BUDGET_BASE + BUDGET_PER_CHAR * text.length;
  }

  get exhausted(): boolean {
    return this.walked >= this.budget;
  }

  /** The index after a quoted string opening at `at`, or -1 when it does not close on its line. */
  quotedEnd(at: number): number {
    const close = QUOTES[this.text[at]!];
    if (close === undefined) return -1;
    const stop = Math.min(this.limit, at + MAX_QUOTED);
    for (let i = at + 1; i < stop; i++) {
      const ch = this.text[i]!;
      if (ch === '\\') {
        i++;
        continue;
      }
      if (ch === close) return i + 1;
      if (ch === '\n') return -1;
    }
    return -1;
  }

  skipBlanks(at: number, stop = this.limit): number {
    while (at < stop && isBlank(this.text[at])) at++;
    return at;
  }

  /** The bracket a group opens with at `at` (after `#S`, `#`, `%` and a type name), or -1. */
  groupOpen(at: number): number {
    const t = this.text;
    let i = at;
    if (t.startsWith('#S(', i)) return i + 2;
    if (t[i] === '#' || t[i] === '%') i++;
    const nameStart = i;
    while (i < this.limit && isFieldChar(t[i]) && i - nameStart < 80) i++;
    if (i > nameStart) {
      // `Person {`, `Person(`, `Some(`: one blank at most between a type and its brace
      if (t[i] === ' ' && t[i + 1] === '{') i++;
    }
    return CLOSER[t[i]!] !== undefined ? i : -1;
  }

  /** The group whose bracket is at `open`, read to its closer; undefined when it does not close. */
  group(open: number, depth: number): PrintedGroup | undefined {
    const reading = this.reading(open, depth);
    return typeof reading === 'number' ? undefined : reading;
  }

  private reading(open: number, depth: number): Reading {
    const known = this.readings.get(open);
    if (known !== undefined) return known;
    if (depth > MAX_DEPTH || this.exhausted) return UNCLOSED;
    const reading = this.read(open, depth);
    this.readings.set(open, reading);
    return reading;
  }

  private read(open: number, depth: number): Reading {
    const t = this.text;
    const close = CLOSER[t[open]!]!;
    const stop = Math.min(this.limit, open + MAX_GROUP);
    const pairs: RecordPair[] = [];
    const elements: PrintedGroup[] = [];
    let i = open + 1;
    while (i < stop) {
      const from = i;
      i = this.skipBlanks(i, stop);
      const ch = t[i];
      if (ch === undefined || i >= stop) return UNCLOSED;
      if (ch === close) return { start: open, end: i + 1, pairs, elements };
      if (ch === '}' || ch === ')' || ch === ']') return i;
      if (ch === ',' || ch === ';') {
        i++;
      } else {
        const pair = this.pair(i, close, depth, stop);
        if (pair !== undefined) {
          pairs.push(pair.pair);
          i = pair.end;
        } else {
          const element = this.element(i, close, depth, stop);
          if (element === UNCLOSED) return UNCLOSED;
          if (element.group !== undefined) elements.push(element.group);
          i = element.end;
        }
      }
      this.walked += i - from;
      if (this.exhausted) return UNCLOSED;
    }
    return UNCLOSED;
  }

  /** A field's name at `at`: bare, quoted, a Lisp keyword or an Erlang binary. */
  field(at: number): { name: string; end: number; keyword: boolean } | undefined {
    const t = this.text;
    if (t[at] === ':' && isFieldStart(t[at + 1]) && t[at - 1] !== ':') {
      let i = at + 1;
      while (i < this.limit && isFieldChar(t[i]) && i - at <= 60) i++;
      return { name: t.slice(at + 1, i), end: i, keyword: true };
    }
    if (t.startsWith('<<"', at)) {
      const end = this.quotedEnd(at + 2);
      if (end < 0 || !t.startsWith('>>', end)) return undefined;
      return { name: t.slice(at + 3, end - 1), end: end + 2, keyword: false };
    }
    if (t[at] === '"' || t[at] === "'") {
      const end = this.quotedEnd(at);
      if (end < 0 || end - at > 64) return undefined;
      return { name: t.slice(at + 1, end - 1), end, keyword: false };
    }
    if (!isFieldStart(t[at])) return undefined;
    let i = at + 1;
    while (i < this.limit && isFieldChar(t[i]) && i - at <= 60) i++;
    return { name: t.slice(at, i), end: i, keyword: false };
  }

  pair(at: number, close: string, depth: number, stop: number): { pair: RecordPair; end: number } | undefined {
    const field = this.field(at);
    if (field === undefined) return undefined;
    const t = this.text;
    let i = field.end;
    while (i < stop && (t[i] === ' ' || t[i] === '\t')) i++;
    const separator = SEPARATORS.find((sep) => t.startsWith(sep, i));
    if (separator !== undefined) {
      // `::` is a path, `==` a comparison
      if ((separator === ':' && t[i + 1] === ':') || (separator === '=' && t[i + 1] === '=')) return undefined;
      // `PERSON :NAME "…"`: a blank before a colon and none after it starts a Lisp keyword
      if (separator === ':' && i > field.end && !isBlank(t[i + 1])) return undefined;
      i += separator.length;
    } else if (!field.keyword || !isBlank(t[field.end])) {
      return undefined;
    }
    i = this.skipBlanks(i, stop);
    const value = this.value(i, close, depth, field.keyword, stop);
    if (value === undefined) return undefined;
    return { pair: { field: field.name, value: value.span, text: value.text, group: value.group, quoted: value.quoted }, end: value.end };
  }

  value(at: number, close: string, depth: number, spaceEnds: boolean, stop: number): { span: Span; text: string; end: number; group?: PrintedGroup; quoted?: boolean } | undefined {
    const t = this.text;
    let i = at;
    // gdb prints a `char *` as its address and then the string
    const pointer = /^0x[0-9a-f]{1,16} (?=["'<])/.exec(t.slice(i, i + 20));
    if (pointer) i += pointer[0].length;
    if (t.startsWith('<<"', i)) {
      const end = this.quotedEnd(i + 2);
      if (end > 0) return { span: { start: i + 3, end: end - 1 }, text: decodeEscapes(t.slice(i + 3, end - 1)), end: t.startsWith('>>', end) ? end + 2 : end, quoted: true };
    }
    if (QUOTES[t[i]!] !== undefined) {
      const end = this.quotedEnd(i);
      if (end > 0) return { span: { start: i + 1, end: end - 1 }, text: decodeEscapes(t.slice(i + 1, end - 1)), end, quoted: true };
    }
    const open = this.groupOpen(i);
    if (open >= 0) {
      const group = this.group(open, depth + 1);
      if (group !== undefined) {
        // a wrapper around one value (`Some("Ann Lee")`, `String("…")`): the value it holds
        const inner = group.pairs.length === 0 && group.elements.length === 0 ? this.soleQuoted(open, group.end) : undefined;
        if (inner !== undefined) return { ...inner, end: group.end, quoted: true };
        return { span: { start: i, end: group.end }, text: '', end: group.end, group };
      }
    }
    // bare: up to the group's next separator (or a blank after a Lisp keyword)
    let end = i;
    while (end < stop && end - i < MAX_BARE) {
      const ch = t[end]!;
      if (ch === ',' || ch === ';' || ch === '\n' || ch === '\r' || ch === close || ch === '}' || ch === ')' || ch === ']' || ch === '{' || ch === '(' || ch === '[') break;
      if (spaceEnds && isBlank(ch)) break;
      end++;
    }
    let valueEnd = end;
    while (valueEnd > i && isBlank(t[valueEnd - 1])) valueEnd--;
    if (end - i >= MAX_BARE) return undefined;
    return { span: { start: i, end: valueEnd }, text: t.slice(i, valueEnd), end };
  }

  /** The one quoted string a wrapper holds, or undefined. */
  soleQuoted(open: number, end: number): { span: Span; text: string } | undefined {
    const start = this.skipBlanks(open + 1);
    const quoteEnd = this.quotedEnd(start);
    if (quoteEnd < 0) return undefined;
    // Rust's `{:#?}` ends every element with a comma, the wrapper's one too: `Some(\n    "…",\n)`
    let after = this.skipBlanks(quoteEnd);
    if (this.text[after] === ',') after = this.skipBlanks(after + 1);
    if (after !== end - 1) return undefined;
    return { span: { start: start + 1, end: quoteEnd - 1 }, text: decodeEscapes(this.text.slice(start + 1, quoteEnd - 1)) };
  }

  /** Anything in a group that is no pair: a nested group, a quoted string, a word, a symbol. */
  element(at: number, close: string, depth: number, stop: number): { end: number; group?: PrintedGroup } | typeof UNCLOSED {
    const t = this.text;
    const open = this.groupOpen(at);
    if (open >= 0) {
      const reading = this.reading(open, depth + 1);
      if (reading === UNCLOSED) return UNCLOSED;
      // a closer that is not the nested bracket's: what stands before it is no pair of this group's
      return typeof reading === 'number' ? { end: reading } : { end: reading.end, group: reading };
    }
    if (QUOTES[t[at]!] !== undefined) {
      const end = this.quotedEnd(at);
      if (end > 0) return { end };
    }
    let end = at + 1;
    while (end < stop) {
      const ch = t[end]!;
      if (isBlank(ch) || ch === ',' || ch === ';' || ch === close || ch === '{' || ch === '(' || ch === '[' || ch === '}' || ch === ')' || ch === ']') break;
      if (QUOTES[ch] !== undefined && ch !== "'") break;
      end++;
    }
    return { end };
  }
}

/** What a reading cost, for tests that bound it: characters walked and whether the budget ran out. */
export interface ReaderMeter {
  reader?: { readonly walked: number; readonly exhausted: boolean };
}

/** How far before a field's name its group's opening bracket may stand. */
const ANCHOR_REACH = 1500;

/**
 * Every outermost printed group of `text` that holds a pair somewhere and encloses one of the
 * `anchors` (offsets of field names), in order. Only brackets shortly before an anchor are tried,
 * farthest first, so text without anchors costs nothing.
 */
export function* printedGroups(text: string, anchors: Iterable<number>, meter?: ReaderMeter): Iterable<PrintedGroup> {
  const reader = new Reader(text);
  if (meter !== undefined) meter.reader = reader;
  let done = 0;
  for (const anchor of anchors) {
    if (reader.exhausted) return;
    if (anchor < done) continue;
    const from = Math.max(done, anchor - ANCHOR_REACH);
    for (let open = from; open < anchor; open++) {
      const ch = text[open];
      if (ch !== '{' && ch !== '(' && ch !== '[') continue;
      const group = reader.group(open, 0);
      if (group === undefined || group.end <= anchor) continue;
      if (holdsPair(group)) {
        yield group;
        done = group.end;
      }
      break;
    }
    if (done <= anchor) done = anchor + 1;
  }
}

function holdsPair(group: PrintedGroup): boolean {
  return group.pairs.length > 0 || group.elements.some(holdsPair);
}
