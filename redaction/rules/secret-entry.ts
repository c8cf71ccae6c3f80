/**
 * Which entries of a Kubernetes Secret's `data:` / `stringData:` hold nothing secret. A Secret
 * often carries the settings that go with a credential (`username: admin`, `host`, `port`,
 * `database`), whole files (`config.yaml`, `.env`, `tls.crt`), and manifests in repositories and
 * docs hold placeholders (`Y2hhbmdlbWU=` is `changeme`). An entry named for a credential is a
 * secret unless its value is a placeholder; a setting is one only when its value is shaped like a
 * credential; a file is left to the rules that read it (the base64 of text is decoded and scanned
 * by encodings.ts, so a password inside it is still found there).
 */
import { isPlaceholder, isShielded } from '../shields.js';

/** The last word of an entry's name that says it is a setting, not a credential. */
const SETTING_WORD = /^(?:user|username|usr|login|host|hostname|hosts|port|database|db|dbname|schema|name|namespace|region|zone|endpoint|url|uri|address|addr|server|servers|email|mail|from|sender|account|project|tenant|org|organization|team|bucket|cluster|environment|env|mode|protocol|scheme|sslmode|driver|dialect|timeout|version|path|domain|id|vhost|queue|topic|channel|realm|issuer|audience|scope|scopes|owner)$/;
/** A word that makes a name a credential's whatever its last word (`TOKEN_URL`, `ACCESS_KEY_ID`). */
const CREDENTIAL_WORD = /^(?:pass|password|passwd|passphrase|pwd|pw|secret|secrets|token|tokens|key|keys|privatekey|apikey|credential|credentials|creds|auth|private|jwt|salt|dsn|signing|session|cookie|htpasswd|keystore|truststore|pin|otp|totp|seed|mnemonic|conn|connection|dockerconfigjson|dockercfg)$/;

/** `DB_HOST`, `postgres-user`, `smtpUsername` → its words, lower case. */
function nameWords(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean).map((word) => word.toLowerCase());
}

/** Base64 of UTF-8 text (line breaks allowed), or null: bytes that are not text are a key or a keystore. */
function decodedText(value: string): string | null {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  const text = bytes.toString('utf8');
  return /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]*$/.test(text) ? text : null;
}

/** A placeholder, a template, a stand-in, a reference or a value already redacted. */
function standsInForOne(value: string): boolean {
  return isPlaceholder(value) || isShielded(value, undefined);
}

/** Credentials in a URL (a password that is no placeholder), or a run a generator made (letters and digits mixed, 16 or more). */
function looksLikeACredential(value: string): boolean {
  const password = /:\/\/[^/\s:@]*:([^/\s@]+)@/.exec(value)?.[1];
  if (password !== undefined && !standsInForOne(password)) return true;
  return (value.match(/[A-Za-z0-9+/_-]{16,}/g) ?? []).some((run) => /\d/.test(run) && /[A-Za-z]/.test(run) && !/^\d+[A-Za-z]{0,3}$/.test(run));
}

/**
 * True when the entry `name: value` of a Secret holds nothing secret. `encoded`: the value is
 * base64, as under `data:`.
 */
export function holdsNoSecret(name: string, value: string, encoded: boolean): boolean {
  if (standsInForOne(value)) return true;
  const plain = encoded ? decodedText(value) : value;
  if (plain === null) return false;
  const trimmed = plain.trim();
  if (trimmed.length === 0 || standsInForOne(trimmed)) return true;
  const words = nameWords(name);
  const credentialName = words.some((word) => CREDENTIAL_WORD.test(word));
  // a JSON document named for a credential is one credential whole (`.dockerconfigjson`, `credentials.json`, `sa-key.json`):
  // its encoding is what a registry or a client reads, as the README's policy counts it
  if (credentialName && /^\{/.test(trimmed)) return false;
  // a file of text: scanned where it is, or decoded from its base64 (ASCII only, as encodings.ts decodes it)
  if (/\n|^\{/.test(trimmed)) return /^[\x00-\x7f]*$/.test(plain);
  if (credentialName) return false;
  if (words.length > 0 && SETTING_WORD.test(words[words.length - 1]!)) return !looksLikeACredential(trimmed);
  return isShielded(trimmed, 'values') && !looksLikeACredential(trimmed);
}
