/**
 * What every v9 generator shares: the case shape, a category helper, and values drawn in the
 * vendors' published formats (prefix, length, alphabet, checksum). Written from vendors' public
 * documentation only; nothing here is taken from, or may import, the redaction engine.
 */
import { B64, BASE62, base62, crc32, DIGITS, defineCorpusCategory, HEX, LOWER, UPPER, uuid, type CorpusCategory } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';

/** One pasted text and the exact substrings that must disappear from it. */
export interface Paste {
  text: string;
  targets: string[];
}

export type PasteCategory = CorpusCategory<RandomDraws, Paste>;

export function paste(text: string, ...targets: string[]): Paste {
  return { text, targets };
}

/** A category whose every case is written by one of `writers`. */
export function idiom(category: string, count: number, ...writers: ((rng: RandomDraws) => Paste)[]): PasteCategory {
  return defineCorpusCategory(category, count, (rng: RandomDraws) => rng.pick(writers)(rng));
}

const ALNUM = UPPER + LOWER + DIGITS;
const URLSAFE = ALNUM + '-_';
const BASE32_UPPER = UPPER + '234567';

// ---- tokens by vendor format ------------------------------------------------------------

/** GitHub tokens: prefix, 30 random base62 characters and their CRC-32 in 6 base62 digits. */
export function githubToken(rng: RandomDraws, prefix: 'ghp' | 'gho' | 'ghs' | 'ghu' = 'ghp'): string {
  const body = rng.str(BASE62, 30);
  return `${prefix}_${body}${base62(crc32(body), 6)}`;
}

export function githubFineGrained(rng: RandomDraws): string {
  return `github_pat_11${rng.str(UPPER + DIGITS, 20)}_${rng.str(ALNUM, 59)}`;
}

export function npmToken(rng: RandomDraws): string {
  const body = rng.str(BASE62, 30);
  return `npm_${body}${base62(crc32(body), 6)}`;
}

export function gitlabToken(rng: RandomDraws): string {
  return `glpat-${rng.str(URLSAFE, 20)}`;
}

export function stripeKey(rng: RandomDraws, kind: 'sk_live' | 'rk_live' = 'sk_live'): string {
  return `${kind}_${rng.str(BASE62, rng.pick([24, 99]))}`;
}

export function stripeWebhookSecret(rng: RandomDraws): string {
  return `whsec_${rng.str(BASE62, 32)}`;
}

export function slackBotToken(rng: RandomDraws): string {
  return `xoxb-${rng.str(DIGITS, rng.int(10, 13))}-${rng.str(DIGITS, rng.int(10, 13))}-${rng.str(ALNUM, 24)}`;
}

/** The path of a Slack incoming webhook: the secret part of the URL. */
export function slackWebhookPath(rng: RandomDraws): string {
  return `T${rng.str(UPPER + DIGITS, rng.int(8, 10))}/B${rng.str(UPPER + DIGITS, rng.int(8, 10))}/${rng.str(ALNUM, 24)}`;
}

export function openaiKey(rng: RandomDraws): string {
  return rng.chance(0.5) ? `sk-proj-${rng.str(URLSAFE, 156)}` : `sk-${rng.str(ALNUM, 20)}T3BlbkFJ${rng.str(ALNUM, 20)}`;
}

export function anthropicKey(rng: RandomDraws): string {
  return `sk-ant-api03-${rng.str(URLSAFE, 93)}AA`;
}

export function awsAccessKeyId(rng: RandomDraws, prefix: 'AKIA' | 'ASIA' = 'AKIA'): string {
  return prefix + rng.str(BASE32_UPPER, 16);
}

export function awsSecretKey(rng: RandomDraws): string {
  return rng.str(UPPER + LOWER + DIGITS + '+/', 40);
}

/** An STS session token: long base64 with the `IQoJb3JpZ2luX2Vj` opening that "origin_ec" encodes to. */
export function awsSessionToken(rng: RandomDraws): string {
  return `IQoJb3JpZ2luX2Vj${rng.str(B64, rng.int(300, 420))}`;
}

export function googleApiKey(rng: RandomDraws): string {
  return `AIza${rng.str(URLSAFE, 35)}`;
}

export function sendgridKey(rng: RandomDraws): string {
  return `SG.${rng.str(URLSAFE, 22)}.${rng.str(URLSAFE, 43)}`;
}

export function twilioAuthToken(rng: RandomDraws): string {
  return rng.str(HEX, 32);
}

export function twilioSid(rng: RandomDraws, prefix: 'AC' | 'SK' = 'AC'): string {
  return prefix + rng.str(HEX, 32);
}

export function mailgunKey(rng: RandomDraws): string {
  return `key-${rng.str(HEX, 32)}`;
}

export function shopifyToken(rng: RandomDraws): string {
  return `shpat_${rng.str(HEX, 32)}`;
}

export function digitaloceanToken(rng: RandomDraws): string {
  return `dop_v1_${rng.str(HEX, 64)}`;
}

export function huggingfaceToken(rng: RandomDraws): string {
  return `hf_${rng.str(UPPER + LOWER, 34)}`;
}

export function databricksToken(rng: RandomDraws): string {
  return `dapi${rng.str(HEX, 32)}`;
}

export function postmanKey(rng: RandomDraws): string {
  return `PMAK-${rng.str(HEX, 24)}-${rng.str(HEX, 34)}`;
}

export function grafanaServiceToken(rng: RandomDraws): string {
  return `glsa_${rng.str(ALNUM, 32)}_${rng.str(HEX, 8)}`;
}

export function linearKey(rng: RandomDraws): string {
  return `lin_api_${rng.str(ALNUM, 40)}`;
}

export function dopplerToken(rng: RandomDraws): string {
  return `dp.st.${rng.pick(['dev', 'stg', 'prd'])}.${rng.str(ALNUM, 40)}`;
}

export function pypiToken(rng: RandomDraws): string {
  return `pypi-AgEIcHlwaS5vcmc${rng.str(URLSAFE, rng.int(150, 180))}`;
}

export function ageSecretKey(rng: RandomDraws): string {
  return `AGE-SECRET-KEY-1${rng.str('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`;
}

export function telegramBotToken(rng: RandomDraws): string {
  return `${rng.int(1, 7)}${rng.str(DIGITS, rng.int(8, 9))}:AA${rng.str(URLSAFE, 33)}`;
}

export function discordBotToken(rng: RandomDraws): string {
  const id = `${rng.int(1, 9)}${rng.str(DIGITS, 17)}`;
  return `${Buffer.from(id).toString('base64').replace(/=+$/, '')}.${rng.str(URLSAFE, 6)}.${rng.str(URLSAFE, 38)}`;
}

/** An Azure storage account key: 64 random bytes in base64 (88 characters, ending `==`). */
export function azureStorageKey(rng: RandomDraws): string {
  return rng.str(B64, 86) + '==';
}

/** A signed HS256 JWT with a plausible payload (the signature is random bytes). */
export function jwt(rng: RandomDraws, claims: Record<string, unknown> = {}): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = 1_760_000_000 + rng.int(0, 30_000_000);
  const payload = { sub: uuid(rng), iat: now, exp: now + rng.pick([900, 3600, 86400]), ...claims };
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.${rng.str(URLSAFE, 43)}`;
}

/** A generated password of one of the shapes people and tools produce. */
export function password(rng: RandomDraws): string {
  return rng.pick([
    () => rng.str(ALNUM, rng.int(16, 28)),
    () => `${rng.str(ALNUM, rng.int(6, 9))}${rng.pick(['!', '#', '%', '&', '*', '@'])}${rng.str(ALNUM, rng.int(6, 10))}`,
    () => `${rng.pick(WORDS)}-${rng.pick(WORDS)}-${rng.pick(WORDS)}-${rng.int(10, 99)}`,
    () => rng.str(HEX, 32),
    () => `${rng.str(UPPER, 1)}${rng.str(LOWER, rng.int(5, 8))}${rng.int(1000, 9999)}${rng.pick(['!', '$', '?', '#'])}${rng.str(ALNUM, 4)}`,
  ])();
}

const WORDS = ['copper', 'lantern', 'glacier', 'orbit', 'thistle', 'harbor', 'quartz', 'meadow', 'falcon', 'ember', 'saffron', 'tundra', 'willow', 'cobalt', 'juniper', 'ridge'];

/** A PEM private key block; `line` is its second body line (the target). */
export function pemPrivateKey(rng: RandomDraws, kind: 'RSA PRIVATE KEY' | 'PRIVATE KEY' | 'EC PRIVATE KEY' = 'PRIVATE KEY'): { block: string; line: string } {
  const lines = Array.from({ length: rng.int(4, 7) }, () => rng.str(B64, 64));
  const first = kind === 'EC PRIVATE KEY' ? 'MHcCAQEEI' + rng.str(B64, 55) : 'MIIEv' + rng.str(B64, 59);
  const body = [first, ...lines, rng.str(B64, rng.int(20, 60)) + '='];
  return { block: `-----BEGIN ${kind}-----\n${body.join('\n')}\n-----END ${kind}-----`, line: body[1]! };
}

// ---- harmless look-alikes ---------------------------------------------------------------

export function hex(rng: RandomDraws, n: number): string {
  return rng.str(HEX, n);
}

export function gitSha(rng: RandomDraws): string {
  return rng.str(HEX, 40);
}

export function requestId(rng: RandomDraws): string {
  return uuid(rng);
}

export function semver(rng: RandomDraws): string {
  return `${rng.int(0, 9)}.${rng.int(0, 40)}.${rng.int(0, 30)}`;
}

export function isoTime(rng: RandomDraws): string {
  const d = new Date(Date.UTC(2025, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999)));
  return d.toISOString();
}

/** `YYYY-MM-DD HH:MM:SS.mmm` as Spring Boot, Postgres and botocore print it. */
export function logTime(rng: RandomDraws, sep = ' ', ms = '.'): string {
  const iso = isoTime(rng);
  return `${iso.slice(0, 10)}${sep}${iso.slice(11, 19)}${ms}${iso.slice(20, 23)}`;
}

/** A private (RFC 1918) address: infrastructure, not a person. */
export function privateIp(rng: RandomDraws): string {
  return rng.pick([() => `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, () => `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(1, 254)}`, () => `192.168.${rng.int(0, 255)}.${rng.int(1, 254)}`])();
}

export function pyAddr(rng: RandomDraws): string {
  return `0x${rng.pick(['7f', '10', '7ff6f', '1c7ca'])}${rng.str(HEX, 8)}`;
}

export function pick<T>(rng: RandomDraws, items: readonly T[]): T {
  return rng.pick(items);
}

export const SERVICES = ['billing', 'orders', 'ledger', 'search', 'notify', 'inventory', 'gateway', 'reports', 'auth', 'checkout', 'catalog', 'media'];
export const HOSTS = ['db.internal', 'pg-primary.svc.cluster.local', 'postgres', 'mysql.prod.internal', 'db-01.staging.lan', 'rds-main.cluster-cx1.eu-west-1.rds.amazonaws.com'];
export const ORGS = ['acme-labs', 'northwind', 'orbital-io', 'kestrel-dev', 'bluefin-hq', 'tidewater', 'lumen-works', 'fjord-data'];
export const REPOS = ['api', 'web', 'infra', 'platform', 'mobile-app', 'etl-jobs', 'dashboard', 'worker'];
