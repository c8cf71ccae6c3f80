/**
 * The content digest of a document taken as it is written (sent-content.ts takes it from the
 * finished bytes instead): each event's canonical text is made from the event object the sink is
 * given, so the document is neither parsed back nor walked twice. The result is the digest
 * contentSha256 gives for the parsed document: canonical JSON of the header's members and the
 * events, in name order, without session.capturedAt.
 *
 * "events" comes first in that order (every other member of a Transcript sorts after it), so the
 * events are hashed as they come and nothing is held (keeping each event's text until the header
 * was known kept a session's worth of strings alive through the young generation's collections:
 * ~3 % of the client's CPU on the upload-native bench, and its peak RSS). What cannot be hashed in order
 * makes it give up, and the caller takes the digest from the document instead: an event revised
 * after it was hashed (a secret recognised late, rare), a value with no JSON form, a header member
 * that would come before the events.
 */
import { createHash, type Hash } from 'node:crypto';
import { canonicalJson } from '../api/canonical-json.js';

/** canonical text is handed to the hash in pieces of about this many characters */
const PIECE_CHARS = 64 * 1024;
const EVENTS = 'events';

export class DocumentDigest {
  #hash: Hash | undefined = createHash('sha256');
  /** text made but not yet hashed */
  #pending = `{${JSON.stringify(EVENTS)}:[`;
  #count = 0;

  /** The event at `index` (in the order written) is `event`: a new one, or a revised one. */
  event(event: unknown, index: number): void {
    if (!this.#hash) return;
    if (index !== this.#count) {
      this.#giveUp();
      return;
    }
    let text: string;
    try {
      text = canonicalJson(event);
    } catch {
      this.#giveUp();
      return;
    }
    this.#pending += this.#count === 0 ? text : `,${text}`;
    this.#count += 1;
    if (this.#pending.length >= PIECE_CHARS) {
      this.#hash.update(this.#pending);
      this.#pending = '';
    }
  }

  /** The digest (SHA-256, lower-case hex) of the document with this header, or undefined when it gave up. Once only. */
  digest(header: Readonly<Record<string, unknown>>): string | undefined {
    const hash = this.#hash;
    this.#hash = undefined;
    if (!hash || Object.hasOwn(header, EVENTS)) return undefined;
    const members: Record<string, unknown> = { ...header };
    if (isRecord(header.session)) {
      const { capturedAt: _capturedAt, ...session } = header.session;
      members.session = session;
    }
    let text = `${this.#pending}]`;
    this.#pending = '';
    try {
      for (const name of Object.keys(members).sort()) {
        const value = members[name];
        if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
        if (name < EVENTS) return undefined;
        text += `,${JSON.stringify(name)}:${canonicalJson(value)}`;
      }
    } catch {
      return undefined;
    }
    return hash.update(`${text}}`).digest('hex');
  }

  #giveUp(): void {
    this.#hash = undefined;
    this.#pending = '';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
