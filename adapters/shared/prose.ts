/**
 * Prose in what a converter does not know: a block of a type it has no rule for, a field a newer
 * release added. Such text is kept (beside a placeholder, or as a `meta` event), never dropped;
 * ids, hashes, URLs, paths, numbers and encrypted or base64 payloads are not prose (no whitespace,
 * or a key that names a payload) and are left out.
 */
import { asRecord, type Json } from './json.js';

/** Shorter texts with a space are labels and enum-like values more often than something said. */
export const MIN_FIELD_PROSE = 16;
const MIN_BLOCK_PROSE = 8;
/** Keys whose values are payloads, never prose, whatever they contain. */
export const PAYLOAD_KEYS: ReadonlySet<string> = new Set(['data', 'signature', 'encrypted_content', 'encrypted_reasoning', 'base64', 'bytes', 'image_url']);

const hasSpace = (text: string) => /\s/.test(text.trim());

/** Texts of a value that read as prose: strings with whitespace, in objects and arrays up to `depth` levels down. */
export function proseIn(value: unknown, minLength: number, depth = 2, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.length >= minLength && hasSpace(value)) found.push(value);
  } else if (depth > 0 && Array.isArray(value)) {
    for (const item of value) proseIn(item, minLength, depth - 1, found);
  } else if (depth > 0) {
    const record = asRecord(value);
    if (record) for (const key in record) if (!PAYLOAD_KEYS.has(key)) proseIn(record[key], minLength, depth - 1, found);
  }
  return found;
}

/** The prose an unknown block carries, one text per field (its type and ids are not prose). */
export const blockProse = (block: Json): string[] => proseIn(block, MIN_BLOCK_PROSE);

/** `stand` (what stands for an unknown block) with the block's prose after it, unless it holds it already. */
export function withBlockProse(stand: string, block: Json): string {
  const prose = blockProse(block).filter((text) => !stand.includes(text));
  return prose.length === 0 ? stand : [stand, ...prose].join('\n');
}
