/**
 * `--format openai`: OpenAI chat JSONL. Every recorded fixture gives lines a fine-tuning tool
 * accepts (roles, tool_call ids answered exactly once, arguments that parse as JSON objects);
 * a golden file per agent; `--split-turns` gives one growing conversation per user turn.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import type { ChatMessage } from '../src/writers/openai-messages.js';
import { convertFile, expectGolden, fixtureCases, ROOT, runInProcess } from './helpers.js';
import { renderFixture, renderTranscript, richestFixturePerAgent } from './writer-support.js';

interface ChatLine {
  messages: ChatMessage[];
  metadata: { atx: { transcriptId: string; agent: string; profile: string; redactionCount: number; rulesetVersion?: string } };
}

const linesOf = (text: string): ChatLine[] => {
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as ChatLine);
};

/** What OpenAI's chat format asks of one conversation. */
function expectValidConversation(line: ChatLine): void {
  const open = new Set<string>();
  for (const message of line.messages) {
    expect(['system', 'user', 'assistant', 'tool']).toContain(message.role);
    if (message.role === 'tool') {
      // a tool message answers a call of the assistant message just before it, once
      expect(open.delete(message.tool_call_id)).toBe(true);
      expect(typeof message.content).toBe('string');
      continue;
    }
    expect(open.size).toBe(0);
    if (message.role === 'assistant') {
      expect(message.content !== null || (message.tool_calls?.length ?? 0) > 0).toBe(true);
      for (const call of message.tool_calls ?? []) {
        expect(call.type).toBe('function');
        expect(call.function.name).toMatch(/^[\w-]{1,64}$/);
        const args: unknown = JSON.parse(call.function.arguments);
        expect(typeof args === 'object' && args !== null && !Array.isArray(args)).toBe(true);
        open.add(call.id);
      }
      expect(open.size).toBe(message.tool_calls?.length ?? 0); // ids unique within the message
    } else {
      expect(typeof message.content).toBe('string');
    }
  }
  expect(open.size).toBe(0);
}

const callIds = (line: ChatLine) => line.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));

describe('openai: every fixture', () => {
  it('gives one valid conversation per session, every main-line call in it once', async () => {
    // the fixtures' golden Transcripts: what atx convert gives for each, without converting again
    for (const fixture of fixtureCases()) {
      const transcript = JSON.parse(readFileSync(fixture.expected, 'utf8')) as Transcript;
      const text = await renderTranscript(transcript, 'openai');
      const [line, ...more] = linesOf(text);
      expect(more, fixture.name).toEqual([]);
      expectValidConversation(line!);
      expect(line!.metadata.atx.transcriptId).toBe(transcript.transcriptId);
      const mainCalls = transcript.events.filter((e) => e.type === 'tool_call' && e.parentId === undefined);
      expect(callIds(line!).length, fixture.name).toBe(mainCalls.length);
      expect(new Set(callIds(line!)).size).toBe(mainCalls.length);
    }
  });
});

describe.each(richestFixturePerAgent())('openai $agent $name', (c) => {
  it('matches its golden file; --split-turns gives one line per user turn, each the one before and more', async () => {
    const { transcript, text } = await renderFixture(c.input, 'openai');
    const goldens = join(ROOT, 'test/goldens/openai');
    mkdirSync(goldens, { recursive: true });
    expectGolden(text, join(goldens, `${c.agent}.openai.jsonl`));
    const whole = linesOf(text)[0]!;
    const turns = linesOf((await renderFixture(c.input, 'openai', { splitTurns: true })).text);
    const users = whole.messages.filter((m) => m.role === 'user').length;
    expect(turns).toHaveLength(Math.max(users, 1));
    expect(turns.at(-1)).toEqual(whole);
    for (const [n, turn] of turns.entries()) {
      expectValidConversation(turn);
      expect(turn.metadata.atx.transcriptId).toBe(transcript.transcriptId);
      expect(turn.messages).toEqual(whole.messages.slice(0, turn.messages.length));
      // each line ends where the next user turn begins
      const next = whole.messages[turn.messages.length];
      expect(next === undefined || next.role === 'user').toBe(true);
      if (n > 0) expect(turn.messages.length).toBeGreaterThan(turns[n - 1]!.messages.length);
    }
  });
});

const event = (seq: number, fields: Partial<TranscriptEvent> & Pick<TranscriptEvent, 'type' | 'role'>): TranscriptEvent =>
  ({ id: `ev_${seq}`, seq, timestamp: '2026-01-01T00:00:00.000Z', ...fields }) as TranscriptEvent;

async function rendered(events: TranscriptEvent[]): Promise<ChatLine> {
  const { transcript } = await convertFile(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'));
  return linesOf(await renderTranscript({ ...transcript, events } as Transcript, 'openai'))[0]!;
}

describe('openai: the shape of a conversation', () => {
  it('merges text and calls into one assistant message, answers a call with no result, leaves out reasoning and subagents', async () => {
    const line = await rendered([
      event(1, { type: 'user_message', role: 'user', text: 'go' }),
      event(2, { type: 'reasoning', role: 'assistant', text: 'thinking' }),
      event(3, { type: 'assistant_message', role: 'assistant', text: 'Running two things.' }),
      event(4, { type: 'tool_call', role: 'assistant', tool: { name: 'Bash', callId: 'a', input: { command: 'ls' } } }),
      event(5, { type: 'tool_call', role: 'assistant', tool: { name: 'mcp.server/tool', callId: 'b', input: 'plain' } }),
      event(6, { type: 'tool_result', role: 'tool', tool: { name: 'Bash', callId: 'a', status: 'error', exitCode: 2, output: 'no such file' } }),
      event(7, { type: 'user_message', role: 'user', text: 'inside the subagent', parentId: 'b' }),
      event(8, { type: 'assistant_message', role: 'assistant', text: 'Done.' }),
    ]);
    expectValidConversation(line);
    expect(line.messages).toEqual([
      { role: 'user', content: 'go' },
      {
        role: 'assistant', content: 'Running two things.\n\nDone.', tool_calls: [
          { id: 'a', type: 'function', function: { name: 'Bash', arguments: '{"command":"ls"}' } },
          { id: 'b', type: 'function', function: { name: 'mcp_server_tool', arguments: '{"input":"plain"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: '[error, exit 2]\nno such file' },
      { role: 'tool', tool_call_id: 'b', content: '(no result was recorded for this call)' },
    ]);
  });

  it('a call id used twice in a session is made unique', async () => {
    const call = (seq: number) => event(seq, { type: 'tool_call', role: 'assistant', tool: { name: 'Read', callId: 'same', input: {} } });
    const result = (seq: number, output: string) => event(seq, { type: 'tool_result', role: 'tool', tool: { name: 'Read', callId: 'same', output } });
    const line = await rendered([call(1), result(2, 'one'), call(3), result(4, 'two')]);
    expectValidConversation(line);
    expect(line.messages.filter((m) => m.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'same', content: 'one' },
      { role: 'tool', tool_call_id: 'same_2', content: 'two' },
    ]);
  });

  it('through the CLI: the privacy receipt in metadata, placeholders kept', async () => {
    const input = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');
    const run = await runInProcess(['convert', input, '--format', 'openai']);
    expect(run.code).toBe(0);
    const [line] = linesOf(run.stdout);
    expect(line!.metadata.atx).toMatchObject({ agent: 'claude-code', profile: 'standard', redactionCount: 10 });
    expect(line!.metadata.atx.rulesetVersion).toMatch(/^\d+\.[0-9a-f]{12}$/);
    expect(run.stdout).toContain('[REDACTED:github-pat#1]');
  });
});
