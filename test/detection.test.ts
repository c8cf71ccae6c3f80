/**
 * Detection by evidence: formats atx does not read yet are refused with their own name, never
 * converted as the agent they resemble. The samples are hand-made (`handmade`) from the fields
 * each program writes, as listed in adapters/LOOKALIKES.md, one per record kind we learned.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { claudeCode } from '../adapters/claude-code/index.js';
import { cursor } from '../adapters/cursor/index.js';
import { qwenCode } from '../adapters/qwen-code/index.js';
import { detectFormat } from '../src/pipeline/detect.js';
import { runCli } from './support/cli-process.js';

const SESSION = '3f0c9a52-7d1e-4b6a-9c2e-1a2b3c4d5e6f';
const at = (second: number) => `2026-10-01T09:00:${String(second).padStart(2, '0')}.000Z`;

/** handmade: Cursor CLI's two forms, which atx reads now; the stream looks like Claude Code's */
const CURSOR_FILES: Record<string, { format: string; lines: unknown[] }> = {
  'cursor-stream.jsonl': {
    format: 'cursor/stream-json',
    lines: [
      { type: 'system', subtype: 'init', apiKeySource: 'login', cwd: '/home/dev/app', session_id: SESSION, model: 'gpt-5', permissionMode: 'default' },
      { type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'hi' }] }, session_id: SESSION },
      { type: 'tool_call', subtype: 'started', call_id: 'c1', tool_call: { shellToolCall: { args: { command: 'ls' } } }, session_id: SESSION },
    ],
  },
  'cursor-transcript.jsonl': {
    format: 'cursor/agent-transcript',
    lines: [
      { role: 'user', message: { content: [{ type: 'text', text: 'run the tests' }] } },
      { role: 'assistant', message: { content: [{ type: 'tool_use', name: 'Shell', input: { command: 'npm test' } }] } },
      { type: 'turn_ended', status: 'success' },
    ],
  },
};

/** handmade: Qwen Code's two forms, which atx reads now; they look like Claude Code's */
const QWEN_FILES: Record<string, { format: string; lines: unknown[] }> = {
  'qwen-chat.jsonl': {
    format: 'qwen-code/chat-jsonl',
    lines: [
      { uuid: 'u1', parentUuid: null, sessionId: SESSION, timestamp: at(1), type: 'user', cwd: '/home/dev/app', version: '0.24.3', message: { role: 'user', parts: [{ text: 'list the files' }] } },
      { uuid: 'u2', parentUuid: 'u1', sessionId: SESSION, timestamp: at(2), type: 'assistant', cwd: '/home/dev/app', version: '0.24.3', model: 'qwen3-coder', message: { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'list_directory', args: { path: '.' } } }] }, usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 3, totalTokenCount: 13 } },
      { uuid: 'u3', parentUuid: 'u2', sessionId: SESSION, timestamp: at(3), type: 'tool_result', cwd: '/home/dev/app', version: '0.24.3', message: { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'list_directory', response: { output: 'a.txt' } } }] } },
    ],
  },
  'qwen-stream.jsonl': {
    format: 'qwen-code/stream-json',
    lines: [
      { type: 'system', subtype: 'init', uuid: SESSION, session_id: SESSION, cwd: '/home/dev/app', tools: ['read_file'], model: 'qwen3-coder', permission_mode: 'default', qwen_code_version: '0.24.3' },
      { type: 'assistant', uuid: 'a1', session_id: SESSION, parent_tool_use_id: null, message: { id: 'm1', type: 'message', role: 'assistant', model: 'qwen3-coder', content: [{ type: 'text', text: 'hello' }], usage: { input_tokens: 3, output_tokens: 1 } } },
    ],
  },
};

const LOOKALIKE_DOCUMENTS: Record<string, { name: RegExp; document: unknown }> = {
  'ui_messages.json': {
    name: /Cline/,
    document: [{ ts: 1767225600000, type: 'say', say: 'task', text: 'fix it' }, { ts: 1767225601000, type: 'say', say: 'api_req_started', text: '{"tokensIn":10}' }],
  },
  'api_conversation_history.json': {
    name: /message history/,
    document: [{ role: 'user', content: [{ type: 'text', text: 'fix it' }] }, { role: 'assistant', content: [{ type: 'text', text: 'done' }] }],
  },
};

const dir = mkdtempSync(join(tmpdir(), 'atx-detect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('formats atx does not read yet are refused by name', () => {
  for (const [file, { name, document }] of Object.entries(LOOKALIKE_DOCUMENTS)) {
    it(`${file}: detection names the array document`, () => {
      const outcome = detectFormat(ADAPTERS, [], [document]);
      expect(outcome.kind === 'lookalike' && outcome.name).toMatch(name);
    });
  }

  it('a look-alike file through the CLI: exit 3, one line naming it, nothing on stdout, in every command', async () => {
    const [file, sample] = Object.entries(LOOKALIKE_DOCUMENTS)[0]!;
    // under its own name, in its task folder, the Cline adapter reads it; a copy elsewhere is only a look-alike
    const path = join(dir, `copied-${file}`);
    writeFileSync(path, JSON.stringify(sample.document));
    for (const command of ['convert', 'scan', 'redact']) {
      const run = await runCli([command, path]);
      expect(run.code, command).toBe(3);
      expect(run.stdout, command).toBe('');
      // atx reads it, only not away from its folder: the refusal says how
      expect(run.stderr.trim().split('\n'), command).toEqual([expect.stringMatching(/looks like .*, which atx reads only in its task folder .*give the folder/)]);
      expect(run.stderr, command).toMatch(sample.name);
    }
  });

  it('a copied Cline task file (a JSON array, away from its task folder) through the CLI is named too', async () => {
    const path = join(dir, 'copied-ui_messages.json');
    writeFileSync(path, JSON.stringify(LOOKALIKE_DOCUMENTS['ui_messages.json']!.document, null, 2));
    const run = await runCli(['convert', path, '--json']);
    expect(run.code).toBe(3);
    const error = JSON.parse(run.stderr) as { error: { code: string; message: string } };
    expect(error.error.code).toBe('unsupported_format');
    expect(error.error.message).toMatch(/Cline/);
  });

});

describe('Cursor\'s forms are read as Cursor, never as Claude Code', () => {
  for (const [file, { format, lines }] of Object.entries(CURSOR_FILES)) {
    it(`${file}: detected as ${format}; Claude Code is never sure of it, Qwen Code does not claim it`, () => {
      const outcome = detectFormat(ADAPTERS, lines);
      expect(outcome.kind === 'adapter' && `${outcome.adapter.id} ${outcome.format}`).toBe(`cursor ${format}`);
      // Claude Code's detection still gives a bare system/user stream a low guess, below Cursor's evidence
      expect(claudeCode.detect(lines)?.confidence ?? 0).toBeLessThan(0.9);
      expect(qwenCode.detect(lines)).toBeNull();
    });
  }
});

describe('Qwen Code\'s forms are read as Qwen Code, never as Claude Code', () => {
  for (const [file, { format, lines }] of Object.entries(QWEN_FILES)) {
    it(`${file}: detected as ${format}; Claude Code does not claim it`, () => {
      const outcome = detectFormat(ADAPTERS, lines);
      expect(outcome.kind === 'adapter' && `${outcome.adapter.id} ${outcome.format}`).toBe(`qwen-code ${format}`);
      expect(claudeCode.detect(lines)).toBeNull();
    });
  }

  it('a Qwen Code chat file through the CLI converts as Qwen Code', async () => {
    const path = join(dir, 'qwen-chat.jsonl');
    writeFileSync(path, QWEN_FILES['qwen-chat.jsonl']!.lines.map((line) => JSON.stringify(line)).join('\n'));
    const run = await runCli(['convert', path]);
    expect(run.code).toBe(0);
    const transcript = JSON.parse(run.stdout) as { source: { agent: string; format: string } };
    expect(transcript.source).toMatchObject({ agent: 'qwen-code', format: 'qwen-code/chat-jsonl' });
  });

  it('--from claude-code on a Qwen chat file stops and says what it is', async () => {
    const path = join(dir, 'qwen-forced.jsonl');
    writeFileSync(path, QWEN_FILES['qwen-chat.jsonl']!.lines.map((line) => JSON.stringify(line)).join('\n'));
    const run = await runCli(['convert', '--from', 'claude-code', path]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/auto-detection says it is Qwen Code \(qwen-code\/chat-jsonl\)/);
  });

  it('Claude Code\'s own records still detect as Claude Code', () => {
    const session = [{ uuid: 'c1', parentUuid: null, sessionId: SESSION, timestamp: at(1), type: 'user', cwd: '/home/dev/app', version: '2.1.330', userType: 'external', isSidechain: false, message: { role: 'user', content: 'hi' } }];
    const stream = [{ type: 'system', subtype: 'init', session_id: SESSION, cwd: '/home/dev/app', tools: [], model: 'claude-sonnet-4-5', permissionMode: 'default', claude_code_version: '2.1.330' }];
    expect(claudeCode.detect(session)?.format).toBe('claude-code/session-jsonl');
    expect(claudeCode.detect(stream)?.format).toBe('claude-code/stream-json');
    expect(qwenCode.detect(session)).toBeNull();
    expect(qwenCode.detect(stream)).toBeNull();
    expect(cursor.detect(session)).toBeNull();
    expect(cursor.detect(stream)).toBeNull();
  });
});

describe('ties are named, not broken by table order', () => {
  it('two adapters equally sure of a sample are both named', () => {
    const [first, second] = ADAPTERS;
    const fake = (adapter: typeof first) => ({ ...adapter!, detect: () => ({ confidence: 0.8, format: `${adapter!.id}/x` }) });
    const outcome = detectFormat([fake(first), fake(second)], [{}]);
    expect(outcome.kind).toBe('ambiguous');
    expect(outcome.kind === 'ambiguous' && outcome.candidates.map((c) => c.adapter.id)).toEqual([first!.id, second!.id]);
  });
});
