import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamOutput } from '../src/sinks/output.js';

/** A slow destination with a small buffer: most writes must wait for 'drain'. */
function slowStream(received: Buffer[]): Writable {
  return new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk);
      setImmediate(done);
    },
  });
}

describe('stream output under backpressure', () => {
  it('many writes queued at once share one wait for drain (no listener per write) and arrive in order', async () => {
    const received: Buffer[] = [];
    const stream = slowStream(received);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const output = streamOutput(stream);
    const chunks = Array.from({ length: 40 }, (_, n) => Buffer.from(`chunk ${n} of the spool\n`));
    const pending = chunks.map((chunk) => output.write(chunk));
    expect(stream.listenerCount('drain')).toBe(1);
    await Promise.all(pending);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(Buffer.concat(received).toString()).toBe(Buffer.concat(chunks).toString());
    expect(stream.listenerCount('drain')).toBe(0);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('a write after the drain waits for the next one', async () => {
    const received: Buffer[] = [];
    const stream = slowStream(received);
    const output = streamOutput(stream);
    await output.write(Buffer.alloc(64, 'a'));
    const next = output.write(Buffer.alloc(64, 'b'));
    expect(next).toBeInstanceOf(Promise);
    await next;
    expect(Buffer.concat(received).length).toBe(128);
  });
});
