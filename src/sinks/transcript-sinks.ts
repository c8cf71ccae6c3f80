/**
 * Where finished events go. Both sinks take events one at a time and never hold them all:
 * the streaming sink writes each as a JSONL line at once; the document sink spools them to a
 * temp file and, once the header (metrics, times, ids) is known, writes header then events.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { privateTempDir } from '../lifecycle/temp.js';
import type { TranscriptEvent, TranscriptHeader } from '../transcript/index.js';
import { atomicFileOutput, type Output } from './output.js';

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
  return {
    event: (event) => output.write(`${JSON.stringify(event)}\n`),
    async end(header) {
      await output.write(`${JSON.stringify(header)}\n`);
      await output.commit();
    },
    abort: () => output.abort(),
  };
}

const SPOOL_BATCH_CHARS = 256 * 1024;

export type DocumentLayout = 'compact' | 'pretty' | 'line';

/**
 * One Transcript document; `line` puts it on a single line (for `--format jsonl`). Events wait in
 * a private spool (one JSON line each) until the header is known, so they can still be revised.
 */
export async function documentSink(output: Output, layout: DocumentLayout): Promise<EventSink> {
  const spoolDir = privateTempDir('spool');
  let spoolPath = join(spoolDir, 'events');
  let spool = atomicFileOutput(spoolPath);
  let count = 0;
  // Events are small and many: gather them into larger writes.
  let batch: string[] = [];
  let batchLength = 0;
  const flushBatch = () => {
    const text = batch.join('');
    batch = [];
    batchLength = 0;
    return spool.write(text);
  };
  const cleanup = () => rm(spoolDir, { recursive: true, force: true });
  const separator = layout === 'line' ? ',' : ',\n';
  const format = (line: string) => (layout === 'pretty' ? indent(JSON.stringify(JSON.parse(line), null, 2), '    ') : line);

  return {
    event(event) {
      count += 1;
      const line = `${JSON.stringify(event)}\n`;
      batch.push(line);
      batchLength += line.length;
      return batchLength >= SPOOL_BATCH_CHARS ? flushBatch() : undefined;
    },
    async revise(fix, upTo) {
      if (batchLength > 0) await flushBatch();
      await spool.commit();
      const revisedPath = join(spoolDir, `events-${Date.now()}`);
      const revised = atomicFileOutput(revisedPath);
      let index = 0;
      let changed = 0;
      try {
        for await (const line of spoolLines(spoolPath)) {
          const fixed = index < upTo ? fix(JSON.parse(line) as TranscriptEvent, index) : null;
          if (fixed) changed += 1;
          await revised.write(`${fixed ? JSON.stringify(fixed) : line}\n`);
          index += 1;
        }
      } catch (error) {
        await revised.abort();
        throw error;
      }
      await rm(spoolPath, { force: true });
      spoolPath = revisedPath;
      spool = revised;
      return changed;
    },
    async end(header) {
      try {
        if (batchLength > 0) await flushBatch();
        await spool.commit();
        const headerText = layout === 'pretty' ? JSON.stringify(header, null, 2) : JSON.stringify(header);
        const open = headerText.slice(0, headerText.lastIndexOf('}')).trimEnd();
        const [before, after] =
          layout === 'pretty' ? [',\n  "events": [\n', '\n  ]\n}\n']
          : layout === 'compact' ? [',"events":[\n', '\n]}\n']
          : [',"events":[', ']}\n'];
        await output.write(open + (count === 0 ? before.trimEnd() : before));
        let first = true;
        let pieces: string[] = [];
        let length = 0;
        for await (const line of spoolLines(spoolPath)) {
          const piece = first ? format(line) : separator + format(line);
          first = false;
          pieces.push(piece);
          length += piece.length;
          if (length >= SPOOL_BATCH_CHARS) {
            await output.write(pieces.join(''));
            pieces = [];
            length = 0;
          }
        }
        if (pieces.length > 0) await output.write(pieces.join(''));
        await output.write(count === 0 ? after.trimStart() : after);
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

/** The spool's lines, read in large chunks (one event per line; JSON never holds a raw newline). */
async function* spoolLines(path: string): AsyncIterable<string> {
  let carry: string[] = [];
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024, encoding: 'utf8' })) {
    const text = chunk as string;
    let start = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      const piece = text.slice(start, newline);
      if (carry.length > 0) {
        carry.push(piece);
        yield carry.join('');
        carry = [];
      } else {
        yield piece;
      }
      start = newline + 1;
    }
    if (start < text.length) carry.push(text.slice(start));
  }
  if (carry.length > 0) yield carry.join('');
}

function indent(text: string, prefix: string): string {
  return prefix + text.replaceAll('\n', `\n${prefix}`);
}

