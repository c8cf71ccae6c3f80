/**
 * The content digest of a document taken as it is written (sent-content.ts takes it from the
 * finished bytes instead): each event's canonical text is made from the event object the sink is
 * given, so the document is neither parsed back nor walked twice. The result is the digest
 * contentSha256 gives for the parsed document: canonical JSON of the header's members and the
 * events, in name order, without session.capturedAt.
 *
 * Held in memory: one canonical text per event, so only up to `limitChars` in all; past that (or
 * for a value with no JSON form) it gives up, and the caller takes the digest from the bytes.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../api/canonical-json.js';

export class DocumentDigest {
  #texts: string[] | undefined = [];
  #chars = 0;

  constructor(private readonly limitChars: number) {}

  /** The event at `index` (in the order written) is `event`: a new one, or a revised one. */
  event(event: unknown, index: number): void {
    if (!this.#texts) return;
    let text: string;
    try {
      text = canonicalJson(event);
    } catch {
      this.#texts = undefined;
      return;
    }
    this.#chars += text.length - (this.#texts[index]?.length ?? 0);
    this.#texts[index] = text;
    if (this.#chars > this.limitChars) this.#texts = undefined;
  }

  /** The digest (SHA-256, lower-case hex) of the document with this header, or undefined when it gave up. */
  digest(header: Readonly<Record<string, unknown>>): string | undefined {
    const texts = this.#texts;
    if (!texts || Object.hasOwn(header, 'events')) return undefined;
    const members: Record<string, unknown> = { ...header, events: null };
    if (isRecord(header.session)) {
      const { capturedAt: _capturedAt, ...session } = header.session;
      members.session = session;
    }
    // one string, hashed at once: an update per event costs more than the hashing itself
    let text = '{';
    try {
      for (const name of Object.keys(members).sort()) {
        const value = members[name];
        if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
        if (text.length > 1) text += ',';
        text += `${JSON.stringify(name)}:${name === 'events' ? `[${texts.join(',')}]` : canonicalJson(value)}`;
      }
    } catch {
      return undefined;
    }
    const hash = createHash('sha256').update(`${text}}`);
    return hash.digest('hex');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
