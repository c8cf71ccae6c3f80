export const BATCH_BYTES = 1024 * 1024;
/** the most bytes one UTF-16 code unit can take in UTF-8 */
const MAX_BYTES_PER_UNIT = 3;
export class ByteBatch {
    write;
    buffer = Buffer.allocUnsafe(BATCH_BYTES);
    /** a sent buffer whose write has completed: filled again instead of allocating (garbage Buffers pile up outside the JS heap) */
    spare;
    used = 0;
    constructor(write) {
        this.write = write;
    }
    get pendingBytes() {
        return this.used;
    }
    /** resolves when the bytes it sent on are accepted; undefined when nothing was sent or no wait is needed */
    add(text) {
        const worstCase = text.length * MAX_BYTES_PER_UNIT;
        if (this.used + worstCase <= BATCH_BYTES) {
            this.used += this.buffer.write(text, this.used, 'utf8');
            return undefined;
        }
        const flushed = this.flush();
        if (worstCase > BATCH_BYTES)
            return after(flushed, () => this.write(Buffer.from(text, 'utf8')));
        this.used = this.buffer.write(text, 0, 'utf8');
        return flushed;
    }
    /**
     * Sends what is gathered. The Buffer handed on is filled again only after the promise its write
     * returned has resolved (the Output contract: a writer keeps no reference past that); a write
     * that returns nothing may still hold it, so it is never reused.
     */
    flush() {
        if (this.used === 0)
            return undefined;
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
function after(first, next) {
    return first ? first.then(next) : next();
}
//# sourceMappingURL=byte-batch.js.map