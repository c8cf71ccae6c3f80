/**
 * An Output that gzips what is written to it and keeps the compressed bytes (or only counts them,
 * for a dry run).
 */
import { constants, createGzip, gzipSync } from 'node:zlib';
import type { Output } from '../sinks/output.js';

export interface GzipOutput extends Output {
  rawBytes(): number;
  gzipBytes(): number;
  /** the compressed document, once committed */
  result(): Buffer;
  /** the uncompressed document, once committed, when it was small enough to be compressed at once */
  document(): Buffer | undefined;
}

/**
 * A document up to this size is held as it is written and compressed in one synchronous call at
 * commit: most sessions are small, and a gzip stream would send each of them through the libuv
 * pool, leaving this thread idle while it waits. A larger document switches to the stream.
 */
export const COMPRESS_AT_ONCE_BYTES = 4 * 1024 * 1024;

/**
 * zlib's fastest level. An upload spends most of its time on the CPU, not the wire: on the
 * 160 KB sessions of the upload bench, level 1 compresses a document in 40 % of the time of the
 * default level 6, and the body is ~12 % larger (32 % of the JSON instead of 29 %); the server
 * inflates either at the same speed.
 */
export const UPLOAD_GZIP_LEVEL = constants.Z_BEST_SPEED;

/** what a write that copied its bytes returns: resolved, the writer holds no reference to them */
const COPIED: Promise<void> = Promise.resolve();

/**
 * `storedUpTo`: a document held whole and no larger than this many bytes is written as stored
 * (uncompressed) deflate blocks, still a complete gzip stream with its CRC. For a server on this
 * machine, where the body crosses no network, compressing costs both sides CPU for nothing (level
 * 1 takes ~6 times as long as storing, and the server's inflate ~4 times as long). 0: never.
 */
export function gzipOutput(keep: boolean, storedUpTo = 0): GzipOutput {
  let held: Buffer[] | undefined = [];
  let heldBytes = 0;
  let stream: GzipStream | undefined;
  let raw = 0;
  let zipped = 0;
  let done: Buffer | undefined;
  let whole: Buffer | undefined;
  return {
    write(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      raw += bytes.length;
      if (held && heldBytes + bytes.length <= COMPRESS_AT_ONCE_BYTES) {
        held.push(Buffer.from(bytes));
        heldBytes += bytes.length;
        return COPIED; // the caller may fill its buffer again at once (copySpool, ByteBatch reuse theirs)
      }
      if (!stream) {
        stream = gzipStream(keep);
        for (const earlier of held ?? []) stream.write(earlier);
        held = undefined;
      }
      return stream.write(bytes);
    },
    async commit() {
      if (stream) {
        done = await stream.end();
        zipped = stream.zippedBytes();
      } else {
        whole = Buffer.concat(held ?? []);
        const compressed = gzipSync(whole, { level: whole.length <= storedUpTo ? constants.Z_NO_COMPRESSION : UPLOAD_GZIP_LEVEL });
        zipped = compressed.length;
        done = keep ? compressed : Buffer.alloc(0);
      }
      held = undefined;
    },
    async abort() {
      stream?.destroy();
      held = undefined;
    },
    rawBytes: () => raw,
    gzipBytes: () => zipped,
    result: () => {
      if (!done) throw new Error('gzip output read before it was committed');
      return done;
    },
    document: () => whole,
  };
}

interface GzipStream {
  write(chunk: Buffer): Promise<void> | undefined;
  /** the compressed bytes (empty when they are only counted) */
  end(): Promise<Buffer>;
  zippedBytes(): number;
  destroy(): void;
}

function gzipStream(keep: boolean): GzipStream {
  const gzip = createGzip({ level: UPLOAD_GZIP_LEVEL });
  const compressed: Buffer[] = [];
  let zipped = 0;
  let drained: Promise<void> | undefined;
  gzip.on('data', (chunk: Buffer) => {
    zipped += chunk.length;
    if (keep) compressed.push(chunk);
  });
  const finished = new Promise<void>((resolve, reject) => {
    gzip.once('end', resolve);
    gzip.once('error', reject);
  });
  return {
    write(chunk) {
      if (gzip.write(chunk)) return undefined;
      // one wait for all writes queued before the same 'drain' (the held start of a document is written at once)
      drained ??= new Promise((resolve) => gzip.once('drain', () => {
        drained = undefined;
        resolve();
      }));
      return drained;
    },
    async end() {
      gzip.end();
      await finished;
      const whole = Buffer.concat(compressed);
      compressed.length = 0;
      return whole;
    },
    zippedBytes: () => zipped,
    destroy: () => {
      gzip.destroy();
      compressed.length = 0;
    },
  };
}
