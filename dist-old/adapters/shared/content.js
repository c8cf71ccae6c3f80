import { base64ByteLength } from '../../src/pipeline/elide.js';
import { asRecord } from './json.js';
export const textBlock = (block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : undefined);
export const placeholder = (block) => `[${String(block.type)} block]`;
export function contentToText(content, rules = {}) {
    if (typeof content === 'string')
        return { text: content, attachments: [] };
    const textOf = rules.text ?? textBlock;
    const otherOf = rules.other ?? placeholder;
    const texts = [];
    const attachments = [];
    if (Array.isArray(content)) {
        for (const part of content) {
            const block = asRecord(part);
            if (!block)
                continue;
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
            if (other !== undefined)
                texts.push(other);
        }
    }
    return { text: texts.join(rules.separator ?? '\n'), attachments };
}
/** An image described by its mime type and decoded size; the base64 body is never copied. */
export function base64Image(mime, data, kind = 'image') {
    const attachment = { kind };
    if (mime)
        attachment.mime = mime;
    if (typeof data === 'string')
        attachment.bytes = base64ByteLength(data);
    return attachment;
}
/** An image given by URL: a data URL is described (mime, decoded size), any other URL is kept as its path. */
export function urlImage(url) {
    const attachment = { kind: 'image' };
    const data = url ? /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url) : null;
    if (data) {
        if (data[1])
            attachment.mime = data[1];
        if (data[2])
            attachment.bytes = base64ByteLength(data[3] ?? '');
    }
    else if (url) {
        attachment.path = url;
    }
    return attachment;
}
/** What stands for reasoning the model returned encrypted: the payload is never copied. */
export const REDACTED_THINKING = { kind: 'redacted-thinking', reason: 'the model returned encrypted thinking' };
/**
 * An Anthropic-style assistant block that is prose: `text` → assistant_message, `thinking` →
 * reasoning, `redacted_thinking` → reasoning with no data (the encrypted payload is never copied).
 * Undefined for any other block (tool use and the like are the adapter's).
 */
export function proseBlockEvent(block, base) {
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
 * block as a tool call, its tool described by `describe(name, callId, input)` and handed to `open`;
 * undefined for any other block.
 */
export function assistantBlockEvent(block, base, describe, open) {
    const prose = proseBlockEvent(block, base);
    if (prose || block.type !== 'tool_use')
        return prose;
    const tool = describe(String(block.name ?? 'unknown'), String(block.id ?? ''), block.input);
    open(tool);
    return { ...base, type: 'tool_call', role: 'assistant', tool };
}
//# sourceMappingURL=content.js.map