/**
 * A tool event whose call the rollout never wrote (an `exec_command_end`, `patch_apply_end`,
 * `mcp_tool_call_end` or a tool turn item naming an id no call had): what it says about the call
 * and its output, so the converter shows it as a synthetic call and its result instead of dropping
 * it. The event is Codex's whole record of that tool run.
 */
import { asRecord, stringField, type Json } from '../shared/json.js';
import { textField } from '../shared/content.js';
import type { OpenCall } from './session.js';
import { contentText } from './exec-json-legacy.js';
import { filesFromChanges, identifyTool } from './tools.js';

export interface OrphanTool {
  call: OpenCall;
  input: unknown;
  output: string;
  /** a command the user ran (`!cmd`, source `user_shell`): it never had a model's call */
  byUser?: boolean;
}

/** `exec_command_end` / `CommandExecution`: the command and what it printed. */
export function orphanCommand(record: Json): OrphanTool {
  const printed = typeof record.aggregated_output === 'string'
    ? record.aggregated_output
    : `${textField(record, 'stdout') ?? ''}${textField(record, 'stderr') ?? ''}` || (textField(record, 'formatted_output') ?? '');
  const source = stringField(record, 'source');
  return {
    call: { name: 'exec_command', kind: 'shell' },
    input: { command: record.command ?? null, ...(typeof record.cwd === 'string' ? { cwd: record.cwd } : {}), ...(source ? { source } : {}) },
    output: printed,
    ...(source === 'user_shell' ? { byUser: true } : {}),
  };
}

/** `patch_apply_end` / `FileChange`: the files changed and Codex's report. */
export function orphanPatch(record: Json): OrphanTool {
  const files = filesFromChanges(record.changes);
  return {
    call: { name: 'apply_patch', kind: 'edit', ...(files ? { files } : {}) },
    input: { changes: Object.keys(asRecord(record.changes) ?? {}) },
    output: `${textField(record, 'stdout') ?? ''}${textField(record, 'stderr') ?? ''}`,
  };
}

/** `mcp_tool_call_end` (`invocation`, `result: {Ok|Err}`) / `McpToolCall` (`server`, `tool`, `result`, `error`). */
export function orphanMcp(record: Json): OrphanTool {
  const invocation = asRecord(record.invocation) ?? record;
  const server = stringField(invocation, 'server') ?? '';
  const tool = stringField(invocation, 'tool') ?? '';
  const identity = identifyTool(`mcp__${server}__${tool}`);
  const result = asRecord(record.result);
  let output: string;
  if (result && 'Err' in result) output = typeof result.Err === 'string' ? result.Err : JSON.stringify(result.Err);
  else if (result) output = contentText((asRecord(result.Ok) ?? result).content);
  else output = record.error == null ? '' : typeof record.error === 'string' ? record.error : JSON.stringify(record.error);
  return {
    call: { name: identity.name, kind: 'mcp', mcp: { server, tool } },
    input: invocation.arguments ?? {},
    output,
  };
}

/** `CollabAgentToolCall` / `DynamicToolCall` turn items: the tool's name and arguments. */
export function orphanNamedTool(record: Json, kind: OpenCall['kind']): OrphanTool {
  const name = stringField(record, 'tool') ?? stringField(record, 'type') ?? 'unknown';
  const prompt = textField(record, 'prompt');
  return {
    call: { name, kind },
    input: record.arguments ?? (prompt ? { prompt } : {}),
    output: contentText(record.content_items ?? null),
  };
}
