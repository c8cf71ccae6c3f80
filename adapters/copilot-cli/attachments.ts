/**
 * What Copilot CLI attaches to a prompt (`user.message` `attachments`) and to a tool's result
 * (`tool.execution_complete` `result.contents`). Every item is kept: files, folders and references
 * (GitHub commits, issues, snippets, URLs …) as attachments by their path or URL, binary data
 * described by mime and size, and the text an item carries (a selection, a commit message, a
 * reference's title, an extension's context) as prose, since the model read it.
 */
import type { Attachment } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import { blockProse } from '../shared/prose.js';
import { asRecord, numberField, stringField, type Json } from './tools.js';

/** Fields that name the attachment (kept as its path) or are binary: never repeated as prose. */
const NAMING_FIELDS = new Set(['type', 'path', 'filePath', 'url', 'uri', 'mimeType', 'data', 'displayName', 'assetId', 'byteLength']);

/** Fields whose text the model was given with the item: a selection's or a resource's text, a commit message, a reference's title. */
const TEXT_FIELDS = ['text', 'message', 'title', 'description', 'summary'];

export interface Attached {
  attachments: Attachment[];
  /** one line per item that carries text: `[<type> <where>]` then that text */
  texts: string[];
}

/** One attached item (any type, known or newer) → an attachment, and the text it carries. */
function attached(item: Json): { attachment: Attachment; text: string | undefined } {
  const type = stringField(item, 'type') ?? 'attachment';
  const mime = stringField(item, 'mimeType');
  const where = stringField(item, 'path') ?? stringField(item, 'filePath') ?? stringField(item, 'url') ?? stringField(item, 'uri')
    ?? stringField(asRecord(item.resource), 'uri');
  const bytes = numberField(item, 'byteLength') ?? numberField(item, 'size') ?? (typeof item.data === 'string' ? base64ByteLength(item.data) : undefined);
  const attachment: Attachment = {
    kind: mime?.startsWith('image/') ? 'image' : 'file', ...(mime ? { mime } : {}), ...(where ? { path: where } : {}), ...(bytes !== undefined ? { bytes } : {}),
  };
  // what the model read of it, however short (a selected `x = 1`); then the prose of any other field
  const said = TEXT_FIELDS.map((key) => stringField(item, key)).filter((t): t is string => t !== undefined && t.trim() !== '');
  const rest = Object.fromEntries(Object.entries(item).filter(([key]) => !NAMING_FIELDS.has(key) && !TEXT_FIELDS.includes(key)));
  const prose = [...said, ...blockProse(rest)];
  const text = prose.length > 0 ? `[${type}${where ? ` ${where}` : ''}]\n${prose.join('\n')}` : undefined;
  return { attachment, text };
}

/** Every item of a list of attachments; a non-object item is named, never skipped. */
export function attachedItems(items: unknown): Attached | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const found: Attached = { attachments: [], texts: [] };
  for (const raw of items) {
    const item = asRecord(raw) ?? { type: 'attachment', value: String(raw) };
    const { attachment, text } = attached(item);
    found.attachments.push(attachment);
    if (text) found.texts.push(text);
  }
  return found;
}

/** A tool result's `contents` blocks other than text: images, audio, resources and links → attachments (with any text they carry). */
export function resultAttachments(contents: unknown): Attached | undefined {
  if (!Array.isArray(contents)) return undefined;
  const others = contents.map(asRecord).filter((b): b is Json => b !== undefined && !['text', 'terminal', 'shell_exit'].includes(stringField(b, 'type') ?? ''));
  const found = attachedItems(others.map((b) => (asRecord(b.resource) ? { ...asRecord(b.resource), type: b.type } : b)));
  return found;
}
