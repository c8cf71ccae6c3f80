/**
 * Check digits and dates of national identity numbers (the countries validators.ts does not
 * cover). Each takes the number as written (spaces, dots and dashes allowed where the country
 * writes them) and says whether it can be a real one: a random number of the right length
 * passes one in ten or one in eleven times, so the rules also need a context word.
 */
import { luhnValid } from './validators.js';

const digitsOf = (value: string): string => value.replace(/[\s.-]/g, '');
const weighted = (digits: string, weights: readonly number[]): number => weights.reduce((sum, w, i) => sum + w * (digits.charCodeAt(i) - 48), 0);

/** Day 1-31 and month 1-12 (callers remove the offsets some countries add to them). */
function plausibleDate(day: number, month: number): boolean {
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

/** Norway's fødselsnummer and D-number: 11 digits, two mod-11 check digits. */
export function noFodselsnummerValid(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{11}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  const day = Number(d.slice(0, 2)) % 40;
  const month = Number(d.slice(2, 4)) % 40;
  if (!plausibleDate(day, month)) return false;
  const check = (sum: number) => (11 - (sum % 11)) % 11;
  const k1 = check(weighted(d, [3, 7, 6, 1, 8, 9, 4, 5, 2]));
  const k2 = check(weighted(d, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]));
  return k1 !== 10 && k2 !== 10 && k1 === d.charCodeAt(9) - 48 && k2 === d.charCodeAt(10) - 48;
}

/** Finland's henkilötunnus: DDMMYY, a century sign, three digits and a check character (mod 31). */
export function fiHenkilotunnusValid(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})[-+A-FU-Y](\d{3})([0-9A-Y])$/i.exec(value);
  if (!match || !plausibleDate(Number(match[1]), Number(match[2]))) return false;
  return '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(match[1]! + match[2]! + match[3]! + match[4]!) % 31] === match[5]!.toUpperCase();
}

/** Denmark's CPR number: DDMMYY-SSSS (no check digit since 2007: the date must hold). */
export function dkCprValid(value: string): boolean {
  const d = digitsOf(value);
  return /^\d{10}$/.test(d) && plausibleDate(Number(d.slice(0, 2)), Number(d.slice(2, 4)));
}

/** Belgium's national register number: YY.MM.DD-SSS.CC, CC = 97 - (the first nine digits mod 97), with 2 in front for births from 2000. */
export function beNationalNumberValid(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{11}$/.test(d)) return false;
  const month = Number(d.slice(2, 4));
  if (month > 12 && month !== 20 && month !== 40) return false; // 20, 40: bis numbers; 00: date unknown
  const base = Number(d.slice(0, 9));
  const check = Number(d.slice(9));
  return 97 - (base % 97) === check || 97 - ((2_000_000_000 + base) % 97) === check;
}

/** Ireland's PPS number: seven digits and a check letter (weighted mod 23), maybe a second letter. */
export function iePpsnValid(value: string): boolean {
  const match = /^(\d{7})([A-W])([A-IW]?)$/i.exec(value.replace(/\s/g, ''));
  if (!match) return false;
  const letterValue = (letter: string) => (letter.toUpperCase() === 'W' ? 0 : letter.toUpperCase().charCodeAt(0) - 64);
  const sum = weighted(match[1]!, [8, 7, 6, 5, 4, 3, 2]) + (match[3] ? letterValue(match[3]) * 9 : 0);
  return 'WABCDEFGHIJKLMNOPQRSTUV'[sum % 23] === match[2]!.toUpperCase();
}

/** Portugal's NIF: nine digits, a mod-11 check digit. */
export function ptNifValid(value: string): boolean {
  const d = digitsOf(value);
  if (!/^[1-35-9]\d{8}$/.test(d)) return false;
  const rest = weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return (rest < 2 ? 0 : 11 - rest) === d.charCodeAt(8) - 48;
}

/** South Africa's identity number: YYMMDD, seven more digits, Luhn. */
export function zaIdValid(value: string): boolean {
  const d = digitsOf(value);
  return /^\d{13}$/.test(d) && plausibleDate(Number(d.slice(4, 6)), Number(d.slice(2, 4))) && luhnValid(d);
}

/** Israel's teudat zehut: up to nine digits (zero-padded), Luhn. */
export function ilTeudatZehutValid(value: string): boolean {
  const d = digitsOf(value);
  return /^\d{5,9}$/.test(d) && luhnValid(d.padStart(9, '0'));
}

/** South Korea's resident registration number: YYMMDD-SNNNNNN (numbers issued since 2020 carry no check digit: the date and the sex digit must hold). */
export function krRrnValid(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})-?([1-8])\d{6}$/.exec(value);
  return match !== null && plausibleDate(Number(match[3]), Number(match[2]));
}

/** Australia's tax file number: eight or nine digits, weighted sum divisible by 11. */
export function auTfnValid(value: string): boolean {
  const d = digitsOf(value);
  if (/^(\d)\1+$/.test(d)) return false;
  if (/^\d{9}$/.test(d)) return weighted(d, [1, 4, 3, 7, 5, 8, 6, 9, 10]) % 11 === 0;
  if (/^\d{8}$/.test(d)) return weighted(d, [10, 7, 8, 4, 6, 3, 5, 1]) % 11 === 0;
  return false;
}

/**
 * The NHS number of England, Wales and the Isle of Man, and Scotland's CHI number (which starts
 * with the birth date): 10 digits, weights 10 to 2, check digit 11 minus the sum mod 11 (11 is 0,
 * 10 is never issued).
 */
export function ukHealthNumberValid(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{10}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  const check = 11 - (weighted(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === d.charCodeAt(9) - 48;
}
