/**
 * A person's record as any language or debugger prints it (Rust `{:?}`, gdb's `print`, OCaml and
 * Standard ML records, Haskell's `show`, Common Lisp structs, Python reprs, JSON, Icinga objects, …):
 * every group the one reader of printed records finds (`printed-records.ts`) is judged as a
 * table's row is (`personalValues`): a record counts only when one of its values identifies
 * someone. A nested record under a pair (`address: Address { street: … }`) is part of its
 * parent's row; records standing as a list's elements are rows of their own.
 */
import type { Rule, Span } from '../types.js';
import { type ColumnKind, columnKind, namesOnly, personalValues } from './personal-cells.js';
import { type PrintedGroup, printedGroups, type RecordPair } from './printed-records.js';

/** A field's kind by its whole name, or by its last part (`vars.street`, `user.email`). */
function fieldKind(field: string): ColumnKind | undefined {
  const whole = columnKind(field);
  if (whole !== undefined) return whole;
  const dot = field.lastIndexOf('.');
  return dot > 0 ? columnKind(field.slice(dot + 1)) : undefined;
}

/**
 * Whether a nested record is its parent's address (`home: Address { street: … }`): it holds an
 * address field and no name or role of its own. Any other nested record (a config's `app = {…}`
 * beside its `database = {…}`) is a row of its own, so one section's `name` is not read with
 * another's `username`.
 */
function isAddressPart(group: PrintedGroup): boolean {
  const kinds = group.pairs.map((pair) => fieldKind(pair.field));
  return kinds.includes('address') && !kinds.some((kind) => kind === 'name' || kind === 'full-name' || kind === 'single-name' || kind === 'role');
}

/** The group's row (its pairs and those of records nested under them), and the groups that are rows of their own. */
function rowOf(group: PrintedGroup, row: RecordPair[], others: PrintedGroup[]): void {
  others.push(...group.elements);
  for (const pair of group.pairs) {
    if (pair.group === undefined) row.push(pair);
    else if (pair.group.pairs.length > 0 && isAddressPart(pair.group)) rowOf(pair.group, row, others);
    else if (pair.group.pairs.length > 0) others.push(pair.group);
    else others.push(...pair.group.elements);
  }
}

function* judged(group: PrintedGroup): Iterable<Span> {
  const row: RecordPair[] = [];
  const others: PrintedGroup[] = [];
  rowOf(group, row, others);
  // only quoted values are data: a bare value is a type (`email: String`), an identifier or an expression
  const kinds = row.map((pair) => (pair.quoted && !TEMPLATE.test(pair.text) ? fieldKind(pair.field) : undefined));
  if (kinds.some((kind) => kind !== undefined)) {
    const removed = personalValues(
      kinds,
      row.map((pair) => pair.text.trim()),
      namesOnly(kinds),
    );
    for (let index = 0; index < row.length; index++) {
      const { value } = row[index]!;
      if (removed[index] && value.end > value.start) yield value;
    }
  }
  for (const other of others) yield* judged(other);
}

/** A template's slot or a format directive: no one's value (`${name}`, `{{ email }}`, `%s`). */
const TEMPLATE = /\$\{|\{\{|%[-0-9]*[sd]|^<[^<>]*>$/;

/**
 * A personal field's name right before a separator and a quoted value (or a pointer and one, or
 * a wrapper around one: `Some(\n "…",\n)`, `Just "…"`):
 * the anchor a printed person's record holds, so only groups around one are read. The blanks
 * around the separator are bounded: two unbounded runs side by side made a name followed by a
 * long run of spaces cost the square of its length.
 */
const FIELD_ANCHOR =
  /(?<![\p{L}\p{N}_])[:"'<]{0,3}(?:[\p{L}_][\p{L}\p{N}_.-]{0,40})?(?:name|mail|phone|mobile|street|address|birth|city|town|zip|post(?:al)?_?code|contact|surname)[\p{L}\p{N}_-]{0,20}["'>]{0,3}\s{0,40}(?:==>|:=|=>|->|=|:)?\s{0,12}(?:0x[0-9a-f]{1,16} |\p{Lu}[\p{L}\p{N}_]{0,20}(?:\(\s{0,40}|[ ]))?["'«“‘„]/giu;

/** The same anchor tried at one place (sticky). */
const FIELD_ANCHOR_AT = new RegExp(FIELD_ANCHOR.source, 'iuy');
/** A field's name may start this far before its personal word (`[\p{L}_][\p{L}\p{N}_.-]{0,40}`), and quotes or a colon before that. */
const NAME_REACH = 41;
const QUOTES_REACH = 3;
const NAME_CHAR = /[\p{L}\p{N}_.-]/u;

/**
 * Where FIELD_ANCHOR matches, found from the rule's keyword places (each match holds one of its
 * words): the places a match around each could start are tried in order, so the matches are the
 * global search's, without running its costly prefix at every letter of a long text.
 */
function* anchorsAt(text: string, keywordStarts: readonly number[]): Iterable<number> {
  let next = 0;
  for (const at of keywordStarts) {
    if (at < next) continue;
    let from = at;
    while (from > 0 && at - from < NAME_REACH && NAME_CHAR.test(text[from - 1]!)) from -= 1;
    for (let quotes = 0; from > 0 && quotes < QUOTES_REACH && ':"\'<'.includes(text[from - 1]!); quotes++) from -= 1;
    for (let start = Math.max(from, next); start <= at; start++) {
      FIELD_ANCHOR_AT.lastIndex = start;
      const match = FIELD_ANCHOR_AT.exec(text);
      if (!match) continue;
      yield start;
      next = start + match[0].length;
      break;
    }
  }
}

function* printedRecordPersonal(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const found = keywordStarts ? anchorsAt(text, keywordStarts) : (function* () { for (const match of text.matchAll(FIELD_ANCHOR)) yield match.index; })();
  for (const group of printedGroups(text, found)) yield* judged(group);
}

export const PERSONAL_PRINTED_RECORD_RULE: Rule = {
  id: 'personal-printed-record',
  type: 'pii',
  label: 'personal-data',
  description:
    "personal values in a record as any language or debugger prints it (`Person { name: \"…\" }`, gdb's `{name = 0x… \"…\"}`, `{name = \"…\"; …}`, `#S(PERSON :NAME \"…\")`, `Person(name='…')`), read by one tokenizer of printed records and judged as a table's row is",
  keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'birth', 'city', 'town', 'zip', 'postcode', 'post_code', 'postal', 'contact', 'surname'],
  keywordStarts: true,
  detector: printedRecordPersonal,
  examples: {
    match: [
      'Customer { full_name: "Tove Ekdahl", email: "tove.ekdahl@bahnhof.se", home: Address { street: "Kungsgatan 12", city: "Uppsala" } }',
      '$2 = {name = 0x5555555596b0 "Bruno Carvalho", street = 0x5555555596d0 "Rua das Flores 88", phone = "+351 912 345 678", age = 52}',
      'val it = {email="m.okafor@mweb.co.za",name="Chidi Okafor",street="Jan Smuts Avenue 40"} : {email:string, name:string, street:string}',
      '#S(CUSTOMER :NAME "Ilse Vermeulen" :STREET "Kerkstraat 7" :PHONE "+32 470 12 34 56")',
      'Patient {fullName = "Radu Ionescu", birthDate = "1979-04-02", mobile = "+40 721 555 019"}',
      "[Member(name='Aurelia Nowak', email='a.nowak@o2.pl'), Member(name='Tomasz Zielinski', email='t.ziel@wp.pl')]",
      'object User "sfrost" {\n  display_name = "Saoirse Frost"\n  email = "s.frost@eircom.net"\n  vars.street = "9 Quay Lane"\n}',
      '{name = "J\\303\\270rn Aasen", street = "Storgata 5", phone = "+47 912 34 567"}',
      'Subscriber {\n    id: 9,\n    full_name: Some(\n        "Wiremu Tane",\n    ),\n    mobile: Some(\n        "+64 21 555 0192",\n    ),\n}',
    ],
    noMatch: [
      'Service { name: "orders", address: "10.0.3.7", city: "eu-west-1" }',
      '$1 = {name = 0x555555559010 "worker", port = 8080, next = 0x0}',
      'val it = {name="build", version="1.2.0"} : {name:string, version:string}',
      '#S(JOB :NAME "nightly" :OWNER "ci" :STATUS :DONE)',
      'struct User { name: String, email: Option<String>, street: String }',
      '{ range: { first: 1, last: 10 } }',
    ],
  },
};
