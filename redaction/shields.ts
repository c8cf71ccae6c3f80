/**
 * Negative shields: values that look like secrets but are not. Every rule skips placeholders
 * (so a second redaction pass changes nothing) and templates. Rules that find values by their
 * position (after `password=`, in a header) also skip plain words, numbers, versions and paths
 * (`values`); rules whose position is only weakly sensitive (`*_key`, a bare high-entropy
 * string) also skip hashes, digests, UUIDs and agent ids (`identifiers`).
 */
import type { ShieldLevel } from './types.js';

/** What atx itself writes in place of a secret or an anonymized value. */
export const PLACEHOLDER_PATTERN = /\[(?:REDACTED|ANON):[a-z0-9-]{1,48}(?:#[0-9a-f]{1,16})?\]/;

const ALREADY_REDACTED = /\[(?:REDACTED|ANON)[:\]]|^(?:\*{3,}|x{4,}|X{4,}|•{3,}|<redacted>|\*\*REDACTED\*\*|REDACTED|redacted|\[redacted\]|\[FILTERED\]|\[MASKED\])$/;
/** Shown cut short (`sk-ant-...`, `ghp_abc…xyz`): an example or a display, the secret itself is not there. */
const ELIDED = /\.\.\.|…/;

const TEMPLATE = new RegExp([
  String.raw`^\$\{\{?[^}]*\}?\}$`, // ${VAR}, ${{ secrets.X }}
  String.raw`^\{\{[^}]*\}\}$`, // {{ var }}
  String.raw`^\$[A-Z_][A-Z0-9_]*$`, // $VAR
  String.raw`^%[A-Z_][A-Z0-9_]*%$`, // %VAR%
  String.raw`^<[^<>]{1,60}>$`, // <your-token>
  String.raw`^\$\([^)]*\)$`, // $(command)
  String.raw`^(?:process\.env|os\.environ|ENV|env)[.[]`, // references, not values
  String.raw`^(?:get_?secret|getenv|secrets?\.)`,
].join('|'), 'i');

const PLACEHOLDER_WORDS = /^(?:(?:your|my|the|some|insert|enter|put|add|replace)[-_ ]?.*(?:here|key|token|secret|password)|changeme|change[-_]me|example|sample|dummy|placeholder|secret|password|passwd|token|null|none|nil|undefined|true|false|test|todo|tbd|xxx+|\.\.\.+|…)$/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_DIGEST = /^(?:[0-9a-f]{7,12}|[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$/;
const PREFIXED_DIGEST = /^(?:sha(?:1|224|256|384|512)[:-]|md5[:-]|h1:|blake2b?[:-]|sha512-)/i;
const AGENT_IDS = /^(?:toolu_|msg_|req_|chatcmpl-|call_|resp_|rs_|fc_|ses_|prt_|evt_|run_|thread_|asst_|file-|ev_)[A-Za-z0-9_-]+$/;
const PUBLIC_KEYS = /^(?:pk_(?:live|test)_|pk\.eyJ|phc_|ssh-(?:rsa|ed25519|dss) |ecdsa-sha2-|age1[0-9a-z]{50,})/;
/** Vendor documentation samples: AWS's `...EXAMPLE` / `...EXAMPLEKEY` keys and friends. */
const DOC_EXAMPLE = /EXAMPLE(?:KEY)?$|^(?:AKIAIOSFODNN7|wJalrXUtnFEMI)/;
const NUMBER_OR_VERSION = /^[v=~^<>]*\d+(?:[.,_:]\d+)*(?:[-+.][A-Za-z0-9.]+)?$/;
const PATH = /^(?:~|\.{1,2})?\/[\w.\-/@]*$|^[A-Za-z]:\\[\w.\\\- ]*$|^[\w.-]+(?:\/[\w.-]+)+\.[A-Za-z][A-Za-z0-9]{0,5}$/;
/** words as written in code and help text: `prod-db`, `MyApp`, `apiToken`, and upper-case metavariables (`TEXT`, `API_TOKEN`) */
const WORDISH = /^[a-z]+(?:[-_ .][a-z]+)*$|^[A-Z][a-z]+(?:[A-Z][a-z]+)*$|^[a-z]+(?:[A-Z][a-z]+)+$|^[A-Z]+(?:[-_][A-Z]+)*$/;
/** A key made of words and a digest: `node-modules-Linux-<sha256>`, `v2-assets-<hex>` (caches, builds, ETags). */
const NAMED_DIGEST = /^[A-Za-z](?:[A-Za-z0-9.]{0,30}[-_/:]){1,8}[0-9a-f]{7,128}$/;
/** A URL with a user name and no password: Sentry's DSN carries its public key there. */
const PUBLIC_DSN = /^https?:\/\/[0-9a-f]{32}@(?:o\d+\.)?(?:ingest\.)?(?:[a-z]{2}\.)?sentry\.io\/\d+$/;
const REPEATED = /^(.)\1{5,}$|^(?:0123456789|123456789|abcdef|abc123)/i;
const URLISH = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]+(?:\/\S*)?$/i;

/** True when a candidate secret must be left alone. */
export function isShielded(value: string, level: ShieldLevel | undefined): boolean {
  if (ALREADY_REDACTED.test(value) || TEMPLATE.test(value) || ELIDED.test(value)) return true;
  if (level === undefined) return false;
  if (level === 'identifiers' && (UUID.test(value) || HEX_DIGEST.test(value) || PREFIXED_DIGEST.test(value) || AGENT_IDS.test(value) || NAMED_DIGEST.test(value))) {
    return true;
  }
  return PLACEHOLDER_WORDS.test(value)
    || PUBLIC_KEYS.test(value)
    || DOC_EXAMPLE.test(value)
    || NUMBER_OR_VERSION.test(value)
    || PATH.test(value)
    || WORDISH.test(value)
    || REPEATED.test(value)
    || URLISH.test(value)
    || PUBLIC_DSN.test(value)
    || value.startsWith('data:');
}
