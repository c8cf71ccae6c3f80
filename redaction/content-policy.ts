/**
 * The content half of a profile: what is kept of tool output, file bodies, reasoning and
 * attachments. Each cut leaves a `withheld` receipt on the event (field, reason, size).
 */
import type { Profile } from './profiles.js';
import type { RedactableEvent, RedactableTool, Withheld } from './transcript-shape.js';

const FILE_KINDS = new Set(['read', 'write', 'edit']);
/** Input keys of file tools that name the file or how to write it, not its contents. */
const FILE_METADATA_KEY = /path|file|name|dir|cwd|mode|encoding|replace_?all|offset|limit|line|start|end|overwrite|create/i;

export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/** Markers that stand for withheld content; a second pass leaves them as they are. */
const WITHHELD_BODY = '[file contents withheld: ';
const WITHHELD_DIFF = '[diff withheld: ';

const sizeOf = (text: string) => ({ chars: text.length, lines: lineCount(text) });

/**
 * Applies the profile's content choices before redaction (what is dropped need not be scanned).
 * Returns the new event and its receipts; the event given is not changed.
 */
export function applyContentPolicy<E extends RedactableEvent>(event: E, profile: Profile): { event: E; withheld: Withheld[] } {
  const withheld: Withheld[] = [];
  let out = event;
  if (!profile.includeReasoning && event.type === 'reasoning' && event.text) {
    withheld.push({ field: 'text', reason: 'reasoning', ...sizeOf(event.text) });
    const { text: _text, ...rest } = out;
    out = rest as E;
  }
  if (!profile.includeAttachments && event.attachments && event.attachments.length > 0) {
    withheld.push({ field: 'attachments', reason: 'attachments', items: event.attachments.length });
    const { attachments: _attachments, ...rest } = out;
    out = rest as E;
  }
  if (out.tool) {
    const tool = toolPolicy(out.tool, out.type, profile, withheld);
    if (tool !== out.tool) out = { ...out, tool };
  }
  return { event: out, withheld };
}

function toolPolicy<T extends RedactableTool>(tool: T, type: string, profile: Profile, withheld: Withheld[]): T {
  let out = tool;
  const fileTool = tool.kind !== undefined && FILE_KINDS.has(tool.kind);
  if (!profile.includeFileContents && fileTool) {
    if (type === 'tool_call' && out.input !== undefined) out = { ...out, input: withholdFileBodies(out.input, 'tool.input', withheld) };
    if (out.files?.some((file) => file.diff !== undefined)) {
      out = {
        ...out,
        files: out.files.map((file, index) => {
          if (file.diff === undefined || file.diff.startsWith(WITHHELD_DIFF)) return file;
          withheld.push({ field: `tool.files[${index}].diff`, reason: 'file-contents', ...sizeOf(file.diff) });
          return { ...file, diff: diffStats(file.diff) };
        }),
      };
    }
  }
  if (type === 'tool_result' && typeof out.output === 'string') {
    const reason = !profile.includeFileContents && fileTool ? 'file-contents'
      : profile.toolOutput === 'metadata-only' || profile.toolOutput === 'none' ? 'tool-output' : null;
    if (reason) {
      withheld.push({ field: 'tool.output', reason, ...(profile.toolOutput === 'none' && reason === 'tool-output' ? {} : sizeOf(out.output)) });
      const { output: _output, ...rest } = out;
      out = rest as T;
    }
  }
  return out;
}

function withholdFileBodies(value: unknown, field: string, withheld: Withheld[], key = ''): unknown {
  if (typeof value === 'string') {
    if (FILE_METADATA_KEY.test(key) || value.length === 0 || value.startsWith(WITHHELD_BODY)) return value;
    withheld.push({ field, reason: 'file-contents', ...sizeOf(value) });
    return `${WITHHELD_BODY}${value.length} characters, ${lineCount(value)} lines]`;
  }
  if (Array.isArray(value)) return value.map((item, index) => withholdFileBodies(item, `${field}[${index}]`, withheld, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[name] = withholdFileBodies(item, `${field}.${name}`, withheld, name);
    return out;
  }
  return value;
}

function diffStats(diff: string): string {
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+') && !line.startsWith('+++')) added += 1;
    else if (line.startsWith('-') && !line.startsWith('---')) removed += 1;
  }
  return `${WITHHELD_DIFF}+${added} -${removed} lines]`;
}

/**
 * Shortens a redacted tool output to about `limit` characters: three quarters from the start,
 * one quarter from the end (where errors usually are), never cutting a placeholder in two.
 * Returns the kept text and where the cut is, so receipts can be moved.
 */
export function truncateKeepingEnds(text: string, limit: number, protectedSpans: ReadonlyArray<{ start: number; end: number }>):
  { text: string; headEnd: number; tailStart: number; marker: string } | null {
  if (text.length <= limit) return null;
  let headEnd = Math.floor(limit * 0.75);
  let tailStart = text.length - (limit - headEnd);
  for (const span of protectedSpans) {
    if (span.start < headEnd && span.end > headEnd) headEnd = span.start;
    if (span.start < tailStart && span.end > tailStart) tailStart = span.end;
  }
  headEnd = avoidSplitSurrogate(text, headEnd);
  tailStart = avoidSplitSurrogate(text, tailStart);
  if (tailStart <= headEnd) return null;
  const marker = `\n[… ${tailStart - headEnd} characters withheld by atx …]\n`;
  return { text: text.slice(0, headEnd) + marker + text.slice(tailStart), headEnd, tailStart, marker };
}

function avoidSplitSurrogate(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index;
}
