/**
 * A command that prints one secret: `gh auth token`, `syncthing cli config gui apikey get`,
 * `git config --get credential.helper.password`, `pnpm config get //host/:_auth`, `aws configure get aws_secret_access_key`,
 * `vault kv get -field=password kv/db`, `printenv API_TOKEN`, `cat ~/.config/x/token`. When its
 * whole output is one token, that token is the secret whatever its shape (the policy's rule 1: its
 * place, the answer to a command that reads a secret, says what it is): a hex key, a UUID, a word
 * and a number. Asked by the transcript redactor (a shell call, then its result) and by the rule for
 * a terminal capture (a prompt line, then that one token).
 */
import { isVisiblyNotTheSecret } from './secret-policy.js';
import { refusalOf, secretInPlace } from './value-judge.js';

/** Word parts that name a secret: a part on its own, after splitting on punctuation and camel case. */
const SECRET_PARTS = new Set(['password', 'passwd', 'passphrase', 'secret', 'token', 'apikey', 'credential', 'credentials', 'authtoken', 'accesstoken', 'privatekey', 'secretkey', 'masterkey']);
/** A `key` part names a secret after one of these (`api_key`, `secret-access-key`, `private.key`). */
const KEY_QUALIFIERS = new Set(['api', 'secret', 'access', 'private', 'master', 'signing', 'encryption', 'client']);
/** Words that read a value out (`get`, `show`, `-field=`, `printenv`). */
const READ_WORDS = new Set(['get', '--get', '-get', 'show', 'print', 'read', 'cat', 'view', 'reveal', '--reveal', 'display', 'echo', 'printf', 'printenv', 'decrypt', '--decrypt', '--show-secret', '--show-secrets']);
/** Decoding flags read a secret only after `base64` (`docker run -d` prints a container's id). */
const DECODE_WORDS = new Set(['-d', '--decode', '-D']);
/** Words of a command that changes, lists or checks secrets rather than printing one. */
const NOT_READING = new Set(['set', 'add', 'create', 'delete', 'remove', 'rm', 'rotate', 'revoke', 'list', 'ls', 'generate', 'login', 'logout', 'status', 'help', '--help', '-h', 'reset', 'update', 'edit', 'new', 'unset', 'encrypt', 'hash', 'verify', 'check', 'test', 'grep', 'wc', 'find', 'sed', 'awk']);
/** The name the judgement asks with: a token's and a password's places accept hex and words alike. */
const JUDGED_AS = 'token';

function partsOf(word: string): string[] {
  return word
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9-]+|(?<=[a-z0-9])-(?=[a-z0-9])/)
    .filter((part) => part.length > 0);
}

function namesASecret(parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (SECRET_PARTS.has(part)) return true;
    if (part === 'key' && i > 0 && KEY_QUALIFIERS.has(parts[i - 1]!)) return true;
  }
  return false;
}

/**
 * What every word that names a secret holds (a part of SECRET_PARTS, or `key`), in any case: a
 * command without one names none and is not split into words (most shell calls). The Kelvin sign
 * is there because partsOf lower-cases it to `k`.
 */
const NAMES_A_SECRET_SOMEWHERE = /pass|secret|token|[k\u212a]ey|credential|:_auth/i;

/** True when a shell command (one pipeline at most) prints a secret it names: the words name one, one of them reads it out, none changes or lists. */
export function readsOneSecret(command: string): boolean {
  if (command.length > 400 || /[;&\n]|\|\|/.test(command) || !NAMES_A_SECRET_SOMEWHERE.test(command)) return false;
  const words = command.trim().split(/[ \t|]+/).filter((word) => word.length > 0);
  if (words.length < 2 && !/^[\w.-]+:token$/.test(words[0] ?? '')) return false;
  let named = false;
  let reads = false;
  let base64 = false;
  for (const word of words) {
    const bare = word.replace(/^["']|["']$/g, '');
    const lower = bare.toLowerCase();
    if (NOT_READING.has(lower)) return false;
    const parts = partsOf(bare);
    // npm's `//host/:_auth`: the base64 of a user and password
    if (namesASecret(parts) || /:_auth$/.test(bare)) named = true;
    if (lower === 'base64') base64 = true;
    if (READ_WORDS.has(lower) || (base64 && DECODE_WORDS.has(bare)) || parts.includes('jsonpath') || /^-{0,2}field=/.test(bare)) reads = true;
  }
  // a command whose last word is the secret it prints (`gh auth token`, `heroku auth:token`)
  const last = partsOf(words[words.length - 1]!.replace(/^["']|["']$/g, ''));
  return named && (reads || (last.length > 0 && SECRET_PARTS.has(last[last.length - 1]!)));
}

const MAX_TOKEN = 4096;

/** The span of `output`'s one token (blanks and one line end around it allowed) when it is a value the policy takes for the secret; else undefined. */
export function loneSecretToken(output: string): { start: number; end: number } | undefined {
  if (output.length > MAX_TOKEN + 8) return undefined;
  const start = output.length - output.trimStart().length;
  const end = output.trimEnd().length;
  if (end - start < 4) return undefined;
  const token = output.slice(start, end);
  if (/\s/.test(token)) return undefined;
  return secretInPlace(token, JUDGED_AS) || wordsAndDigits(token) ? { start, end } : undefined;
}

/** Words in camel case with a number (`QuietRiver88`): a name of code elsewhere, a weak password as the answer of a command that reads one. */
function wordsAndDigits(token: string): boolean {
  return /\d/.test(token) && refusalOf(token, JUDGED_AS, 4) === 'identifier' && !isVisiblyNotTheSecret(token);
}

/** The shell command a tool call ran, from the input shapes the adapters write (`command` as a string or an argv, `cmd`). */
export function shellCommandOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const { command, cmd } = input as { command?: unknown; cmd?: unknown };
  const given = command ?? cmd;
  if (typeof given === 'string') return given;
  if (Array.isArray(given) && given.every((word) => typeof word === 'string')) {
    // `bash -lc "<script>"`, as Codex writes a command: the script is what ran
    const words = given as string[];
    return words.length === 3 && /(?:^|\/)(?:ba|z|da)?sh$/.test(words[0]!) && /^-l?c$/.test(words[1]!) ? words[2] : words.join(' ');
  }
  return undefined;
}
