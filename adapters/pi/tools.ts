/** Pi tool names, statuses and file effects, normalized; small JSON helpers. */
import type { Attachment, FileTouch, ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
export { asRecord, stringField, numberField, type Json } from '../shared/json.js';
import { asRecord, stringField, numberField, type Json } from '../shared/json.js';


/** Pi's built-in tools (read, bash, edit, write; grep, find, ls when enabled) and common extension tools. */
const KIND_BY_NAME: Record<string, ToolKind> = {
  bash: 'shell',
  read: 'read',
  write: 'write',
  edit: 'edit',
  grep: 'search',
  find: 'search',
  ls: 'search',
  web_search: 'web',
  web_fetch: 'web',
  fetch: 'web',
  subagent: 'task',
  todo: 'plan',
  question: 'question',
  questionnaire: 'question',
};

export function toolKind(name: string): ToolKind {
  return KIND_BY_NAME[name] ?? 'other';
}

/** Files a tool call names in its arguments (`path` for read, write and edit). */
export function filesFromArguments(kind: ToolKind, args: unknown): FileTouch[] | undefined {
  const path = stringField(asRecord(args), 'path');
  if (!path) return undefined;
  const action = kind === 'read' ? 'read' : kind === 'write' ? 'write' : kind === 'edit' ? 'edit' : undefined;
  return action ? [{ path, action }] : undefined;
}

/**
 * Pi has no approval flow of its own: extensions block a call from their `tool_call` handler and
 * the result is an error whose text is the extension's reason (Pi's default: "Tool execution was
 * blocked"; its example permission gate: "Dangerous command blocked ...", "Blocked by user";
 * protected-paths: 'Path ".env" is protected'). An executed tool's failure never reads like that
 * (bash failures end with "Command exited with code N").
 */
const DENIAL = [/^Tool execution was blocked/, /\bblocked\b/i, /^Path "[^"]*" is protected$/, /\b(?:denied|declined|rejected) by (?:the )?user\b/i];
const TIMEOUT = /(?:^|\n)Command timed out after \d+ seconds?$/;
const EXIT = /(?:^|\n)Command exited with code (-?\d+)$/;
const ABORTED = /(?:^|\n)Command aborted$/;

export function statusOf(isError: boolean, text: string): ToolStatus {
  if (!isError) return 'ok';
  if (TIMEOUT.test(text)) return 'timeout';
  if (EXIT.test(text) || ABORTED.test(text)) return 'error';
  if (DENIAL.some((pattern) => pattern.test(text))) return 'denied';
  return 'error';
}

/** bash results end with "Command exited with code N" when N != 0; a plain success is exit 0. */
export function exitCodeOf(kind: ToolKind, status: ToolStatus, text: string): number | undefined {
  if (kind !== 'shell') return undefined;
  const match = EXIT.exec(text);
  if (match) return Number(match[1]);
  return status === 'ok' ? 0 : undefined;
}

/** Text of a `string | (text | image)[]` content, images described as attachments (never inlined). */
export function contentOf(content: unknown): { text: string; attachments: Attachment[] } {
  if (typeof content === 'string') return { text: content, attachments: [] };
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  if (Array.isArray(content)) {
    for (const part of content) {
      const p = asRecord(part);
      if (!p) continue;
      if (p.type === 'text' && typeof p.text === 'string') texts.push(p.text);
      else if (p.type === 'image') attachments.push(imageAttachment(p));
      else texts.push(`[${String(p.type)} block]`);
    }
  }
  return { text: texts.join('\n'), attachments };
}

function imageAttachment(block: Json): Attachment {
  const attachment: Attachment = { kind: 'image' };
  const mime = stringField(block, 'mimeType');
  if (mime) attachment.mime = mime;
  if (typeof block.data === 'string') attachment.bytes = base64ByteLength(block.data);
  return attachment;
}

/** Pi's per-response usage: {input, output, cacheRead, cacheWrite, totalTokens, cost{...,total}}. */
export function usageOf(raw: unknown): Usage | undefined {
  const usage = asRecord(raw);
  if (!usage || typeof usage.input !== 'number' || typeof usage.output !== 'number') return undefined;
  const result: Usage = { input: usage.input, output: usage.output };
  if (typeof usage.cacheRead === 'number' && usage.cacheRead > 0) result.cacheRead = usage.cacheRead;
  if (typeof usage.cacheWrite === 'number' && usage.cacheWrite > 0) result.cacheWrite = usage.cacheWrite;
  return result;
}

export function costOf(raw: unknown): number | undefined {
  const total = asRecord(asRecord(raw)?.cost)?.total;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : undefined;
}

/** Pi writes `message.timestamp` as epoch milliseconds and entry timestamps as ISO strings. */
export function isoTime(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

