/**
 * Gathers many small texts (serialized events) into large Buffers before they are written.
 * Each text is encoded straight into the batch's Buffer: no long string is ever built (V8 makes
 * very long strings far more slowly than short ones), and a write is one large chunk.
 */
export type WriteBytes = (bytes: Buffer) => Promise<void> | undefined;

export const BATCH_BYTES = 1024 * 1024;
/** the most bytes one UTF-16 code unit can take in UTF-8 */
const MAX_BYTES_PER_UNIT = 3;
const LF = 0x0a;

export class ByteBatch {
  private buffer: Buffer = Buffer.allocUnsafe(BATCH_BYTES);
  /** a sent buffer whose write has completed: filled again instead of allocating (garbage Buffers pile up outside the JS heap) */
  private spare: Buffer | undefined;
  private used = 0;

  constructor(private readonly write: WriteBytes) {}

  get pendingBytes(): number {
    return this.used;
  }

  /** resolves when the bytes it sent on are accepted; undefined when nothing was sent or no wait is needed */
  add(text: string): Promise<void> | undefined {
    return this.put(text, false);
  }

  /**
   * `text` and a newline, as `add` would take them joined: the joined string is never built (V8
   * would copy a long one whole to flatten it before encoding).
   */
  addLine(text: string): Promise<void> | undefined {
    return this.put(text, true);
  }

  /**
   * Copies bytes in as they are, sending each full batch on before it fills the next: the caller
   * may fill `bytes` again once this resolves.
   */
  async addBytes(bytes: Buffer): Promise<void> {
    for (let at = 0; at < bytes.length; ) {
      if (this.used === BATCH_BYTES) await this.flush();
      const copied = bytes.copy(this.buffer, this.used, at, Math.min(bytes.length, at + BATCH_BYTES - this.used));
      this.used += copied;
      at += copied;
    }
  }

  private put(text: string, newline: boolean): Promise<void> | undefined {
    const worstCase = text.length * MAX_BYTES_PER_UNIT + (newline ? 1 : 0);
    if (this.used + worstCase <= BATCH_BYTES) {
      this.encode(text, newline);
      return undefined;
    }
    const flushed = this.flush();
    if (worstCase > BATCH_BYTES) return after(flushed, () => this.write(encoded(text, newline)));
    this.encode(text, newline);
    return flushed;
  }

  private encode(text: string, newline: boolean): void {
    this.used += this.buffer.write(text, this.used, 'utf8');
    if (newline) this.buffer[this.used++] = LF;
  }

  /**
   * Sends what is gathered. The Buffer handed on is filled again only after the promise its write
   * returned has resolved (the Output contract: a writer keeps no reference past that); a write
   * that returns nothing may still hold it, so it is never reused.
   */
  flush(): Promise<void> | undefined {
    if (this.used === 0) return undefined;
    const sent = this.buffer;
    const pending = this.write(sent.subarray(0, this.used));
    this.buffer = this.spare ?? Buffer.allocUnsafe(BATCH_BYTES);
    this.spare = undefined;
    this.used = 0;
    return pending?.then(() => {
      this.spare = sent;
    });
  }
}

function encoded(text: string, newline: boolean): Buffer {
  if (!newline) return Buffer.from(text, 'utf8');
  const bytes = Buffer.allocUnsafe(Buffer.byteLength(text, 'utf8') + 1);
  bytes[bytes.write(text, 0, 'utf8')] = LF;
  return bytes;
}

function after(first: Promise<void> | undefined, next: () => Promise<void> | undefined): Promise<void> | undefined {
  return first ? first.then(next) : next();
}
