/**
 * Checks a candidate must pass. A checksum turns a weak pattern into a certain one: Luhn for
 * payment cards, mod-97 for IBANs, the CRC32 that GitHub and npm append to their tokens.
 */
import type { ValidatorName } from './types.js';
import { GIVEN_NAMES } from './rules/given-names.js';
import { isSshExtensionName } from './ssh-names.js';

export const VALIDATORS: Record<ValidatorName, (candidate: string) => boolean> = {
  luhn: luhnValid,
  iban: ibanValid,
  'github-checksum': (token) => base62Crc32Valid(token.replace(/^gh[pousr]_/, '')),
  'npm-checksum': (token) => base62Crc32Valid(token.replace(/^npm_/, '')),
  'us-ssn': usSsnValid,
  'jwt-header': jwtHeaderValid,
  'base64-private-key': base64DecodesToPrivateKey,
  'public-ipv4': publicIpv4,
  'public-ipv6': publicIpv6,
  'email-not-bot': emailNotBot,
  phone: phoneValid,
  'uk-nino': ukNinoValid,
  'de-tax-id': deTaxIdValid,
  // A free-text password candidate: not a plain word.
  'letters-and-digits': (value) => /[A-Za-z]/.test(value) && /\d/.test(value),
  'letters-and-digits-or-symbols': lettersAndDigitsOrSymbols,
  // quoted where a password is stated: also letters alone when drawn at random (Fossil's initial passwords), not a name in camel or Pascal case
  'quoted-password': (value) => lettersAndDigitsOrSymbols(value) || lettersDrawnAtRandom(value),
  'discord-token': discordTokenValid,
  'basic-credential': basicCredentialValid,
  'credential-shaped': credentialShaped,
  'password-shaped': passwordShaped,
  // what a secret store or a generator prints: a key, a password with a digit, or random hex
  'generated-secret': (value) => credentialShaped(value) || passwordShaped(value) || (/[A-Za-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value) && !/^[\w.-]+\.[A-Za-z]{1,5}$/.test(value)) || /^[0-9a-f]{16,}$/.test(value) || randomLetters(value),
  'aws-account-id': (id) => /^\d{12}$/.test(id) && !/^(\d)\1+$/.test(id),
};

/**
 * Luhn (mod 10) over 8-19 digits; spaces and dashes are ignored. Cards (13-19 digits) and
 * Canadian SINs (9 digits) use it; the rule's pattern decides the length.
 */
export function luhnValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s.-]/g, '');
  if (!/^\d{8,19}$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IBAN length per country (SWIFT IBAN registry). A country missing here has no IBAN. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** IBAN: known country, that country's length, check digits 02-98, ISO 7064 mod 97-10 = 1. */
export function ibanValid(candidate: string): boolean {
  const iban = candidate.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return false;
  const bban = iban.slice(4);
  // An all-zero or one-character-repeated account is a template, not an account.
  if (/^(.)\1+$/.test(bban)) return false;
  const rearranged = bban + iban.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const code = rearranged.charCodeAt(i);
    remainder = code >= 65
      ? (remainder * 100 + (code - 55)) % 97
      : (remainder * 10 + (code - 48)) % 97;
  }
  return remainder === 1;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function base62(value: number, width: number): string {
  let out = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out.padStart(width, '0');
}

/** GitHub and npm tokens: 30 random base62 characters, then their CRC32 in 6 base62 characters. */
export function base62Crc32Valid(body: string): boolean {
  if (!/^[A-Za-z0-9]{36}$/.test(body)) return false;
  return base62(crc32(body.slice(0, 30)), 6) === body.slice(30);
}

/**
 * US SSN: area 001-665/667-899, group 01-99, serial 0001-9999 (the SSA's never-issued ranges),
 * and not one of the numbers printed in advertising and documentation.
 */
export function usSsnValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s.-]/g, '');
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  const group = digits.slice(3, 5);
  const serial = digits.slice(5);
  if (area === '000' || area === '666' || area[0] === '9') return false;
  if (group === '00' || serial === '0000') return false;
  if (/^(\d)\1+$/.test(digits) || digits === '123456789') return false;
  // Woolworth's wallet card, the 1940s Social Security pamphlet, and other published samples.
  return !['078051120', '219099999', '457555462', '111223333', '987654321', '012345678'].includes(digits);
}

function decodeBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_\-+/]+=*$/.test(text)) return null;
  try {
    return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    return null;
  }
}

/** A Discord bot token's first part is the bot's user id (a snowflake: 17 to 20 digits) in base64. */
function discordTokenValid(token: string): boolean {
  const id = decodeBase64Url(token.slice(0, token.indexOf('.')));
  return id !== null && /^\d{17,20}$/.test(id);
}

/** `Basic` credentials are base64 of `user:password` in printable characters. */
function basicCredentialValid(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{6,}={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return /^[\x20-\x7e]{1,200}:[\x20-\x7e]{1,400}$/.test(decoded);
}

/**
 * A value placed where a credential goes but with no format of its own (`Bearer X` in prose, a
 * header value): long enough, mixing letters and digits, not a word, a file name or a version.
 */
/** A generated password: upper- and lower-case letters and digits, not a version or a file name. */
export function passwordShaped(value: string): boolean {
  return value.length >= 10 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value)
    && !/\.[A-Za-z]{1,5}$/.test(value) && !/^v?\d+(?:\.\d+){1,3}/.test(value);
}

/** How often the case changes from one letter to the next (`JavaScript` 2, `wCTyBxgFrq` 6). */
export function caseChanges(letters: string): number {
  let changes = 0;
  for (let i = 1; i < letters.length; i++) if ((letters[i]! < 'a') !== (letters[i - 1]! < 'a')) changes += 1;
  return changes;
}

/** Eight letters or more of both cases, the case changing at least twice, not words joined in camel or Pascal case (`JavaScript`, `iPhone`). */
function lettersDrawnAtRandom(value: string): boolean {
  if (!/^[A-Za-z]{8,64}$/.test(value) || !/[A-Z]/.test(value) || !/[a-z]/.test(value) || /^(?:[A-Z][a-z]+){2,}$|^[a-z]+(?:[A-Z][a-z]+)+$/.test(value)) return false;
  return caseChanges(value) >= 2;
}

/** Letters of both cases that change case often (`JhdPjgqwtoiTEYFEZwYwJE`), unlike words in camel case. */
function randomLetters(value: string): boolean {
  if (value.length < 12 || !/^[A-Za-z]+$/.test(value) || !/[A-Z]/.test(value) || !/[a-z]/.test(value)) return false;
  return caseChanges(value) >= value.length / 4;
}

/** A password in prose: letters, and a digit or a symbol (`YsBNdP#fqhKP!kkeT`), never a plain word. */
function lettersAndDigitsOrSymbols(value: string): boolean {
  return /[A-Za-z]/.test(value) && /[\d!@#$%^&*~+=?]/.test(value);
}

export function credentialShaped(value: string): boolean {
  if (value.length < 16 || !/[A-Za-z]/.test(value) || !/\d/.test(value)) return false;
  if (/\.[A-Za-z]{1,5}$/.test(value) || /^v?\d+(?:\.\d+){1,3}/.test(value)) return false;
  let distinct = 0;
  const seen = new Set<string>();
  for (const char of value) if (!seen.has(char)) { seen.add(char); distinct += 1; }
  return distinct >= 10;
}

/** A JWT with a header; not one whose claims make it public by design (Supabase's `anon` key is shipped to browsers). */
function jwtHeaderValid(token: string): boolean {
  const [header, payload] = token.split('.').map((part) => decodeBase64Url(part));
  if (!header) return false;
  try {
    const parsed = JSON.parse(header) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('alg' in parsed || 'typ' in parsed)) return false;
  } catch {
    return false;
  }
  return !(payload && /"role"\s*:\s*"anon"/.test(payload));
}

function base64DecodesToPrivateKey(text: string): boolean {
  const decoded = decodeBase64Url(text.replace(/\\n|\s/g, ''));
  return decoded !== null && /-----BEGIN [A-Z ]*PRIVATE KEY( BLOCK)?-----/.test(decoded);
}

/** Public DNS resolvers: a lookup against them says nothing about a person. */
const WELL_KNOWN_IPV4 = new Set([
  '8.8.8.8', '8.8.4.4', '1.1.1.1', '1.0.0.1', '1.1.1.2', '1.0.0.2', '1.1.1.3', '1.0.0.3', '9.9.9.9',
  '149.112.112.112', '9.9.9.10', '149.112.112.10', '9.9.9.11', '208.67.222.222', '208.67.220.220',
  '208.67.222.123', '208.67.220.123', '4.2.2.1', '4.2.2.2', '4.2.2.3', '4.2.2.4', '4.2.2.5', '4.2.2.6',
  '64.6.64.6', '64.6.65.6', '94.140.14.14', '94.140.15.15', '185.228.168.9', '185.228.169.9',
  '76.76.19.19', '76.223.122.150', '8.26.56.26', '8.20.247.20', '156.154.70.1', '156.154.71.1',
  // example.com, in every networking tutorial
  '93.184.216.34', '93.184.215.14', '96.7.128.198', '23.192.228.80',
]);

/**
 * A public unicast IPv4 address. Not: this-network, private (RFC 1918), loopback, link-local,
 * CGNAT, IETF / documentation / benchmarking ranges, 6to4 relay, multicast, reserved,
 * broadcast; not a network (.0) or broadcast (.255) address; not all octets below 32 (1.2.3.4,
 * 19.6.1.2 are versions and section numbers far more often than hosts) or all equal
 * (123.123.123.123); not a well-known resolver or example.com.
 */
export function publicIpv4(ip: string): boolean {
  // Fast exits for the addresses logs are full of.
  if (ip.startsWith('10.') || ip.startsWith('127.') || ip.startsWith('192.168.') || ip.startsWith('0.')) return false;
  const texts = ip.split('.');
  if (texts.length !== 4 || texts.some((p) => !/^(?:0|[1-9]\d{0,2})$/.test(p))) return false;
  const parts = texts.map(Number);
  if (parts.some((p) => p > 255)) return false;
  const [a, b, c, d] = parts as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF, TEST-NET-1
  if (a === 192 && b === 88 && c === 99) return false; // 6to4 relay anycast
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return false; // TEST-NET-3
  if (d === 0 || d === 255) return false;
  // 1.2.3.4, 19.6.1.2 (section numbers), 123.123.123.123: versions, headings and placeholders.
  if (parts.every((p) => p < 32) || parts.every((p) => p === a)) return false;
  return !WELL_KNOWN_IPV4.has(ip);
}

/** Expands an IPv6 address (no zone, no embedded IPv4) to 8 numbers, or null when malformed. */
export function expandIpv6(ip: string): number[] | null {
  const lower = ip.toLowerCase();
  if (!/^[0-9a-f:]+$/.test(lower)) return null;
  const halves = lower.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = [...head, ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  if (halves.length === 1 ? groups.length !== 8 : groups.length > 7) return null;
  const zeros = 8 - groups.length;
  return [...head, ...Array<string>(zeros).fill('0'), ...tail].map((g) => parseInt(g, 16));
}

const WELL_KNOWN_IPV6 = new Set([
  '2001:4860:4860::8888', '2001:4860:4860::8844', '2606:4700:4700::1111', '2606:4700:4700::1001',
  '2606:4700:4700::1112', '2606:4700:4700::1002', '2606:4700:4700::1113', '2606:4700:4700::1003',
  '2620:fe::fe', '2620:fe::9', '2620:fe::10', '2620:fe::fe:10', '2620:fe::11', '2620:fe::fe:11',
  '2620:119:35::35', '2620:119:53::53', '2620:0:ccc::2', '2620:0:ccd::2', '2a10:50c0::ad1:ff', '2a10:50c0::ad2:ff',
  '2606:2800:220:1:248:1893:25c8:1946', '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
].map((ip) => expandIpv6(ip)!.join(':')));

/**
 * A public IPv6 address: global unicast as the RIRs hand it out (first group 2001-2fff, written
 * in full), at least three non-zero-length groups, not documentation (2001:db8::/32, 3fff::/20),
 * not ORCHID / benchmarking / IETF protocol assignments, not a well-known resolver. Link-local,
 * unique-local, multicast, loopback, mapped and NAT64 addresses fall outside 2000::/3.
 */
export function publicIpv6(ip: string): boolean {
  const groups = expandIpv6(ip);
  if (!groups) return false;
  const first = ip.split(':')[0] ?? '';
  if (!/^2[0-9a-f]{3}$/i.test(first)) return false;
  const [a, b] = groups as [number, number];
  if (a < 0x2001 || a > 0x2fff) return false;
  if (a === 0x2001 && (b === 0x0db8 || b < 0x0200)) return false; // documentation, IETF protocol assignments (ORCHID, benchmarking, ...)
  if (ip.split(':').filter((g) => g !== '').length < 3) return false; // 2001::1, slices like a[2048::4]
  return !WELL_KNOWN_IPV6.has(groups.join(':'));
}

/** Local parts of addresses that belong to a machine, a role or a service, not to a person. */
const ROLE_LOCAL = /^(?:[\w.+-]*[-_.+]no[-_]?reply|[\w.+-]*=[\w.+=-]*|(?:team|svc|ci|cd|build|deploy|bot|robot|ops|sre|infra|platform|automation|release|monitor|auto)[-_.][\w.-]+|[\w.-]+[-_.]bot|[\w.-]+[-_](?:runner|agent|worker|svc|service|robot|automation|ci|build|deployer|daemon|updates?|tracking|news|confirm|confirmation|digest|verify|verification|reminders?|receipts?|orders?|shipping|shipment|mailer|messages|center)|actions?|cron|system|sys|automation|robot|autobuild|scheduler|reply|mail|hi|yo|web-flow|bors|homu|claude|copilot|codex|gemini|cursor|devin|aider|cline|openhands|sweep|jules|assistant|agent|azuredevops|vsts|[\w.-]+-(?:core|sig|library|subscribe|unsubscribe|owner|devel|maintainers|packaging|releases?|infra|ops|admins?)|platform|releng|licensing|legal|infra(?:structure)?|sre|engineering|developers|maintainers|packaging|opensource|oss|netdev|[a-z]+bot|abuse[\w.-]*|announce(?:ments?)?|discuss(?:ion)?|users|community|events|dmarc[\w.-]*|[\w.-]+-reports?|bugs?(?:[-.][\w.-]+)?|[\w.-]+-(?:bugs?|devel|dev|discuss|announce|users|request|owner|maintainers?|team|list|security|packages?)|owner-[\w.-]+|maintainers?|no[-_]?reply|do[-_]?not[-_]?reply|noreply[-+.\w]*|no[-_]reply[-+.\w]*|bounces?(?:[-+.][\w.+-]*)?|bot|[\w.-]*\[bot\]|[\w.-]*-bot|notifications?|notify|alerts?|mailer(?:-daemon)?|postmaster|hostmaster|webmaster|abuse|git|root|admin|administrator|support|help|info|contact|security|hello|team|sales|billing|privacy|legal|press|jobs|careers|office|feedback|dev|devops|ops|ci|builds?|deploy(?:ments?)?|releases?|jira|confluence|github|gitlab|bitbucket|circleci|travis|buildkite|sentry|pagerduty|opsgenie|statuspage|updates|news|newsletter|marketing|invoices?|receipts?|orders?|accounts?|hr|people|recruiting|talent|hiring|partners?|partnerships?|investors?|ir|finance|accounting|payroll|procurement|purchasing|compliance|audit|it|helpdesk|servicedesk|service-?desk|noc|soc|status|monitoring|backups?|subscriptions?|membership|welcome|onboarding|success|customers?|customer-?(?:success|care|service)|care|enquir(?:y|ies)|inquir(?:y|ies)|questions|media|pr|communications|comms|design|product|growth|data|analytics|qa|sysadmin|admins|webhooks?|api|integrations?|apps?|store|shop|payments|refunds|returns|shipping|reception|frontdesk|on-?call|[\w.-]+-(?:reviews|alerts|notifications|support|help|ops|admins?|oncall|on-call|noreply)|ubuntu|ec2-user|centos|debian|fedora|pi|www-data|nobody|daemon|postgres|mysql|redis|nginx|jenkins|runner|gitlab-runner|docker|node|app|service|user|username|email|name|firstname\.lastname|first\.last|john\.?doe|jane\.?doe|foo|bar|baz|test(?:er|user)?\d*|example|someone|somebody|me|you|your\.?(?:name|email)|changeme|x+|(?:asdf|qwer|zxcv)[a-z]*|([a-z0-9])\1+)$/;

/** Domains that are reserved, local, or stand for "some domain" in documentation. */
const PLACEHOLDER_DOMAIN = /example|(?:^|\.)(?:test|invalid|localhost|localdomain|company\.com|(?:your|my|some|the)-?(?:domain|company|org|email|site|host|mail|server)(?:\.[a-z]{2,6}){1,2}|domain\.(?:com|tld|org|net)|email\.tld|company\.tld|acme\.(?:test|example)|[a-z0-9-]+\.tld)$/;

/** Names of hosts on a private network (`build-42.internal`, `nas.lan`): a machine's mailbox, not a person's. */
const INTERNAL_DOMAIN = /\.(?:internal|local|lan|home|intranet|private|localdomain|corp)$/;
/** Bulk-mail senders' bounce domains: every address there is generated (`bounces+123-abc=user.com@sendgrid.net`). */
const BULK_MAIL_DOMAIN = /(?:^|\.)(?:sendgrid\.net|amazonses\.com|mailgun\.org|mcsv\.net|rsgsv\.net|mandrillapp\.com|sparkpostmail\.com|mktomail\.com|exacttarget\.com|bounces\.google\.com|mcdlv\.net|cmail\d{0,2}\.com|sendibt\d{0,2}\.com)$/;

/**
 * A vendor's own mailbox, named after its domain (`npm@npmjs.com`, `stripe@stripe.com`): the
 * second-level label is the local part with a short suffix (`js`, `hq`, `app`); `ann@ann.dev` is a person's own domain.
 */
function brandMailbox(local: string, domain: string): boolean {
  const labels = domain.split('.');
  const name = labels.length >= 2 ? labels[labels.length - 2]! : '';
  return local.length >= 3 && name.startsWith(local) && name.length > local.length && name.length - local.length <= 3;
}

/**
 * A mailbox named exactly as its domain (`netlify@netlify.com`, `crowdin@crowdin.com`) is the
 * vendor's, unless the name is a given name: `ines@ines.dev` is a person on their own domain.
 */
function ownDomainMailbox(local: string, domain: string): boolean {
  const labels = domain.split('.');
  return labels.length >= 2 && labels[labels.length - 2] === local && !GIVEN_NAMES.has(local);
}

/** File extensions that are no top-level domain: `icon@2x.png`, `chunk@3.1.0.min.js`. */
const FILE_TLD = /\.(?:png|jpe?g|gif|svg|webp|ico|bmp|avif|heic|tiff?|js|mjs|cjs|ts|tsx|jsx|mts|cts|css|scss|sass|less|map|json|jsonl|lock|ya?ml|toml|xml|txt|html?|wasm|dll|exe|so|log|pyc|class|jar|vue|svelte|java|kt|kts|swift|cpp|hpp|php|rb|lua|dart|scala|ini|cfg|conf|env|bak|tmp|orig|patch|diff|tgz|gz|bz2|xz|tar|pdf|csv|tsv|sql|db|sqlite|proto|gradle|bzl|nix|mp[34]|woff2?|ttf|otf|eot|md|py|rs|sh|go)$/;

/**
 * E-mail addresses of people: not bots, role accounts, no-reply and GitHub's private-address
 * relays, not reserved or placeholder domains, not `pkg@1.2.3` / `icon@2x.png`.
 */
/**
 * CI, review, dependency, deployment and translation services that send mail or commit under
 * their own name (`teamcity@…`, `codecov@codecov.io`, `github-actions@github.com`).
 */
const SERVICE_LOCAL = /^(?:github[-_]?actions?|gitlab[-_]?ci|teamcity|bamboo|argo(?:cd)?|flux(?:cd)?|spinnaker|octopus|drone|concourse|tekton|appveyor|bitrise|codemagic|semaphore(?:ci)?|codeship|renovate(?:[-_]?app)?|greenkeeper|dependabot(?:[-_][\w]+)?|snyk|mergify|kodiak(?:hq)?|crowdin|weblate|transifex|lokalise|phrase|sonar(?:cloud|qube)?|codecov|coveralls|codacy|deepsource|coderabbit(?:ai)?|netlify|vercel|heroku|render|railway|fly(?:io)?|firebase|expo|fastlane|testflight|pagerduty|opsgenie|datadog|newrelic|grafana|statuscake|uptimerobot|zapier|ifttt|alertmanager|prometheus|nagios|zabbix|icinga|logwatch|fail2ban|apache|www|httpd|listserv|majordomo|mailman|sympa|gerrit|zuul|bugzilla|phabricator|trac|launchpad|readthedocs|(?:codecov|sonar|snyk|sentry|vercel|netlify)[-_][\w-]+)$/;
/** Role words of mailboxes the list above does not hold. */
const MORE_ROLE_LOCAL = /^(?:eng|engg|alerting|deployer|buildmaster|build-?master|automated|auto-?mailer|auto-?reply|auto-?responder|no\.reply|reply-?to|unsubscribe|digest|translations?|verify|verification|notification|[\w.-]+-notification|[\w.-]+-replies|notifier|monitor|watchdog|health-?checks?|uptime|reports?|reporting|scanner|[\w.-]+-scanner|expiry|renewals?)$/;

/** Role and no-reply mailboxes in other languages (`versandbestaetigung@`, `ne-pas-repondre@`, `pedidos@`, `klantenservice@`). */
const FOREIGN_ROLE_LOCAL = /^(?:ne[-_.]?pas[-_.]?r[eé]pondre|nao[-_.]?responda|no[-_.]?responder|nicht[-_.]?antworten|keine[-_.]?antwort|niet[-_.]?beantwoorden|nie[-_.]?odpowiadaj|non[-_.]?rispondere|(?:versand|bestell|auftrags|zahlungs|buchungs)[-_.]?best(?:ae|ä)tigung(?:en)?|bestellung(?:en)?|rechnung(?:en)?|kunden[-_.]?(?:service|dienst|betreuung|support)|versand|lieferung|buchhaltung|bewerbung(?:en)?|kontakt|anfragen?|benachrichtigung(?:en)?|facturation|factures?|commandes?|livraisons?|service[-_.]?clients?|pedidos|facturaci[oó]n|facturas|atenci[oó]n[-_.]?(?:al[-_.]?)?cliente|avisos|notificaciones|env[ií]os|contato|atendimento|faturamento|ordini|fatture|spedizioni|assistenza|bestellingen|facturen|klantenservice|zamowienia|faktury|obsluga)$/;

/** A machine's inbox with a routing tag (`inbound+a1b2c3d4@`, `bounce+x7f2@`, `ticket+4471@`): a parser or a relay, not a person. */
const TAGGED_MACHINE_LOCAL = /^(?:inbound|incoming|reply|replies|bounces?|unsub(?:scribe)?|parse|catch(?:all)?|ticket|tickets|track(?:ing)?|relay|forward|fwd|in)\+[\w.=-]{4,}$/;

/** Coding agents' own commit identities (`Cursor Agent <cursoragent@cursor.com>`): a product, not a person. */
const CODING_AGENT_LOCAL = /^(?:cursor|codex|copilot|devin|jules|gemini|aider|openhands|sweep|amp|droid|factory)[-_.]?(?:agent|bot|ai)(?:\+[\w.-]*)?$/;

/**
 * An address that belongs to a machine, a role or a list, not a person: bots and agents, role
 * mailboxes, service accounts, mailing lists, no-reply relays. Their display names are not people's either.
 */
export function machineMailbox(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase().replace(/\.$/, '');
  if (CODING_AGENT_LOCAL.test(local) || SERVICE_LOCAL.test(local) || MORE_ROLE_LOCAL.test(local) || FOREIGN_ROLE_LOCAL.test(local) || TAGGED_MACHINE_LOCAL.test(local)) return true;
  // a role address with a sub-address (`team+python@`): the role decides
  if (ROLE_LOCAL.test(local) || ROLE_LOCAL.test(local.replace(/\+.*$/, ''))) return true;
  // service accounts of cloud platforms: `ci@proj.iam.gserviceaccount.com`, `123-compute@developer.gserviceaccount.com`
  if (/(?:^|\.)(?:gserviceaccount\.com|serviceaccount\.\w+)$/.test(domain)) return true;
  // mailing-list hosts: every address there is a list
  if (/(?:^|\.)(?:googlegroups\.com|groups\.io|vger\.kernel\.org|freelists\.org)$|^lists?\./.test(domain)) return true;
  // `reply.github.com`, `reply.gitlab.com`: relays whose addresses stand for a thread, not a person
  return domain === 'users.noreply.github.com' || /(?:^|\.)noreply\./.test(domain) || /(?:^|[.-])(?:no-?reply|bounces?)\./.test(domain) || /^reply\.[^.]+\.[^.]+$/.test(domain);
}

export function emailNotBot(written: string): boolean {
  // `ann\@example.org` in a Perl or Raku string is the same address
  const email = written.replace('\\@', '@');
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase().replace(/\.$/, '');
  if (!domain.includes('.') || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (machineMailbox(email) || isSshExtensionName(local, domain)) return false;
  if (local.length === 1 && /^[a-z0-9]\./.test(domain)) return false; // a@b.com
  if (/^[a-z0-9]\.[a-z]{2,3}$/.test(domain) || /[-_+]$/.test(local)) return false; // x@e.co, a-@b.cc: test fixtures
  if (/(?:^|\.)test\./.test(domain)) return false; // someone@test.acme.io
  if (PLACEHOLDER_DOMAIN.test(domain) || INTERNAL_DOMAIN.test(domain) || BULK_MAIL_DOMAIN.test(domain)) return false;
  if (brandMailbox(local, domain) || ownDomainMailbox(local, domain)) return false;
  if (FILE_TLD.test(domain)) return false;
  // npm / pip / docker versions: pkg@1.2.3-beta.4, image@sha256.abc, name@2x.foo
  if (/^\d+\.\d+(?:\.|$)|^v\d|^\d+x\.|^sha\d/.test(domain)) return false;
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (!/^[a-z]{2,24}$/.test(tld) || labels.some((l) => l === '' || l.startsWith('-') || l.endsWith('-'))) return false;
  return true;
}

/** Country calling codes: 1 and 7; assigned two-digit codes; three-digit code blocks. */
const CC2 = new Set(['20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98']);
const CC3_BLOCKS = new Set(['21', '22', '23', '24', '25', '26', '29', '35', '37', '38', '42', '50', '59', '67', '68', '69', '85', '87', '88', '96', '97', '99']);
/** Total digit counts (country code included) of the numbering plans whose lengths are fixed or narrow. */
const PLAN_LENGTHS: Readonly<Record<string, readonly [number, number]>> = {
  '1': [11, 11], '7': [11, 11], '20': [11, 12], '27': [11, 11], '30': [12, 12], '31': [11, 11],
  '32': [10, 11], '33': [11, 11], '34': [11, 11], '36': [10, 11], '39': [10, 13], '41': [11, 11],
  '43': [10, 14], '44': [11, 12], '45': [10, 10], '46': [9, 12], '47': [10, 10], '48': [11, 11],
  '49': [10, 15], '52': [12, 13], '55': [12, 13], '61': [11, 11], '62': [10, 14], '81': [11, 12],
  '82': [10, 12], '84': [10, 12], '86': [12, 13], '90': [12, 12], '91': [12, 12],
};

function countryCode(digits: string): string | null {
  if (digits[0] === '1' || digits[0] === '7') return digits[0];
  const two = digits.slice(0, 2);
  if (CC2.has(two)) return two;
  if (CC3_BLOCKS.has(two)) return digits.slice(0, 3);
  return null;
}

/** North American numbering plan: area code and exchange start with 2-9. */
function nanpValid(ten: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(ten);
}

function looksLikeNonPhone(candidate: string, digits: string): boolean {
  if (/^(\d)\1+$/.test(digits)) return true;
  // Dates: 2024-01-15, 2024.01.15, 15.01.2024, 01/15/2024
  if (/^\+?\d{4}[-./]\d{1,2}[-./]\d{1,2}(?!\d)/.test(candidate) || /^\d{1,2}[./-]\d{1,2}[./-]\d{4}(?!\d)/.test(candidate)) return true;
  // IPv4 addresses and dotted versions
  if (/^\+?\d{1,3}(?:\.\d{1,3}){3}$/.test(candidate)) return true;
  // a version or build written with dots (`120.0.6099.129`, `10.0.22631.2861`): a phone written with dots has no one-digit group after its first
  if (/^\d+(?:\.\d+)+$/.test(candidate) && /\.\d(?:\.|$)/.test(candidate)) return true;
  return false;
}

/**
 * A phone number as written: `+<country code> …` (valid code, plan length, NANP rules for +1),
 * or a national number (trunk prefix 0 and 9-12 digits, `00` + country code, or a NANP number
 * with optional leading 1). Rejects dates, IP-like and repeated or sequential digit runs.
 */
export function phoneValid(candidate: string): boolean {
  const trimmed = candidate.trim();
  // `(0)` is the trunk prefix written inside an international number: not dialled.
  const digits = trimmed.replace(/\(0\)/, '').replace(/\D/g, '');
  if (digits.length < 9 || digits.length > 15) return false;
  if (looksLikeNonPhone(trimmed, digits)) return false;
  // Filler subscriber numbers: +1 555 555 5555, +1 987 654 3210, 0000000000.
  const subscriber = trimmed.startsWith('+') ? digits.slice((countryCode(digits) ?? '').length) : digits.replace(/^0+|^1(?=\d{10}$)/, '');
  if (/(\d)\1{6}/.test(subscriber) || /^(?:0?123456789|987654321)/.test(subscriber)) return false;
  if (testServiceNumber(digits)) return false;
  if (trimmed.startsWith('+')) return internationalValid(digits);
  if (digits.startsWith('00')) return internationalValid(digits.slice(2));
  if (digits.startsWith('0')) return digits.length >= 9 && digits.length <= 12 && digits[1] !== '0';
  // `(41) 92257-9419`, `(11) 3456-7890`: a two-digit area code in brackets, as written in Brazil
  if (/^\(\d{2}\) ?9?\d{4}-\d{4}$/.test(trimmed)) return true;
  // nine digits without a trunk prefix, grouped (Spain `612 48 27 93`, Portugal `912 345 678`)
  if (/^[2-9]\d{2}(?:[ .]\d{2}){3}$|^[2-9]\d{2}[ .]\d{3}[ .]\d{3}$/.test(trimmed)) return true;
  if (digits.length === 11 && digits.startsWith('1')) return nanpValid(digits.slice(1));
  return digits.length === 10 && nanpValid(digits);
}

/**
 * Twilio's magic test numbers (`+1 500 555 0006` and its neighbours): documented stand-ins that
 * reach no one. Toll-free and premium ranges are not excluded: generated and real personal
 * numbers land there too often.
 */
function testServiceNumber(digits: string): boolean {
  return /^1?500555\d{4}$/.test(digits);
}

function internationalValid(given: string): boolean {
  const cc = countryCode(given);
  if (!cc) return false;
  // `+44 020 …`: the national trunk 0 written after the country code by mistake (Italy keeps its 0).
  const digits = cc !== '39' && given[cc.length] === '0' ? cc + given.slice(cc.length + 1) : given;
  if (digits.length < 9 || digits.length > 15) return false;
  const [min, max] = PLAN_LENGTHS[cc] ?? [9, 15];
  if (digits.length < min || digits.length > max) return false;
  if (cc === '1') return nanpValid(digits.slice(1));
  const national = digits.slice(cc.length);
  return (cc === '39' || !national.startsWith('0')) && !/^(\d)\1+$/.test(national);
}

/** UK National Insurance number: prefix letters as HMRC allocates them, suffix A-D. */
export function ukNinoValid(candidate: string): boolean {
  const nino = candidate.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/.test(nino)) return false;
  if (/^(\d)\1+$/.test(nino.slice(2, 8))) return false;
  return !['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ'].includes(nino.slice(0, 2));
}

/**
 * German tax id (Steuerliche Identifikationsnummer): 11 digits, no leading 0; in the first ten
 * digits exactly one digit occurs twice or three times (never three in a row) and the others
 * at most once; ISO 7064 MOD 11,10 check digit.
 */
export function deTaxIdValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s/.-]/g, '');
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) counts[digits.charCodeAt(i) - 48]! += 1;
  const repeated = counts.filter((n) => n > 1);
  if (repeated.length !== 1 || repeated[0]! > 3) return false;
  if (/(\d)\1\1/.test(digits.slice(0, 10))) return false;
  let product = 10;
  for (let i = 0; i < 10; i++) {
    let sum = (digits.charCodeAt(i) - 48 + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = (11 - product) % 10;
  return check === digits.charCodeAt(10) - 48;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 7, 8, 6, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff check (the last digit is the check digit). */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![digit]!]!;
  }
  return c === 0;
}

/** Indian Aadhaar number: 12 digits, first 2-9, Verhoeff check digit, not a palindrome-ish repeat. */
export function aadhaarValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s-]/g, '');
  if (!/^[2-9]\d{11}$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  return verhoeffValid(digits);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter): letter = number mod 23. */
export function esDniValid(candidate: string): boolean {
  const id = candidate.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^([XYZ]\d{7}|\d{8})([A-Z])$/.exec(id);
  if (!match) return false;
  const body = match[1]!;
  const number = Number(body.replace(/^[XYZ]/, (l) => String('XYZ'.indexOf(l))));
  if (/^(\d)\1+$/.test(body) || body === '12345678') return false;
  // ISO basic dates (`20240115T`) collide with the format; a DNI that spells a date is rare.
  if (/^(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(body)) return false;
  return DNI_LETTERS[number % 23] === match[2];
}

/**
 * French NIR (numéro de sécurité sociale): sex 1/2 (3/4/7/8 for provisional numbers), year,
 * month 01-12 or 20-99, department (2A/2B for Corsica), commune, order, then a two-digit key
 * 97 - (first 13 digits mod 97), with 2A/2B counted as 19/18.
 */
export function frNirValid(candidate: string): boolean {
  const nir = candidate.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^([1-478]\d{2}(?:0[1-9]|1[0-2]|[2-9]\d)(?:\d{2}|2[AB])\d{6})(\d{2})$/.exec(nir);
  if (!match) return false;
  const body = match[1]!.replace('2A', '19').replace('2B', '18');
  let remainder = 0;
  for (let i = 0; i < body.length; i++) remainder = (remainder * 10 + body.charCodeAt(i) - 48) % 97;
  return 97 - remainder === Number(match[2]);
}

/** Dutch BSN: 9 digits passing the eleven test (9·d1 + 8·d2 + … + 2·d8 − d9 ≡ 0 mod 11). */
export function nlBsnValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s.-]/g, '');
  if (!/^\d{9}$/.test(digits) || /^(\d)\1+$/.test(digits) || digits.startsWith('00')) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (9 - i) * (digits.charCodeAt(i) - 48);
  sum -= digits.charCodeAt(8) - 48;
  return sum % 11 === 0 && sum > 0;
}

/** Brazilian CPF: 11 digits whose last two are mod-11 check digits. */
export function brCpfValid(candidate: string): boolean {
  const d = candidate.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (length + 1 - i) * (d.charCodeAt(i) - 48);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === d.charCodeAt(9) - 48 && check(10) === d.charCodeAt(10) - 48;
}

/** Polish PESEL: 11 digits, weights 1 3 7 9 repeated, the last digit a check digit. */
export function plPeselValid(candidate: string): boolean {
  const d = candidate.replace(/\s/g, '');
  if (!/^\d{11}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  const sum = weights.reduce((acc, w, i) => acc + w * (d.charCodeAt(i) - 48), 0);
  return (10 - (sum % 10)) % 10 === d.charCodeAt(10) - 48;
}

/**
 * Turkish identity number (T.C. Kimlik No): 11 digits, the first not 0; the 10th is seven times
 * the sum of the odd places less the sum of the even ones (mod 10), the 11th the sum of the first ten (mod 10).
 */
export function trKimlikValid(candidate: string): boolean {
  const d = candidate.replace(/\s/g, '');
  if (!/^[1-9]\d{10}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  const digit = (i: number) => d.charCodeAt(i) - 48;
  const odd = digit(0) + digit(2) + digit(4) + digit(6) + digit(8);
  const even = digit(1) + digit(3) + digit(5) + digit(7);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  let firstTen = 0;
  for (let i = 0; i < 10; i++) firstTen += digit(i);
  return tenth === digit(9) && firstTen % 10 === digit(10);
}

/** Chinese resident identity card number: 17 digits and an ISO 7064 MOD 11-2 check character (0-9 or X). */
export function cnResidentIdValid(candidate: string): boolean {
  const id = candidate.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * (id.charCodeAt(i) - 48), 0);
  return '10X98765432'[sum % 11] === id[17];
}

/** Swedish personnummer: (YY)YYMMDD, - or +, four digits; Luhn over the ten digits. */
export function sePersonnummerValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s+-]/g, '');
  const ten = digits.length === 12 ? digits.slice(2) : digits;
  if (!/^\d{10}$/.test(ten)) return false;
  const month = Number(ten.slice(2, 4));
  const day = Number(ten.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 91) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let v = (ten.charCodeAt(i) - 48) * (i % 2 === 0 ? 2 : 1);
    if (v > 9) v -= 9;
    sum += v;
  }
  return sum % 10 === 0;
}

/** Canadian SIN: 9 digits, first 1-7 or 9 (0 and 8 are not issued to people), Luhn. */
export function caSinValid(candidate: string): boolean {
  const digits = candidate.replace(/[\s-]/g, '');
  if (!/^[1-79]\d{8}$/.test(digits) || digits === '123456782') return false;
  return luhnValid(digits);
}

