import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptJsonSchema, TranscriptSchema } from '../src/transcript/index.js';
import { ROOT } from './support/cli-process.js';

describe('schema', () => {
  it('the committed schema/transcript.schema.json is current (regenerate: npm run schema:write)', () => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'schema/transcript.schema.json'), 'utf8')) as unknown;
    expect(committed).toEqual(transcriptJsonSchema());
  });

  it('requires a tool object on tool events and a meta object on meta events', () => {
    const event = { id: 'ev_1', seq: 1, timestamp: null, role: 'assistant' };
    const document = (events: unknown[]) => ({
      schemaVersion: '0.1.0',
      transcriptId: '0b7d9a43-5d33-4d3c-9a0a-0d2f3c4b5a69',
      source: { agent: 'x', agentVersion: null, adapter: 'x', adapterVersion: '1' },
      session: { startedAt: null, endedAt: null, capturedAt: '2026-01-01T00:00:00Z', environment: {} },
      submitter: { keyId: null, pseudonym: null, identityLinked: false },
      privacy: { profile: 'none', redactionApplied: false, anonymizationApplied: false, rulesApplied: [], redactionCount: 0, contentPolicy: { includeFileContents: true, toolOutput: 'full' } },
      metrics: { eventCount: events.length, messageCount: 0, toolCallCount: 0, durationMs: null },
      events,
    });
    expect(TranscriptSchema.safeParse(document([{ ...event, type: 'assistant_message', text: 'hi' }])).success).toBe(true);
    const missingTool = TranscriptSchema.safeParse(document([{ ...event, type: 'tool_call' }]));
    expect(missingTool.success).toBe(false);
    expect(missingTool.error?.issues[0]?.path).toEqual(['events', 0, 'tool']);
    expect(TranscriptSchema.safeParse(document([{ ...event, type: 'meta' }])).success).toBe(false);
    expect(TranscriptSchema.safeParse({ ...document([]), schemaVersion: '1.0.0' }).success).toBe(false);
  });
});
