import { base64ByteLength } from '../../src/pipeline/elide.js';
import { asRecord, numberField, stringField } from '../shared/json.js';
import { mapUsage } from '../shared/usage.js';
/** The parts of a `{role, parts}` message, or undefined when it has none. */
export function partsOf(message) {
    const parts = asRecord(message)?.parts;
    if (!Array.isArray(parts))
        return undefined;
    return parts.map((part) => asRecord(part) ?? { text: String(part) });
}
/**
 * Text parts joined by newlines; inline data and file references become attachments (described,
 * never inlined); any other part is named in the text so that nothing disappears.
 */
export function textOfParts(parts) {
    const texts = [];
    const attachments = [];
    for (const part of parts) {
        const inline = asRecord(part.inlineData);
        const file = asRecord(part.fileData);
        if (typeof part.text === 'string')
            texts.push(part.text);
        else if (inline)
            attachments.push(attachmentOf(stringField(inline, 'mimeType'), { bytes: typeof inline.data === 'string' ? base64ByteLength(inline.data) : undefined }));
        else if (file)
            attachments.push(attachmentOf(stringField(file, 'mimeType'), { path: stringField(file, 'fileUri') }));
        else
            texts.push(`[${Object.keys(part).join(',') || 'empty'} part]`);
    }
    return { text: texts.join('\n'), attachments };
}
function attachmentOf(mime, extra) {
    const attachment = { kind: mime?.startsWith('image/') ? 'image' : 'file' };
    if (mime)
        attachment.mime = mime;
    if (extra.bytes !== undefined)
        attachment.bytes = extra.bytes;
    if (extra.path)
        attachment.path = extra.path;
    return attachment;
}
/**
 * usageMetadata → Usage. promptTokenCount includes the cached prefix; through the OpenAI
 * provider candidatesTokenCount already includes the thoughts (completion tokens), so:
 * input = prompt − cached, cacheRead = cached, output = candidates, reasoning = thoughts.
 */
const USAGE_METADATA_FIELDS = {
    input: ['promptTokenCount'], output: ['candidatesTokenCount'], cacheRead: ['cachedContentTokenCount'], reasoning: ['thoughtsTokenCount'], inputIncludesCache: true,
};
export const geminiUsage = (raw) => mapUsage(raw, USAGE_METADATA_FIELDS);
/** stream-json usage ({input_tokens, output_tokens, cache_read_input_tokens}): input_tokens includes the cached part. */
export function streamUsage(raw) {
    const usage = asRecord(raw);
    const input = numberField(usage, 'input_tokens');
    const output = numberField(usage, 'output_tokens');
    if (input === undefined || output === undefined)
        return undefined;
    const cached = numberField(usage, 'cache_read_input_tokens') ?? 0;
    const result = { input: Math.max(0, input - cached), output };
    if (cached > 0)
        result.cacheRead = cached;
    const written = numberField(usage, 'cache_creation_input_tokens') ?? 0;
    if (written > 0)
        result.cacheWrite = written;
    return result;
}
//# sourceMappingURL=parts.js.map