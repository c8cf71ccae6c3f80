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

/** One Transcript document; `line` puts it on a single line (for `--format jsonl`). */
export async function documentSink(output: Output, layout: DocumentLayout): Promise<EventSink> {
  const spoolDir = privateTempDir('spool');
  const spoolPath = join(spoolDir, 'events');
  const spool = atomicFileOutput(spoolPath);
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

  return {
    event(event) {
      const text = layout === 'pretty' ? indent(JSON.stringify(event, null, 2), '    ') : JSON.stringify(event);
      const piece = count++ === 0 ? text : separator + text;
      batch.push(piece);
      batchLength += piece.length;
      return batchLength >= SPOOL_BATCH_CHARS ? flushBatch() : undefined;
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
        if (count > 0) {
          for await (const chunk of createReadStream(spoolPath, { highWaterMark: 1024 * 1024 })) {
            await output.write(chunk as Buffer);
          }
        }
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

function indent(text: string, prefix: string): string {
  return prefix + text.replaceAll('\n', `\n${prefix}`);
}

