/**
 * The raw values the v7 holdout hides in its carriers: credentials drawn with each vendor's
 * published length, alphabet and checksum, and personal data with their public check digits.
 */
import { B64, B64URL, BASE62, base62, b64url, crc32, DIGITS, HEX, ibanCheckDigits, LOWER, luhnCheckDigit, UPPER } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';

const ALNUM = UPPER + LOWER + DIGITS;

/** A token whose last six characters are the base62 CRC-32 of its random part (GitHub, npm). */
function crcToken(rng: RandomDraws, prefix: string): string {
  const body = rng.str(BASE62, 30);
  return `${prefix}${body}${base62(crc32(body), 6)}`;
}

export const githubToken = (rng: RandomDraws) => crcToken(rng, rng.pick(['ghp_', 'gho_', 'ghs_', 'ghu_']));
export const npmToken = (rng: RandomDraws) => crcToken(rng, 'npm_');
export const awsKeyId = (rng: RandomDraws) => `${rng.pick(['AKIA', 'ASIA'])}${rng.str(UPPER + '234567', 16)}`;
export const awsSecret = (rng: RandomDraws) => rng.str(B64, 40);
export const stripeKey = (rng: RandomDraws) => `${rng.pick(['sk_live_', 'rk_live_'])}${rng.str(ALNUM, rng.pick([24, 99]))}`;
export const slackToken = (rng: RandomDraws) => `${rng.pick(['xoxb', 'xoxp'])}-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 13)}-${rng.str(ALNUM, 24)}`;
export const openaiKey = (rng: RandomDraws) => `sk-proj-${rng.str(B64URL, 74)}T3BlbkFJ${rng.str(B64URL, 74)}`;
export const anthropicKey = (rng: RandomDraws) => `sk-ant-api03-${rng.str(B64URL, 93)}AA`;
export const gitlabToken = (rng: RandomDraws) => `glpat-${rng.str(B64URL, 20)}`;
export const googleKey = (rng: RandomDraws) => `AIza${rng.str(ALNUM + '-_', 35)}`;
export const sendgridKey = (rng: RandomDraws) => `SG.${rng.str(B64URL, 22)}.${rng.str(B64URL, 43)}`;
export const twilioAuthToken = (rng: RandomDraws) => rng.str(HEX, 32);
export const azureStorageKey = (rng: RandomDraws) => `${rng.str(B64, 86)}==`;

/** A vendor token with a distinctive shape. */
export function vendorToken(rng: RandomDraws): string {
  return rng.pick([githubToken, npmToken, stripeKey, slackToken, openaiKey, anthropicKey, gitlabToken, googleKey, sendgridKey])(rng);
}

/** A human-chosen password: letters, digits and the punctuation encoders must escape. */
export function password(rng: RandomDraws, punctuation = '!@#$%^&*-_=+/?:'): string {
  const core = rng.str(ALNUM, rng.int(10, 16));
  let out = '';
  for (const ch of core) out += rng.chance(0.18) ? rng.pick([...punctuation]) + ch : ch;
  return `${rng.pick(['Tr0ub', 'Kx', 'Mq', 'Zeph', 'Vault', 'Blu3', 'Orca', 'Pine'])}${out}`;
}

/** An HS256-shaped JWT with a plausible payload and a 43-character signature. */
export function jwt(rng: RandomDraws): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ sub: rng.str(DIGITS, 8), role: rng.pick(['admin', 'service', 'user']), iat: 1790000000 + rng.int(0, 9999999) }));
  return `${header}.${payload}.${rng.str(B64URL, 43)}`;
}

export const hostName = (rng: RandomDraws) => `${rng.pick(['db', 'pg', 'mysql', 'cache', 'queue', 'mongo'])}-${rng.pick(['prod', 'eu1', 'main', 'primary', 'blue'])}.${rng.pick(['internal.corp', 'svc.cluster.local', 'acme-ops.net', 'rds.amazonaws.com'])}`;
export const userName = (rng: RandomDraws) => rng.pick(['app', 'svc_billing', 'deploy', 'etl_writer', 'api', 'reporting', 'ci-bot', 'backend']);
export const envKey = (rng: RandomDraws) => rng.pick(['API_KEY', 'SECRET_TOKEN', 'SERVICE_TOKEN', 'AUTH_TOKEN', 'PRIVATE_API_KEY', 'INTEGRATION_SECRET']);

// ---- personal data

const FIRST = ['Amelie', 'Jonas', 'Priya', 'Mateo', 'Sofia', 'Lukas', 'Hannah', 'Kwame', 'Chloé', 'Björn', 'Aisha', 'Tomasz', 'Yuki', 'Inès', 'Rafael', 'Greta'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Nakamura', 'Fernández', 'Kowalski', 'Müller', 'Haddad', 'Brennan', 'Van Dijk', 'Rossi', 'Osei', 'Petrova', 'Andersen'];
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'posteo.de', 'fastmail.com', 'web.de', 'proton.me', 'yahoo.co.uk', 'orange.fr'];

export interface Person {
  first: string;
  last: string;
  email: string;
  phone: string;
}

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ /g, '').toLowerCase();

export function person(rng: RandomDraws): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const email = `${ascii(first)}${rng.pick(['.', '_', ''])}${ascii(last)}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(MAIL_DOMAINS)}`;
  return { first, last, email, phone: phoneNumber(rng) };
}

export function phoneNumber(rng: RandomDraws): string {
  return rng.pick([
    () => `+44 7${rng.str(DIGITS, 3)} ${rng.str(DIGITS, 6)}`,
    () => `+49 15${rng.int(1, 9)} ${rng.str(DIGITS, 8)}`,
    () => `+33 6 ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)} ${rng.str(DIGITS, 2)}`,
    () => `+1 (${rng.int(201, 989)}) ${rng.int(200, 989)}-${rng.str(DIGITS, 4)}`,
    () => `+31 6 ${rng.str(DIGITS, 8)}`,
  ])();
}

const STREETS = ['Lindenstraße', 'Rue des Lilas', 'Elm Grove', 'Kerkstraat', 'Via Roma', 'Maple Avenue', 'Storgatan'];

export function streetAddress(rng: RandomDraws): string {
  return `${rng.int(2, 180)} ${rng.pick(STREETS)}, ${rng.pick(['10115 Berlin', '75011 Paris', 'Leeds LS6 2AB', '1012 AB Amsterdam', '00184 Roma', 'Portland, OR 97205', '111 22 Stockholm'])}`;
}

/** An IBAN with valid ISO 13616 check digits, printed compact. */
export function iban(rng: RandomDraws): string {
  const [country, bban] = rng.pick<() => [string, string]>([
    () => ['DE', rng.str(DIGITS, 18)],
    () => ['FR', `${rng.str(DIGITS, 10)}${rng.str(DIGITS + UPPER, 11)}${rng.str(DIGITS, 2)}`],
    () => ['NL', `${rng.pick(['ABNA', 'INGB', 'RABO', 'TRIO'])}${rng.str(DIGITS, 10)}`],
    () => ['GB', `${rng.pick(['NWBK', 'BARC', 'MIDL'])}${rng.str(DIGITS, 14)}`],
    () => ['ES', rng.str(DIGITS, 20)],
  ])();
  return `${country}${ibanCheckDigits(country, bban)}${bban}`;
}

/** A Dutch BSN: nine digits passing the public 11-test. */
export function bsn(rng: RandomDraws): string {
  for (;;) {
    const d = rng.str(DIGITS, 8);
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += (9 - i) * Number(d[i]);
    const last = sum % 11;
    if (last < 10 && d[0] !== '0') return d + String(last);
  }
}

/** A Spanish DNI: eight digits and the letter of their remainder mod 23. */
export function dni(rng: RandomDraws): string {
  const n = rng.str(DIGITS, 8);
  return n + 'TRWAGMYFPDXBNJZSQVHLCKE'.charAt(Number(n) % 23);
}

/** A US SSN in a range the SSA issues (not 000, 666 or 9xx; group and serial not zero). */
export function ssn(rng: RandomDraws): string {
  const area = rng.pick([rng.int(1, 665), rng.int(667, 899)]);
  return `${String(area).padStart(3, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
}

/** A card number with a valid Luhn digit. */
export function cardNumber(rng: RandomDraws): string {
  const payload = rng.pick(['4', '51', '52', '53', '37']) ;
  const body = payload + rng.str(DIGITS, (payload === '37' ? 14 : 15) - payload.length);
  return body + String(luhnCheckDigit(body));
}

/** A national id with a public checksum, and how a form labels it. */
export function nationalId(rng: RandomDraws): { label: string; value: string } {
  return rng.pick([
    () => ({ label: 'bsn', value: bsn(rng) }),
    () => ({ label: 'dni', value: dni(rng) }),
    () => ({ label: 'ssn', value: ssn(rng) }),
  ])();
}
