/**
 * A person's record as Tcl prints it: a dict is a list of keys and values, a value with a space
 * in braces (`name {Ann Lee} email ann@… street {Storgata 5}`), dicts nested or listed in braces
 * (`{name {Ann Lee} …} {name {Bo Ek} …}`); and `parray`'s lines (`customer(name)   = Ann Lee`).
 * Each dict, and each array's lines, is one record judged as a table's row is.
 */
import type { Rule, Span } from '../types.js';
import { type PrintedField, personalFieldSpans, withEchoes } from './personal-printed-fields.js';

interface TclWord {
  readonly start: number;
  readonly end: number;
  readonly braced: boolean;
}

/** The words of a Tcl list in `text[start, end)` (brace-balanced; undefined when it is not a plain list). */
function tclWords(text: string, start: number, end: number): TclWord[] | undefined {
  const words: TclWord[] = [];
  let at = start;
  while (at < end) {
    while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
    if (at >= end) break;
    if (text[at] === '{') {
      let depth = 1;
      let close = at + 1;
      while (close < end && depth > 0) {
        if (text[close] === '{') depth++;
        else if (text[close] === '}') depth--;
        close++;
      }
      if (depth > 0 || (close < end && text[close] !== ' ' && text[close] !== '\t')) return undefined;
      words.push({ start: at + 1, end: close - 1, braced: true });
      at = close;
    } else {
      let stop = at;
      while (stop < end && text[stop] !== ' ' && text[stop] !== '\t') {
        if (text[stop] === '{' || text[stop] === '}' || text[stop] === '"') return undefined;
        stop++;
      }
      words.push({ start: at, end: stop, braced: false });
      at = stop;
    }
  }
  return words;
}

const DICT_KEY = /^[A-Za-z_][\w-]{0,60}$/;

/** Every dict in the list `text[start, end)`, its nested and listed dicts too. */
function tclDicts(text: string, start: number, end: number, depth: number, records: PrintedField[][]): void {
  const words = tclWords(text, start, end);
  if (words === undefined || words.length === 0 || depth > 4) return;
  const isDict = words.length % 2 === 0 && words.every((word, index) => index % 2 === 1 || (!word.braced && DICT_KEY.test(text.slice(word.start, word.end))));
  if (isDict) {
    records.push(words.filter((_, index) => index % 2 === 0).map((key, index) => ({ name: text.slice(key.start, key.end), value: { start: words[index * 2 + 1]!.start, end: words[index * 2 + 1]!.end } })));
  }
  for (const [index, word] of words.entries()) {
    if (word.braced && (!isDict || index % 2 === 1) && word.end - word.start > 3) tclDicts(text, word.start, word.end, depth + 1, records);
  }
}

/** A line holding a braced value after a key. */
const DICT_LINE = /^[^\n]*\b[A-Za-z_][\w-]{0,60} \{[^\n]*$/gm;
/** `parray`'s line: `name(key) = value`, keys padded to one width. */
const PARRAY_LINE = /^([A-Za-z_][\w:]{0,60})\(([\w -]{1,60})\)[ ]*= ([^\n]{0,500})$/gm;

function* tclFields(text: string): Iterable<Span> {
  const records: PrintedField[][] = [];
  if (text.includes(' {')) {
    for (const line of text.matchAll(DICT_LINE)) tclDicts(text, line.index, line.index + line[0].length, 0, records);
  }
  if (text.includes(') = ') || text.includes(')  ')) {
    const arrays = new Map<string, PrintedField[]>();
    for (const line of text.matchAll(PARRAY_LINE)) {
      const start = line.index + line[0].length - line[3]!.length;
      const fields = arrays.get(line[1]!) ?? [];
      fields.push({ name: line[2]!, value: { start, end: start + line[3]!.trimEnd().length } });
      arrays.set(line[1]!, fields);
    }
    records.push(...arrays.values());
  }
  for (const record of records) yield* personalFieldSpans(text, record);
}

function tclPersonal(text: string): Iterable<Span> {
  return withEchoes(text, tclFields(text));
}

export const PERSONAL_TCL_VALUE_RULE: Rule = {
  id: 'personal-tcl-value',
  type: 'pii',
  label: 'personal-data',
  description:
    "personal values under personal keys in Tcl's print of a dict (`name {Ann Lee} email … street {…}`, nested and listed dicts) and in `parray`'s lines (`customer(name) = Ann Lee`); judged by the record as a table's row is",
  keywords: ['name {', 'street {', 'address {', 'customer {', 'contact {', 'owner {', 'author {', '(name)', '(street)', '(email)'],
  detector: tclPersonal,
  examples: {
    match: [
      'name {Halvard Brekke} email halvard.brekke@online.no phone {+47 912 34 567} street {Kirkegata 14} city Bergen',
      '{name {Sigrid Aune} email sigrid.aune@posteo.no} {name {Mats Holm} phone {+47 41 22 33 44}}',
      'name {Tove Dahl} address {street {Bygdøy allé 23} city Oslo} email tove.dahl@gmail.com',
      'customer(email)  = tove.dahl@gmail.com\ncustomer(name)   = Tove Dahl\ncustomer(street) = Bygdøy allé 23',
    ],
    noMatch: [
      'name orders host db.internal owner platform',
      'name {Order Service} host db.internal street {} port 8080',
      'proc greet {name} { puts "hello $name" }',
      'cfg(host) = db.internal\ncfg(name)  = orders',
    ],
  },
};
