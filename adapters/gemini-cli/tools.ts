/** Gemini CLI tool names, statuses, parts and token counts, normalized. */
import type { Attachment, FileTouch, ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { base64Image } from '../shared/content.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { isCodeExecutionPart } from '../shared/code-execution.js';
import { fileActionOf, type ToolIdentity } from '../shared/tools.js';
import { mapUsage, type UsageFields } from '../shared/usage.js';
import { withBlockProse } from '../shared/prose.js';


/** Built-in tool names across releases (0.2x `search_file_content`, later `grep_search`, ...). */
const KIND_BY_NAME: Record<string, ToolKind> = {
  run_shell_command: 'shell',
  list_background_processes: 'shell',
  read_background_output: 'shell',
  read_file: 'read',
  read_many_files: 'read',
  write_file: 'write',
  replace: 'edit',
  edit: 'edit',
  smart_edit: 'edit',
  list_directory: 'search',
  glob: 'search',
  grep_search: 'search',
  search_file_content: 'search',
  grep: 'search',
  web_fetch: 'web',
  google_web_search: 'web',
  web_search: 'web',
  write_todos: 'plan',
  enter_plan_mode: 'plan',
  exit_plan_mode: 'plan',
  invoke_agent: 'task',
  delegate_to_agent: 'task',
  codebase_investigator: 'task',
  complete_task: 'task',
  ask_user: 'question',
};

/**
 * MCP tools are named `mcp_<server>_<tool>` (0.61; the server name has no `_`), or
 * `<server>__<tool>` in older releases when two servers offer the same tool name.
 */
export function identifyTool(name: string): ToolIdentity {
  const known = KIND_BY_NAME[name];
  if (known) return { kind: known };
  const qualified = /^mcp_([^_]+)_(.+)$/.exec(name);
  if (qualified) return { kind: 'mcp', mcp: { server: qualified[1]!, tool: qualified[2]! } };
  const legacy = /^([^_][\s\S]*?)__(.+)$/.exec(name);
  if (legacy) return { kind: 'mcp', mcp: { server: legacy[1]!, tool: legacy[2]! } };
  return { kind: 'other' };
}

/** The path a file tool names in its arguments (`file_path`; `absolute_path` / `path` in older releases). */
export function pathOf(args: unknown): string | undefined {
  const record = asRecord(args);
  return stringField(record, 'file_path') ?? stringField(record, 'absolute_path') ?? stringField(record, 'path');
}

/** Files a tool call touches; `diff` from the CLI's result display (`fileDiff`) when there is one. */
export function filesOf(kind: ToolKind, args: unknown, display?: unknown): FileTouch[] | undefined {
  const action = fileActionOf(kind);
  if (!action) return undefined;
  const shown = asRecord(display);
  const path = pathOf(args) ?? stringField(shown, 'filePath');
  if (!path) return undefined;
  const diff = stringField(shown, 'fileDiff');
  return [{ path, action, ...(diff && action !== 'read' ? { diff } : {}) }];
}

const DENIED = /denied by policy|User denied execution|did not allow tool call|rejected by (the )?user|declined/i;
const TIMED_OUT = /\btimed out\b|\btimeout\b/i;

/**
 * The chat file's status (`success` | `error` | `cancelled`) plus the text the model got back.
 * The chat file does not keep the CLI's error type, so a policy denial is told by its text.
 */
export function statusFromChat(status: string | undefined, text: string, exitCode: number | undefined): ToolStatus {
  if (status === 'cancelled') return DENIED.test(text) ? 'denied' : 'error';
  if (status === 'error') {
    if (DENIED.test(text)) return 'denied';
    if (TIMED_OUT.test(text)) return 'timeout';
    return 'error';
  }
  return exitCode !== undefined && exitCode !== 0 ? 'error' : 'ok';
}

/** stream-json `tool_result`: `status` success | error, and `error.type` (a ToolErrorType such as policy_violation). */
export function statusFromStream(status: string | undefined, errorType: string | undefined, text: string): ToolStatus {
  if (status === 'success') return 'ok';
  if (errorType === 'policy_violation' || DENIED.test(text)) return 'denied';
  if (TIMED_OUT.test(text)) return 'timeout';
  return 'error';
}

/** run_shell_command reports `Exit Code: N` only when it is not zero; a signal has no exit code. */
export function exitCodeOf(kind: ToolKind, status: string | undefined, output: string): number | undefined {
  if (kind !== 'shell') return undefined;
  const match = /(?:^|\n)Exit Code: (-?\d+)/.exec(output);
  if (match) return Number(match[1]);
  if (/(?:^|\n)Signal: (?!\(none\))/.test(output)) return undefined;
  return status === 'success' && /(?:^|\n)Output: /.test(output) ? 0 : undefined;
}

/** A message's `content`: a string or a list of parts, split into what the Transcript keeps apart. */
export interface ContentParts {
  text: string;
  thoughts: string[];
  calls: { id?: string; name: string; args: unknown }[];
  responses: { id?: string; name: string; response: unknown }[];
  attachments: Attachment[];
  /** `executableCode` / `codeExecutionResult` parts, in order (adapters/shared/code-execution.ts) */
  codeParts: Json[];
}

export function splitContent(content: unknown): ContentParts {
  const out: ContentParts = { text: '', thoughts: [], calls: [], responses: [], attachments: [], codeParts: [] };
  if (typeof content === 'string') {
    out.text = content;
    return out;
  }
  const parts = Array.isArray(content) ? content : content === undefined || content === null ? [] : [content];
  const texts: string[] = [];
  for (const raw of parts) {
    if (typeof raw === 'string') {
      texts.push(raw);
      continue;
    }
    const part = asRecord(raw);
    if (!part) continue;
    if (typeof part.text === 'string') {
      if (part.thought === true) out.thoughts.push(part.text);
      else texts.push(part.text);
    } else if (asRecord(part.functionCall)) {
      const call = asRecord(part.functionCall)!;
      out.calls.push({ id: stringField(call, 'id'), name: stringField(call, 'name') ?? 'unknown', args: call.args ?? {} });
    } else if (asRecord(part.functionResponse)) {
      const response = asRecord(part.functionResponse)!;
      out.responses.push({ id: stringField(response, 'id'), name: stringField(response, 'name') ?? 'unknown', response: response.response });
    } else if (asRecord(part.inlineData)) {
      out.attachments.push(inlineAttachment(asRecord(part.inlineData)!));
    } else if (isCodeExecutionPart(part)) {
      out.codeParts.push(part);
    } else if (asRecord(part.fileData)) {
      const file = asRecord(part.fileData)!;
      const mime = stringField(file, 'mimeType');
      out.attachments.push({ kind: mime?.startsWith('image/') ? 'image' : 'file', ...(mime ? { mime } : {}), ...(stringField(file, 'fileUri') ? { path: stringField(file, 'fileUri') } : {}) });
    } else {
      const kind = Object.keys(part).filter((key) => key !== 'thoughtSignature')[0];
      if (kind) texts.push(withBlockProse(`[${kind} part]`, part));
    }
  }
  // The CLI joins parts without a separator (partListUnionToString).
  out.text = texts.join('');
  return out;
}

/** Inline data (images, PDFs) is described by mime and decoded size, never copied. */
export function inlineAttachment(data: Json): Attachment {
  const mime = stringField(data, 'mimeType');
  return base64Image(mime, data.data, mime?.startsWith('image/') ? 'image' : 'file');
}

/** The text a tool's functionResponse carried to the model: `output`, else `error`, else the whole response. */
export function responseText(response: unknown): string {
  if (typeof response === 'string') return response;
  const record = asRecord(response);
  if (!record) return response === undefined || response === null ? '' : JSON.stringify(response);
  if (typeof record.output === 'string') return record.output;
  if (typeof record.error === 'string') return record.error;
  if (typeof record.content === 'string') return record.content;
  return JSON.stringify(record);
}

/**
 * Gemini's counts → Usage. `input` (promptTokenCount) includes the cached prefix and
 * `output` (candidatesTokenCount) excludes thinking, so: input = prompt − cached,
 * cacheRead = cached, output = candidates + thoughts, reasoning = thoughts — the same meaning as
 * for every other agent (input + cacheRead = all input; reasoning is part of output).
 */
export function usageOf(tokens: unknown): Usage | undefined {
  return mapUsage(tokens, USAGE_FIELDS);
}

/** A chat message's `tokens`: `input` includes the cached tokens, `output` leaves the thoughts out. */
const USAGE_FIELDS: UsageFields = {
  input: ['input'], output: ['output'], cacheRead: ['cached'], reasoning: ['thoughts'], inputIncludesCache: true, outputExcludesReasoning: true,
};

/** A short, stable fingerprint (FNV-1a) of a string, so replaced messages are compared without keeping their text. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

export const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
