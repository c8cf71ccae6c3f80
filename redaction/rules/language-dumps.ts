/**
 * Values a language's own dump of a value prints under their field names, where the name and the
 * value are not written as an assignment the other rules read:
 *
 * - PHP `var_dump`: the key on one line (`["password"]=>`, `["token":protected]=>`,
 *   `["secret":"Cls":private]=>`), its value on the next (`string(12) "…"`);
 * - PHP `print_r`: `[password] => value` and `[token:protected] => value`, the value bare to the line's end;
 * - Go `%+v`: `{Name:Ann Lee Email:ann@x.org}`, bare values up to the next exported field's name.
 *
 * Secrets are judged by their field's name (`sensitiveValue`); personal values by the fields of
 * the record they stand in (one array, object or struct), as a table's row is (`personalValues`).
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { credentiallessDsn } from './credentialless-dsn.js';
import { columnKind, namesOnly, personalValues, removes } from './personal-cells.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter } from '../line-bounds.js';

/** One field of a dumped value: its name and where its value is (absent for a number, a boolean, null). */
interface DumpField {
  readonly name: string;
  readonly value?: Span;
}
/** A record's fields, and the key it is nested under (`["address"]=> array(3) {`), if any. */
type DumpRecord = DumpField[] & { parent?: string };

/**
 * A var_dump key alone on its line: `["key"]=>`, `[3]=>`, `["key":protected]=>`,
 * `["key":"Cls":private]=>`, and Xdebug's `'key' =>`, `protected $key =>`, `3 =>`.
 */
const VAR_DUMP_KEY = /^[ \t]*(?:\[(?:"((?:[^"\\\n]|\\.){1,100})"|-?\d{1,19})(?::[^\]\n]{1,120})?\]=>|'((?:[^'\\\n]|\\.){1,100})' =>|(?:public|protected|private|readonly| )+\$(\w{1,100}) =>|-?\d{1,19} =>)\r?$/;
/** The scalar on the line under a var_dump key; `string(n) "…"` is a value, the rest have none to judge. */
const VAR_DUMP_STRING = /^([ \t]*string\(\d{1,9}\) ")(.*)"\r?$/;
const VAR_DUMP_OTHER_SCALAR = /^[ \t]*(?:uninitialized\(.+\)|int\(-?\d+\)|float\(.+\)|bool\((?:true|false)\)|NULL|enum\(.+\))\r?$/;
/** `[key] => value` (print_r), the key with its `:protected` / `:Cls:private` visibility. */
const PRINT_R_FIELD = /^([ \t]*\[([^\]\n:]{1,100})(?::[^\]\n]{1,120})?\] =>[ \t]?)(.*?)\r?$/;
/** print_r's value that opens a nested array or object: a new record. */
const PRINT_R_NESTED = /^(?:Array|[A-Za-z_\\][\w\\]* Object)$/;
/** A Go `%+v` struct without nested values: `{Field:value Field:value}`. */
const GO_FLAT_STRUCT = /(?<![$%#@{\\])\{([A-Z][A-Za-z0-9_]{0,60}:[^{}\n]{0,2000})\}/g;
const GO_FIELD_NAME = /(?:^| )([A-Z][A-Za-z0-9_]{0,60}):/g;
const GO_SYNTAX_FIELD = /^[A-Z]\w*:"|, [A-Z]\w*:/;
/** What `%+v` prints for a value that is no string: a slice or map (a []byte's numbers), a pointer, nil. */
const GO_NOT_A_STRING = /^(?:\[|map\[|&\{|0x[0-9a-f]+$|<nil>$)/;


/**
 * The records of every dump in `text`: each a list of fields, in order. A line that is no field
 * of a dump (a brace, a nested array's header, prose) ends the record it follows.
 */
function dumpRecords(text: string): DumpRecord[] {
  const records: DumpRecord[] = text.includes('{') ? goStructs(text, 0) : [];
  if (!text.includes('=>')) return records;
  let current: DumpRecord = [];
  const close = (parent?: string) => {
    if (current.length > 0) records.push(current);
    current = [];
    if (parent !== undefined) current.parent = parent;
  };
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = lineBreakAfter(text, lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const nextStart = lineEnd + 1;
    const key = line.endsWith('>') || line.endsWith('>\r') ? VAR_DUMP_KEY.exec(line) : null;
    if (key) {
      const nextEnd = lineBreakAfter(text, nextStart) === -1 ? text.length : lineBreakAfter(text, nextStart);
      const next = nextStart <= text.length ? text.slice(nextStart, nextEnd) : '';
      const string = VAR_DUMP_STRING.exec(next);
      const name = key[1] ?? key[2] ?? key[3] ?? '';
      if (string) {
        const start = nextStart + string[1]!.length;
        current.push({ name, value: { start, end: start + string[2]!.length } });
        lineStart = nextEnd + 1;
        continue;
      }
      if (VAR_DUMP_OTHER_SCALAR.test(next)) {
        current.push({ name });
        lineStart = nextEnd + 1;
        continue;
      }
      close(name);
      lineStart = nextStart;
      continue;
    }
    const field = line.includes('] =>') ? PRINT_R_FIELD.exec(line) : null;
    if (field && !PRINT_R_NESTED.test(field[3]!)) {
      const start = lineStart + field[1]!.length;
      current.push({ name: field[2]!, value: { start, end: start + field[3]!.length } });
    } else if (field) {
      close(field[2]!);
    } else if (!/^[ \t]*(?:\(|array\(\d+\) \{|object\([^)]*\)#\d+ \(\d+\) \{)\r?$/.test(line)) {
      // print_r's `(` and var_dump's header open the record their key named: the parent stays
      close();
    }
    if (newline === -1) break;
    lineStart = nextStart;
  }
  close();
  return records;
}

/** The flat `%+v` structs in `text`, each a record; a value runs to the space before the next field's name. */
function goStructs(text: string, offset: number): DumpRecord[] {
  const records: DumpRecord[] = [];
  for (const struct of text.matchAll(GO_FLAT_STRUCT)) {
    const body = struct[1]!;
    // `%#v` (`T{Name:"x", Port:1}`) quotes its strings: the assignment rules read it
    if (GO_SYNTAX_FIELD.test(body)) continue;
    const bodyStart = offset + struct.index + 1;
    const names = [...body.matchAll(GO_FIELD_NAME)];
    const record: DumpField[] = names.map((name, index) => {
      const start = name.index + name[0].length;
      const end = index + 1 < names.length ? names[index + 1]!.index : body.length;
      return { name: name[1]!, value: { start: bodyStart + start, end: bodyStart + end } };
    });
    if (record.length > 0) records.push(record);
  }
  return records;
}

/**
 * An object printed on one line with its keys bare or quoted and its strings quoted: Node's
 * `util.inspect` (`{ id: 8, name: 'Ngozi Adeyemi', city: 'Lagos' }`), Lua's serializers
 * (`{name="Ana Souza", city="Porto"}`), Python's `repr` of a dict. Only quoted values are read.
 */
const INLINE_OBJECT = /(?<![$%#@{\\])\{[ \t]?((?:[A-Za-z_]\w{0,60}|'[^'\n]{1,60}'|"[^"\n]{1,60}")[ \t]*[:=][^{}\n]{1,2000})\}/g;
const INLINE_FIELD = /(?:^|[,;])[ \t]*(?:([A-Za-z_]\w{0,60})|'([^'\n]{1,60})'|"([^"\n]{1,60})")[ \t]*[:=][ \t]*(?:'((?:[^'\\\n]|\\.){0,500})'|"((?:[^"\\\n]|\\.){0,500})"|[^,'"\n]{0,200}?)[ \t]*(?=[,;]|[ \t]*$)/dg;

/** Python's repr of a dataclass or a named tuple: `Person(name='Ngozi Adeyemi', city='Lagos')`. */
const INLINE_REPR = /\b[A-Z]\w{0,60}\(([a-z_]\w{0,60}=[^()\n]{1,2000})\)/g;

function inlineObjects(text: string): DumpRecord[] {
  const records: DumpRecord[] = [];
  const objects = text.includes('{') ? [...text.matchAll(INLINE_OBJECT)] : [];
  if (text.includes('=')) objects.push(...text.matchAll(INLINE_REPR));
  for (const object of objects) {
    const body = object[1]!;
    const bodyStart = object.index + object[0].indexOf(body);
    const record: DumpRecord = [];
    for (const field of body.matchAll(INLINE_FIELD)) {
      const name = field[1] ?? field[2] ?? field[3]!;
      const at = field.indices![4] ?? field.indices![5];
      record.push(at ? { name, value: { start: bodyStart + at[0], end: bodyStart + at[1] } } : { name });
    }
    if (record.length > 1) records.push(record);
  }
  return records;
}

/** The value of a field as written, without the quotes print_r and `%+v` do not add (and `%+v`'s empty ones). */
function valueText(text: string, span: Span): string {
  return text.slice(span.start, span.end);
}

function* dumpSecrets(text: string): Iterable<Span> {
  for (const record of dumpRecords(text)) {
    for (const field of record) {
      if (field.value === undefined || field.value.end === field.value.start) continue;
      const value = valueText(text, field.value);
      if (GO_NOT_A_STRING.test(value) || (/dsn$/i.test(field.name) && credentiallessDsn(value))) continue;
      if (sensitiveValue(field.name, value)) yield field.value;
    }
  }
}

/**
 * Where a dump's secret can be (dumpSecrets): a `{` that opens a Go struct's first field
 * (GO_FLAT_STRUCT), or a `=>` that ends its line (VAR_DUMP_KEY) or follows print_r's `] `
 * (PRINT_R_FIELD). Lambdas (`x => x`), PHP arrays in code and JSON pass none of them.
 */
const GO_STRUCT_OPENING = /\{[A-Z][A-Za-z0-9_]{0,60}:/y;

function mayHoldDumpSecret(text: string, start: number): boolean {
  if (text.charCodeAt(start) === 0x7b) {
    // JSON and code put a quote, a space or a line break after `{`: one look at it spares most tries
    const next = text.charCodeAt(start + 1);
    if (next < 0x41 || next > 0x5a) return false;
    GO_STRUCT_OPENING.lastIndex = start;
    return GO_STRUCT_OPENING.test(text);
  }
  if (text.startsWith('] ', start - 2)) return true;
  const after = start + 2;
  if (after === text.length || text.charCodeAt(after) === 0x0a) return true;
  return text.charCodeAt(after) === 0x0d && (after + 1 === text.length || text.charCodeAt(after + 1) === 0x0a);
}

/** The key of a record that is someone's address (`["address"]=> array(…) {`, `[billing_address] => Array`). */
const ADDRESS_PARENT = /address|^addr$|^(?:home|residence|domicile|billing|shipping)$/i;

/** A name, a tab and its value on each line: Lua's `for k, v in pairs(t) do print(k, v) end`. */
const TAB_PAIR = /^([A-Za-z_][\w.-]{0,60})\t([^\t\n]*?)\r?$/gm;

/** The runs of consecutive tab-separated name/value lines, each a record. */
function tabPairs(text: string): DumpRecord[] {
  const records: DumpRecord[] = [];
  let current: DumpRecord = [];
  let expected = -1;
  for (const pair of text.matchAll(TAB_PAIR)) {
    if (pair.index !== expected && current.length > 0) {
      if (current.length > 1) records.push(current);
      current = [];
    }
    const start = pair.index + pair[1]!.length + 1;
    current.push({ name: pair[1]!, value: { start, end: start + pair[2]!.length } });
    expected = pair.index + pair[0].length + 1;
  }
  if (current.length > 1) records.push(current);
  return records;
}

function* dumpPersonal(text: string): Iterable<Span> {
  for (const record of [...dumpRecords(text), ...inlineObjects(text), ...(text.includes('\t') ? tabPairs(text) : [])]) {
    const kinds = record.map((field) => (field.value === undefined ? undefined : columnKind(field.name)));
    if (!kinds.some((kind) => kind !== undefined)) continue;
    const values = record.map((field) => (field.value === undefined ? undefined : valueText(text, field.value)));
    // an address nested in a person's record: its lines say whose place it is by being there
    const removed =
      record.parent !== undefined && ADDRESS_PARENT.test(record.parent)
        ? kinds.map((kind, index) => kind === 'address' && values[index] !== undefined && removes(values[index]!, kind, false))
        : personalValues(kinds, values, namesOnly(kinds));
    for (let index = 0; index < record.length; index++) if (removed[index] && record[index]!.value!.end > record[index]!.value!.start) yield record[index]!.value!;
  }
}

export const LANGUAGE_DUMP_RULES: readonly Rule[] = [
  placedSecret(
    'language-dump-secret',
    "values under a field named like a secret in a language's dump of a value: PHP var_dump (the key on one line, `string(n) \"…\"` on the next) and print_r (`[key] => value`, `[key:protected]`), Go `%+v` structs (`{User:app Password:x}`)",
    { keywords: ['=>', '{'], keywordGate: mayHoldDumpSecret, label: 'secret' },
    dumpSecrets,
    {
      match: [
        'array(2) {\n  ["host"]=>\n  string(11) "db.internal"\n  ["password"]=>\n  string(12) "Kv7#qLm2Zx9p"\n}',
        'object(Db)#2 (2) {\n  ["dsn"]=>\n  string(9) "mysql:h=d"\n  ["apiToken":protected]=>\n  string(12) "Tk8mQ2vLx7Zp"\n}',
        '  ["secret":"Mailer":private]=>\n  string(10) "Pz6!kLq3Vm"',
        'Db Object\n(\n    [password:Db:private] => Pz6!kLq3Vm\n)',
        '{Host:db.internal Port:5432 User:svc Password:Tq8#vLm2Kz-Wp4 Debug:false}',
      ],
      noMatch: [
        'array(2) {\n  ["password"]=>\n  string(0) ""\n  ["token"]=>\n  NULL\n}',
        '  ["password"]=>\n  string(8) "********"',
        '  ["api_key"]=>\n  string(13) "%env(API_KEY)%"',
        'Array\n(\n    [password] => \n    [token_ttl] => 3600\n)',
        '{Password: Token: Verbose:true}',
        '{Name:api Token:<nil> SecretRef:vault:secret/data/app#db}',
        '{User:svc Token:[116 111 107 45 97 98 49 50] Secret:0xc00008a220}',
        'main.Opt{Password:"", Token:"", Verbose:true}',
        '  ["dsn"]=>\n  string(25) "mysql:host=db;dbname=shop"',
        '      MYSQL_ROOT_PASSWORD: ${DB_ROOT_PASSWORD:?set it in .env}',
        '{Name:orders DSN:postgres://db.internal:5432/orders?sslmode=require Pool:10}',
      ],
    },
  ),
];

export const LANGUAGE_DUMP_PERSONAL_RULES: readonly Rule[] = [
  {
    id: 'language-dump-personal',
    type: 'pii',
    label: 'personal-data',
    description: "personal values (names, e-mails, phones, addresses) under personal field names in a language's dump of a record: PHP var_dump and print_r, Go `%+v` structs; judged by the record as a table's row is",
    keywords: ['=>', '{', '=', '\t'],
    detector: dumpPersonal,
    examples: {
      match: [
        'array(3) {\n  ["id"]=>\n  int(17)\n  ["first_name"]=>\n  string(5) "Jonas"\n  ["street"]=>\n  string(13) "ul. Lipowa 12"\n}',
        'Array\n(\n    [id] => 18\n    [name] => Jonas Berg\n    [city] => Warszawa\n)',
        '  ["address"]=>\n  array(2) {\n    ["street"]=>\n    string(13) "ul. Lipowa 12"\n    ["city"]=>\n    string(8) "Warszawa"\n  }',
        '    [address] => Array\n        (\n            [street] => Storgata 5\n            [zip] => 0155\n        )',
        '{ID:18 Name:Marta Kowalczyk Email:marta.k@post-box.pl City:Warszawa}',
        "  { id: 8, name: 'Ngozi Adeyemi', city: 'Lagos' }",
        '{name="Ana Souza", city="Porto", zip="4000-123"}',
        '{name = "Ana Souza"; city = "Porto"; phone = "+351 912 345 678"}',
        'name\tOlu Bello\ncity\tIbadan\nstreet\t12 Ring Road',
        "Person(name='Ngozi Adeyemi', email='ngozi.a@mailbox-ng.com', city='Lagos', street='14 Awolowo Road')",
        'object(User)#1 (2) {\n  ["fullName"]=>\n  string(11) "Aiko Tanaka"\n  ["mobile":"User":private]=>\n  string(13) "090-1234-5678"\n}',
      ],
      noMatch: [
        'array(2) {\n  ["name"]=>\n  string(6) "orders"\n  ["address"]=>\n  string(8) "10.0.3.7"\n}',
        'Array\n(\n    [name] => api-gateway\n    [city] => \n)',
        '{Name:api Cfg:0xc0000640a0 Addr::8080}',
        "{ name: 'orders-api', city: 'eu-west-1', owner: 'team-platform' }",
        "Service(name='billing', address='10.0.0.7', city='')",
        'name\torders\nhost\tdb.internal\naddress\t10.0.3.7\ncity\teu-west-1',
        '  ["server"]=>\n  array(2) {\n    ["address"]=>\n    string(7) "0.0.0.0"\n    ["city"]=>\n    string(0) ""\n  }',
      ],
    },
  },
];
