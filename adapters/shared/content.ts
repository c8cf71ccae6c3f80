/** Content blocks (a string, or an array of typed parts) → one text and the attachments beside it. */
import type { Attachment, Tool } from '../../src/transcript/index.js';
import type { DraftEvent } from '../types.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import { asRecord, type Json } from './json.js';
import { withBlockProse } from './prose.js';

export interface ContentText {
  text: string;
  attachments: Attachment[];
}

export interface ContentRules {
  /** between the texts of two blocks; '\n' unless told */
  separator?: string;
  /** the text of a block that is text, else undefined; default: `{type: "text", text}` */
  text?(block: Json): string | undefined;
  /** the attachment a block stands for, else undefined; default: none */
  attachment?(block: Json): Attachment | undefined;
  /**
   * what stands in the text for any other block, followed by the block's own prose (a newer block
   * type's text is never lost); undefined leaves the block out. Default: `[<type> block]`
   */
  other?(block: Json): string | undefined;
}

export const textBlock = (block: Json): string | undefined => (block.type === 'text' && typeof block.text === 'string' ? block.text : undefined);
export const placeholder = (block: Json): string => `[${String(block.type)} block]`;

export function contentToText(content: unknown, rules: ContentRules = {}): ContentText {
  if (typeof content === 'string') return { text: content, attachments: [] };
  const textOf = rules.text ?? textBlock;
  const otherOf = rules.other ?? placeholder;
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  if (Array.isArray(content)) {
    for (const part of content) {
      const block = asRecord(part);
      if (!block) continue;
      const text = textOf(block);
      if (text !== undefined) {
        texts.push(text);
        continue;
      }
      const attachment = rules.attachment?.(block);
      if (attachment) {
        attachments.push(attachment);
        continue;
      }
      const other = otherOf(block);
      if (other !== undefined) texts.push(withBlockProse(other, block));
    }
  }
  return { text: texts.join(rules.separator ?? '\n'), attachments };
}

/** An image described by its mime type and decoded size; the base64 body is never copied. */
export function base64Image(mime: string | undefined, data: unknown, kind: Attachment['kind'] = 'image'): Attachment {
  const attachment: Attachment = { kind };
  if (mime) attachment.mime = mime;
  if (typeof data === 'string') attachment.bytes = base64ByteLength(data);
  return attachment;
}

/** An image given by URL: a data URL is described (mime, decoded size), any other URL is kept as its path. */
export function urlImage(url: string | undefined): Attachment {
  const attachment: Attachment = { kind: 'image' };
  const data = url ? /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url) : null;
  if (data) {
    if (data[1]) attachment.mime = data[1];
    if (data[2]) attachment.bytes = base64ByteLength(data[3] ?? '');
  } else if (url) {
    attachment.path = url;
  }
  return attachment;
}

/** What stands for reasoning the model returned encrypted: the payload is never copied. */
export const REDACTED_THINKING = { kind: 'redacted-thinking', reason: 'the model returned encrypted thinking' } as const;

/**
 * An Anthropic-style assistant block that is prose: `text` → assistant_message, `thinking` →
 * reasoning, `redacted_thinking` → reasoning with no data (the encrypted payload is never copied).
 * Undefined for any other block (tool use and the like are the adapter's).
 */
export function proseBlockEvent(block: Json, base: DraftEvent): DraftEvent | undefined {
  switch (block.type) {
    case 'text':
      return { ...base, type: 'assistant_message', role: 'assistant', text: String(block.text ?? '') };
    case 'thinking':
      return { ...base, type: 'reasoning', role: 'assistant', text: String(block.thinking ?? block.text ?? '') };
    case 'redacted_thinking':
      return { ...base, type: 'reasoning', role: 'assistant', text: '', meta: { ...REDACTED_THINKING } };
    default:
      return undefined;
  }
}

/**
 * An Anthropic-style assistant block as an event: prose (see `proseBlockEvent`), or a `tool_use`
 * block as a tool call, its tool described by `describe(name, callId, input)` and handed to `open`,
 * which returns the id the call is open under (one made up when the block has none:
 * `CallTracker.openCall`); undefined for any other block.
 */
export function assistantBlockEvent<T extends Tool>(
  block: Json, base: DraftEvent, describe: (name: string, callId: string, input: unknown) => T, open: (tool: T) => string,
): DraftEvent | undefined {
  const prose = proseBlockEvent(block, base);
  if (prose || block.type !== 'tool_use') return prose;
  const tool = describe(String(block.name ?? 'unknown'), typeof block.id === 'string' ? block.id : '', block.input);
  tool.callId = open(tool);
  return { ...base, type: 'tool_call', role: 'assistant', tool };
}

/**
 * A block no rule maps, as a visible `meta` event (kind `unmapped-block`): `label` says what it is,
 * and the block's own prose follows, so that a newer block type's text is never lost.
 */
export function unmappedBlockEvent(block: Json, base: DraftEvent, label = `Block of type ${String(block.type)}`): DraftEvent {
  return { ...base, type: 'meta', role: 'system', text: withBlockProse(label, block), meta: { kind: 'unmapped-block', recordType: String(block.type) } };
}

/**
 * A text field that a release may write as a string or as an array of text blocks (and the
 * reverse): its text either way; undefined when empty or of another shape, like `stringField`.
 */
export function textField<R extends object = Json>(record: R | undefined, key: keyof R & string): string | undefined {
  const value = (record as Json | undefined)?.[key];
  const text = typeof value === 'string' ? value : Array.isArray(value) ? contentToText(value).text : undefined;
  return text ? text : undefined;
}
