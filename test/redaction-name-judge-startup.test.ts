/**
 * The name judge's data is read on first use by a personal rule: a profile without personal rules
 * (`standard`) never reads it, however many names its texts hold.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { nameModelLoads } from '../redaction/names/name-model.js';

const TEXTS = [
  'name: Hello World',
  '00042MIRELA OSTERKAMP   BERGEN      0001250',
  "person('Ann Lee', 41).",
  'Author: Priya Raman <priya@example.org>\nDate: Mon Jan 1',
  'display_name: Tomasz Nowak, owner = Kenji Watanabe',
];

describe('the name data at start-up', () => {
  it('is not read by the standard profile', () => {
    const redact = createTextRedactor('standard');
    for (const text of TEXTS) redact(text);
    expect(nameModelLoads()).toBe(0);
  });

  it('is read once when a personal rule asks (research)', () => {
    const redact = createTextRedactor('research');
    const out = TEXTS.map((text) => redact(text).text);
    expect(nameModelLoads()).toBe(1);
    expect(out[1]).not.toContain('OSTERKAMP');
  });
});
