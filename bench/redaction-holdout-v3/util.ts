/**
 * Seeded randomness, alphabets and checksums for the blind v3 holdout. The generator is the bench's
 * sfc32 (bench/random.ts) seeded its own way, from sha256 of a label: nothing here depends on the
 * engine's sources.
 */
import { createHash } from 'node:crypto';
import { Sfc32 } from '../random.js';

export class Rng extends Sfc32 {
  constructor(seed: string) {
    const h = createHash('sha256').update(seed).digest();
    super([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12) | 1], 16);
  }
  digits(n: number): string {
    return this.str(DIGITS, n);
  }
}

export const DIGITS = '0123456789';
export const HEX = '0123456789abcdef';
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const ALNUM = UPPER + LOWER + DIGITS;
export const LOWER_ALNUM = LOWER + DIGITS;
export const UPPER_ALNUM = UPPER + DIGITS;
export const B64 = ALNUM + '+/';
export const B64URL = ALNUM + '-_';
export const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** A random token of `n` characters that mixes upper, lower and digits (retries until it does). */
export function mixed(rng: Rng, n: number, alphabet = ALNUM): string {
  for (;;) {
    const s = rng.str(alphabet, n);
    if (/[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s)) return s;
  }
}

export function hexOf(rng: Rng, n: number): string {
  for (;;) {
    const s = rng.str(HEX, n);
    if (/[a-f]/.test(s) && /[0-9]/.test(s)) return s;
  }
}

/** Base64 (standard, padded) of `bytes` random bytes. */
export function b64Bytes(rng: Rng, bytes: number): string {
  const buf = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buf[i] = rng.int(0, 255);
  return buf.toString('base64');
}

export function b64urlBytes(rng: Rng, bytes: number): string {
  const buf = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) buf[i] = rng.int(0, 255);
  return buf.toString('base64url');
}

export function b64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

export function b64url(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64url');
}

export function uuid(rng: Rng): string {
  const h = rng.str(HEX, 32).split('');
  h[12] = '4';
  h[16] = rng.pick(['8', '9', 'a', 'b']);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const WORDS = ['maple', 'harbor', 'copper', 'violet', 'glacier', 'tundra', 'falcon', 'orchid', 'ember', 'quartz', 'lantern', 'meadow', 'saffron', 'thistle', 'cobalt', 'juniper', 'nectar', 'pebble', 'zephyr', 'walnut', 'sparrow', 'cinder', 'marlin', 'opal', 'raven', 'willow'];
const SYMBOLS = '!#%&*+-=?@^_~';

/** A human-chosen-looking password (word, digits, symbol), or a generated one. */
export function password(rng: Rng): string {
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  switch (rng.int(0, 3)) {
    case 0: return `${cap(rng.pick(WORDS))}${rng.pick(SYMBOLS.split(''))}${cap(rng.pick(WORDS))}${rng.digits(rng.int(2, 4))}`;
    case 1: return `${cap(rng.pick(WORDS))}${rng.digits(3)}${rng.pick(['!', '#', '$', '%'])}${rng.str(LOWER, 3)}`;
    case 2: return mixed(rng, rng.int(18, 28));
    default: {
      for (;;) {
        const s = rng.str(ALNUM + '!#%*-_=+', rng.int(14, 22));
        if (/[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s) && /[^A-Za-z0-9]/.test(s)) return s;
      }
    }
  }
}

/** A password safe inside URLs, shells and quotes without escaping. */
export function urlSafePassword(rng: Rng): string {
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  return rng.chance(0.5) ? `${cap(rng.pick(WORDS))}${rng.digits(rng.int(2, 4))}${rng.pick(['_', '-', '.', '~'])}${cap(rng.pick(WORDS))}` : mixed(rng, rng.int(16, 26));
}

export function luhnDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(n: string): boolean {
  return luhnDigit(n.slice(0, -1)) === n.slice(-1);
}

/** ISO 13616 check digits for a country code and BBAN. */
export function ibanCheck(country: string, bban: string): string {
  const rearranged = (bban + country + '00').toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97;
  return String(98 - rem).padStart(2, '0');
}

export function group4(s: string): string {
  return s.replace(/(.{4})/g, '$1 ').trim();
}

export const FIRST = ['Amelia', 'Bruno', 'Chiara', 'Dmitri', 'Elif', 'Farid', 'Greta', 'Hiroshi', 'Ines', 'Jonas', 'Kavya', 'Lucas', 'Maren', 'Nikolai', 'Olga', 'Priya', 'Rafael', 'Sofia', 'Tomasz', 'Ulrike', 'Valentina', 'Wei', 'Yusuf', 'Zofia', 'Mateo', 'Aoife', 'Sipho', 'Leilani'];
export const LAST = ['Andersson', 'Bianchi', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Gallagher', 'Haddad', 'Ivanova', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Schneider', 'Tanaka', 'Urbina', 'Varga', 'Whitfield', 'Yilmaz', 'Zimmermann', 'Brennan', 'Mensah', 'Kealoha'];

export type Gen = (rng: Rng) => { text: string; targets: string[] };
export interface CategoryGen { category: string; count: number; gen: Gen }
