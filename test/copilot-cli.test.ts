/**
 * GitHub Copilot CLI adapter. The recorded fixtures (fixtures/copilot-cli/, real `copilot` 1.0.102
 * against the scripted model server) are checked first: both native forms of every run, the saved
 * events.jsonl and the `--output-format json` stdout. Then HAND-WRITTEN records for what a BYOK
 * recording cannot produce (permissions, subagents, compaction, user-run tools, ephemeral usage),
 * with shapes from the session-events schema the 1.0.102 package ships, and the hand-made 0.0.x
 * history document (fixtures/copilot-cli/handmade-history-json/, shape from 0.0.340's index.js).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotCli } from '../adapters/copilot-cli/index.js';
import { LIVE_EVENT_HANDLERS } from '../adapters/copilot-cli/live-events.js';
import { modelTraceHandler } from '../adapters/copilot-cli/model-trace.js';
import { SESSION_EVENT_HANDLERS } from '../adapters/copilot-cli/session-events.js';
import type { Transcript, } from '../src/transcript/index.js';
import { convertBytes, convertFile, ROOT, runCli, ofType, toolKinds } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures/copilot-cli');
/** older releases' sets (`v<version>-<scenario>`): held to the golden harness's checks (test/golden.test.ts) */
const OLDER_RELEASE = /^v\d/;
const SCENARIOS = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('handmade-') && !OLDER_RELEASE.test(d.name)).map((d) => d.name).sort();
const nativeFiles = (scenario: string) => readdirSync(join(FIXTURES, scenario)).filter((f) => f.endsWith('.jsonl')).sort();
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { type: string; data?: Record<string, unknown> });
const recording = (scenario: string) => JSON.parse(readFileSync(join(FIXTURES, scenario, 'recording.json'), 'utf8')) as { scenario: { prompts: string[] }; version: string; env: Record<string, string>; markers?: Record<string, Record<string, number>> };


describe('copilot-cli recorded fixtures', () => {
  it('has the scenarios it was recorded with', () => {
    expect(SCENARIOS).toEqual(['compaction', 'denied-tool', 'failing-tool', 'file-edit', 'masked-token', 'multi-turn', 'parallel-tools', 'plain-answer', 'reasoning', 'responses-api', 'shell-tool', 'subagent']);
  });

  for (const scenario of SCENARIOS) {
    for (const file of nativeFiles(scenario)) {
      it(`${scenario}/${file}: nothing unparsed, calls paired, prompt and answers present`, async () => {
        const path = join(FIXTURES, scenario, file);
        const { transcript: t } = await convertFile(path);
        expect(t.source.format).toBe(file === 'events.jsonl' ? 'copilot-cli/session-events' : 'copilot-cli/json');
        expect(t.metrics.unparsedCount).toBe(0);
        expect(t.events.filter((e) => e.meta?.kind === 'unparsed')).toEqual([]);
        const calls = ofType(t, 'tool_call').map((e) => e.tool!.callId);
        expect(ofType(t, 'tool_result').map((e) => e.tool!.callId).sort()).toEqual([...calls].sort());
        expect(ofType(t, 'tool_call').every((e) => e.synthetic !== true)).toBe(true);
        expect(ofType(t, 'tool_result').every((e) => e.synthetic !== true)).toBe(true);

        const native = lines(path);
        const messages = native.filter((l) => l.type === 'user.message');
        expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(messages.map((l) => l.data!.content));
        // a subagent's prompt is a user.message too, written by the main agent (source "agent-<session id>")
        const prompts = messages.filter((l) => !String(l.data!.source ?? '').startsWith('agent-')).map((l) => l.data!.content);
        const index = file === 'events.jsonl' || file === 'stdout.jsonl' ? 0 : Number(file.split('.')[1]) - 1;
        // a slash command (/compact) is run by Copilot itself, not written as a user.message
        const expectedPrompts = (file === 'events.jsonl' ? recording(scenario).scenario.prompts : [recording(scenario).scenario.prompts[index]]).filter((p) => !p!.startsWith('/'));
        expect(prompts).toEqual(expectedPrompts);
        const answers = native.filter((l) => l.type === 'assistant.message' && l.data!.content !== '').map((l) => l.data!.content);
        expect(ofType(t, 'assistant_message').map((e) => e.text)).toEqual(answers);
        expect(answers.length).toBeGreaterThan(0);

        expect(t.source.agent).toBe('copilot-cli');
        expect(t.session.models).toEqual([recording(scenario).env.COPILOT_MODEL]);
        if (file === 'events.jsonl') {
          expect(t.source.agentVersion).toBe(recording(scenario).version);
          expect(t.session.environment.cwd).toBe(`/tmp/atx-sandbox-copilot/${scenario}`);
          expect(t.metrics.tokens?.input).toBeGreaterThan(0);
        }
        expect(t.source.nativeSessionId).toMatch(/^[0-9a-f-]{36}$/);
      });
    }
  }

  it('events.jsonl and stdout of the same run tell the same conversation', async () => {
    for (const scenario of SCENARIOS.filter((s) => s !== 'multi-turn' && s !== 'compaction')) {
      const saved = (await convertFile(join(FIXTURES, scenario, 'events.jsonl'))).transcript;
      const live = (await convertFile(join(FIXTURES, scenario, 'stdout.jsonl'))).transcript;
      const story = (t: Transcript) => t.events.filter((e) => e.type !== 'system').map((e) => [e.type, e.text ?? null, e.tool?.callId ?? null, e.tool?.status ?? null]);
      expect(story(live), scenario).toEqual(story(saved));
      expect(live.source.nativeSessionId).toBe(saved.source.nativeSessionId);
    }
  });

  it('maps tool kinds, files and diffs (file-edit)', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'file-edit/events.jsonl'));
    expect(toolKinds(t)).toEqual({ view: 'read', edit: 'edit', create: 'write' });
    const results = ofType(t, 'tool_result').map((e) => e.tool!);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(results.map((r) => r.files?.map((f) => f.action))).toEqual([['read'], ['edit'], ['write']]);
    expect(results[1]!.files![0]!.diff).toContain('+hello from copilot');
    expect(results[2]!.files![0]!.diff).toContain('+# Notes');
  });

  it('a shell call is a shell call with its exit code (shell-tool)', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'shell-tool/events.jsonl'));
    expect(toolKinds(t)).toEqual({ bash: 'shell' });
    const [result] = ofType(t, 'tool_result');
    expect(result!.tool).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(result!.tool!.output).toContain('hello.txt');
  });

  it('failures: a non-zero exit, a missing file and an edit that matched nothing are errors (failing-tool)', async () => {
    for (const file of ['events.jsonl', 'stdout.jsonl']) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'failing-tool', file));
      const results = ofType(t, 'tool_result').map((e) => e.tool!);
      expect(results.map((r) => [r.name, r.status, r.exitCode ?? null])).toEqual([['bash', 'error', 2], ['view', 'error', null], ['edit', 'error', null]]);
      expect(results[1]!.output).toBe('Path does not exist');
      expect(results[2]!.output).toBe('No match found');
      expect(t.metrics.errorCount).toBe(3);
    }
  });

  it('two calls in one message are both paired (parallel-tools)', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'parallel-tools/events.jsonl'));
    expect(ofType(t, 'tool_call').map((e) => e.tool!.name)).toEqual(['view', 'bash']);
    expect(toolKinds(t)).toEqual({ view: 'read', bash: 'shell' });
  });

  it('a tool refused by --deny-tool is denied, with Copilot\'s reason (denied-tool)', async () => {
    for (const file of ['events.jsonl', 'stdout.jsonl']) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'denied-tool', file));
      const [result] = ofType(t, 'tool_result');
      expect(result!.tool).toMatchObject({ name: 'bash', kind: 'shell', status: 'denied' });
      expect(result!.tool!.output).toContain('shell(rm)');
    }
  });

  it('a subagent: everything it did is grouped under the task call (subagent)', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'subagent/events.jsonl'));
    const task = ofType(t, 'tool_call').find((e) => e.tool!.name === 'task')!;
    expect(task.tool!.kind).toBe('task');
    expect(task.parentId).toBeUndefined();
    const inside = t.events.filter((e) => e.parentId === task.tool!.callId);
    expect(inside.map((e) => e.type)).toEqual(['system', 'system', 'system', 'system', 'user_message', 'system', 'tool_call', 'tool_result', 'assistant_message', 'system']);
    expect(inside.find((e) => e.type === 'tool_call')!.tool).toMatchObject({ name: 'view', kind: 'read' });
    expect(ofType(t, 'tool_result').find((e) => e.tool!.callId === task.tool!.callId)!.tool!.output).toBe('hello.txt contains one line: "hello from the sandbox".');
    expect(t.events.filter((e) => e.parentId === undefined && e.type === 'assistant_message')).toHaveLength(1);
  });

  it('/compact on a resumed session: one compaction marker with the summary; the summary call\'s trace (model.*) is not the conversation (compaction)', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'compaction/events.jsonl'));
    const markers = t.events.filter((e) => e.meta?.kind === 'compaction');
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({ type: 'meta', text: '`hello.txt` says "hello from the sandbox".', meta: { success: true, tokensRemoved: 51 } });
    expect(markers[0]!.meta!.summaryUsage).toMatchObject({ output: 14 });
    expect(ofType(t, 'assistant_message')).toHaveLength(1);
    // Copilot leaves the summary call out of its own totals (session.shutdown), and so does atx
    expect(t.metrics.tokens).toEqual((await import('./fixture-facts/copilot-cli.js')).facts.reportedTokens!(join(FIXTURES, 'compaction/events.jsonl')));
  });

  it('over the Responses API: reasoning summary, the freeform apply_patch tool as an edit with its diff (responses-api)', async () => {
    for (const file of ['events.jsonl', 'stdout.jsonl']) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'responses-api', file));
      expect(ofType(t, 'reasoning').map((e) => e.text)).toEqual(['I should count the lines with wc first.']);
      expect(toolKinds(t)).toEqual({ bash: 'shell', apply_patch: 'edit' });
      const patch = ofType(t, 'tool_result').find((e) => e.tool!.name === 'apply_patch')!.tool!;
      expect(patch.status).toBe('ok');
      expect(patch.files).toEqual([{ path: '/tmp/atx-sandbox-copilot/responses-api/hello.txt', action: 'edit', diff: expect.stringContaining('+hello from apply_patch') }]);
      expect(JSON.stringify(t)).not.toContain('gAAAAAB'); // the (fake) encrypted reasoning is not copied
    }
  });

  it('reasoning appears once, from events.jsonl (reasoningText) and from stdout (assistant.reasoning + reasoningText)', async () => {
    for (const file of ['events.jsonl', 'stdout.jsonl']) {
      const { transcript: t } = await convertFile(join(FIXTURES, 'reasoning', file));
      expect(ofType(t, 'reasoning').map((e) => e.text)).toEqual(['17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391. Double-check: 23 * 17 = 230 + 161 = 391.']);
    }
  });

  it('a resumed session: both prompts, a resume notice, and each run\'s stdout on its own (multi-turn)', async () => {
    const { transcript: t } = await convertFile(join(FIXTURES, 'multi-turn/events.jsonl'));
    expect(ofType(t, 'user_message')).toHaveLength(2);
    expect(t.events.filter((e) => e.meta?.kind === 'resume')).toHaveLength(1);
    expect(t.metrics.toolCallCount).toBe(2);
    const second = (await convertFile(join(FIXTURES, 'multi-turn/stdout.2.jsonl'))).transcript;
    expect(second.source.nativeSessionId).toBe(t.source.nativeSessionId);
    expect(ofType(second, 'user_message').map((e) => e.text)).toEqual(['Second prompt: now append a line "bye" to hello.txt with the shell.']);
  });

  it('masking in 1.0.102: a ghp_ token is masked in both files, Copilot\'s own GITHUB_TOKEN only on stdout, a --secret-env-vars variable is emptied (masked-token)', () => {
    const markers = recording('masked-token').markers!;
    const [fileToken, ownToken, envSecret] = Object.keys(markers['events.jsonl']!);
    expect(fileToken).toMatch(/^ghp_/);
    expect(ownToken).toMatch(/^github_pat_/);
    expect([markers['events.jsonl']![fileToken!], markers['stdout.jsonl']![fileToken!]]).toEqual([0, 0]);
    expect(markers['events.jsonl']![ownToken!]).toBe(1); // the session file keeps what stdout masks
    expect(markers['stdout.jsonl']![ownToken!]).toBe(0);
    expect([markers['events.jsonl']![envSecret!], markers['stdout.jsonl']![envSecret!]]).toEqual([0, 0]);
    const masked = (file: string) => readFileSync(join(FIXTURES, 'masked-token', file), 'utf8').split('TOKEN=******').length - 1;
    expect(masked('events.jsonl')).toBeGreaterThan(0);
    expect(masked('stdout.jsonl')).toBeGreaterThan(0);
  });

  it('detection: each native form by its own evidence', () => {
    const sample = (path: string) => lines(path).slice(0, 20);
    expect(copilotCli.detect(sample(join(FIXTURES, 'shell-tool/events.jsonl')))).toEqual({ confidence: 0.95, format: 'copilot-cli/session-events' });
    expect(copilotCli.detect(sample(join(FIXTURES, 'shell-tool/stdout.jsonl')))).toEqual({ confidence: 0.95, format: 'copilot-cli/json' });
    // an events.jsonl tail without its session.start
    expect(copilotCli.detect(sample(join(FIXTURES, 'shell-tool/events.jsonl')).slice(1))).toEqual({ confidence: 0.95, format: 'copilot-cli/session-events' });
    expect(copilotCli.detect(sample(join(FIXTURES, 'shell-tool/events.jsonl')).slice(1, 2))).toEqual({ confidence: 0.9, format: 'copilot-cli/session-events' });
    // other agents' records that share some of the envelope's fields are not claimed
    expect(copilotCli.detect([{ type: 'message', id: 'a1', parentId: null, timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'hi' } }])).toBeNull();
  });
});

/**
 * Every event type of `schemas/session-events.schema.json` in the @github/copilot 1.0.102 package
 * (its SessionEvent union): persisted ones, and those marked `ephemeral` (stdout only).
 */
const EVENT_TYPES_1_0_102 = JSON.parse(readFileSync(join(ROOT, 'test/fixture-facts/copilot-cli-event-types-1.0.102.json'), 'utf8')) as { persisted: string[]; ephemeral: string[] };
const PERSISTED_1_0_102 = EVENT_TYPES_1_0_102.persisted;
const EPHEMERAL_1_0_102 = EVENT_TYPES_1_0_102.ephemeral;

describe('copilot-cli event types', () => {
  it('every type 1.0.102 can write has a handler: persisted ones in the session table, ephemeral ones in either', () => {
    expect(PERSISTED_1_0_102.filter((type) => !SESSION_EVENT_HANDLERS[type])).toEqual([]);
    expect(EPHEMERAL_1_0_102.filter((type) => !SESSION_EVENT_HANDLERS[type] && !LIVE_EVENT_HANDLERS[type])).toEqual([]);
    expect(PERSISTED_1_0_102.length + EPHEMERAL_1_0_102.length).toBe(163);
  });

  it('the model.* trace Copilot writes while compacting is recognised by its own kind, not by a list', () => {
    for (const kind of ['turn_started', 'model_call_started', 'model_call_success', 'message', 'response', 'turn_ended', 'messages_snapshot']) {
      expect(modelTraceHandler(`model.${kind}`, { type: `model.${kind}`, data: { kind } }), kind).toBeTypeOf('function');
    }
    expect(modelTraceHandler('model.message', { type: 'model.message', data: { kind: 'other' } })).toBeUndefined();
  });
});

// ---- hand-written records -------------------------------------------------------------------

let clock = 0;
let ids = 0;
const ev = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type, data, id: `e-${++ids}`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString(), parentId: ids > 1 ? `e-${ids - 1}` : null, ...extra,
});
const START = () => ev('session.start', { sessionId: 's-1', version: 1, producer: 'copilot-agent', copilotVersion: '1.0.102', startTime: '2026-01-01T00:00:00.000Z', selectedModel: 'gpt-5', context: { cwd: '/w', branch: 'main', repository: 'octo/app' } });

async function convert(records: unknown[]): Promise<Transcript> {
  return JSON.parse((await convertBytes(`${records.map((r) => JSON.stringify(r)).join('\n')}\n`)).text) as Transcript;
}

describe('copilot-cli adapter (hand-written edge cases)', () => {
  it('session facts: version, model, cwd and repository from session.start', async () => {
    const t = await convert([START(), ev('user.message', { content: 'hi' }), ev('assistant.message', { messageId: 'm1', content: 'hello', toolRequests: [] })]);
    expect(t.source).toMatchObject({ agentVersion: '1.0.102', nativeSessionId: 's-1', format: 'copilot-cli/session-events' });
    expect(t.session.environment).toEqual({ cwd: '/w', repo: { name: 'octo/app', branch: 'main' } });
    expect(t.session.models).toEqual(['gpt-5']);
  });

  it('keeps every attachment type of 1.0.102 (none dropped for lacking a path), and the text a selection or reference carried', async () => {
    const t = await convert([
      START(),
      ev('user.message', { content: 'fix this', attachments: [
        { type: 'file', path: '/w/src/a.ts', displayName: 'a.ts' },
        { type: 'selection', filePath: '/w/src/b.ts', displayName: 'b.ts', text: 'x=1', selection: { start: { line: 3, character: 0 }, end: { line: 3, character: 3 } } },
        { type: 'github_commit', repo: { owner: 'octo', name: 'app' }, oid: 'f00dfeed', message: 'Fix the parser for empty input', url: 'https://github.example/octo/app/commit/f00dfeed' },
        { type: 'blob', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'extension_context', extensionId: 'canvas', title: 'Design board notes', capturedAt: '2026-01-01T00:00:00Z' },
      ] }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    const prompt = ofType(t, 'user_message')[0]!;
    expect(prompt.attachments).toEqual([
      { kind: 'file', path: '/w/src/a.ts' },
      { kind: 'file', path: '/w/src/b.ts' },
      { kind: 'file', path: 'https://github.example/octo/app/commit/f00dfeed' },
      { kind: 'image', mime: 'image/png', bytes: 8 },
      { kind: 'file' },
    ]);
    expect(t.events.filter((e) => e.meta?.kind === 'attachment-text').map((e) => e.text)).toEqual([
      '[selection /w/src/b.ts]\nx=1',
      '[github_commit https://github.example/octo/app/commit/f00dfeed]\nFix the parser for empty input',
      '[extension_context]\nDesign board notes',
    ]);
    expect(JSON.stringify(t)).not.toContain('iVBORw0KGgo');
  });

  it('a tool result\'s image and resource blocks become attachments (their text kept); a notification says what it is about', async () => {
    const t = await convert([
      START(),
      ev('user.message', { content: 'screenshot it' }),
      ev('assistant.message', { messageId: 'm1', content: '', toolRequests: [{ toolCallId: 'c1', name: 'mcp_shot', arguments: {}, type: 'function' }] }),
      ev('tool.execution_complete', { toolCallId: 'c1', success: true, result: { content: 'took a screenshot', contents: [
        { type: 'text', text: 'took a screenshot' },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'resource_link', uri: 'file:///w/shot.png', name: 'shot.png', description: 'The page as rendered' },
      ] } }),
      ev('system.notification', { content: 'Shell 3 finished with exit code 1', kind: { type: 'shell_completed', shellId: '3', exitCode: 1 } }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    const result = ofType(t, 'tool_result')[0]!;
    expect(result.attachments).toEqual([{ kind: 'image', mime: 'image/png', bytes: 8 }, { kind: 'file', path: 'file:///w/shot.png' }]);
    expect(result.tool!.output).toBe('took a screenshot\n[resource_link file:///w/shot.png]\nThe page as rendered');
    expect(t.events.find((e) => e.meta?.kind === 'notification')!.meta).toMatchObject({ notificationType: 'shell_completed', shellId: '3' });
  });

  it('a permission denial makes the result denied; the request and decision are visible', async () => {
    const t = await convert([
      START(),
      ev('user.message', { content: 'delete build' }),
      ev('assistant.message', { messageId: 'm1', content: '', toolRequests: [{ toolCallId: 'c1', name: 'bash', arguments: { command: 'rm -rf build' }, type: 'function' }] }),
      ev('permission.requested', { requestId: 'p1', permissionRequest: { kind: 'shell', toolCallId: 'c1', fullCommandText: 'rm -rf build', intention: 'Remove the build folder' } }),
      ev('permission.completed', { requestId: 'p1', toolCallId: 'c1', result: { kind: 'denied-interactively-by-user' } }),
      ev('tool.execution_complete', { toolCallId: 'c1', success: false, error: { message: 'The user rejected this tool call.', code: 'rejected' } }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    expect(ofType(t, 'tool_result')[0]!.tool).toMatchObject({ callId: 'c1', status: 'denied', output: 'The user rejected this tool call.' });
    expect(t.events.filter((e) => e.meta?.kind === 'permission').map((e) => e.text)).toEqual([
      'Permission requested (shell): Remove the build folder', 'Permission denied-interactively-by-user for c1',
    ]);
  });

  it('a subagent: its events are grouped under the task call; MCP tools keep their server', async () => {
    const t = await convert([
      START(),
      ev('user.message', { content: 'research it' }),
      ev('assistant.message', { messageId: 'm1', content: '', toolRequests: [{ toolCallId: 'task1', name: 'task', arguments: { prompt: 'look around', agent_type: 'explore' } }] }),
      ev('subagent.started', { toolCallId: 'task1', agentName: 'explore', agentDisplayName: 'Explore', agentDescription: 'explores' }),
      ev('assistant.message', { messageId: 'm2', content: 'Looking.', parentToolCallId: 'task1', toolRequests: [{ toolCallId: 'g1', name: 'github-mcp-server-get_issue', arguments: { number: 1 }, mcpServerName: 'github-mcp-server', mcpToolName: 'get_issue' }] }, { agentId: 'a1' }),
      ev('tool.execution_start', { toolCallId: 'g1', toolName: 'github-mcp-server-get_issue', arguments: { number: 1 }, mcpServerName: 'github-mcp-server', mcpToolName: 'get_issue', parentToolCallId: 'task1' }, { agentId: 'a1' }),
      ev('tool.execution_complete', { toolCallId: 'g1', success: true, result: { content: 'Issue 1: broken' }, parentToolCallId: 'task1' }, { agentId: 'a1' }),
      ev('subagent.completed', { toolCallId: 'task1', agentName: 'explore', agentDisplayName: 'Explore' }),
      ev('tool.execution_complete', { toolCallId: 'task1', success: true, result: { content: 'Found issue 1.' } }),
      ev('assistant.message', { messageId: 'm3', content: 'Issue 1 is broken.', toolRequests: [] }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    const mcpCall = ofType(t, 'tool_call').find((e) => e.tool!.callId === 'g1')!;
    expect(mcpCall.tool).toMatchObject({ kind: 'mcp', mcp: { server: 'github-mcp-server', tool: 'get_issue' } });
    expect(mcpCall.parentId).toBe('task1');
    expect(ofType(t, 'tool_call').find((e) => e.tool!.callId === 'task1')!.tool!.kind).toBe('task');
    expect(t.events.filter((e) => e.meta?.kind === 'subagent').map((e) => [e.text, e.parentId])).toEqual([['Subagent Explore started', 'task1'], ['Subagent Explore completed', 'task1']]);
  });

  it('compaction, truncation, errors, aborts, model changes and user-run tools are kept visible', async () => {
    const t = await convert([
      START(),
      ev('session.model_change', { previousModel: 'gpt-5', newModel: 'claude-sonnet-4.5' }),
      ev('tool.user_requested', { toolCallId: 'u1', toolName: 'bash', arguments: { command: 'git status' } }),
      ev('tool.execution_start', { toolCallId: 'u1', toolName: 'bash', arguments: { command: 'git status' } }),
      ev('tool.execution_complete', { toolCallId: 'u1', success: true, isUserRequested: true, result: { content: 'clean' }, shellExecution: { exitCode: 0 } }),
      ev('session.compaction_start', {}),
      ev('session.compaction_complete', { success: true, summaryContent: 'The user checked git status.', tokensRemoved: 900 }),
      ev('session.truncation', { tokenLimit: 1, preTruncationTokensInMessages: 1, preTruncationMessagesLength: 1, postTruncationTokensInMessages: 1, postTruncationMessagesLength: 1, tokensRemovedDuringTruncation: 1, messagesRemovedDuringTruncation: 3, performedBy: 'BasicTruncator' }),
      ev('session.error', { errorType: 'rate_limit', message: 'Too many requests' }),
      ev('abort', { reason: 'user initiated' }),
      ev('session.shutdown', { shutdownType: 'routine', totalApiDurationMs: 5, sessionStartTime: 1, codeChanges: {}, modelMetrics: {} }),
    ]);
    expect(t.metrics.unparsedCount).toBe(0);
    expect(t.session.models).toEqual(['gpt-5', 'claude-sonnet-4.5']);
    expect(ofType(t, 'tool_result')[0]!.tool).toMatchObject({ callId: 'u1', status: 'ok', exitCode: 0, output: 'clean' });
    expect(t.events.filter((e) => e.type !== 'tool_call' && e.type !== 'tool_result').map((e) => [e.type, e.meta?.kind, e.text])).toEqual([
      ['system', 'model-change', 'Model changed to claude-sonnet-4.5 (was gpt-5)'],
      ['meta', 'compaction', 'The user checked git status.'],
      ['meta', 'truncation', 'Context truncated by BasicTruncator: 3 message(s) removed'],
      ['system', 'error', 'rate_limit: Too many requests'],
      ['system', 'abort', 'Aborted: user initiated'],
    ]);
  });

  it('an event type it does not know, or one without data, becomes a visible unparsed event', async () => {
    const t = await convert([START(), ev('user.message', { content: 'hi' }), ev('session.brand_new_thing', { x: 1 }), { type: 'user.message', id: 'x', timestamp: '2026-01-01T00:00:09.000Z', parentId: null }]);
    expect(t.metrics.unparsedCount).toBe(2);
    expect(t.events.filter((e) => e.meta?.kind === 'unparsed').map((e) => e.meta!.recordType)).toEqual(['session.brand_new_thing', 'user.message']);
  });

  it('a call that never got a result is closed by a synthetic one', async () => {
    const t = await convert([START(), ev('assistant.message', { messageId: 'm1', content: 'running', toolRequests: [{ toolCallId: 'c9', name: 'bash', arguments: { command: 'sleep 100' } }] })]);
    const [result] = ofType(t, 'tool_result');
    expect(result).toMatchObject({ synthetic: true, tool: { callId: 'c9', status: 'error' } });
  });

  it('stdout-only events: assistant.usage counts tokens, the result line gives the duration', async () => {
    const t = await convert([
      ev('session.tools_updated', { model: 'gpt-5' }, { ephemeral: true }),
      ev('user.message', { content: 'hi' }),
      ev('assistant.usage', { model: 'gpt-5', inputTokens: 120, outputTokens: 8, cacheReadTokens: 100 }, { ephemeral: true }),
      ev('assistant.message', { messageId: 'm1', content: 'hello', toolRequests: [], model: 'gpt-5' }),
      { type: 'result', timestamp: '2026-01-01T00:01:00.000Z', sessionId: 's-2', exitCode: 0, usage: { premiumRequests: 0, totalApiDurationMs: 5, sessionDurationMs: 4321 } },
    ]);
    expect(t.source.format).toBe('copilot-cli/json');
    expect(t.metrics.tokens).toEqual({ input: 20, output: 8, cacheRead: 100 });
    expect(t.metrics.durationMs).toBe(4321);
    expect(t.source.nativeSessionId).toBe('s-2');
  });
});

describe('copilot-cli 0.0.x history document (handmade)', () => {
  const dir = join(FIXTURES, 'handmade-history-json');
  const file = join(dir, readdirSync(dir).find((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))!);

  it('reads the timeline: prompt, answers, calls with their results, notices', async () => {
    const { transcript: t } = await convertFile(file);
    expect(t.source.format).toBe('copilot-cli/history-json');
    expect(t.metrics.unparsedCount).toBe(0);
    expect(t.source.nativeSessionId).toBe('6a1f3c2e-9b7d-4e5f-8a1b-2c3d4e5f6a7b');
    expect(t.session.startedAt).toBe('2025-10-01T09:00:00.000Z');
    expect(t.session.models).toEqual(['claude-sonnet-4.5']);
    expect(ofType(t, 'user_message').map((e) => e.text)).toEqual(['List the files here, show missing.txt, then clean the build folder.']);
    expect(ofType(t, 'assistant_message')).toHaveLength(2);
    expect(ofType(t, 'tool_result').map((e) => [e.tool!.callId, e.tool!.kind, e.tool!.status])).toEqual([
      ['call_ls_1', 'shell', 'ok'], ['call_cat_2', 'shell', 'error'], ['call_rm_3', 'shell', 'denied'],
    ]);
    expect(ofType(t, 'tool_call').map((e) => e.tool!.callId)).toEqual(['call_ls_1', 'call_cat_2', 'call_rm_3']);
    expect(ofType(t, 'system').map((e) => e.text)).toEqual(['Operation cancelled by user', 'Failed to save session: disk full']);
  });
});

describe('copilot-cli ~/.copilot folder', () => {
  it('converts each session-state/<id>/events.jsonl to its own Transcript, passing over the files beside it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'atx-copilot-home-'));
    try {
      for (const scenario of ['file-edit', 'multi-turn']) {
        const id = lines(join(FIXTURES, scenario, 'events.jsonl'))[0]!.data!.sessionId as string;
        const dir = join(home, 'session-state', id);
        mkdirSync(dir, { recursive: true });
        for (const entry of ['events.jsonl', 'workspace.yaml', 'checkpoints', 'rewind-file-snapshots']) cpSync(join(FIXTURES, scenario, entry), join(dir, entry), { recursive: true });
      }
      writeFileSync(join(home, 'session-store.db'), 'SQLite format 3\u0000');
      const run = await runCli(['convert', home, '--format', 'jsonl']);
      expect(run.code, run.stderr).toBe(0);
      const transcripts = run.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Transcript);
      expect(transcripts.map((t) => [t.source.format, t.metrics.unparsedCount])).toEqual([['copilot-cli/session-events', 0], ['copilot-cli/session-events', 0]]);
      expect(new Set(transcripts.map((t) => t.source.nativeSessionId)).size).toBe(2);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
