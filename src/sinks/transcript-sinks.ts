/**
 * Where finished events go. Both sinks take events one at a time and never hold them all:
 * the streaming sink writes each as a JSONL line at once; the document sink spools them to a
 * temp file and, once the header (metrics, times, ids) is known, writes header then events.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { privateTempDir } from '../lifecycle/temp.js';
import { EventsHash, type TranscriptEvent, type TranscriptHeader } from '../transcript/index.js';
import { ByteBatch } from './byte-batch.js';
import { atomicFileOutput, type Output } from './output.js';
import { copySpool, spoolLines } from './spool.js';

export interface EventSink {
  event(event: TranscriptEvent): Promise<void> | undefined;
  /**
   * A second look at the events written so far, before the header is made: `fix` returns the new
   * event, or null to keep it. Only sinks that still hold their events (the document sink's spool)
   * have it; a stream has already sent them.
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
  path: string;
  events(): AsyncIterable<TranscriptEvent>;
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
    if (layout === 'pretty') await writePrettyEvents(spool.path, output);
    else await copySpool(spool.path, Buffer.from(layout === 'line' ? ',' : ',\n'), (bytes) => output.write(bytes));
    await output.write(count === 0 ? after.trimStart() : after);
  };
}

/**
 * Events go to a private spool (one JSON line each) until the header is known; then `finish`
 * writes the output from the spool, and the output is committed. Memory holds one batch, never
 * the session. Every output format other than `--stream` is written this way.
 */
export async function spooledSink(output: Output, finish: FinishFromSpool): Promise<EventSink> {
  const spoolDir = privateTempDir('spool');
  let spoolPath = join(spoolDir, 'events');
  let spool = atomicFileOutput(spoolPath);
  let count = 0;
  // the spool's bytes are hashed as they are written, so the header can carry metrics.eventsSha256
  let hash = new EventsHash();
  let batch = hashedBatch(hash, (bytes) => spool.write(bytes));
  const cleanup = () => rm(spoolDir, { recursive: true, force: true });
  const closeSpool = async () => {
    await batch.flush();
    await spool.commit();
  };

  return {
    event(event) {
      count += 1;
      return batch.add(`${JSON.stringify(event)}\n`);
    },
    async revise(fix, upTo) {
      await closeSpool();
      const revisedPath = join(spoolDir, `events-${Date.now()}`);
      const revised = atomicFileOutput(revisedPath);
      const revisedHash = new EventsHash();
      const revisedBatch = hashedBatch(revisedHash, (bytes) => revised.write(bytes));
      let index = 0;
      let changed = 0;
      try {
        for await (const line of spoolLines(spoolPath)) {
          const fixed = index < upTo ? fix(JSON.parse(line.toString('utf8')) as TranscriptEvent, index) : null;
          if (fixed) changed += 1;
          await revisedBatch.add(`${fixed ? JSON.stringify(fixed) : line.toString('utf8')}\n`);
          index += 1;
        }
      } catch (error) {
        await revised.abort();
        throw error;
      }
      await rm(spoolPath, { force: true });
      spoolPath = revisedPath;
      spool = revised;
      batch = revisedBatch;
      hash = revisedHash;
      return changed;
    },
    async end(header) {
      try {
        await closeSpool();
        const path = spoolPath;
        await finish(withEventsHash(header, hash), { count, path, events: () => spooledEvents(path) }, output);
        await output.commit();
      } finally {
        await cleanup();
      }
    },
    async abort() {
      await spool.abort();
      await output.abort();
      await cleanup();
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

async function* spooledEvents(path: string): AsyncGenerator<TranscriptEvent> {
  for await (const line of spoolLines(path)) yield JSON.parse(line.toString('utf8')) as TranscriptEvent;
}

/** `--pretty`: each spooled event indented as a member of the document's events array. */
async function writePrettyEvents(spoolPath: string, output: Output): Promise<void> {
  const batch = new ByteBatch((bytes) => output.write(bytes));
  let first = true;
  for await (const line of spoolLines(spoolPath)) {
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
