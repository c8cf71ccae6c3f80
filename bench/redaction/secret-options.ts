/**
 * Where real programs take a secret, mined from their own documentation on this machine (man
 * pages, sample configuration files), and whether the `standard` profile catches a value written
 * there. Nothing of the documentation is committed: this reads it at run time.
 *
 *   npm run build && node dist/bench/redaction/secret-options.js [--misses] [--docs] [--json]
 *                                                                [--man DIR] [--configs DIR ...]
 *
 * An option or directive counts when its heading names a value (`--password=PASS`, `-w passwd`,
 * `requirepass password`) and its name, placeholder or paragraph says it is a password,
 * passphrase, token, secret key or credential, the value itself and not a file holding it. Each
 * is written as a user or agent would (`prog --password=VALUE`, `key = VALUE`,
 * `<Password>VALUE</Password>`, `NAME=VALUE prog`) with generated values of three shapes. A
 * line is caught when the value is gone from the redacted text.
 *
 * Programs are split into a tuning half and a held-out half by a stable hash of their name;
 * `--misses` lists the tuning half's misses only. `--docs` lists the man pages' paragraphs (with
 * their placeholders) that `standard` changes: placeholders are no secrets, so the target there is
 * none. (Sample configurations' commented values are examples, not placeholders: not counted.)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createTextRedactor } from '../../redaction/index.js';
import { isMain } from '../util.js';
import { Rng } from './prng.js';
import { paragraphs, roffToLines } from './roff-text.js';

export type Form = 'long=' | 'long' | 'short' | 'short-glued' | 'key value' | 'key = value' | 'key: value' | 'xml element' | 'xml attribute' | 'env';
export type Half = 'tuning' | 'held-out';

export interface SecretOption {
  program: string;
  /** the option or directive as documented: `--password`, `-P`, `requirepass`, `Password` */
  name: string;
  form: Form;
  /** where it was found: `man8/foo.8.gz`, `/etc/foo.conf` */
  source: string;
  /** the documentation's heading and paragraph (for the documentation check) */
  doc: string;
  /** the value is the user and the secret joined by this (`-U USER%PASSWORD`, `-u <user:password>`) */
  userJoin?: string;
}

/** A name that says it holds a secret. */
const SECRET_NAME = /pass(?:word|wd|phrase|in|out|certs)?(?![a-z])|pwd|(?:^|[-_.])pw(?:$|[-_.])|secret|token|credential|psk|api[-_.]?key|access[-_.]?key|auth(?:key|[-_.]key)?$|cookie|^key$|private[-_.]?key$|shared[-_.]?key/i;
/** A paragraph that says so. */
const SECRET_DOC = /\b(?:password|passphrase|passwd|secret|token|credential|pre-?shared|api key|access key|authentication key|shared key)/i;
/** Names and placeholders for something else: a file, a length, a policy, a user. */
const NOT_THE_VALUE =
  /file|path|dir|fd\b|^fd|cmd|command|program|prog$|prompt|stdin|length|len$|min|max|policy|expir|age$|hash|type|algo|method|mode|timeout|retr|url|uri|^id$|[-_]id$|name|user|login|size|store|helper|source|format|digest|count|^n$|num|seconds|days|time|host|port|level|cache|agent|env|var|fingerprint|mechanism|list|spec|scheme|header|query|reset|change|expire|required|quality|check|ask|no-|^-?-?no|enable|disable|allow|require|use-|salt|rounds|encrypt|iterations|version|class|backend|manager|server|keyring|provider|callback|script|exec|script|db$/i;
const FILE_PLACEHOLDER = /^(?:file|path|filename|dir|directory|fd|num|n|number|seconds|url|uri|type|method|name|user|id|host|port|mode|level|spec|string|arg|value|val|x|str)$/i;

/** One alias of an option heading: the flag, its separator, its placeholder. */
const FLAG_ALIAS = /^(--?[A-Za-z0-9?][\w.-]*)(?:(\[=|=|\[|\s+\[?|:)\s*<?([A-Za-z_][\w-]*)>?\]?)?$/;
/** A directive heading: name, separator, placeholder. */
const DIRECTIVE_HEADING = /^([A-Za-z][\w.-]{1,50})(?:(\s*=\s*|\s*:\s+|\s+)(\S[^\n]{0,60}))?$/;

/** Marks a heading split from its description in one paragraph (`--password Specify the password …`). */
const INLINE_MARK = '\u0000';
/** Flags (and a placeholder) then a description that starts a sentence. */
const INLINE_HEADING = /^(-{1,2}[A-Za-z0-9][\w.-]*(?:(?:\s*[,|]\s*|\s+or\s+)-{1,2}[A-Za-z0-9][\w.-]*)*(?:[= ]<?(?:[a-z_][\w-]*|[A-Z_]{2,})>?)?)\s+([A-Z][a-z]+\b.{10,})$/;
/** A placeholder of a user and a password joined: `<user:password>`, `USERNAME[%PASSWORD]`, `user,pass`. */
const USER_JOINED_PLACEHOLDER = /(?:user(?:name)?|login)\]?\[?([:%,])\]?\[?pass(?:word|wd)?\b/i;
/** A description that says the option's argument is the secret itself. */
const GIVES_THE_VALUE = /^(?:Provide|Specify|Set|Use|Give|Supply|Pass|Sets|Specifies|Provides|Uses)\b[^.]{0,40}\b(?:password|passphrase|token|secret|key)\b/i;

function splitInlineHeading(paragraph: string): string[] {
  const match = INLINE_HEADING.exec(paragraph);
  return match ? [match[1]! + INLINE_MARK, match[2]!] : [paragraph];
}

function flagForm(flag: string, separator: string | undefined): Form {
  if (flag.startsWith('--')) return separator?.includes('=') ? 'long=' : 'long';
  if (flag.length > 2) return separator?.includes('=') ? 'long=' : 'long';
  return separator === '[' || separator === '' ? 'short-glued' : 'short';
}

function takesSecret(name: string, placeholder: string | undefined, doc: string): boolean {
  const bare = name.replace(/^-+/, '');
  if (NOT_THE_VALUE.test(bare)) return false;
  if (placeholder && FILE_PLACEHOLDER.test(placeholder) && !SECRET_NAME.test(bare)) return false;
  if (placeholder && NOT_THE_VALUE.test(placeholder) && !SECRET_NAME.test(placeholder)) return false;
  const named = SECRET_NAME.test(bare) || (placeholder !== undefined && SECRET_NAME.test(placeholder));
  const firstSentence = doc.split(/(?<=\.)\s/)[0] ?? doc;
  if (!SECRET_DOC.test(firstSentence) && !(named && SECRET_DOC.test(doc))) return false;
  // "a file containing the password", "prompt for the password": the value is not on the line
  if (/\b(?:file|path|directory|command|program|prompt|read from|environment variable)\b/i.test(firstSentence) && !SECRET_NAME.test(bare)) return false;
  // unnamed, the description must say the argument is the secret (`chage --lastday`'s mentions a password, takes a day)
  return named || GIVES_THE_VALUE.test(firstSentence);
}

/**
 * The program a man page documents, as its own text writes the command: `openssl-enc` is
 * `openssl enc`, `gcloud_alpha_sql_users_create` is `gcloud sql users create`, `pg_ctl` stays.
 */
function manProgram(file: string, lines: readonly string[]): string {
  const page = basename(file).replace(/\.gz$/, '').replace(/\.[0-9][a-z]*$/, '').replace(/_(?:alpha|beta)_/g, '_');
  for (const spaced of [page.replaceAll('_', ' '), page.replaceAll('-', ' '), page.replace(/[-_]/g, ' ')]) {
    if (spaced === page) continue;
    const words = spaced.split(' ').map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const written = new RegExp(`(?:^|\\s)${words.join('\\s+')}(?:\\s|$)`);
    if (lines.some((line) => written.test(line))) return spaced;
  }
  return page;
}

export function minePage(program: string, source: string, text: string, section: string): SecretOption[] {
  const found: SecretOption[] = [];
  const paras = paragraphs(roffToLines(text)).flatMap(splitInlineHeading);
  for (let i = 0; i + 1 < paras.length; i++) {
    const heading = paras[i]!;
    const body = paras[i + 1]!;
    // `-P, --pw Provide a password …`: the value is named by the description alone
    if (heading.length > 120 || body.length < 10) continue;
    const doc = `${heading.replace(INLINE_MARK, '')}\n${body}`;
    if (heading.startsWith('-')) {
      const aliases = heading.split(/\s*(?:,|\||\bor\b)\s*/).map((alias) => FLAG_ALIAS.exec(alias.replace(INLINE_MARK, '').trim()));
      // `-m, --mindays MIN_DAYS`: an alias written bare takes the placeholder of another
      const shared = aliases.find((alias) => alias?.[3])?.[3];
      // `-U|--user=[DOMAIN\]USERNAME[%PASSWORD]`, `-u, --user <user:password>`: the secret is glued to the user
      const joined = USER_JOINED_PLACEHOLDER.exec(heading);
      if (joined) {
        for (const alias of heading.split(/\s*(?:,|\|)\s*/)) {
          const flag = /^(-{1,2}[A-Za-z0-9][\w.-]*?)(?=[=\s]|$)/.exec(alias.replace(INLINE_MARK, '').trim())?.[1];
          const separator = alias.includes('=') ? '=' : ' ';
          if (flag) found.push({ program, name: flag, form: flagForm(flag, separator), source, doc, userJoin: joined[1]! });
        }
        continue;
      }
      for (const match of aliases) {
        if (!match) continue;
        if (!match[3] && !shared && !GIVES_THE_VALUE.test(body)) continue;
        if (!takesSecret(match[1]!, match[3] ?? shared, body)) continue;
        found.push({ program, name: match[1]!, form: flagForm(match[1]!, match[2] ?? ' '), source, doc });
      }
      continue;
    }
    const directive = DIRECTIVE_HEADING.exec(heading);
    if (!directive) continue;
    const name = directive[1]!;
    const separator = directive[2];
    const placeholder = directive[3]?.replace(/[<>[\]"]/g, '').split(/\s/)[0];
    // environment variables: `PGPASSWORD`, documented under their own heading
    if (/^[A-Z][A-Z0-9_]{2,}$/.test(name) && !separator) {
      if (SECRET_NAME.test(name) && takesSecret(name, undefined, body)) found.push({ program, name, form: 'env', source, doc });
      continue;
    }
    if (section !== '5') continue;
    if (!SECRET_NAME.test(name) || !takesSecret(name, placeholder, body)) continue;
    const form: Form = separator?.includes('=') ? 'key = value' : separator?.includes(':') ? 'key: value' : 'key value';
    found.push({ program, name, form, source, doc });
  }
  return found;
}

function* walk(dir: string, depth = 0): Iterable<string> {
  if (depth > 6) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) yield* walk(path, depth + 1);
    else if (stat.isFile() && stat.size < 2_000_000) yield path;
  }
}

export function mineManPages(root: string): SecretOption[] {
  const found: SecretOption[] = [];
  for (const section of ['1', '5', '8']) {
    const dir = join(root, `man${section}`);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      const path = join(dir, file);
      let text: string;
      try {
        const raw = readFileSync(path);
        text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      } catch {
        continue;
      }
      if (!/pass|secret|token|credential/i.test(text)) continue;
      if (/^\.so\s/m.test(text.slice(0, 200))) continue;
      found.push(...minePage(manProgram(file, roffToLines(text)), `man${section}/${file}`, text, section));
    }
  }
  return found;
}

/** A commented or live line of a sample configuration: name, separator, value. */
const CONFIG_LINE = /^[ \t]*(?:[#;]+[ \t]*)?([A-Za-z][\w.-]{1,60})([ \t]*[=:][ \t]*|[ \t]+)(\S[^\n]{0,200})?$/;
const XML_ELEMENT = /<([A-Za-z][\w.-]{1,60})>([^<\n]{0,100})<\/\1>/g;
const XML_ATTRIBUTE = /\s([A-Za-z][\w.-]{1,60})="([^"\n]{0,100})"/g;

function configProgram(path: string): string {
  const doc = /\/usr\/share\/doc\/([^/]+)\//.exec(path);
  if (doc) return doc[1]!;
  const etc = /\/etc\/([^/]+)/.exec(path);
  return (etc?.[1] ?? basename(path)).replace(/\.(?:conf|cfg|ini|xml|yaml|yml|json)$/, '');
}

export function mineConfigs(roots: readonly string[]): SecretOption[] {
  const found: SecretOption[] = [];
  for (const root of roots) {
    for (const path of walk(root)) {
      if (/\.(?:gz|png|jpg|so|py|pl|pm|rb|sh|js|c|h|html|pdf|pem|crt|key|db)$|\/(?:shadow|gshadow|passwd)(?:-)?$/.test(path)) continue;
      if (root.startsWith('/usr/share/doc') && !/\/examples?\//.test(path)) continue;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      if (text.includes('\0') || !/pass|secret|token|credential|psk/i.test(text)) continue;
      const program = configProgram(path);
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (root.startsWith('/etc') && !/^[ \t]*(?:[#;]|<!--)/.test(line)) continue;
        for (const element of line.matchAll(XML_ELEMENT)) {
          if (SECRET_NAME.test(element[1]!) && !NOT_THE_VALUE.test(element[1]!)) found.push({ program, name: element[1]!, form: 'xml element', source: path, doc: line });
        }
        for (const attribute of line.matchAll(XML_ATTRIBUTE)) {
          if (SECRET_NAME.test(attribute[1]!) && !NOT_THE_VALUE.test(attribute[1]!)) found.push({ program, name: attribute[1]!, form: 'xml attribute', source: path, doc: line });
        }
        const match = CONFIG_LINE.exec(line);
        if (!match || line.includes('<')) continue;
        // under /etc only the commented samples are documentation; live lines are this machine's own settings
        if (root.startsWith('/etc') && !/^[ \t]*[#;]/.test(line)) continue;
        const name = match[1]!;
        if (!SECRET_NAME.test(name) || NOT_THE_VALUE.test(name)) continue;
        // a config line whose value is a file or a switch: `password_file /x`, `auth yes`
        const value = match[3]?.trim() ?? '';
        if (/^(?:yes|no|on|off|true|false|none|\d+|[/~$].*)$/i.test(value)) continue;
        // a sentence of a comment, not a setting
        if (/\s/.test(value) && !/^["']/.test(value)) continue;
        const separator = match[2]!;
        const form: Form = separator.includes('=') ? 'key = value' : separator.includes(':') ? 'key: value' : 'key value';
        const context = lines.slice(Math.max(0, i - 2), i + 1).join('\n');
        found.push({ program, name, form, source: path, doc: context });
      }
    }
  }
  return found;
}

/** One of each (program, name, form). */
export function distinct(options: readonly SecretOption[]): SecretOption[] {
  const seen = new Map<string, SecretOption>();
  for (const option of options) {
    const key = `${option.program}\0${option.name}\0${option.form}\0${option.userJoin ?? ''}`;
    if (!seen.has(key)) seen.set(key, option);
  }
  return [...seen.values()];
}

export function halfOf(program: string): Half {
  const first = createHash('sha256').update(program.split(' ')[0]!).digest()[0]!;
  return first & 1 ? 'held-out' : 'tuning';
}

const WORDS = ['harbor', 'velvet', 'copper', 'lantern', 'meadow', 'falcon', 'granite', 'orchid', 'summit', 'willow', 'ember', 'thistle', 'cobalt', 'juniper'];
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const PUNCT = '#!%&*+-_.@^~';

export type Shape = 'random' | 'words' | 'punctuation';
export const SHAPES: readonly Shape[] = ['random', 'words', 'punctuation'];

export function generatedValue(shape: Shape, rng: Rng): string {
  const pick = (chars: string) => chars[Math.floor(rng.next() * chars.length)]!;
  if (shape === 'random') return Array.from({ length: 16 }, () => pick(ALNUM)).join('');
  if (shape === 'words') {
    const [a, b] = rng.sample(WORDS, 2);
    return `${a}${pick('-_.')}${b}${Math.floor(rng.next() * 9000 + 1000)}`;
  }
  // letters and digits with two or three marks among them, none first
  const chars = Array.from({ length: 12 }, () => pick(ALNUM));
  for (let i = 0; i < 3; i++) chars[1 + Math.floor(rng.next() * 11)] = pick(PUNCT);
  return chars.join('');
}

/** The line a user or agent would write with that value. */
export function lineFor(option: SecretOption, secret: string): string {
  const value = option.userJoin ? `ops${option.userJoin}${secret}` : secret;
  const quoted = /[#!&*^~%]/.test(value) ? `'${value}'` : value;
  switch (option.form) {
    case 'long=':
      return `${option.program} ${option.name}=${quoted}`;
    case 'long':
    case 'short':
      return `${option.program} ${option.name} ${quoted}`;
    case 'short-glued':
      return `${option.program} ${option.name}${quoted}`;
    case 'key value':
      return `${option.name} ${value}`;
    case 'key = value':
      return `${option.name} = ${value}`;
    case 'key: value':
      return `${option.name}: ${value}`;
    case 'xml element':
      return `<${option.name}>${value}</${option.name}>`;
    case 'xml attribute':
      return `<connection ${option.name}="${value}"/>`;
    case 'env':
      return `${option.name}=${quoted} ${option.program.split(' ')[0]}`;
  }
}

export interface Case {
  option: SecretOption;
  half: Half;
  shape: Shape;
  value: string;
  line: string;
  caught: boolean;
}

export interface MinerReport {
  options: number;
  programs: Record<Half, number>;
  caught: Record<Half, number>;
  cases: Record<Half, number>;
  byForm: Record<string, { cases: number; caught: number }>;
  cases_: Case[];
  docParagraphs: number;
  docChanged: { source: string; doc: string; redacted: string }[];
}

export function scoreOptions(options: readonly SecretOption[]): MinerReport {
  const redact = createTextRedactor('standard');
  const cases: Case[] = [];
  for (const option of options) {
    const rng = new Rng(`${option.program}\0${option.name}\0${option.form}`);
    for (const shape of SHAPES) {
      const value = generatedValue(shape, rng);
      const line = lineFor(option, value);
      cases.push({ option, half: halfOf(option.program), shape, value, line, caught: !redact(line).text.includes(value) });
    }
  }
  const count = (half: Half, caught?: boolean) => cases.filter((c) => c.half === half && (caught === undefined || c.caught === caught)).length;
  const byForm: MinerReport['byForm'] = {};
  for (const c of cases) {
    const entry = (byForm[c.option.form] ??= { cases: 0, caught: 0 });
    entry.cases += 1;
    if (c.caught) entry.caught += 1;
  }
  // man pages' paragraphs only: a sample configuration's commented values (`secret = testing123`) are examples, counted apart
  const docs = new Map<string, string>();
  for (const option of options) if (option.source.startsWith('man')) docs.set(option.doc, option.source);
  const docChanged: MinerReport['docChanged'] = [];
  for (const [doc, source] of docs) {
    const redacted = redact(doc);
    if (redacted.findings > 0) docChanged.push({ source, doc, redacted: redacted.text });
  }
  const programsIn = (half: Half) => new Set(options.filter((o) => halfOf(o.program) === half).map((o) => o.program)).size;
  return {
    options: options.length,
    programs: { tuning: programsIn('tuning'), 'held-out': programsIn('held-out') },
    caught: { tuning: count('tuning', true), 'held-out': count('held-out', true) },
    cases: { tuning: count('tuning'), 'held-out': count('held-out') },
    byForm,
    cases_: cases,
    docParagraphs: docs.size,
    docChanged,
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const valueOfArg = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const manRoot = valueOfArg('--man') ?? '/usr/share/man';
  const configRoots = args.includes('--configs') ? args.slice(args.indexOf('--configs') + 1).filter((a) => !a.startsWith('--')) : ['/etc', '/usr/share/doc'];
  const options = distinct([...mineManPages(manRoot), ...mineConfigs(configRoots)]);
  const report = scoreOptions(options);
  if (args.includes('--json')) {
    console.log(JSON.stringify({ ...report, cases_: undefined }, null, 2));
    return;
  }
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
  console.log(`secret options mined: ${report.options} (programs: tuning ${report.programs.tuning}, held-out ${report.programs['held-out']})`);
  for (const half of ['tuning', 'held-out'] as const) {
    console.log(`  ${half}: ${report.caught[half]}/${report.cases[half]} caught (${pct(report.caught[half], report.cases[half])})`);
  }
  for (const [form, entry] of Object.entries(report.byForm)) console.log(`    ${form}: ${entry.caught}/${entry.cases}`);
  console.log(`  documentation paragraphs changed by standard: ${report.docChanged.length}/${report.docParagraphs}`);
  if (args.includes('--misses')) {
    for (const c of report.cases_) if (c.half === 'tuning' && !c.caught) console.log(`MISS ${c.option.form.padEnd(13)} ${c.option.source}  ${c.line}`);
  }
  if (args.includes('--docs')) {
    for (const d of report.docChanged) console.log(`DOC ${d.source}\n  ${d.doc.replaceAll('\n', '⏎ ')}\n  => ${d.redacted.replaceAll('\n', '⏎ ')}`);
  }
}

if (isMain(import.meta.url)) main();
