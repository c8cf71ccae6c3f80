/**
 * The content digest `atx upload` takes while a document is written (upload/document-digest.ts)
 * must be the digest of the bytes it sends (sent-content.ts, which the server's Stored answer is
 * checked against): otherwise every delivery would be queued as unverified.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { builtinProfile } from '../redaction/profiles.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import { contentSha256 } from '../src/api/contract.js';
import { resolveSources, unitsOf } from '../src/input/reader.js';
import { fixedClock, seededIds } from '../src/pipeline/context.js';
import { prepareUnitWithDigest } from '../src/pipeline/prepare-upload.js';
import { DocumentDigest } from '../src/upload/document-digest.js';
import { sentContent } from '../src/upload/sent-content.js';
import { ROOT } from './helpers.js';
import { claudeSession } from './support/claude-session.js';

const scratch = mkdtempSync(join(tmpdir(), 'atx-digest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const context = { clock: fixedClock('2026-01-02T03:04:05.000Z'), ids: seededIds('digest') };
const options = (profile: string) => ({ context, makeRedactor: () => new TranscriptRedactor(builtinProfile(profile)!, { salt: Buffer.from('salt'), saltSource: 'per-transcript' as const }) });

/** Each unit of `input` prepared: the digest taken as written, and the one taken from the body. */
async function digestsOf(input: string, profile: string): Promise<Array<{ asWritten: string | undefined; fromBody: string; body: string }>> {
  const { sources } = await resolveSources([input], ADAPTERS, undefined as never);
  const out = [];
  for (const source of sources) {
    for await (const unit of unitsOf(source, { idFromContent: true })) {
      const { prepared, digest } = await prepareUnitWithDigest(unit, options(profile));
      out.push({ asWritten: digest, fromBody: (await sentContent(prepared.transcriptId, prepared.gzipped)).digest, body: gunzipSync(prepared.gzipped).toString('utf8') });
    }
  }
  return out;
}

describe('the digest taken as a document is written', () => {
  it.each(['standard', 'public'])('is the digest of the body sent, for every Claude Code and Codex fixture (%s)', async (profile) => {
    let compared = 0;
    for (const agent of ['claude-code', 'codex']) {
      for (const name of readdirSync(join(ROOT, 'fixtures', agent))) {
        if (name.endsWith('.md')) continue;
        for (const log of readdirSync(join(ROOT, 'fixtures', agent, name)).filter((file) => file.endsWith('.jsonl'))) {
          for (const { asWritten, fromBody } of await digestsOf(join(ROOT, 'fixtures', agent, name, log), profile)) {
            expect(asWritten, `${agent}/${name}/${log}`).toBe(fromBody);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('follows the events revised after a secret is recognised late', async () => {
    const secret = 'Vq7Lm2Xz9Kp4Rt8W';
    const path = join(scratch, 'late.jsonl');
    writeFileSync(path, claudeSession([
      { user: `the staging box still takes ${secret} as its login, can you check the config?` },
      { bash: 'cat config/staging.env', output: `HOST=stage.internal\nDB_PASSWORD=${secret}\nPORT=5432` },
    ]));
    const [only] = await digestsOf(path, 'standard');
    expect(only!.body).not.toContain(secret); // the first event was revised
    expect(only!.asWritten).toBe(only!.fromBody);
  });
});

describe('DocumentDigest', () => {
  const header = { schemaVersion: '1', session: { id: 's', capturedAt: '2026-01-01T00:00:00Z', b: 1 }, metrics: { eventCount: 2 } };
  const events = [{ type: 'user_message', text: 'hi', at: 1.5 }, { type: 'assistant_message', text: 'é \u2028 "q"' }];

  it('matches contentSha256 of the document, and a revised event replaces the one first given', () => {
    const digest = new DocumentDigest(1_000_000);
    digest.event({ type: 'user_message', text: 'before' }, 0);
    digest.event(events[1], 1);
    digest.event(events[0], 0);
    expect(digest.digest(header)).toBe(contentSha256({ ...header, events }));
  });

  it('gives up past its size limit and on values JSON has no form for', () => {
    const small = new DocumentDigest(20);
    for (const [index, event] of events.entries()) small.event(event, index);
    expect(small.digest(header)).toBeUndefined();
    const notJson = new DocumentDigest(1_000_000);
    notJson.event({ type: 'x', n: Number.NaN }, 0);
    expect(notJson.digest(header)).toBeUndefined();
  });
});
