/**
 * Every recorded fixture through the `research` profile: the Transcript still validates, its
 * receipts point at the placeholders they name, and the fake secrets and personal data planted
 * in the planted-secrets recordings are gone (in any JSON escaping).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinProfile } from '../redaction/profiles.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { convertFile, fixtureCases, ROOT } from './helpers.js';

interface Planted { kind: string; value: string }
const planted = JSON.parse(readFileSync(join(ROOT, 'fixtures/planted-secrets.json'), 'utf8')) as { secrets: Planted[]; pii: Planted[] };

const research = () => new TranscriptRedactor(builtinProfile('research')!, { salt: Buffer.alloc(16, 7), saltSource: 'per-transcript' });

/** Each receipt's offsets select exactly its placeholder in the field it names. */
function checkReceipts(transcript: Transcript): void {
  for (const event of transcript.events) {
    for (const receipt of event.redactions ?? []) {
      const value = fieldValue(event, receipt.field);
      expect(typeof value, `${event.id} ${receipt.field}`).toBe('string');
      expect((value as string).slice(receipt.start, receipt.end), `${event.id} ${receipt.field}`).toBe(receipt.placeholder);
    }
  }
}

function fieldValue(root: unknown, path: string): unknown {
  // a receipt for an object key: `<object path>#key:<key as written>` (redaction/README.md); its offsets are into the key
  const keyMark = path.indexOf('#key:');
  if (keyMark !== -1) {
    const key = path.slice(keyMark + '#key:'.length);
    const owner = fieldValue(root, path.slice(0, keyMark)) as Record<string, unknown> | undefined;
    return owner !== undefined && Object.hasOwn(owner, key) ? key : undefined;
  }
  let value = root;
  for (const part of path.match(/[^.[\]]+/g) ?? []) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

describe.each(fixtureCases())('research profile on $agent $name', (c) => {
  it('gives a valid Transcript with receipts that point at their placeholders', async () => {
    const { transcript, text } = await convertFile(c.input, { transform: research });
    expect(TranscriptSchema.safeParse(transcript).success).toBe(true);
    expect(transcript.privacy.profile).toBe('research');
    expect(transcript.privacy.redactionApplied).toBe(true);
    checkReceipts(transcript);
    const redactionsInEvents = transcript.events.reduce((sum, event) => sum + (event.redactions?.length ?? 0), 0);
    expect(transcript.privacy.redactionCount).toBe(redactionsInEvents + (transcript.privacy.sessionRedactions?.length ?? 0));
    const byRule = Object.values(transcript.privacy.redactionsByRule ?? {}).reduce((sum, n) => sum + n, 0);
    expect(byRule).toBe(transcript.privacy.redactionCount);
    if (c.scenario === 'planted-secrets') {
      expect(redactionsInEvents).toBeGreaterThan(0);
      for (const { kind, value } of [...planted.secrets, ...planted.pii]) {
        for (const form of [value, JSON.stringify(value).slice(1, -1)]) {
          expect(text.includes(form), `${kind} is still in the output`).toBe(false);
        }
      }
    }
  });
});
