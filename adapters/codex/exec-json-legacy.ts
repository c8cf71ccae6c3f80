/**
 * Format `codex/exec-json-legacy`: the stdout of `codex exec --json` up to 0.3x. A config summary
 * line, `{prompt}`, then `{id, msg}` protocol events, which are the only record of the
 * conversation (their `msg` is read by the event table, events.ts).
 */
import type { Tool } from '../../src/transcript/index.js';
import type { Handler } from '../shared/dispatch.js';
import { asRecord, stringField, type Native } from '../shared/json.js';
import type { DraftEvent } from '../types.js';
import { detailsFromEndEvent } from './events.js';
import type { EventMsg, LegacyLine } from './records.js';
import { timed, type CodexSession } from './session.js';
import { filesFromChanges } from './tools.js';
import { textField } from '../shared/content.js';

/** The legacy exec --json lines that have no `type`, by what tells them apart. */
export function legacyExecLines(s: CodexSession): Record<string, Handler<Native<LegacyLine>>> {
  return {
    '(prompt)': (line) => {
      s.eventsPrimary = true;
      s.twins.emitUserText(line.prompt as string, [], timed(null), 'prompt');
    },
    '(config summary)': (line) => {
      const model = line.model as string;
      s.eventsPrimary = true;
      s.model = model;
      s.cwd = stringField(line, 'workdir') ?? s.cwd;
      s.out.session({ model, environment: { cwd: stringField(line, 'workdir') ?? null } });
      const parts = Object.entries(line).map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
      s.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Configuration: ${parts.join(', ')}`, meta: { kind: 'config', ...line } });
    },
  };
}

export function isPromptLine(line: Native<LegacyLine>): boolean {
  return typeof line.prompt === 'string' && Object.keys(line).length === 1;
}

export function isConfigLine(line: Native<LegacyLine>): boolean {
  return typeof line.model === 'string' && ('sandbox' in line || 'approval' in line || 'provider' in line || 'workdir' in line);
}

/** A tool's begin event: the call itself, since no response item will say it. */
export function legacyToolCall(s: CodexSession, type: string, payload: Native<EventMsg>, base: DraftEvent): void {
  const callId = stringField(payload, 'call_id') ?? `call-${s.index}`;
  let tool: Tool;
  if (type === 'exec_command_begin') {
    tool = { name: 'shell', callId, kind: 'shell', input: { command: payload.command ?? null, cwd: payload.cwd ?? null } };
  } else if (type === 'patch_apply_begin') {
    const files = filesFromChanges(payload.changes);
    tool = { name: 'apply_patch', callId, kind: 'edit', input: { changes: Object.keys(asRecord(payload.changes) ?? {}) }, ...(files ? { files } : {}) };
  } else {
    const invocation = asRecord(payload.invocation);
    const server = stringField(invocation, 'server') ?? '';
    const name = stringField(invocation, 'tool') ?? '';
    tool = { name: `mcp__${server}__${name}`, callId, kind: 'mcp', mcp: { server, tool: name }, input: invocation?.arguments ?? {} };
  }
  const opened = { name: tool.name, kind: tool.kind ?? 'other', ...(tool.mcp ? { mcp: tool.mcp } : {}), ...(tool.files ? { files: tool.files } : {}) };
  if (stringField(payload, 'call_id') === undefined) s.calls.callWithoutId(tool.name, opened, null, callId);
  else s.calls.call(callId, opened, null);
  s.out.emit({ ...base, type: 'tool_call', role: 'assistant', ...s.modelField(), tool });
}

/** A tool's end event: the result, with its details. */
export function legacyToolResult(s: CodexSession, type: string, payload: Native<EventMsg>, base: DraftEvent): void {
  const callId = s.calls.resultId(stringField(payload, 'call_id'));
  let text: string;
  if (type === 'exec_command_end') {
    text = typeof payload.aggregated_output === 'string' ? payload.aggregated_output : `${textField(payload, 'stdout') ?? ''}${textField(payload, 'stderr') ?? ''}`;
  } else if (type === 'patch_apply_end') {
    text = `${textField(payload, 'stdout') ?? ''}${textField(payload, 'stderr') ?? ''}`;
  } else {
    text = mcpResultText(payload.result);
  }
  s.results.hold(callId, base, { text }, undefined, detailsFromEndEvent(type, payload));
  s.results.emitHeld();
}

function mcpResultText(result: unknown): string {
  const r = asRecord(result);
  if (!r) return '';
  if ('Err' in r) return typeof r.Err === 'string' ? r.Err : JSON.stringify(r.Err);
  const ok = asRecord(r.Ok) ?? r;
  return contentText(ok.content);
}

/** MCP content items as text: text parts as they are, any other part as JSON. */
export function contentText(content: unknown): string {
  if (!Array.isArray(content)) return content == null ? '' : JSON.stringify(content);
  return content.map((c) => {
    const part = asRecord(c);
    return typeof part?.text === 'string' ? part.text : part ? JSON.stringify(part) : '';
  }).join('\n');
}
