/**
 * A person's record as languages print a value, where its fields are named but not written as an
 * assignment or an object the other rules read:
 *
 * - Java records and collections (`Person[name=Ann Lee, street=Storgata 5]`, `{name=Ann Lee}`, as
 *   `toString`, jshell's `$1 ==>` and exception messages print them), Kotlin data classes and
 *   Lombok (`Person(name=Ann Lee, …)`): values bare up to the `, ` before the next `field=`;
 * - Erlang and Elixir terms (`io:format("~p")`, `IO.inspect`): maps (`#{name => <<"Ann">>}`,
 *   `%{name: "Ann"}`), records and structs (`#person{name = "Ann"}`, `%User{name: "Ann"}`),
 *   property lists (`[{name,"Ann"},{street,"Storgata 5"}]`), wrapped over lines as `~p` does.
 *
 * Each innermost bracket is one record, judged as a table's row is (`personalValues`); a record
 * nested under an address key (`address=Address[street=…]`) is the address of its parent's person.
 */
import type { Rule, Span } from '../types.js';
import { columnKind, namesOnly, personalValues, removes } from './personal-cells.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';
import { blankedBody, type Replacement, withReplacements } from './read-groups.js';

interface PrintedField {
  readonly name: string;
  readonly value: Span;
}
type PrintedRecord = PrintedField[] & { parent?: string };

/** The key of a record that is someone's address. */
const ADDRESS_PARENT = /address|^addr$|^(?:home|residence|domicile|billing|shipping)$/i;

/** A bracket holding no other bracket, opened after an optional type name (`Person[`, `Address(`, `{`). */
const JAVA_GROUP = /[[({]([A-Za-z_]\w{0,60}=[^[\](){}\n]{0,2000})[\])}]/g;
/** A `field=` at the start of a Java group's body or after its `, `. */
const JAVA_FIELD = /(?:^|, )([A-Za-z_]\w{0,60})=/g;

/** Which field's name a group is the value of: `address=Address[` → `address`. */
function parentField(text: string, at: number): string | undefined {
  return /([A-Za-z_]\w{0,60})[ \t]?(?:=|=>|:)[ \t]?(?:[A-Za-z_$][\w$.]{0,80}[ \t]?)?$/.exec(text.slice(Math.max(0, at - 160), at))?.[1];
}

function javaRecords(text: string): PrintedRecord[] {
  const records: PrintedRecord[] = [];
  // a nested record is read first, then blanked so that its parent is an innermost group in turn
  let work = text;
  for (let depth = 0; depth < 4; depth++) {
    let found = false;
    const read: Replacement[] = [];
    for (const group of work.matchAll(JAVA_GROUP)) {
      const body = group[1]!;
      const bodyStart = group.index + 1;
      const names = [...body.matchAll(JAVA_FIELD)];
      if (names.length < 2) continue;
      found = true;
      const record: PrintedRecord = names.map((name, index) => {
        const start = bodyStart + name.index + name[0].length;
        const end = bodyStart + (index + 1 < names.length ? names[index + 1]!.index : body.length);
        return { name: name[1]!, value: { start, end } };
      });
      record.parent = parentField(work, group.index);
      records.push(record);
      read.push(blankedBody(bodyStart, body.length));
    }
    if (!found) break;
    work = withReplacements(work, read);
  }
  return records;
}

/**
 * Fields listed in a message as `label: value` or `label=value` joined by `, ` or `; ` (an
 * exception's message: `Invalid customer name: Ann Lee, street: Storgata 5, phone: +47 …`);
 * a value holds no comma here, and the last one ends before closing punctuation.
 */
const LABELLED_LIST = /\b[A-Za-z_]\w{0,60}(?:=|: )[^,;\n]{0,200}(?:[,;] [A-Za-z_]\w{0,60}(?:=|: )[^,;\n]{0,200}){1,40}/g;
const LABELLED_FIELD = /(?:^|[,;] )([A-Za-z_]\w{0,60})(?:=|: )/g;

/** A second field of a list: what makes a line worth reading for one (a literal to search for, not every word's start). */
const LATER_FIELD = /[,;] [A-Za-z_]\w{0,60}(?:=|: )/g;

function labelledLists(text: string): PrintedRecord[] {
  const records: PrintedRecord[] = [];
  let lineEnd = -1;
  for (const later of text.matchAll(LATER_FIELD)) {
    if (later.index < lineEnd) continue;
    const lineStart = lineBreakBefore(text, later.index) + 1;
    lineEnd = lineBreakAfter(text, later.index);
    if (lineEnd < 0) lineEnd = text.length;
    records.push(...labelledListsOfLine(text, lineStart, lineEnd));
  }
  return records;
}

function labelledListsOfLine(text: string, lineStart: number, lineEnd: number): PrintedRecord[] {
  const records: PrintedRecord[] = [];
  LABELLED_LIST.lastIndex = 0;
  for (const found of text.slice(lineStart, lineEnd).matchAll(LABELLED_LIST)) {
    const list = { index: lineStart + found.index, 0: found[0] };
    const body = list[0];
    const names = [...body.matchAll(LABELLED_FIELD)];
    const record: PrintedRecord = names.map((name, index) => {
      const start = list.index + name.index + name[0].length;
      let end = list.index + (index + 1 < names.length ? names[index + 1]!.index : body.length);
      while (end > start && /[\s.)\]}'"]/.test(text[end - 1]!)) end -= 1;
      return { name: name[1]!, value: { start, end } };
    });
    if (record.length > 1) records.push(record);
  }
  return records;
}

/** An Erlang or Elixir map, record or struct that holds no other: `#{…}`, `%{…}`, `#person{…}`, `%User{…}`. */
const TERM_GROUP = /(?:#|%)(?:[A-Za-z_][\w.]{0,80})?\{([^{}]{1,4000})\}/g;
/** A key and its value: `name => <<"Ann">>`, `name = "Ann"`, `name: "Ann"`, `"name" => "Ann"`, `<<"name">> => …`. */
const TERM_FIELD = /(?:^|,)\s*(?:([a-z_]\w{0,60})|'([^'\n]{1,60})'|"([^"\n]{1,60})"|<<"([^"\n]{1,60})">>)(?:\s*(?:=>|=)\s*|:\s+)(?:<<"((?:[^"\\]|\\.){0,500})"(?:\/utf8)?>>|"((?:[^"\\]|\\.){0,500})"|'((?:[^'\\]|\\.){0,500})')?/dg;
/** A property list: `{key,"value"}` tuples, in a list. */
const PROPLIST = /\[\s*(\{\s*[a-z_]\w{0,60}\s*,[^{}]{0,600}\}(?:\s*,\s*\{\s*[a-z_]\w{0,60}\s*,[^{}]{0,600}\})+)\s*\]/g;
const PROPLIST_PAIR = /\{\s*([a-z_]\w{0,60})\s*,\s*(?:<<"((?:[^"\\]|\\.){0,500})"(?:\/utf8)?>>|"((?:[^"\\]|\\.){0,500})"|'((?:[^'\\]|\\.){0,500})'|[^{}]*)\s*\}/dg;

function termRecords(text: string): PrintedRecord[] {
  const records: PrintedRecord[] = [];
  if (text.includes('{')) {
    let work = text;
    for (let depth = 0; depth < 4; depth++) {
      let found = false;
      const read: Replacement[] = [];
      for (const group of work.matchAll(TERM_GROUP)) {
        const body = group[1]!;
        const bodyStart = group.index + group[0].length - body.length - 1;
        const record: PrintedRecord = [];
        for (const field of body.matchAll(TERM_FIELD)) {
          const at = field.indices![5] ?? field.indices![6] ?? field.indices![7];
          if (!at) continue;
          record.push({ name: field[1] ?? field[2] ?? field[3] ?? field[4]!, value: { start: bodyStart + at[0], end: bodyStart + at[1] } });
        }
        found = true;
        record.parent = parentField(work, group.index);
        if (record.length > 1) records.push(record);
        read.push(blankedBody(bodyStart, body.length));
      }
      if (!found) break;
      work = withReplacements(work, read);
    }
  }
  if (text.includes('[')) {
    for (const list of text.matchAll(PROPLIST)) {
      const body = list[1]!;
      const bodyStart = list.index + list[0].indexOf(body);
      const record: PrintedRecord = [];
      for (const pair of body.matchAll(PROPLIST_PAIR)) {
        const at = pair.indices![2] ?? pair.indices![3] ?? pair.indices![4];
        if (at) record.push({ name: pair[1]!, value: { start: bodyStart + at[0], end: bodyStart + at[1] } });
      }
      if (record.length > 1) records.push(record);
    }
  }
  return records;
}

/** A value without the quotes a hand-written `toString` puts around it (`name='Ann Lee'`). */
function unquoted(text: string, span: Span): Span {
  const quote = text[span.start];
  if ((quote === "'" || quote === '"') && span.end - span.start >= 2 && text[span.end - 1] === quote) return { start: span.start + 1, end: span.end - 1 };
  if (quote === "'" || quote === '"') return { start: span.start + 1, end: span.end };
  return span;
}

/** jshell's echo of a variable: `name ==> "Ann Lee"` (a string is quoted; a record or map is read as one above). */
const JSHELL_ECHO = /^(?:jshell>[ \t\x08]*)?[ \t\x08]*([A-Za-z_]\w{0,60}) ==> "((?:[^"\\\n]|\\.){1,500})"[ \t]*\r?$/gm;

/** The variables one jshell session echoes, as one record: `name ==> "…"`, `email ==> "…"`, `street ==> "…"`. */
function jshellVariables(text: string): PrintedRecord[] {
  const record: PrintedRecord = [];
  for (const echo of text.matchAll(JSHELL_ECHO)) {
    const start = echo.index + echo[0].indexOf(' ==> "') + 6;
    record.push({ name: echo[1]!, value: { start, end: start + echo[2]!.length } });
  }
  return record.length > 1 ? [record] : [];
}

function* recordPersonal(text: string): Iterable<Span> {
  const records = [...(text.includes(' ==> "') ? jshellVariables(text) : []), ...(text.includes('=') ? javaRecords(text) : []), ...termRecords(text), ...labelledLists(text)];
  for (const record of records) {
    const kinds = record.map((field) => columnKind(field.name));
    if (!kinds.some((kind) => kind !== undefined)) continue;
    const spans = record.map((field) => unquoted(text, field.value));
    const values = spans.map((span) => text.slice(span.start, span.end));
    const removed =
      record.parent !== undefined && ADDRESS_PARENT.test(record.parent)
        ? kinds.map((kind, index) => kind !== undefined && kind === 'address' && removes(values[index]!, kind, false))
        : personalValues(kinds, values, namesOnly(kinds));
    for (let index = 0; index < record.length; index++) {
      const span = spans[index]!;
      if (removed[index] && span.end > span.start) yield span;
    }
  }
}

export const PERSONAL_RECORD_PRINT_RULE: Rule = {
  id: 'personal-record-print',
  type: 'pii',
  label: 'personal-data',
  description:
    "personal values under personal field names in a language's print of a record: Java records and maps (`Person[name=…, street=…]`, `{name=…}`), Kotlin data classes, Erlang and Elixir maps, records, structs and property lists (`#{name => <<\"…\">>}`, `%User{name: \"…\"}`, `[{street,\"…\"}]`); judged by the record as a table's row is",
  keywords: ['=', '{', ': '],
  detector: recordPersonal,
  examples: {
    match: [
      'Person[name=Henrik Lindqvist, email=henrik.l@telia.se, phone=+46 70 123 45 67, street=Drottninggatan 52]',
      'Contact[displayName=Maeve Gallagher, emailAddress=maeve.g@eircom.net, streetAddress=14 Harbour Road, town=Dublin]',
      'm ==> {phone=+33 6 12 34 56 78, street=12 rue Oberkampf, name=Camille Fournier, email=camille.f@free.fr}',
      'Customer(id=7, fullName=Aoife Brennan, street=Seaview Terrace 4, mobile=+353 86 555 0142)',
      'Person[name=Ingrid Solberg, email=ingrid.s@posteo.no, address=Address[street=Thorvald Meyers gate 41, city=Oslo, postcode=0555]]',
      '#{city => <<"Oslo">>,email => <<"ingrid.s@posteo.no">>,\n  name => <<"Ingrid Solberg">>,street => <<"Thorvald Meyers gate 41">>}',
      '[{name,"Lorenzo Bianchi"},\n {email,"l.bianchi@libero.it"},\n {street,"Via Roma 12"}]',
      '%User{name: "Ana Souza", email: "ana.souza@uol.com.br", street: "Rua Augusta 1500"}',
      '#person{name = "Jonas Becker",street = "Kastanienallee 12",phone = "+49 151 2345 6789"}',
      'java.lang.RuntimeException: name: Oliver Whitfield, street: 27 Ancoats Street, phone: 07700 900461',
      'jshell> String name = "Henrik Lindqvist"\nname ==> "Henrik Lindqvist"\n\njshell> var street = "Drottninggatan 52"\nstreet ==> "Drottninggatan 52"\n\njshell> var email = "henrik.l@telia.se"\nemail ==> "henrik.l@telia.se"',
    ],
    noMatch: [
      'Service[name=orders, address=10.0.3.7, city=eu-west-1]',
      '{name=api-gateway, street=, owner=team-platform}',
      '#{name => <<"orders">>,host => <<"db.internal">>,address => <<"10.0.3.7">>}',
      '[{name,"billing"},{address,"0.0.0.0"},{port,8080}]',
      'Config[host=localhost, port=8080, user=svc_backup]',
      '%Service{name: "mailer", street: nil, owner: "platform"}',
      'java.net.ConnectException: host: db.internal, port: 5432, user: app',
      'name ==> "orders"\nhost ==> "db.internal"\nstreet ==> ""',
    ],
  },
};
