/**
 * The heavy run (`npm run test:heavy`, also the first step of `npm run fuzz`; vitest.heavy.config.ts)
 * sets ATX_TEST_HEAVY=1 and runs some suite files at their full size: every repetition, every
 * size, every case of a matrix. `npm test` runs one representative of each class of those.
 */
export const HEAVY = process.env.ATX_TEST_HEAVY === '1';

/** `suite` in `npm test`, `heavy` in the heavy run. */
export function bySize<T>(suite: T, heavy: T): T {
  return HEAVY ? heavy : suite;
}
