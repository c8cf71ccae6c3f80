import { readFileSync } from 'node:fs';
import type { FixtureFacts } from './types.js';

/** `cn -p --format json` stdout: an answer that is not JSON is wrapped as {response, status, note}. */
export const facts: FixtureFacts = {
  assistantTexts(path) {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { response?: unknown })
      .filter((line) => typeof line.response === 'string')
      .map((line) => line.response as string);
  },
};
