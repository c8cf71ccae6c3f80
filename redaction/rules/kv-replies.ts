/**
 * Family `generic`: values key/value stores print under a key or a field named like a secret or
 * a session: a key on one line and its value on the next (`etcdctl get`), numbered reply items
 * (`1) "api_key"` then `2) "…"`, a config-get reply), memcached `VALUE <key> <flags> <bytes>` /
 * `set <key> …` followed by the data line, etcd's JSON (`"key"` and `"value"` in base64) and
 * commands in a log or a monitor (`SET session:<id> <token>`, `HSET user:1 api_key <x>`,
 * `put /app/db_password <x>`). A random id in a session's key (`session:<id>`) is the session
 * itself and goes too.
 */
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { namesOnly, personalValues } from './personal-cells.js';
import { type ColumnKind, personalColumns, removes } from './personal-columns.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

const SESSION_WORDS = /^(?:sess|session|sessions|sessid|sessionid|session_id|sid|csrf|xsrf)$/i;
/** A random id: letters and digits mixed, long enough to be a session's. */
const RANDOM_ID = /^(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{16,200}$/;

/** What a key's segments say: a secret's name (its last segment), a session, or nothing. */
function keyKind(key: string): { name: string; session?: Span } | undefined {
  const segments = key.replace(/^["']|["']$/g, '').split(/[:/.]/);
  const last = segments.filter((segment) => segment !== '').at(-1);
  if (last !== undefined && classifyName(last) !== null) return { name: last };
  const sessionAt = segments.findIndex((segment) => SESSION_WORDS.test(segment));
  if (sessionAt === -1) return undefined;
  const id = segments.slice(sessionAt + 1).join(':');
  const offset = key.indexOf(id, key.search(/[:/.]/));
  return { name: 'session_token', ...(RANDOM_ID.test(id) && offset !== -1 ? { session: { start: offset, end: offset + id.length } } : {}) };
}

function secretValue(name: string, value: string): boolean {
  return value.length > 0 && sensitiveValue(name, value);
}

const unquoted = (raw: string) => (/^"(?:[^"\\]|\\.)*"$|^'[^']*'$/.test(raw) ? raw.slice(1, -1) : raw);

/** `1) "api_key"` then `2) "value"`: odd items name, the next item is the value. */
const NUMBERED_PAIR = /^[ \t]*(\d{1,5})\)[ \t]+"((?:[^"\\\n]|\\.){1,100})"\r?\n[ \t]*(\d{1,5})\)[ \t]+"((?:[^"\\\n]|\\.){1,500})"/;
/** A key alone on its line (with a path or a namespace) and the value alone on the next. */
const KEY_THEN_VALUE = /^((?=[^\s]*[/:])[\w.:/@-]{3,200})\r?\n([^\s]{1,500})(?=\r?\n|$)/;
/** memcached: `VALUE <key> <flags> <bytes> [cas]` (a reply) or `set|add|replace|cas <key> <flags> <exptime> <bytes>` (a command), then the data. */
const MEMCACHED = /\b(?:VALUE[ \t]+(\S{1,250})[ \t]+\d+[ \t]+\d+(?:[ \t]+\d+)?|(?:set|add|replace|append|prepend|cas)[ \t]+(\S{1,250})[ \t]+\d+[ \t]+\d+[ \t]+\d+(?:[ \t]+\d+)?(?:[ \t]+noreply)?)(?:\\r)?(?:\r?\n|\\n)((?:(?!\\r|\\n)\S){1,500})/g;
/** A store's command in a log, a monitor or a shell: the command, then its arguments (quoted or bare). */
const COMMAND = /(?:^|[\s"'>])"?(SET|SETEX|PSETEX|SETNX|GETSET|HSET|HMSET|HSETNX|MSET|(?<=etcdctl[^\n]{0,80}[ \t])put)"?[ \t]+((?:(?:"(?:[^"\\\n]|\\.){0,500}"|'[^'\n]{0,500}'|[^\s"']{1,500})[ \t]*){2,12})/g;
const ARGUMENT = /"(?:[^"\\\n]|\\.){0,500}"|'[^'\n]{0,500}'|[^\s"']{1,500}/g;
/** A setting's or a field's name alone on its line, no path (`requirepass`, `api_key`): a store's plain reply names one so. */
const BARE_NAME = /^[A-Za-z_][\w.-]{2,80}$/;
/** A line one of the forms may start: a numbered item, a key alone, a memcached header, a store's command. */
const STORE_LINE = /^[ \t]*\d{1,5}\)[ \t]+"|^[\w.:/@-]{3,200}\r?$|VALUE[ \t]|\b(?:set|add|replace|append|prepend|cas)[ \t]+\S+[ \t]+\d|SET|etcdctl/;
/** etcd's JSON: `"key":"<base64>"` and the object's `"value":"<base64>"`. */
const ETCD_JSON = /"key":"([A-Za-z0-9+/]{4,400}={0,2})"[^{}]{0,200}?"value":"([A-Za-z0-9+/]{4,2000}={0,2})"/g;

const QUOTE = 34;

/**
 * Where the line around a keyword at `at` starts: at most 600 characters before it. Searched for
 * natively, and not before `after` (a line break before `at`, the end of the line read last).
 */
function keywordLineStart(text: string, at: number, after: number): number {
  const from = Math.max(0, at - 600, after);
  return from + text.slice(from, at).lastIndexOf('\n') + 1;
}

/**
 * Each line that holds a keyword is read once: as a numbered reply item, a key alone on its line,
 * a memcached header or a store's command. etcd's JSON (keys in base64) is read when the text has its shape.
 */
function* keyValueSecrets(text: string, starts?: readonly number[]): Iterable<Span> {
  let done = -1;
  // `"kvs":[` is one of the keywords, the only one that starts with a quote: the text holds it only when a keyword's place does
  let etcdKeyword = starts === undefined;
  for (const at of starts ?? []) {
    if (text.charCodeAt(at) === QUOTE) etcdKeyword = true;
    if (at < done) continue;
    const lineStart = keywordLineStart(text, at, done);
    const newline = lineBreakAfter(text, at);
    done = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, Math.min(done, lineStart + 600));
    if (!STORE_LINE.test(line)) continue;
    if (BARE_NAME.test(line.replace(/\r$/, ''))) {
      const value = bareNameValue(text, lineStart, done);
      if (value) yield value;
      continue;
    }
    // the pair's name is on this line, its value on the next: read from here to the next line's end
    const after = lineBreakAfter(text, done + 1);
    const region = text.slice(lineStart, Math.min(after === -1 ? text.length : after, done + 2000));
    yield* shifted(lineSecrets(region), lineStart);
  }
  // the text is not kept past its scan
  runCounts = { text: '', counts: new Map() };
  if (etcdKeyword && text.includes('"kvs":[')) {
    for (const match of text.matchAll(ETCD_JSON)) {
      const key = Buffer.from(match[1]!, 'base64').toString('latin1');
      const kind = /^[\x20-\x7e]+$/.test(key) ? keyKind(key) : undefined;
      const value = Buffer.from(match[2]!, 'base64').toString('latin1');
      if (!kind || !/^[\x20-\x7e]+$/.test(value) || !secretValue(kind.name, value)) continue;
      const start = match.index + match[0].length - 1 - match[2]!.length;
      yield { start, end: start + match[2]!.length };
    }
  }
}

const lineText = (text: string, start: number, end: number) => text.slice(start, end).replace(/\r$/, '');

/**
 * A plain reply of names and values on alternating lines (a config get or a hash read piped, with
 * no numbering; `etcdctl get` of keys without a path): the value alone on the line under a name
 * alone. A name that is itself the value of the pair above it is no name: in a run of lines above
 * it, names stand at even distances, so a run of odd length ending in a name makes it a value.
 */
function bareNameValue(text: string, lineStart: number, lineEnd: number): Span | undefined {
  const name = lineText(text, lineStart, lineEnd);
  if (classifyName(name) === null || lineEnd >= text.length) return undefined;
  const next = lineBreakAfter(text, lineEnd + 1);
  const valueEnd = next === -1 ? text.length : next;
  const value = lineText(text, lineEnd + 1, valueEnd);
  if (value === '' || value.length > 500 || /\s/.test(value) || !secretValue(name, unquoted(value))) return undefined;
  const above = linesAbove(text, lineStart);
  const previous = lineStart > 0 ? lineText(text, lineBreakBefore(text, lineStart - 2) + 1, lineStart - 1) : '';
  if (above % 2 === 1 && BARE_NAME.test(previous)) return undefined;
  const bare = unquoted(value);
  const start = lineEnd + 1 + value.indexOf(bare);
  return { start, end: start + bare.length };
}

/** How many lines above `lineStart` run without a blank one (at most 4000); counted once per run of the text scanned last. */
function linesAbove(text: string, lineStart: number): number {
  if (runCounts.text !== text) runCounts = { text, counts: new Map() };
  let count = 0;
  let cursor = lineStart;
  const passed: number[] = [];
  while (cursor > 0 && count < 4000) {
    const known = runCounts.counts.get(cursor);
    if (known !== undefined) {
      count += known;
      break;
    }
    const start = lineBreakBefore(text, cursor - 2) + 1;
    if (text.slice(start, cursor - 1).trim() === '') break;
    passed.push(cursor);
    count += 1;
    cursor = start;
  }
  // each line passed has as many above it as were counted beyond it
  passed.forEach((at, index) => runCounts.counts.set(at, count - index));
  return count;
}
let runCounts: { text: string; counts: Map<number, number> } = { text: '', counts: new Map() };

function* shifted(spans: Iterable<Span>, by: number): Iterable<Span> {
  for (const span of spans) yield { start: span.start + by, end: span.end + by };
}

/** The secrets of one line (and the value line after it), offsets into `region`. */
function* lineSecrets(region: string): Iterable<Span> {
  const numbered = region.indexOf('\n') === -1 ? null : NUMBERED_PAIR.exec(region);
  if (numbered && numbered.index === 0) {
    const name = numbered[2]!;
    const value = numbered[4]!;
    if (Number(numbered[3]) === Number(numbered[1]) + 1 && Number(numbered[1]) % 2 === 1 && classifyName(name) !== null && secretValue(name, value)) {
      const end = numbered[0].length - 1;
      yield { start: end - value.length, end };
    }
    return;
  }
  const keyLine = numbered === null && region.indexOf('\n') !== -1 ? KEY_THEN_VALUE.exec(region) : null;
  if (keyLine && keyLine.index === 0) {
    yield* keyed(keyLine[1]!, keyLine[0].indexOf(keyLine[1]!), keyLine[2]!, keyLine[0].length - keyLine[2]!.length, true);
    return;
  }
  if (!/VALUE |\d \d|SET|etcdctl/.test(region)) return;
  for (const match of region.matchAll(MEMCACHED)) {
    const key = match[1] ?? match[2]!;
    yield* keyed(key, match.index + match[0].indexOf(key), match[3]!, match.index + match[0].length - match[3]!.length, false);
  }
  for (const match of region.matchAll(COMMAND)) yield* commandSecrets(match[1]!.toUpperCase(), match[2]!, match.index + match[0].length - match[2]!.length);
}

/** A value stored under `key` (at `keyAt`), and a session's id in the key. */
function* keyed(key: string, keyAt: number, value: string, valueAt: number, strict: boolean): Iterable<Span> {
  const kind = keyKind(key);
  if (!kind) return;
  // a key on its own line is a store's only when the value is not another such key
  if (strict && (/^[\w.-]*[/:][\w.:/-]*$/.test(value) && !/\d/.test(value))) return;
  const bare = unquoted(value);
  if (secretValue(kind.name, bare)) {
    const start = valueAt + value.indexOf(bare);
    yield { start, end: start + bare.length };
  }
  if (kind.session) yield { start: keyAt + kind.session.start, end: keyAt + kind.session.end };
}

/** The arguments of one store command: SET-like (key [ttl] value) or HSET-like (key field value …). */
function* commandSecrets(command: string, args: string, at: number): Iterable<Span> {
  const items = [...args.matchAll(ARGUMENT)].map((m) => ({ raw: m[0], start: at + m.index }));
  const span = (item: { raw: string; start: number }): Span => {
    const bare = unquoted(item.raw);
    const start = item.start + item.raw.indexOf(bare);
    return { start, end: start + bare.length };
  };
  if (command.startsWith('H') || command === 'MSET') {
    const pairs = command === 'MSET' ? items : items.slice(1);
    if (command !== 'MSET' && items[0]) {
      const owner = keyKind(items[0].raw);
      if (owner?.session) yield { start: items[0].start + owner.session.start, end: items[0].start + owner.session.end };
    }
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const field = unquoted(pairs[i]!.raw);
      const kind = command === 'MSET' ? keyKind(field) : classifyName(field) !== null ? { name: field } : keyKind(field);
      if (kind && secretValue(kind.name, unquoted(pairs[i + 1]!.raw))) yield span(pairs[i + 1]!);
    }
    return;
  }
  const key = items[0];
  const value = items[command === 'SETEX' || command === 'PSETEX' ? 2 : 1];
  if (!key || !value) return;
  const kind = keyKind(key.raw);
  if (!kind) return;
  if (secretValue(kind.name, unquoted(value.raw))) yield span(value);
  if (kind.session) yield { start: key.start + kind.session.start, end: key.start + kind.session.end };
}

/** The personal kind of a field's name, as personal-columns.ts reads a column's (asked beside an e-mail column, which makes any personal column count). */
function personalKind(field: string): ColumnKind | undefined {
  const header = `email ${field}`;
  return personalColumns(header, [{ start: 0, end: 5 }, { start: 6, end: header.length }])?.[1];
}

const HASH_COMMAND = /(?:^|[\s"'>])"?(?:HSET|HMSET|hset|hmset)"?[ \t]+((?:(?:"(?:[^"\\\n]|\\.){0,500}"|'[^'\n]{0,500}'|[^\s"']{1,500})[ \t]*){3,24})/g;

/** A store's key on its own line (`/crm/customers/42/last_name`): segments apart by `/` or `:`. */
const STORE_KEY = /^\/?[\w.@-]{1,100}(?:[/:][\w.@-]{1,100}){1,12}\r?$/;

/** The line starting at `start`, without its line break, and where the next one starts. */
function lineFrom(text: string, start: number): { content: string; next: number } | undefined {
  if (start >= text.length) return undefined;
  const newline = lineBreakAfter(text, start);
  const end = newline === -1 ? text.length : newline;
  return { content: text.slice(start, end).replace(/\r$/, ''), next: newline === -1 ? text.length : newline + 1 };
}

const parentOf = (key: string) => key.slice(0, Math.max(key.lastIndexOf('/'), key.lastIndexOf(':')));

/**
 * The value printed on the line under a key (`etcdctl get --prefix`: key, value, key, value) when
 * the key's last segment is a personal field. A key and a value alternate only in a store's reply:
 * the key must be a store's output, an `etcdctl` command above it or a sibling key two lines away.
 */
function storeKeyValue(text: string, keyStart: number, keyEnd: number): Span | undefined {
  const key = text.slice(keyStart, keyEnd).replace(/\r$/, '');
  const field = key.split(/[/:]/).at(-1)!;
  const kind = personalKind(field);
  const value = lineFrom(text, keyEnd + 1);
  if (!kind || !value || value.content.trim() === '' || STORE_KEY.test(value.content) || value.content.length > 300) return undefined;
  const after = lineFrom(text, value.next);
  const before = text.slice(Math.max(0, keyStart - 400), keyStart).split('\n').slice(-3, -1);
  const sibling = (line: string | undefined) => line !== undefined && STORE_KEY.test(line.replace(/\r$/, '')) && parentOf(line.replace(/\r$/, '')) === parentOf(key);
  if (!sibling(after?.content) && !sibling(before[0]) && !before.some((line) => /\betcdctl\b/.test(line))) return undefined;
  if (!removes(value.content.trim(), kind, kind === 'name' || kind === 'single-name')) return undefined;
  const start = keyEnd + 1 + (value.content.length - value.content.trimStart().length);
  return { start, end: start + value.content.trim().length };
}

/** A command that asks for fields by name (`HMGET customer:7 full_name city`): its replies come back numbered, in the same order. */
const FIELDS_GET = /(?:^|[\s>])"?hmget"?[ \t]+\S+((?:[ \t]+"?[\w.:-]{1,64}"?){1,40})[ \t]*\r?$/i;
const NUMBERED_REPLY = /^[ \t]*(\d{1,3})\)[ \t]+(?:"((?:[^"\\\n]|\\.){0,500})"|\(nil\))[ \t]*\r?$/;

/** The replies under a fields-get command, judged as one row of the fields it named; where they end. */
function fieldReplies(text: string, command: string, commandEnd: number): { spans: Span[]; end: number } {
  const fields = FIELDS_GET.exec(command)![1]!.trim().split(/[ \t]+/).map(unquoted);
  const values: (Span | undefined)[] = [];
  let cursor = commandEnd + 1;
  while (cursor < text.length && values.length < fields.length) {
    const newline = lineBreakAfter(text, cursor);
    const end = newline === -1 ? text.length : newline;
    const reply = NUMBERED_REPLY.exec(text.slice(cursor, end));
    if (!reply || Number(reply[1]) !== values.length + 1) break;
    const at = cursor + reply[0].indexOf('"') + 1;
    values.push(reply[2] === undefined ? undefined : { start: at, end: at + reply[2].length });
    cursor = end + 1;
  }
  const kinds = fields.slice(0, values.length).map(personalKind);
  const removed = personalValues(kinds, values.map((value) => value && text.slice(value.start, value.end)), namesOnly(kinds));
  return { spans: values.filter((value, index): value is Span => value !== undefined && removed[index] === true), end: cursor };
}

/** Personal values in numbered reply items (`1) "last_name"` then `2) "…"`) and hash commands (`HSET user:7 phone "…"`). */
function* personalFields(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = -1;
  for (const at of starts) {
    if (at < done) continue;
    const lineStart = keywordLineStart(text, at, done);
    const newline = lineBreakAfter(text, at);
    done = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, done);
    if (/^[ \t]*\d{1,5}\)[ \t]+"/.test(line)) {
      const after = lineBreakAfter(text, done + 1);
      const region = text.slice(lineStart, after === -1 ? text.length : after);
      const pair = NUMBERED_PAIR.exec(region);
      if (!pair || Number(pair[3]) !== Number(pair[1]) + 1 || Number(pair[1]) % 2 === 0) continue;
      const kind = personalKind(pair[2]!);
      if (kind && removes(pair[4]!, kind, kind === 'name' || kind === 'single-name')) {
        const end = lineStart + pair[0].length - 1;
        yield { start: end - pair[4]!.length, end };
      }
    } else if (FIELDS_GET.test(line)) {
      const replies = fieldReplies(text, line, done);
      done = replies.end;
      yield* replies.spans;
    } else if (STORE_KEY.test(line)) {
      const value = storeKeyValue(text, lineStart, done);
      if (value) yield value;
    } else if (/hset|hmset/i.test(line)) {
      for (const match of line.matchAll(HASH_COMMAND)) {
        const at0 = lineStart + match.index + match[0].length - match[1]!.length;
        const items = [...match[1]!.matchAll(ARGUMENT)].slice(1);
        for (let i = 0; i + 1 < items.length; i += 2) {
          const kind = personalKind(unquoted(items[i]![0]));
          const raw = items[i + 1]![0];
          const value = unquoted(raw);
          if (!kind || !removes(value, kind, kind === 'name' || kind === 'single-name')) continue;
          const start = at0 + items[i + 1]!.index + raw.indexOf(value);
          yield { start, end: start + value.length };
        }
      }
    }
  }
}

export const KV_PERSONAL_RULES: readonly Rule[] = [
  {
    id: 'kv-store-personal',
    type: 'pii',
    label: 'personal-data',
    description: 'personal values (names, e-mails, phones, streets) under personal field names in key/value stores\' numbered reply items (field then value, or the fields an HMGET named), key-then-value lines (etcdctl get) and hash commands',
    keywords: ['name', 'mail', 'phone', 'mobile', 'street', 'address', 'city', 'zip', 'postcode', 'birth', 'dob'],
    keywordStarts: true,
    detector: personalFields,
    examples: {
      match: [
        '1) "given_name"\n2) "Solveig"\n3) "family_name"\n4) "Aasen"',
        '5) "street"\n6) "Rua das Flores 118"',
        '"HSET" "cust:44" "full_name" "Iolanda Serra" "mobile" "+351 912 345 678"',
        '/crm/members/9/given_name\nSolveig\n/crm/members/9/street\nRua das Flores 118',
        '$ etcdctl get /crm/members/9/family_name\n/crm/members/9/family_name\nAasen',
        '127.0.0.1:6379> HMGET member:9 full_name town\n1) "Solveig Aasen"\n2) "Bodø"',
      ],
      noMatch: [
        '1) "name"\n2) "queue:emails"',
        '1) "hostname"\n2) "cache-03"',
        'HSET cfg:smtp mail_from noreply',
        '/svc/gateway/name\nedge-router\n/svc/gateway/port\n8443',
        'src/models/address\nsrc/models/user_name\nsrc/index.ts',
        'docs/street\nThe street view module renders tiles.',
        '> HMGET node:4 name address\n1) "edge-gw.lan"\n2) "10.8.0.1"',
      ],
    },
  },
];

export const KV_REPLY_RULES = [
  placedSecret(
    'kv-store-secret',
    "values a key/value store prints or is given under a key or field named like a secret or a session: etcdctl's key then value lines and JSON, numbered reply items, memcached VALUE/set blocks, SET/HSET/put commands in logs and monitors",
    { keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'auth', 'sess', 'sid', 'cred', '"kvs":['], keywordStarts: true, label: 'secret' },
    keyValueSecrets,
    {
      match: [
        '/svc/billing/db_password\nTq7!rWz2Kp',
        '1) "username"\n2) "lorna"\n3) "api_key"\n4) "zq_5Nf8Lw2Rt6Hx9Bm3Kc"',
        'VALUE sess:Rm4Lq8Zx2Pw7Kt9V 0 22\r\nHy6Dn3Qs8Wm1Zr5Tb9Lx2K\r\nEND',
        '1712345678.104 [0 127.0.0.1:50412] "HSET" "user:12" "auth_token" "tk9Qz2Lm7Xv4Rp8Wb3Nc"',
        '$ etcdctl put /svc/mailer/smtp_password "Lp3-orchid-77"',
        'maxmemory\n256mb\nrequirepass\nWq4-lantern-Zp8',
        'username\nsvc_sync\napi_token\nRt5Kw8Lq2Zm7Vx3Nb9',
        '{"kvs":[{"key":"L3N2Yy9hcGlfdG9rZW4=","create_revision":4,"value":"ZGZfOUx0M1F6N1ZtMktwNFdy"}]}',
      ],
      noMatch: [
        '/svc/billing/db_password\n/svc/billing/db_user',
        '1) "password_encryption"\n2) "scram-sha-256"',
        '1) "requirepass"\n2) ""',
        'VALUE session:count 0 2\r\n17\r\nEND',
        'SET session:timeout 3600',
        'HSET user:12 name "Lorna" api_key "********"',
        'type\npassword\nsecret_store\nvault-eu-1',
        'requirepass\n\nmasterauth\nchangeme',
        'auth_method\nscram-sha-256',
        '.TP\n\\-s\n.RS 4\nPass\n\\fB\\-\\-quiet\\fR\nto the helper\\&.\n.RE',
        'The file lists the accounts in\npasswd\n.PP\nOne per line.',
      ],
    },
  ),
];
