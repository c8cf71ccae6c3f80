/**
 * Where finished events go. Both sinks take events one at a time and never hold them all:
 * the streaming sink writes each as a JSONL line at once; the document sink spools them (in
 * memory while few, else to a private temp file) and, once the header (metrics, times, ids) is
 * known, writes header then events.
 */
import { EventsHash } from '../transcript/events-hash.js';
import type { TranscriptEvent, TranscriptHeader } from '../transcript/index.js';
import { ByteBatch, type WriteBytes } from './byte-batch.js';
import type { Output } from './output.js';
import { Spool } from './spool.js';

export interface EventSink {
  event(event: TranscriptEvent): Promise<void> | undefined;
  /**
   * A second look at the events written so far, before the header is made: `fix` returns the new
   * event, or null to keep it. Only sinks that still hold their events (the document sink's spool)
   * have it; a stream has already sent them. The last event a sink takes comes before it.
   */
  revise?(fix: (event: TranscriptEvent, index: number) => TranscriptEvent | null, upTo: number): Promise<number>;
  end(header: TranscriptHeader): Promise<void>;
  abort(): Promise<void>;
}

/** `--stream`: one JSONL line per event as soon as it is known, then the header line. */
export function streamingSink(output: Output): EventSink {
  const hash = new EventsHash();
  return {
    event(event) {
      const line = `${JSON.stringify(event)}\n`;
      hash.addLine(line);
      return output.write(line);
    },
    async end(header) {
      await output.write(`${JSON.stringify(withEventsHash(header, hash))}\n`);
      await output.commit();
    },
    abort: () => output.abort(),
  };
}

export type DocumentLayout = 'compact' | 'pretty' | 'line';

/** What a spooled sink does once the header is known: write the document from the spool. */
export type FinishFromSpool = (header: TranscriptHeader, spool: SpooledEvents, output: Output) => Promise<void>;

/** The events a spooled sink holds, read back from its spool (each call is a fresh pass). */
export interface SpooledEvents {
  count: number;
  /** each event's JSON line (without its newline), as bytes */
  lines(): AsyncIterable<Buffer>;
  events(): AsyncIterable<TranscriptEvent>;
  /** the events joined by `separator`, copied as bytes (the fast path of a compact document) */
  copy(separator: Buffer, write: WriteBytes): Promise<void>;
}

/**
 * One Transcript document; `line` puts it on a single line (for `--format jsonl`). Events wait in
 * a private spool (one JSON line each) until the header is known, so they can still be revised.
 * They are encoded into Buffers once; a compact document copies the spool's bytes as they are.
 */
export function documentSink(output: Output, layout: DocumentLayout): Promise<EventSink> {
  return spooledSink(output, transcriptDocument(layout));
}

/** Writes the Transcript document (header, then the spooled events) in the given layout. */
export function transcriptDocument(layout: DocumentLayout): FinishFromSpool {
  return async (header, spool, output) => {
    const { count } = spool;
    const headerText = layout === 'pretty' ? JSON.stringify(header, null, 2) : JSON.stringify(header);
    const open = headerText.slice(0, headerText.lastIndexOf('}')).trimEnd();
    const [before, after] =
      layout === 'pretty' ? [',\n  "events": [\n', '\n  ]\n}\n']
      : layout === 'compact' ? [',"events":[\n', '\n]}\n']
      : [',"events":[', ']}\n'];
    await output.write(open + (count === 0 ? before.trimEnd() : before));
    if (layout === 'pretty') await writePrettyEvents(spool.lines(), output);
    else await spool.copy(Buffer.from(layout === 'line' ? ',' : ',\n'), (bytes) => output.write(bytes));
    await output.write(count === 0 ? after.trimStart() : after);
  };
}

/**
 * Events go to a spool (one JSON line each: in memory while small, else a private temp file)
 * until the header is known; then `finish` writes the output from the spool, and the output is
 * committed. Memory holds one batch, never a large session. Every output format other than
 * `--stream` is written this way.
 */
export async function spooledSink(output: Output, finish: FinishFromSpool): Promise<EventSink> {
  let spool = new Spool();
  let count = 0;
  // the spool's bytes are hashed as they are written, so the header can carry metrics.eventsSha256
  let hash = new EventsHash();
  let batch = hashedBatch(hash, (bytes) => spool.write(bytes));
  const closeSpool = async () => {
    await batch.flush();
    await spool.close();
  };

  return {
    event(event) {
      count += 1;
      return batch.addLine(JSON.stringify(event));
    },
    async revise(fix, upTo) {
      await closeSpool();
      const revised = new Spool();
      const revisedHash = new EventsHash();
      const revisedBatch = hashedBatch(revisedHash, (bytes) => revised.write(bytes));
      let index = 0;
      let changed = 0;
      try {
        // only the first upTo events are read; the rest is copied as bytes, or kept where it is
        // when none of those changed
        for await (const piece of spool.linesThenRest(upTo)) {
          if ('rest' in piece) {
            if (changed === 0) break;
            await revisedBatch.addBytes(piece.rest);
            continue;
          }
          const text = piece.line.toString('utf8');
          const fixed = fix(JSON.parse(text) as TranscriptEvent, index);
          if (fixed) changed += 1;
          await revisedBatch.addLine(fixed ? JSON.stringify(fixed) : text);
          index += 1;
        }
      } catch (error) {
        await revised.discard();
        throw error;
      }
      if (changed === 0) {
        await revised.discard();
        return 0;
      }
      await spool.discard();
      spool = revised;
      batch = revisedBatch;
      hash = revisedHash;
      return changed;
    },
    async end(header) {
      try {
        await closeSpool();
        const done = spool;
        await finish(withEventsHash(header, hash), { count, lines: () => done.lines(), events: () => spooledEvents(done), copy: (separator, write) => done.copyTo(separator, write) }, output);
        await output.commit();
      } finally {
        await spool.discard();
      }
    },
    async abort() {
      await spool.discard();
      await output.abort();
    },
  };
}

/** A batch whose bytes are hashed as they go to the spool: each event is encoded once. */
function hashedBatch(hash: EventsHash, write: (bytes: Buffer) => Promise<void> | undefined): ByteBatch {
  return new ByteBatch((bytes) => {
    hash.addLine(bytes);
    return write(bytes);
  });
}

function withEventsHash(header: TranscriptHeader, hash: EventsHash): TranscriptHeader {
  return { ...header, metrics: { ...header.metrics, eventsSha256: hash.digest() } };
}

async function* spooledEvents(spool: Spool): AsyncGenerator<TranscriptEvent> {
  for await (const line of spool.linesInPlace()) yield JSON.parse(line.toString('utf8')) as TranscriptEvent;
}

/** `--pretty`: each spooled event indented as a member of the document's events array. */
async function writePrettyEvents(lines: AsyncIterable<Buffer>, output: Output): Promise<void> {
  const batch = new ByteBatch((bytes) => output.write(bytes));
  let first = true;
  for await (const line of lines) {
    const pretty = indent(JSON.stringify(JSON.parse(line.toString('utf8')), null, 2), '    ');
    const pending = batch.add(first ? pretty : `,\n${pretty}`);
    if (pending) await pending;
    first = false;
  }
  await batch.flush();
}

function indent(text: string, prefix: string): string {
  return prefix + text.replaceAll('\n', `\n${prefix}`);
}
