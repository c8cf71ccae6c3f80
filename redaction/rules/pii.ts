/** Personal data, for the profiles that ask for it. Validators keep the false positives down. */
import type { Rule } from '../types.js';

export const PII_RULES: readonly Rule[] = [];
