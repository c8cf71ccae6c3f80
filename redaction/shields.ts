/**
 * Negative shields: values that look like secrets but are not. Every rule skips placeholders
 * (so a second redaction pass changes nothing) and templates. Rules that find values by their
 * position (after `password=`, in a header) also skip plain words, numbers, versions and paths
 * (`values`); rules whose position is only weakly sensitive (`*_key`, a bare high-entropy
 * string) also skip hashes, digests, UUIDs and agent ids (`identifiers`).
 */
import { decodedBase64Text } from './base64-text.js';
import { withoutEscapedSigils, withoutPadding } from './escaped-sigils.js';
import { isProgramMask } from './program-masks.js';
import { isStoredHashOrDigest } from './stored-password-forms.js';
import { isSshName } from './ssh-names.js';
import { isReferenceValue } from './references.js';
import { isStandIn } from './stand-ins.js';
import { shannonEntropy } from './entropy.js';
import type { ShieldLevel } from './types.js';
import { alternation, FOREIGN_PASSWORD_SPELLINGS } from './secret-words.js';

/** What atx itself writes in place of a secret or an anonymized value. */
export const PLACEHOLDER_PATTERN = /\[(?:REDACTED|ANON):[a-z0-9-]{1,48}(?:#[0-9a-f]{1,16})?\]/;

const ALREADY_REDACTED = /\[(?:REDACTED|ANON)[:\]]|^(?:[A-Za-z0-9]+[-_])*(?:REDACTED|MASKED|SCRUBBED|CENSORED|OBFUSCATED|redacted)(?:[-_][A-Za-z0-9]+)*$|^(?:\*{3,}|x{4,}|X{4,}|•{3,}|<redacted>|\*\*REDACTED\*\*|REDACTED|redacted|\[redacted\]|\[FILTERED\]|\[MASKED\]|\((?:sensitive(?: value)?|known after apply)\)|<sensitive>)$/;
/** Shown cut short (`sk-ant-...`, `ghp_abc…xyz`): an example or a display, the secret itself is not there. */
const ELIDED = /\.\.\.|…/;
/** Masked as shown by a tool (`sk-ant-***`, `ghp_****1234`, `••••`): the secret is not there. */
const MASKED = /\*{3,}|•{3,}/;
/**
 * Encrypted at rest, safe without its key: Jasypt `ENC(…)`, SOPS `ENC[AES256_GCM,…]`, Spring
 * `{cipher}…`, Vault transit `vault:v1:…`, Ansible Vault, PGP and age messages, Sealed Secrets
 * (`AgA…`/`AgB…`), Google Cloud and AWS KMS ciphertext (`CiQA…`, `AQICAH…`), a tool's marker (`encrypted:…`,
 * `{AES256}…`), `openssl enc` output (`U2FsdGVkX1…`, "Salted__"),
 * Rails encrypted values (`data--iv--tag`).
 */
const ENCRYPTED = new RegExp([
  String.raw`^(?:ENC\(|ENC\[|\{cipher\}|vault:v\d+:|\$ANSIBLE_VAULT;|-----BEGIN (?:PGP MESSAGE|AGE ENCRYPTED FILE))`,
  // a tool's own marker before the ciphertext: dotenvx `encrypted:`, `enc:v1:`, `sealed:`, WebLogic `{AES256}`
  String.raw`^(?:encrypted|enc|sealed|kms|cipher(?:text)?)(?::v\d+)?:[A-Za-z0-9+/_-]{16,}={0,2}$`,
  String.raw`^\{(?:AES\d*|RSA|3?DES|DESede|Blowfish|ENC|ENCRYPTED|GCM)\}[A-Za-z0-9+/]{12,}={0,2}$`,
  String.raw`^Ag[A-D][A-Za-z0-9+/]{60,}={0,2}$|^Ag[A-Za-z0-9+/]{300,}={0,2}$`, // Sealed Secrets (RSA-wrapped: long)
  String.raw`^CiQA[A-Za-z0-9+/]{40,}={0,2}$`, // Google Cloud KMS
  String.raw`^AQ[E-I][A-D]AH[A-Za-z0-9+/]{40,}={0,2}$`, // AWS KMS ciphertext blobs
  String.raw`^U2FsdGVkX1[A-Za-z0-9+/]{10,}={0,2}$`, // openssl enc, "Salted__"
  String.raw`^[A-Za-z0-9+/]{4,}={0,2}--[A-Za-z0-9+/]{12,}={0,2}--[A-Za-z0-9+/]{12,}={0,2}$`, // Rails data--iv--tag
].join('|'));

const TEMPLATE = new RegExp([
  String.raw`^\$\$?\{\{?[^}]*\}?\}$`, // ${VAR}, ${{ secrets.X }}, and a Makefile recipe's $${VAR}
  String.raw`^\{\{[^}]*\}\}$`, // {{ var }}
  String.raw`^\$\$?[A-Z_][A-Z0-9_]*$`, // $VAR, and $$VAR (a shell variable in a Makefile recipe)
  String.raw`^%[A-Z_][A-Z0-9_]*%$`, // %VAR%
  String.raw`^<[^<>]{1,60}>$`, // <your-token>
  String.raw`^\$\([^)]*\)$`, // $(command)
  String.raw`^(?:process\.env|os\.environ|ENV|env)[.[]`, // references, not values
  String.raw`^(?:get_?secret|getenv|secrets?\.)`,
  String.raw`^(?:self|this|cls|ctx|config|settings|options|opts|props|state|params)\.[A-Za-z_]`, // an attribute read in code
  String.raw`^%\([\w.-]+\)[sd]?$`, // %(db_password)s: Python and INI interpolation
  String.raw`^\{[a-z_][a-z0-9_.-]*\}$`, // {password}: format strings, i18n placeholders
  String.raw`^\[(?:parameters|variables|reference|listKeys|listSecrets)\(`, // ARM template expressions
  String.raw`^:[a-z_]+$`, // :password: a bind parameter or a Ruby symbol
  String.raw`^env:[A-Za-z_]\w*$`, // env:APP_KEY: read from the environment
  String.raw`^@[A-Za-z_]+$`, // @Password: a SQL variable
  String.raw`^\$__(?:env|file|vault)\{`, // Grafana's $__env{X}, $__file{/path}
  String.raw`^#\{[\w.:-]+\}#?$`, // Azure DevOps and Octopus replace tokens: #{ApiKey}#, #{Db.Password}
  String.raw`^__[A-Za-z][\w.]*__$`, // tokenizer placeholders: __ApiKey__
  String.raw`^(?:[@&]?\{(?:\$|env:)[\w.:-]{1,80}\}|[@&]\{[\w.:-]{1,80}\}|\$\[[\w.:-]{1,80}\]|\$<[\w.:-]{1,80}>)$`, // {$X}, {env:X}, @{x}, &{x}, $[X], $<X>
].join('|'), 'i');

const PLACEHOLDER_WORDS = /^(?:(?:your|my|the|some|insert|enter|put|add|replace)[-_ ]?.*(?:here|key|token|secret|password)|changeme|change[-_]me|replace[-_]?me|to[-_]?be[-_]?(?:replaced|set)|(?:example|sample|dummy|fake|test|demo|placeholder|secret|password|passwd|token)(?:[-_]?(?:\d{1,6}|password|passwd|secret|key|token|value|for[-_]tests?|here))*|null|none|nil|undefined|true|false|todo|tbd|xxx+|\.\.\.+|…)$/i;
/**
 * A placeholder written in another language: a possessive before the words (`votre_mot_de_passe`,
 * `DEIN_PASSWORT`, `tu-contraseña-aqui`) or "here" after them (`mot_de_passe_ici`): letters only.
 */
const FOREIGN_PLACEHOLDER = /^(?:(?:votre|vos|ton|ta|tes|ihr|ihre|dein|deine|euer|tu|tus|su|sua|seu|tua|tuo|il[-_ ]tuo|la[-_ ]tua|uw|jouw|twoje|twój|ваш|ваша|твой|твоя)[-_ ][\p{L}_ -]{2,40}|[\p{L}_ -]{2,40}[-_ ](?:ici|hier|aqui|aquí|qui|здесь|tutaj))$/iu;
/** What a usage line or man page writes for an option's value: `-pass arg`, `-srppass value`, `--key val`. */
const METAVARIABLE_WORD = /^(?:arg|args|argument|val|value|string)$/i;
/** The same in capitals, often the option's own name: `--password=PASS`, `--oauth2-client-secret=OAUTH2_CLIENT_SECRET`. */
const CAPITAL_METAVARIABLE = /^(?:[A-Z][A-Z0-9]{0,20}_){0,6}(?:PASS|PASSWD|PASSWORD|PASSPHRASE|PHRASE|PW|PWD|SECRET|TOKEN|KEY|CREDENTIALS?|CRED|AUTH|PSK|PIN|ARG|VAL|VALUE|STRING|TEXT|WORD)$/;
/** An instruction about the password, not one: `Must-Be-Changed-On-First-Login`, `set_on_first_use`, `see-the-wiki`. */
const INSTRUCTION = /^(?:must|should|needs?|to|will|set|see|ask|use|change|changed|provided|generated|sent|given|same|per)(?:[-_ ][a-z]{1,12}){2,8}$/i;
/** Windows DPAPI's `{AQAAAB…}` and AWS KMS's `AQICAH…`: encrypted (stored hashes are secret-policy.ts's). */
const WRAPPED = /^(?:\{AQAAAB[A-Za-z0-9+/=]+\}$|AQICAH[A-Za-z0-9+/=]{20,})/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_DIGEST = /^(?:[0-9a-f]{7,12}|[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$/;
const PREFIXED_DIGEST = /^(?:sha(?:1|224|256|384|512)[:-]|md5[:-]|h1:|blake2b?[:-]|sha512-)/i;
const AGENT_IDS = /^(?:toolu_|msg_|req_|chatcmpl-|call_|resp_|rs_|fc_|ses_|prt_|evt_|run_|thread_|asst_|file-|ev_)[A-Za-z0-9_-]+$/;
/** An object's id: a type's prefix and a ULID-shaped body (`key_01…`, `evt_01…`), what APIs list beside the secret. */
const PREFIXED_ULID = /^[a-z]{2,16}_[0-7][0-9A-Z]{25}$/;
const PUBLIC_KEYS = /^(?:(?:[a-z0-9]{1,16}[_-])?pk_(?:live|test)_|pk\.eyJ|phc_|ssh-(?:rsa|ed25519|dss) |ecdsa-sha2-|age1[0-9a-z]{50,})/;
/** Vendor documentation samples: AWS's `...EXAMPLE` / `...EXAMPLEKEY` keys and friends. */
const DOC_EXAMPLE = /EXAMPLE(?:KEY)?$|^(?:AKIAIOSFODNN7|wJalrXUtnFEMI)/;
/** `42`, `1.2.3`, `1.2.3-beta.2+build.5`, `2-rc1`; not `7-9KqzLmW2…` (a token that starts with a digit and a dash) */
/** Where a value lives, as a runtime prints a reference (Lua's `table: 0x55f2e1763e10`, Python's `at 0x7f3a…`, Go's `%p`): never a secret. */
const MEMORY_ADDRESS = /^0x[0-9a-fA-F]{6,16}$/;
const NUMBER_OR_VERSION = /^[v=~^<>]*\d+(?:[.,_:]\d+)*$|^[v=~^<>]*\d+(?:[.,_:]\d+)+[-+.][A-Za-z0-9.]+$|^[v=~^<>]*\d+[-+][A-Za-z][A-Za-z0-9.]{0,11}$/;
const PATH = /^(?:[\w.-]{1,64}:)?(?:~|\.{1,2})?\/[\w.\-/@]*$|^[A-Za-z]:\\[\w.\\\- ]*$|^[\w.-]+(?:\/[\w.-]+)+\.[A-Za-z][A-Za-z0-9]{0,5}$/;
/** words as written in code and help text: `prod-db`, `MyApp`, `apiToken`, and upper-case metavariables (`TEXT`, `API_TOKEN`, `API_KEY_V2`) */
const WORDISH = /^[a-z]+(?:[-_ .](?:[a-z]+|v\d{1,3}))*$|^[A-Z][a-z]+(?:[A-Z][a-z]+)*$|^[a-z]+(?:[A-Z][a-z]+)+$|^[A-Z]+(?:[-_][A-Z]+)*$|^[A-Z]{2,}(?:_[A-Z]+)*_[A-Z]*\d{1,2}$/;
/**
 * Mixed-case letters a generator drew (`ZqHvpphhnvVevAue`) rather than words joined: words hold
 * about two vowels in five lower-case letters (y counted), drawn letters about one in four.
 */
function drawnLetters(value: string): boolean {
  if (!/[A-Z]/.test(value) || !/[a-z]/.test(value)) return false;
  const lower = value.replace(/[^a-z]/g, '');
  if (lower.length < 10) return false;
  const vowels = lower.replace(/[^aeiouy]/g, '').length;
  return vowels / lower.length < 0.3;
}
/** Words joined by underscores, each capitalized or an acronym (a setting's or a constant's name: `Lan_Enable_IPMI_Msgs`, `GCRY_CIPHER_SALSA20R12`). */
const UNDERSCORED_WORDS = /^(?:[A-Z][a-z]{2,}|[A-Z]{2,})(?:_(?:[A-Z][a-z]{2,}|[A-Z]{2,}[0-9A-Z]*|[0-9]{1,3})){2,}$/;
/** A key made of words and a digest: `node-modules-Linux-<sha256>`, `v2-assets-<hex>` (caches, builds, ETags). */
const NAMED_DIGEST = /^[A-Za-z](?:[A-Za-z0-9.]{0,30}[-_/:]){1,8}[0-9a-f]{7,128}$/;
/** A credential written as a template (`<public-key>`, `${DB_PASS}`, `{{ password }}`, `%s`, `$TOKEN`). */
const CREDENTIAL_TEMPLATE = String.raw`(?:<[^<>\s@/]{1,60}>|\$\{[^{}@/]{1,60}\}|\{\{?[^{}@/]{1,60}\}?\}|%s|\$[A-Z_][A-Z0-9_]{0,60})`;
/**
 * A URL whose credentials are templates: the user alone (`https://<public-key>@o0.ingest.sentry.io/<project-id>`),
 * or the password, with or without the user (`postgres://app:${DB_PASS}@db/app`). A URL to be filled
 * in, not one; a token elsewhere in it (a query's) is still found by its own rule.
 */
const TEMPLATED_CREDENTIALS_URL = new RegExp(String.raw`^[a-z][a-z0-9+.-]*:\/\/(?:${CREDENTIAL_TEMPLATE}(?::${CREDENTIAL_TEMPLATE})?|[^:@/\s<>{}$]{0,64}:${CREDENTIAL_TEMPLATE})@[^\s@]+$`, 'i');
/** A URL with a user name and no password: Sentry's DSN carries its public key there. */
const PUBLIC_DSN = /^https?:\/\/[0-9a-f]{32}@(?:o\d+\.)?(?:ingest\.)?(?:[a-z]{2}\.)?sentry\.io\/\d+$/;
const REPEATED = /^(.)\1{5,}$|^(?:0123456789|123456789|abcdef|abc123)/i;
/** A compound that says how a value is made, not the value: `HS256-signed`, `Base64-encoded`, `AES-256-encrypted`, `url-safe`. */
const HOW_IT_IS_MADE = /^[A-Za-z0-9.+-]{1,24}-(?:signed|encoded|decoded|encrypted|decrypted|hashed|salted|based|derived|generated|protected|wrapped|padded|compressed|serialized|scoped|bound|only|safe|compatible|compliant|managed|backed|driven|powered|stored|enabled|disabled|required|specific|aware|ready|friendly)$/;
/**
 * roff, as man pages are written (`man -P cat` is not always used): font changes (`\fB…\fR`), the
 * zero-width `\&`, named characters (`\(aq`, `\*(Aq`), and a request alone: roff's are one or two
 * letters (`.fi`, `.PP`), mdoc's a capital and a small letter (`.Nm`), docutils' in capitals
 * (`.UNINDENT`). A longer word after a dot is not one: a table cell wrapped inside an e-mail
 * address shows `.achterb`.
 */
const ROFF_MARKUP = /\\f[BIRPC1-4([]|\\&|\\\*?\([A-Za-z`'][A-Za-z`']|^\.(?:[A-Za-z]{1,2}|[A-Z]{3,10})$/;
/**
 * A usage line's template: parts of a value, split by `/`, `=`, `,` or `:`, each an upper-case
 * metavariable (`KEYID`, `PROJECT_ID`) or a lower-case word of the syntax, at least one of each
 * kind: `id=KEYID,value=BASE64PUBLICKEY`, `projects/PROJECT/secrets/SECRET/versions/VERSION`.
 */
function isUsageTemplate(value: string): boolean {
  const parts = value.split(/[/=,:]/).filter((part) => part !== '');
  if (parts.length < 2) return false;
  let metavariables = 0;
  for (const part of parts) {
    if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(part) && /[A-Z]{3}/.test(part)) metavariables++;
    else if (!/^[a-z][A-Za-z_-]*$/.test(part)) return false;
  }
  return metavariables > 0 && metavariables < parts.length;
}
/** A member of an enumeration or a class, qualified (`SyntaxKind.OpenBraceToken`, `HttpStatus.NotFound`): words of code. */
const QUALIFIED_MEMBER = /^(?:[A-Z][a-z]+){2,}\.(?:[A-Z][a-z0-9]+)+$/;
/** A text style (Pygments, terminal and editor themes): `bold #08547A`, `italic bg:#f0f0f0`, `noinherit underline`. */
const STYLE_SPEC = /^(?:(?:no)?(?:bold|italic|underline|inherit|roman|sans|mono)|(?:bg:|border:)?#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?)(?:[ \t]+(?:(?:no)?(?:bold|italic|underline|inherit|roman|sans|mono)|(?:bg:|border:)?#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?))*$/;
/** Percent-encoded words (a PKCS#11 URI's `token=PIV_II%20%28PIV%20Card%20Holder%20pin%29`): a label with spaces, decoded. */
function isEncodedLabel(value: string): boolean {
  if (!value.includes('%20')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return /^[A-Za-z][\w.-]*(?:[ \t]+[(]?[A-Za-z][\w.-]*[)]?){2,}$/.test(decoded);
}
const URLISH = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]+(?:\/\S*)?$/i;

/**
 * The same values are asked about again and again (a placeholder in every event, one setting in
 * every tool call) and each answer costs a few dozen expressions: answers are remembered, per
 * level. In objects, not maps: an object's key is a copy of the string (interned), where a map
 * would keep alive the whole text a value was cut from.
 */
type Answers = Record<string, boolean>;
const answers = new Map<ShieldLevel | undefined, Answers>();
const MAX_REMEMBERED = 4096;
let remembered = 0;

/** True when a candidate secret must be left alone. */
export function isShielded(value: string, level: ShieldLevel | undefined): boolean {
  // roff escapes a man page's hyphens (`projects/my\-project/secrets/x`): judged as the page reads
  if (value.includes('\\-')) return isShielded(value.replaceAll('\\-', '-'), level);
  let known = answers.get(level);
  if (!known) {
    known = Object.create(null) as Answers;
    answers.set(level, known);
  }
  const answer = known[value];
  if (answer !== undefined) return answer;
  if (remembered >= MAX_REMEMBERED) {
    answers.clear();
    remembered = 0;
    known = Object.create(null) as Answers;
    answers.set(level, known);
  }
  remembered += 1;
  return (known[value] = shielded(value, level));
}

function shielded(value: string, level: ShieldLevel | undefined): boolean {
  const unescaped = withoutEscapedSigils(value);
  if (unescaped !== value && shielded(unescaped, level)) return true;
  // only what is never a value (a mask, a template, a stand-in): a padded name is still a name
  const unpadded = withoutPadding(value);
  if (unpadded !== value && shielded(unpadded, undefined)) return true;
  // a mask or a placeholder as XML and HTML write it (`&lt;redacted&gt;`, `&lt;your-token&gt;`)
  if (value.includes('&') && /&(?:lt|gt|amp|quot|apos|#39);/.test(value) && shielded(unescapedMarkup(value), undefined)) return true;
  // the same written with escaped characters: JSON's `\u003cunset\u003e` (Go escapes `<>&` so), a string literal's `\x3c…\x3e`, a URL's `%3C…%3E`
  if (ESCAPED_MARKER_CHARACTER.test(value) && shielded(unescapedCharacters(value), undefined)) return true;
  if (ALREADY_REDACTED.test(value) || isProgramMask(value) || isSshName(value) || TEMPLATE.test(value) || TEMPLATED_CREDENTIALS_URL.test(value) || ELIDED.test(value) || MASKED.test(value) || ENCRYPTED.test(value) || WRAPPED.test(value) || isStoredHashOrDigest(value) || HOW_IT_IS_MADE.test(value) || ROFF_MARKUP.test(value)) return true;
  if (isStandIn(value) || isReferenceValue(value) || encodesAStandIn(value) || isUsageTemplate(value) || QUALIFIED_MEMBER.test(value) || STYLE_SPEC.test(value) || isEncodedLabel(value)) return true;
  if (level === undefined) return false;
  if (level === 'identifiers' && (UUID.test(value) || HEX_DIGEST.test(value) || PREFIXED_DIGEST.test(value) || AGENT_IDS.test(value) || PREFIXED_ULID.test(value) || NAMED_DIGEST.test(value))) {
    return true;
  }
  return isPlaceholder(value)
    || PUBLIC_KEYS.test(value)
    || DOC_EXAMPLE.test(value)
    || NUMBER_OR_VERSION.test(value)
    || MEMORY_ADDRESS.test(value)
    || (PATH.test(value) && !base64WithSlashes(value))
    || (WORDISH.test(value) && !drawnLetters(value))
    || UNDERSCORED_WORDS.test(value)
    || REPEATED.test(value)
    || URLISH.test(value)
    || PUBLIC_DSN.test(value)
    || value.startsWith('data:');
}

/** An escaped `<`, `>`, `&`, quote or blank (how markers such as `<redacted>` and `<your-token>` are written in JSON, string literals and URLs). */
const ESCAPED_MARKER_CHARACTER = /\\u00(?:3[cCeE]|2[67]|22|20)|\\x(?:3[cCeE]|2[67]|22|20)|%3[cCeE]/;

function unescapedCharacters(value: string): string {
  return value
    .replace(/\\{1,3}u00([0-9a-fA-F]{2})|\\{1,3}x([0-9a-fA-F]{2})/g, (_, u: string | undefined, x: string | undefined) => String.fromCharCode(Number.parseInt(u ?? x!, 16)))
    .replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function unescapedMarkup(value: string): string {
  return value.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&apos;', "'").replaceAll('&amp;', '&');
}

/** Base64 of a placeholder stands in for one too (`Y2hhbmdlbWU=` is `changeme`, as a Kubernetes Secret writes it). */
function encodesAStandIn(value: string): boolean {
  const decoded = decodedBase64Text(value);
  return decoded !== null && (isPlaceholder(decoded) || TEMPLATE.test(decoded) || ALREADY_REDACTED.test(decoded) || isStandIn(decoded));
}

/** A placeholder rather than a value: `changeme`, `your_password_here`, `secret`, `xxxx`. */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER_WORDS.test(value) || INSTRUCTION.test(value) || FOREIGN_PLACEHOLDER.test(value) || METAVARIABLE_WORD.test(value) || CAPITAL_METAVARIABLE.test(value);
}

/** A letter of a script other than Latin: a translation, a label, prose. */
const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}]/u;
/** Words only (any language), separated by spaces, maybe ending in sentence punctuation. */
const PHRASE = /^[\p{L}\p{M}'’-]+(?:[,;]?[ \u00a0]+[\p{L}\p{M}'’-]+)+[ \u00a0]*[.!?…:]?$/u;
const LATIN_DIACRITIC = /[\u00c0-\u024f]/;
/** "Password", "token", "key", "secret" in other languages: the value of a label, not a credential. */
const LABEL_WORDS = new RegExp(`^(?:${alternation(FOREIGN_PASSWORD_SPELLINGS)}|mot|jeton|schlüssel|clé|clave|chave|sleutel|klucz|chiave|geheimnis|secreto|segredo|segreto|geheim|nyckel|nøgle|nøkkel|avain|kulcs|klíč|ključ)$`, 'iu');

/**
 * Natural language rather than a secret: text in another script without digits, a phrase of
 * words with accents or sentence punctuation or three words or more, or a translated label
 * (`"password": "Passwort"`, `token_expired = Le jeton a expiré`). A passphrase of plain
 * lower-case words without punctuation (`correct horse battery staple`) is not taken for prose.
 */
export function isNaturalLanguage(text: string): boolean {
  const value = text.trim();
  if (value.length === 0) return false;
  if (OTHER_SCRIPT.test(value) && !/\d/.test(value)) return true;
  if (LABEL_WORDS.test(value)) return true;
  if (!PHRASE.test(value)) return false;
  const words = value.split(/[ \u00a0]+/).filter(Boolean);
  return LATIN_DIACRITIC.test(value) || /[.!?…:]$/.test(value) || (/^\p{Lu}/u.test(value) && words.length >= 2) || LABEL_WORDS.test(words[0]!);
}

/**
 * `/Pg8FiHaHAxizg0zVriRMlGcNesVkIMpQlNoSW0o`, `/Lv8E…/sFoC/f9d6…`: base64 of a key's length that
 * starts with a slash (a fortieth of AWS secret keys do), not a path: mixed case and digits drawn at
 * random, no part a name (`usr`, `Users`, `lib64`).
 */
export function base64WithSlashes(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{30,100}={0,2}$/.test(value) || !/\d\D*\d/.test(value) || !/[A-Z][^A-Z]*[A-Z][^A-Z]*[A-Z]/.test(value) || !/[a-z][^a-z]*[a-z][^a-z]*[a-z]/.test(value)) return false;
  return shannonEntropy(value) >= 4 && value.split('/').every((part) => !/^[A-Z]?[a-z]{2,}\d{0,2}$/.test(part));
}
