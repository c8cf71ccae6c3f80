/**
 * The content digest `atx upload` takes while a document is written (upload/document-digest.ts)
 * must be the digest of the bytes it sends (sent-content.ts, which the server's Stored answer is
 * checked against): otherwise every delivery would be queued as unverified.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
import { prepareOrFail } from '../src/cli/upload-prepare.js';
import { DocumentDigest } from '../src/upload/document-digest.js';
import { sentContent } from '../src/upload/sent-content.js';
import { ROOT } from './support/cli-process.js';
import { claudeSession } from './support/claude-session.js';

const scratch = mkdtempSync(join(tmpdir(), 'atx-digest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const context = { clock: fixedClock('2026-01-02T03:04:05.000Z'), ids: seededIds('digest') };
const options = (profile: string) => ({ context, makeRedactor: () => new TranscriptRedactor(builtinProfile(profile)!, { salt: Buffer.from('salt'), saltSource: 'per-transcript' as const }) });

/**
 * Each unit of `input` prepared: the digest taken as written, the one atx upload checks answers
 * against (upload-prepare.ts: the one taken as written, or else one from the document), and the
 * one taken from the body.
 */
async function digestsOf(input: string, profile: string): Promise<Array<{ asWritten: string | undefined; checked: string | undefined; fromBody: string; body: string }>> {
  const out = [];
  for (const source of (await resolveSources([input], ADAPTERS, undefined as never)).sources) {
    for await (const unit of unitsOf(source, { idFromContent: true })) {
      const { prepared, digest } = await prepareUnitWithDigest(unit, options(profile));
      out.push({ asWritten: digest, checked: undefined as string | undefined, fromBody: (await sentContent(prepared.transcriptId, prepared.gzipped)).digest, body: gunzipSync(prepared.gzipped).toString('utf8') });
    }
  }
  // prepared again, as atx upload prepares (the same input gives the same document)
  let index = 0;
  for (const source of (await resolveSources([input], ADAPTERS, undefined as never)).sources) {
    for await (const unit of unitsOf(source, { idFromContent: true })) {
      const prepared = await prepareOrFail(unit, options(profile), true);
      out[index++]!.checked = 'sent' in prepared ? prepared.sent?.digest : undefined;
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
          for (const { asWritten, checked, fromBody } of await digestsOf(join(ROOT, 'fixtures', agent, name, log), profile)) {
            expect(asWritten, `${agent}/${name}/${log}`).toBe(fromBody);
            expect(checked, `${agent}/${name}/${log}`).toBe(fromBody);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('is taken from the document held whole for a small session of a folder, and is the digest of the body sent', async () => {
    let compared = 0;
    for (const name of readdirSync(join(ROOT, 'fixtures', 'claude-code'))) {
      if (name.endsWith('.md')) continue;
      // the session logs alone (a fixture's folder also holds its recording)
      const folder = join(scratch, `folder-${name}`);
      mkdirSync(folder);
      for (const log of readdirSync(join(ROOT, 'fixtures', 'claude-code', name)).filter((file) => file.endsWith('.jsonl'))) {
        copyFileSync(join(ROOT, 'fixtures', 'claude-code', name, log), join(folder, log));
      }
      for (const { asWritten, checked, fromBody } of await digestsOf(folder, 'standard')) {
        expect(asWritten, name).toBeUndefined(); // not taken as written: its files are small, so the document is held whole
        expect(checked, name).toBe(fromBody);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(5);
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
    // it was hashed before it was revised: the digest as written gives up, the document's is used
    expect(only!.asWritten).toBeUndefined();
    expect(only!.checked).toBe(only!.fromBody);
  });
});

describe('DocumentDigest', () => {
  const header = { schemaVersion: '1', session: { id: 's', capturedAt: '2026-01-01T00:00:00Z', b: 1 }, metrics: { eventCount: 2 } };
  const events = [{ type: 'user_message', text: 'hi', at: 1.5 }, { type: 'assistant_message', text: 'é \u2028 "q"' }];

  const digestOf = (given: unknown[], of: Record<string, unknown> = header) => {
    const digest = new DocumentDigest();
    for (const [index, event] of given.entries()) digest.event(event, index);
    return digest.digest(of);
  };

  it('matches contentSha256 of the document, with no event, a few, or many hashed in pieces', () => {
    expect(digestOf(events)).toBe(contentSha256({ ...header, events }));
    expect(digestOf([])).toBe(contentSha256({ ...header, events: [] }));
    const many = Array.from({ length: 3000 }, (_, index) => ({ type: 'tool_result', index, output: `line ${index} `.repeat(20 + (index % 7)) }));
    expect(digestOf(many)).toBe(contentSha256({ ...header, events: many }));
  });

  it('gives up on a revision of an event it has hashed, on values JSON has no form for, and on a header member named before the events', () => {
    const revised = new DocumentDigest();
    revised.event({ type: 'user_message', text: 'before' }, 0);
    revised.event(events[1], 1);
    revised.event(events[0], 0);
    expect(revised.digest(header)).toBeUndefined();
    expect(digestOf([{ type: 'x', n: Number.NaN }])).toBeUndefined();
    expect(digestOf(events, { ...header, attachments: [] })).toBeUndefined();
    // members it leaves out, as JSON does, are not in the way
    expect(digestOf(events, { ...header, aside: undefined })).toBe(contentSha256({ ...header, events }));
  });
});
