/**
 * Personal data for the v8 holdout: names, e-mail addresses, phone numbers in several national
 * plans, street addresses, and identifiers with their published check digits (IBAN mod 97, Luhn
 * card numbers, US SSN issuing ranges, the Dutch BSN 11-test, the NHS number mod 11).
 */
import { DIGITS, groupsOf4, ibanCheckDigits, luhnCheckDigit, UPPER } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';

const FIRST = ['Amara', 'Jonas', 'Priya', 'Mateo', 'Ingrid', 'Tomasz', 'Leila', 'Henrik', 'Yuki', 'Chiara', 'Oluwaseun', 'Beatriz', 'Declan', 'Sofia', 'Rafael', 'Annelies', 'Kwame', 'Margot', 'Dmitri', 'Hannah'];
const LAST = ['Okafor', 'Lindqvist', 'Raman', 'Fernández', 'Kowalski', 'Haddad', 'Brennan', 'Tanaka', 'Moretti', 'van der Berg', 'Adeyemi', 'Carvalho', 'Nieminen', 'Whitfield', 'Schreiber', 'Dubois', 'Mensah', 'Castillo', 'Petrova', 'Gallagher'];

export interface Person {
  first: string;
  last: string;
  name: string;
}

export function person(rng: RandomDraws): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  return { first, last, name: `${first} ${last}` };
}

const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.co.uk', 'web.de', 'icloud.com', 'fastmail.fm', 'hotmail.fr'];

function ascii(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
}

export function email(rng: RandomDraws, p: Person = person(rng)): string {
  const local = rng.pick([`${ascii(p.first)}.${ascii(p.last)}`, `${ascii(p.first)[0]}${ascii(p.last)}`, `${ascii(p.first)}${rng.int(1, 99)}`, `${ascii(p.last)}.${ascii(p.first)[0]}`]);
  return `${local}@${rng.pick(MAIL_DOMAINS)}`;
}

const US_AREAS = [212, 312, 415, 503, 617, 646, 702, 713, 206, 305, 404, 512, 720, 919];

/** A phone number written as people write them in one of five national plans. */
export function phone(rng: RandomDraws): string {
  const d = (n: number) => rng.str(DIGITS, n);
  switch (rng.int(0, 5)) {
    case 0:
      return `+1 (${rng.pick(US_AREAS)}) ${rng.int(201, 989)}-${d(4)}`;
    case 1:
      return `${rng.pick(US_AREAS)}-${rng.int(201, 989)}-${d(4)}`;
    case 2:
      return `+44 7${rng.int(400, 999)} ${d(6)}`;
    case 3:
      return `+49 ${rng.pick(['151', '160', '170', '176'])} ${d(8)}`;
    case 4:
      return `+33 6 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`;
    default:
      return `+31 6 ${d(8)}`;
  }
}

const US_STREETS = ['Larkspur Avenue', 'W Belmont Ave', 'Cedar Ridge Road', 'Hollis Street', 'NE Alberta St', 'Magnolia Drive'];
const US_TOWNS: [string, string, string][] = [['Portland', 'OR', '972'], ['Chicago', 'IL', '606'], ['Austin', 'TX', '787'], ['Denver', 'CO', '802'], ['Raleigh', 'NC', '276']];
const UK: [string, string][] = [['Holloway Road', 'London N7'], ['Gloucester Place', 'Bristol BS2'], ['Dean Street', 'Manchester M4'], ['Marchmont Road', 'Edinburgh EH9']];
const DE: [string, string][] = [['Bergmannstraße', 'Berlin'], ['Schanzenstraße', 'Hamburg'], ['Sendlinger Straße', 'München'], ['Aachener Straße', 'Köln']];

/** A street address on one line, in the form of its country. */
export function address(rng: RandomDraws): string {
  switch (rng.int(0, 2)) {
    case 0: {
      const [town, state, zip] = rng.pick(US_TOWNS);
      return `${rng.int(12, 9899)} ${rng.pick(US_STREETS)}${rng.chance(0.3) ? `, Apt ${rng.int(1, 40)}${rng.pick(['', 'B', 'C'])}` : ''}, ${town}, ${state} ${zip}${rng.str(DIGITS, 2)}`;
    }
    case 1: {
      const [street, town] = rng.pick(UK);
      return `${rng.int(1, 220)} ${street}, ${town} ${rng.int(1, 9)}${rng.str('ABDEFGHJLNPQRSTUWXYZ', 2)}`;
    }
    default: {
      const [street, town] = rng.pick(DE);
      return `${street} ${rng.int(1, 160)}, ${rng.int(10, 99)}${rng.str(DIGITS, 3)} ${town}`;
    }
  }
}

/** An IBAN with valid check digits (DE, NL, GB or FR), printed compact or in groups of four. */
export function iban(rng: RandomDraws): string {
  const [country, bban] = rng.pick<[string, () => string]>([
    ['DE', () => rng.str(DIGITS, 18)],
    ['NL', () => rng.pick(['ABNA', 'INGB', 'RABO', 'TRIO']) + rng.str(DIGITS, 10)],
    ['GB', () => rng.pick(['NWBK', 'BARC', 'MIDL', 'LOYD']) + rng.str(DIGITS, 14)],
    ['FR', () => rng.str(DIGITS, 10) + rng.str(UPPER + DIGITS, 11) + rng.str(DIGITS, 2)],
  ]);
  const b = bban();
  const compact = country + ibanCheckDigits(country, b) + b;
  return rng.chance(0.5) ? compact : groupsOf4(compact);
}

/** A US SSN from the issued ranges (area not 000, 666 or 9xx; group and serial not zero). */
export function ssn(rng: RandomDraws): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
}

/** A Dutch BSN passing the 11-test. */
export function bsn(rng: RandomDraws): string {
  for (;;) {
    const d = Array.from({ length: 8 }, () => rng.int(0, 9));
    if (d[0] === 0) continue;
    const sum = d.reduce((s, v, i) => s + v * (9 - i), 0);
    const check = sum % 11;
    if (check <= 9) return d.join('') + String(check);
  }
}

/** A UK NHS number (weights 10..2, check 11 - sum mod 11; 10 is never issued), as 3 3 4. */
export function nhsNumber(rng: RandomDraws): string {
  for (;;) {
    const d = Array.from({ length: 9 }, () => rng.int(0, 9));
    const check = 11 - (d.reduce((s, v, i) => s + v * (10 - i), 0) % 11);
    if (check === 10) continue;
    const all = d.join('') + String(check === 11 ? 0 : check);
    return `${all.slice(0, 3)} ${all.slice(3, 6)} ${all.slice(6)}`;
  }
}

/** A Luhn-valid card number (Visa, Mastercard or Amex), spaced or not. */
export function cardNumber(rng: RandomDraws): string {
  const [prefix, length] = rng.pick<[string, number]>([['4', 16], [`5${rng.int(1, 5)}`, 16], [rng.pick(['34', '37']), 15]]);
  const payload = prefix + rng.str(DIGITS, length - prefix.length - 1);
  const full = payload + String(luhnCheckDigit(payload));
  if (!rng.chance(0.5)) return full;
  return length === 15 ? `${full.slice(0, 4)} ${full.slice(4, 10)} ${full.slice(10)}` : groupsOf4(full);
}

export function birthDate(rng: RandomDraws): string {
  return `${rng.int(1950, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}
