/**
 * A turn of a debugging session (what a user pastes, an agent writes or a tool returns) with the
 * exact substrings that must disappear from it.
 */
import { defineCorpusCategory, type CorpusCategory } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';

export interface Turn {
  text: string;
  targets: string[];
}

export type TurnCategory = CorpusCategory<RandomDraws, Turn>;

export function turn(text: string, ...targets: string[]): Turn {
  return { text, targets };
}

/** One of several ways to write a turn, chosen by `rng`. */
export function oneOf<T>(rng: RandomDraws, writers: readonly (() => T)[]): T {
  return rng.pick(writers)();
}

/** A category whose every case is written by one of `writers`. */
export function situation(category: string, count: number, ...writers: ((rng: RandomDraws) => Turn)[]): TurnCategory {
  return defineCorpusCategory(category, count, (rng: RandomDraws) => rng.pick(writers)(rng));
}
