// The bench's generated Claude Code sessions hold no secret by construction (multilingual prose, code,
// test output, stack traces, git logs): whatever `standard` redacts in them is a false finding. The
// real fixtures and the corpora did not show the generic detector taking `Token données!` as a secret;
// 40 MB of this text showed it 174 times.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateClaudeSession } from '../bench/generate-claude-session.js';
import { createTextRedactor } from '../redaction/index.js';

const dir = mkdtempSync(join(tmpdir(), 'atx-generated-clean-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// every string a record holds, but an image's bytes (`source: { type: 'base64', data }` and the Read
// tool's `file.base64` copy), which the converter keeps as an attachment, never as text to scan
function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object' && (value as { type?: unknown }).type !== 'base64') {
    for (const [key, item] of Object.entries(value)) if (key !== 'base64') strings(item, out);
  }
}

describe('standard on generated sessions that hold no secret', () => {
  it.each([1, 5])('changes nothing in a 6 MB session (seed %i)', async (seed) => {
    const file = join(dir, `session-${seed}.jsonl`);
    await generateClaudeSession(file, { sizeMb: 6, seed });
    const redact = createTextRedactor('standard');
    const changed: string[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      const texts: string[] = [];
      strings(JSON.parse(line), texts);
      for (const text of texts) {
        const result = redact(text);
        if (result.findings > 0) changed.push(result.text.slice(0, 200));
      }
    }
    expect(changed.slice(0, 5)).toEqual([]);
  }, 60_000);
});
