/**
 * Large base64 payloads (pasted images, screenshots) are the bulk of many agent logs, and a
 * Transcript never inlines them: attachments carry mime and byte count only. So before a long
 * line is decoded and parsed, a "data" or "base64" value, or the payload of a
 * `"data:<type>;base64,..."` URL, of more than ELIDE_MIN_CHARS is replaced, at the byte level,
 * by a short token that keeps its length. This saves decoding,
 * parsing and holding megabytes of text per image.
 */
import { BACKSLASH, QUOTE } from '../json-bytes.js';

const KEYS = [Buffer.from('"data":"'), Buffer.from('"base64":"')];
/** the payload marker of a data URL: `"data:image/png;base64,<payload>"` under any key */
const DATA_URL = Buffer.from(';base64,');
const DATA_URL_START = Buffer.from('"data:');
/** a data URL's media type is short: its opening quote must be this close to the marker */
const MAX_MEDIA_TYPE_BYTES = 128;

export const ELIDE_MIN_CHARS = 64 * 1024;
/** Lines shorter than this cannot hold an elidable value worth the scan. */
export const ELIDE_LINE_THRESHOLD = 256 * 1024;
const TOKEN_PREFIX = 'atx:elided-base64:';

/** Where the next candidate payload starts: after a base64 key, or after a data URL's marker. */
function nextPayload(line: Buffer, from: number): number {
  let best = -1;
  for (const key of KEYS) {
    const at = line.indexOf(key, from);
    if (at !== -1 && (best === -1 || at + key.length < best)) best = at + key.length;
  }
  for (let at = line.indexOf(DATA_URL, from); at !== -1 && (best === -1 || at < best); at = line.indexOf(DATA_URL, at + 1)) {
    const opening = line.lastIndexOf(DATA_URL_START, at);
    if (opening !== -1 && at - opening <= MAX_MEDIA_TYPE_BYTES && line.subarray(opening + 1, at).indexOf(QUOTE) === -1) {
      best = at + DATA_URL.length;
      break;
    }
  }
  return best;
}

export function elideLargeBase64(line: Buffer): Buffer {
  const parts: Buffer[] = [];
  let copiedUpTo = 0;
  for (let start = nextPayload(line, 0); start !== -1; ) {
    const end = line.indexOf(QUOTE, start);
    if (end === -1) break;
    // base64 has no escapes: a backslash means this is some other string, left alone
    const plain = end - start >= ELIDE_MIN_CHARS && line.subarray(start, end).indexOf(BACKSLASH) === -1;
    if (plain) {
      parts.push(line.subarray(copiedUpTo, start), Buffer.from(`${TOKEN_PREFIX}${end - start}`));
      copiedUpTo = end;
    }
    start = nextPayload(line, plain ? end : start);
  }
  if (parts.length === 0) return line;
  parts.push(line.subarray(copiedUpTo));
  return Buffer.concat(parts);
}

/** Decoded byte count of a base64 value, whether it was kept or elided. */
export function base64ByteLength(value: string): number {
  const chars = value.startsWith(TOKEN_PREFIX) ? Number(value.slice(TOKEN_PREFIX.length)) : value.length;
  // An elided value's padding is unknown: at most 2 bytes off.
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((chars * 3) / 4) - padding;
}
