/** ACP content blocks and tool-call content → text, and ACP tool kinds → Transcript tool kinds. */
import type { FileTouch, ToolKind } from '../../src/transcript/index.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import { withBlockProse } from '../shared/prose.js';

/** One ContentBlock (text, image, audio, resource_link, resource) as text; non-text blocks become a short marker. */
export function blockText(value: unknown): string {
  if (typeof value === 'string') return value; // a release that sends plain text where a block was
  const block = asRecord(value);
  if (!block) return '';
  switch (block.type) {
    case 'text': return typeof block.text === 'string' ? block.text : '';
    case 'image': return `[image${stringField(block, 'mimeType') ? ` ${stringField(block, 'mimeType')}` : ''}${stringField(block, 'uri') ? ` ${stringField(block, 'uri')}` : ''}]`;
    case 'audio': return `[audio${stringField(block, 'mimeType') ? ` ${stringField(block, 'mimeType')}` : ''}]`;
    case 'resource_link': return `[${stringField(block, 'name') ?? 'resource'}](${stringField(block, 'uri') ?? ''})`;
    case 'resource': {
      const resource = asRecord(block.resource);
      const uri = stringField(resource, 'uri') ?? '';
      return typeof resource?.text === 'string' ? `<resource uri="${uri}">\n${resource.text}\n</resource>` : `[resource ${uri}]`;
    }
    default: return withBlockProse(`[${String(block.type ?? 'content')}]`, block);
  }
}

export function blocksText(value: unknown): string {
  return Array.isArray(value) ? value.map(blockText).filter((t) => t.length > 0).join('\n') : blockText(value);
}

/** Text of a tool call's content list (content / diff / terminal items); terminals' output comes from `terminalOutput`. */
export function toolContentText(content: readonly unknown[], terminalOutput: (id: string) => string | undefined): string {
  const parts: string[] = [];
  for (const item of content) {
    const entry = asRecord(item);
    if (!entry) continue;
    if (entry.type === 'content') parts.push(blockText(entry.content));
    else if (entry.type === 'diff') parts.push(unifiedDiff(entry));
    else if (entry.type === 'terminal') {
      const id = stringField(entry, 'terminalId');
      const output = id ? terminalOutput(id) : undefined;
      parts.push(output ?? `[terminal ${id ?? ''}]`);
    } else parts.push(withBlockProse(`[${String(entry.type ?? 'content')}]`, entry));
  }
  return parts.filter((p) => p.length > 0).join('\n');
}

/** A plain line diff of a `diff` content item (whole old text out, whole new text in). */
export function unifiedDiff(diff: Json): string {
  const path = stringField(diff, 'path') ?? '';
  const oldText = typeof diff.oldText === 'string' ? diff.oldText : null;
  const newText = typeof diff.newText === 'string' ? diff.newText : '';
  const lines = (text: string, sign: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n').map((l) => `${sign}${l}`));
  return [`--- ${oldText === null ? '/dev/null' : path}`, `+++ ${path}`, ...(oldText === null ? [] : lines(oldText, '-')), ...lines(newText, '+')].join('\n');
}

const KINDS: Record<string, ToolKind> = {
  read: 'read', edit: 'edit', delete: 'edit', move: 'edit', search: 'search', execute: 'shell', think: 'other',
  fetch: 'web', switch_mode: 'plan', other: 'other',
};

export function toolKind(acpKind: string | undefined, content: readonly unknown[]): ToolKind {
  if (acpKind === 'edit' && content.some((c) => asRecord(c)?.type === 'diff' && asRecord(c)?.oldText == null)) return 'write';
  return (acpKind && KINDS[acpKind]) || 'other';
}

/** The files a call touched: its diffs, then its locations (a path once). */
export function filesTouched(acpKind: string | undefined, content: readonly unknown[], locations: readonly unknown[]): FileTouch[] {
  const files = new Map<string, FileTouch>();
  for (const item of content) {
    const entry = asRecord(item);
    const path = stringField(entry, 'path');
    if (entry?.type !== 'diff' || !path) continue;
    files.set(path, { path, action: entry.oldText == null ? 'write' : 'edit', diff: unifiedDiff(entry) });
  }
  const action: FileTouch['action'] = acpKind === 'delete' ? 'delete' : acpKind === 'edit' || acpKind === 'move' ? 'edit' : 'read';
  for (const item of locations) {
    const path = stringField(asRecord(item), 'path');
    if (path && !files.has(path)) files.set(path, { path, action });
  }
  return [...files.values()];
}

/** An exit code the agent put in rawOutput (names used by the agents seen). */
export function exitCodeOf(rawOutput: unknown): number | undefined {
  const output = asRecord(rawOutput);
  const code = numberField(output, 'exitCode') ?? numberField(output, 'exit_code') ?? numberField(asRecord(output?.metadata), 'exit');
  return code !== undefined && Number.isInteger(code) ? code : undefined;
}

/** rawOutput as text when the call carried no content of its own. */
export function rawOutputText(rawOutput: unknown): string | undefined {
  if (rawOutput === undefined || rawOutput === null) return undefined;
  if (typeof rawOutput === 'string') return rawOutput;
  const output = asRecord(rawOutput);
  for (const key of ['formatted_output', 'aggregated_output', 'output', 'stdout', 'content', 'result']) {
    if (typeof output?.[key] === 'string') return output[key] as string;
  }
  return JSON.stringify(rawOutput);
}
