/** The ruleset version written down for what only shows it (src/ruleset-version.ts) is the one the rule data gives. */
import { describe, expect, it } from 'vitest';
import { RULESET_VERSION } from '../redaction/rules/index.js';
import { BUILTIN_RULESET_VERSION } from '../src/ruleset-version.js';

describe('the written-down ruleset version', () => {
  it('is the version of the built-in rules as they are now (regenerate: npm run ruleset:write)', () => {
    expect(BUILTIN_RULESET_VERSION).toBe(RULESET_VERSION);
  });
});
