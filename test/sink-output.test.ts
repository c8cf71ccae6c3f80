import { execFileSync } from 'node:child_process';
import { createReadStream, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fileOutput, streamOutput } from '../src/sinks/output.js';

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

describe('a path the user names as the output', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'atx-output-'));
    folders.push(made);
    return made;
  };

  it('a named pipe is written in place and stays a pipe (a temp file renamed over it would replace it)', async () => {
    const dir = folder();
    const pipe = join(dir, 'out.fifo');
    execFileSync('mkfifo', [pipe]);
    const received: Buffer[] = [];
    const reader = new Promise<void>((resolve, reject) => {
      createReadStream(pipe).on('data', (chunk) => received.push(chunk as Buffer)).on('end', resolve).on('error', reject);
    });
    const output = fileOutput(pipe);
    await output.write('{"events":[]}\n');
    await output.commit();
    await reader;
    expect(Buffer.concat(received).toString()).toBe('{"events":[]}\n');
    expect(lstatSync(pipe).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['out.fifo']);
  });

  it('a symlink to a file stays a symlink; the file it names gets the output', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'real.json'), 'old');
    symlinkSync(join(dir, 'real.json'), join(dir, 'link.json'));
    const output = fileOutput(join(dir, 'link.json'));
    await output.write('new');
    await output.commit();
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toBe('new');
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'real.json']);
  });

  it('a regular file is replaced whole, with no temp file left beside it', async () => {
    const dir = folder();
    const file = join(dir, 'out.json');
    writeFileSync(file, 'old');
    const output = fileOutput(file);
    await output.write('new');
    expect(readFileSync(file, 'utf8')).toBe('old');
    await output.commit();
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['out.json']);
  });
});
