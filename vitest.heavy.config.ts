import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:heavy` (and the first step of `npm run fuzz`): the suite files that have a heavy
 * size (test/support/heavy.ts) run at it, asserting what they assert in `npm test` over more
 * cases. Each file names what it adds in its heavy size.
 */
export const HEAVY_FILES = ['test/fuzz.test.ts', 'test/upload-faults.e2e.test.ts', 'test/inputs.e2e.test.ts', 'test/interrupt.e2e.test.ts'];

export default defineConfig({
  test: {
    ...base.test,
    include: HEAVY_FILES,
    env: { ATX_TEST_HEAVY: '1' },
  },
});
