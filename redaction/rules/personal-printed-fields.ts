/**
 * What the personal rules for printed values share: a printed record is a list of named fields
 * with the span of each value, judged as a table's row is (`personalValues`).
 */
import type { Span } from '../types.js';
import { columnKind, namesOnly, personalValues, removes } from './personal-cells.js';

export interface PrintedField {
  readonly name: string;
  readonly value: Span;
}

/** Keys that name a person without saying which of their data they hold: judged as a role is (a person's name shape). */
const PERSON_KEYS = /^(?:[\w.-]*[/:.-])?(?:person|employee|user|who|holder|account-holder|recipient|patient|member|student|applicant|subscriber|tenant|guest|passenger|driver|buyer|seller|payee|payer|manager|assignee|reporter)$/i;

/** The key of a record that is someone's address (`address: #<<address> street: …>`). */
const ADDRESS_PARENT = /address|^addr$|^(?:home|residence|domicile|billing|shipping)$/i;

/**
 * The spans of a record's personal values, when its fields say whom it is about; a record under
 * an address key (`parent`) is the address of its parent's person.
 */
export function* personalFieldSpans(text: string, record: readonly PrintedField[], parent?: string): Iterable<Span> {
  const kinds = record.map((field) => columnKind(field.name) ?? (PERSON_KEYS.test(field.name) ? 'role' : undefined));
  if (!kinds.some((kind) => kind !== undefined)) return;
  const values = record.map((field) => text.slice(field.value.start, field.value.end));
  const removed =
    parent !== undefined && ADDRESS_PARENT.test(parent)
      ? kinds.map((kind, index) => kind === 'address' && removes(values[index]!, kind, false))
      : personalValues(kinds, values, namesOnly(kinds));
  for (let index = 0; index < record.length; index++) {
    const span = record[index]!.value;
    if (removed[index] && span.end > span.start) yield span;
  }
}

/** A double-quoted string's body (escapes kept): what Lisps, Clojure and OCaml print a string as. */
export const QUOTED = String.raw`"((?:[^"\\\n]|\\.){0,500})"`;

/**
 * The spans and every other place the same values stand in the text as whole words: a REPL echoes
 * a field it was asked for (`$2 = "Ann Lee"`), a script prints it alone (`puts [dict get $p name]`),
 * an error's message repeats what its data holds. Values shorter than four characters are not followed.
 */
export function* withEchoes(text: string, spans: Iterable<Span>): Iterable<Span> {
  const values = new Set<string>();
  for (const span of spans) {
    yield span;
    values.add(text.slice(span.start, span.end));
  }
  for (const value of values) {
    if (value.length < 4 || !/\p{L}/u.test(value)) continue;
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) {
      const end = at + value.length;
      if (/[\p{L}\p{N}_@.-]/u.test(text[at - 1] ?? ' ')) continue;
      if (/[\p{L}\p{N}_@-]/u.test(text[end] ?? ' ')) continue;
      yield { start: at, end };
    }
  }
}
