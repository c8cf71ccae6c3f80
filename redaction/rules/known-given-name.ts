/**
 * Whether a name starts with a given name the judge is sure of: a common one chosen to be no
 * everyday word (given-names.ts), or any of the public lists' (../names/name-judge.ts, some 22,000
 * of many countries) that is no everyday or dictionary word (`Oluwaseun`, `Torbjørn`; not `Rose`).
 * For rules where a known given name is what turns a name-shaped value into a person's.
 */
import { isEverydayName, isGivenName } from '../names/name-judge.js';
import { GIVEN_NAMES } from './given-names.js';

export function startsWithKnownGivenName(name: string): boolean {
  const first = name.trim().split(/\s/)[0]!;
  if (GIVEN_NAMES.has(first.toLowerCase())) return true;
  return isGivenName(first) && !isEverydayName(first);
}
