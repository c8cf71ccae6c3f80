/** Gemini Content pieces as Qwen Code records them: parts → text and attachments, usageMetadata → Usage. */
import type { Attachment, Usage } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import { withBlockProse } from '../shared/prose.js';
import { asRecord, numberField, stringField } from '../shared/json.js';
import { mapUsage, type UsageFields } from '../shared/usage.js';

type Json = Record<string, unknown>;

/** The parts of a `{role, parts}` message, or undefined when it has none. */
export function partsOf(message: unknown): Json[] | undefined {
  const parts = asRecord(message)?.parts;
  if (!Array.isArray(parts)) return undefined;
  return parts.map((part) => asRecord(part) ?? { text: String(part) });
}

/**
 * Text parts joined by newlines; inline data and file references become attachments (described,
 * never inlined); any other part is named in the text so that nothing disappears.
 */
export function textOfParts(parts: readonly Json[]): { text: string; attachments: Attachment[] } {
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  for (const part of parts) {
    const inline = asRecord(part.inlineData);
    const file = asRecord(part.fileData);
    if (typeof part.text === 'string') texts.push(part.text);
    else if (inline) attachments.push(attachmentOf(stringField(inline, 'mimeType'), { bytes: typeof inline.data === 'string' ? base64ByteLength(inline.data) : undefined }));
    else if (file) attachments.push(attachmentOf(stringField(file, 'mimeType'), { path: stringField(file, 'fileUri') }));
    else texts.push(withBlockProse(`[${Object.keys(part).join(',') || 'empty'} part]`, part));
  }
  return { text: texts.join('\n'), attachments };
}

function attachmentOf(mime: string | undefined, extra: { bytes?: number; path?: string }): Attachment {
  const attachment: Attachment = { kind: mime?.startsWith('image/') ? 'image' : 'file' };
  if (mime) attachment.mime = mime;
  if (extra.bytes !== undefined) attachment.bytes = extra.bytes;
  if (extra.path) attachment.path = extra.path;
  return attachment;
}

/**
 * usageMetadata → Usage. promptTokenCount includes the cached prefix; through the OpenAI
 * provider candidatesTokenCount already includes the thoughts (completion tokens), so:
 * input = prompt − cached, cacheRead = cached, output = candidates, reasoning = thoughts.
 */
const USAGE_METADATA_FIELDS: UsageFields = {
  input: ['promptTokenCount'], output: ['candidatesTokenCount'], cacheRead: ['cachedContentTokenCount'], reasoning: ['thoughtsTokenCount'], inputIncludesCache: true,
};

export const geminiUsage = (raw: unknown): Usage | undefined => mapUsage(raw, USAGE_METADATA_FIELDS);

/** stream-json usage ({input_tokens, output_tokens, cache_read_input_tokens}): input_tokens includes the cached part. */
export function streamUsage(raw: unknown): Usage | undefined {
  const usage = asRecord(raw);
  const input = numberField(usage, 'input_tokens');
  const output = numberField(usage, 'output_tokens');
  if (input === undefined || output === undefined) return undefined;
  const cached = numberField(usage, 'cache_read_input_tokens') ?? 0;
  const result: Usage = { input: Math.max(0, input - cached), output };
  if (cached > 0) result.cacheRead = cached;
  const written = numberField(usage, 'cache_creation_input_tokens') ?? 0;
  if (written > 0) result.cacheWrite = written;
  return result;
}
