/**
 * A person's record as Lisps print it, where fields are named by keywords or symbols:
 *
 * - Clojure maps and records (`prn`, `pprint`, `ex-info` data, `#error {… :data {…}}`):
 *   `{:name "Ann Lee", :email "…"}`, `#user.Person{:name "Ann Lee", …}`, `{"name" "Ann Lee"}`, and
 *   `println`'s unquoted `{:name Ann Lee, :street Storgata 5}`;
 * - Common Lisp property lists and structures: `(:NAME "Ann Lee" :EMAIL "…")`, `#S(PERSON :NAME "…")`;
 * - Guile's records: `#<<person> name: "Ann Lee" street: "…">`;
 * - association lists (Scheme, Emacs Lisp, Common Lisp): `((name . "Ann Lee") (street . "…"))`.
 *
 * Each innermost group is one record, judged by its fields as a table's row is.
 */
import type { Rule, Span } from '../types.js';
import { type PrintedField, personalFieldSpans, QUOTED, withEchoes } from './personal-printed-fields.js';
import { blankedBody, type Replacement, underscored, withReplacements } from './read-groups.js';

type ParentedRecord = PrintedField[] & { parent?: string };

const KEY = String.raw`[A-Za-z_][\w*+!?./-]{0,60}`;

/** A map, record or plist holding no other (vectors of plain values aside): the body of `{…}`, `(…)` or `#S(TYPE …)` that begins with a keyword or a string key. */
const KEYWORD_GROUP = /(?:#S\(\s*[\w.-]{1,80}\s+|[{(]\s*)((?::[A-Za-z_]|"[A-Za-z_][\w -]{0,60}"\s+")(?:[^{}()[\]]|\[[^{}()[\]]{0,400}\]){0,4000})[})]/g;
/** `:key "value"`, `"key" "value"`, or `println`'s `:key value` up to the next `, :` (values quoted or bare). */
const KEYWORD_FIELD = new RegExp(String.raw`(?:^|[,\s])(?::(${KEY})|"(${KEY})")\s+(?:${QUOTED}|([^\s",:{}()[\]][^\n{}()[\]]{0,300}?)(?=,\s+:|\s*$))`, 'dg');

/** Guile's record print: `#<<person> name: "…" email: "…">` or `#<customer full-name: "…">`. */
const GUILE_RECORD = /#<(?:<[\w-]{1,60}>|[\w-]{1,60})((?:\s+[\w-]{1,60}: (?:"(?:[^"\\\n]|\\.){0,500}"|\([^()<>\n]{0,500}\)|[^\s<>"()]{1,200}))+)>/g;
const GUILE_FIELD = new RegExp(String.raw`\s([\w-]{1,60}): ${QUOTED}`, 'dg');

/** An association list: `((name . "Ann Lee") (street . "…"))`, one pair a line or not. */
const ALIST = /\((\s*\([\w-]{1,60} \. (?:"(?:[^"\\\n]|\\.){0,500}"|[^()"\n]{0,200})\)(?:\s*\([\w-]{1,60} \. (?:"(?:[^"\\\n]|\\.){0,500}"|[^()"\n]{0,200})\))+)\s*\)/g;
const ALIST_PAIR = new RegExp(String.raw`\(([\w-]{1,60}) \. ${QUOTED}\)`, 'dg');

function fieldsOf(body: string, bodyStart: number, pattern: RegExp, nameGroups: readonly number[], valueGroups: readonly number[]): PrintedField[] {
  const record: PrintedField[] = [];
  pattern.lastIndex = 0;
  for (const field of body.matchAll(pattern)) {
    const name = nameGroups.map((group) => field[group]).find((value) => value !== undefined);
    const at = valueGroups.map((group) => field.indices![group]).find((value) => value !== undefined);
    // a nested record, blanked once read (`<   >`), is no value of this one
    if (at !== undefined && body[at[0]] === '<') continue;
    if (name !== undefined && at !== undefined) record.push({ name, value: { start: bodyStart + at[0], end: bodyStart + at[1] } });
  }
  return record;
}

function* lispFormFields(text: string): Iterable<Span> {
  const records: ParentedRecord[] = [];
  if (text.includes(':') || text.includes('"')) {
    // a nested map is read first, then blanked so that its parent is an innermost group in turn
    let work = text;
    for (let depth = 0; depth < 4; depth++) {
      const read: Replacement[] = [];
      for (const group of work.matchAll(KEYWORD_GROUP)) {
        const body = group[1]!;
        const bodyStart = group.index + group[0].length - body.length - 1;
        const record: ParentedRecord = fieldsOf(body, bodyStart, KEYWORD_FIELD, [1, 2], [3, 4]);
        record.parent = /(?::|")([\w*+!?.-]{1,60})"?\s+(?:#[\w.]{0,80})?$/.exec(work.slice(Math.max(0, group.index - 64), group.index + 1).slice(0, -1))?.[1];
        records.push(record);
        read.push(blankedBody(bodyStart, body.length));
      }
      // (each replacement changes the text: a bracket or a blank before the body becomes `<`)
      if (read.length === 0) break;
      work = withReplacements(work, read);
    }
  }
  if (text.includes('#<')) {
    // a record in a field is read first, then blanked so that its parent holds no other in turn
    let work = text;
    for (let depth = 0; depth < 4; depth++) {
      const read: Replacement[] = [];
      for (const found of work.matchAll(GUILE_RECORD)) {
        const body = found[1]!;
        const record: ParentedRecord = fieldsOf(body, found.index + found[0].length - body.length - 1, GUILE_FIELD, [1], [2]);
        record.parent = /([\w-]{1,60}): $/.exec(work.slice(Math.max(0, found.index - 64), found.index))?.[1];
        records.push(record);
        read.push(underscored(found.index, found[0].length));
      }
      if (read.length === 0) break;
      work = withReplacements(work, read);
    }
  }
  if (text.includes(' . ')) {
    for (const list of text.matchAll(ALIST)) {
      const body = list[1]!;
      records.push(fieldsOf(body, list.index + 1, ALIST_PAIR, [1], [2]));
    }
  }
  for (const record of records) if (record.length > 0) yield* personalFieldSpans(text, record, record.parent);
}

function lispFormPersonal(text: string): Iterable<Span> {
  return withEchoes(text, lispFormFields(text));
}

export const PERSONAL_LISP_FORM_RULE: Rule = {
  id: 'personal-lisp-form',
  type: 'pii',
  label: 'personal-data',
  description:
    'personal values under personal field names in a Lisp\'s print of a record: Clojure maps and records (`{:name "…", :email "…"}`, `#user.Person{…}`, `ex-info` data), Common Lisp plists and structures (`(:NAME "…")`, `#S(PERSON :NAME "…")`), Guile records (`#<<person> name: "…">`), association lists (`((name . "…"))`)',
  keywords: ['{:', '(:', '{"', '#s(', '#<', ' . "'],
  detector: lispFormPersonal,
  examples: {
    match: [
      '#user.Person{:name "Halvard Brekke", :email "halvard.brekke@online.no", :street "Kirkegata 14"}',
      '[{:name "Sigrid Aune", :city "Trondheim"} {:name "Mats Holm", :phone "+47 41 22 33 44", :street "Storgata 5"}]',
      'clojure.lang.ExceptionInfo: Customer not found {:name "Tove Dahl", :street "Bygdøy allé 23"}',
      '{:name "Tove Dahl", :address {:street "Bygdøy allé 23", :city "Oslo"}}',
      'Customer not found {:name Tove Dahl, :email tove.dahl@gmail.com, :street Bygdøy allé 23}',
      '{:name Tove Dahl, :address Bygdøy allé 23, 0257 Oslo, :id 7}',
      '{"name" "Tove Dahl", "street" "Bygdøy allé 23"}',
      'clojure.lang.ExceptionInfo: Payment declined {:person "Ingrid Solberg", :amount 120}',
      '{:name "Ingrid Solberg", :roles [:admin :billing], :born #object[java.time.LocalDate 0x5e3a "1990-02-14"]}',
      '#S(PERSON :NAME "Tove Dahl" :STREET "Bygdøy allé 23" :CITY "Oslo")',
      '#<<person> name: "Halvard Brekke" phone: "+47 912 34 567" street: "Kirkegata 14">',
      '#<<person> name: "Halvard Brekke" age: 41 tags: ("a" "b") address: #<<address> street: "Kirkegata 14" city: "Bergen">>',
      '((name . "Tove Dahl") (email . "tove.dahl@gmail.com") (street . "Bygdøy allé 23"))',
      '$1 = #<<person> name: "Tove Dahl" email: "tove.dahl@gmail.com">\n$2 = "Tove Dahl"',
    ],
    noMatch: [
      '{:name "orders", :host "db.internal", :port 5432}',
      '#<<service> name: "orders" host: "db.internal">',
      '((name . "billing") (address . "0.0.0.0"))',
      '(:NAME "api-gateway" :OWNER "team-platform")',
      '{"name": "Tove Dahl"}',
    ],
  },
};
