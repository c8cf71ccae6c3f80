/**
 * `--format openai`: OpenAI chat JSONL, what fine-tuning and evaluation tools take. One line per
 * session, `{"messages":[…],"metadata":{"atx":{…}}}` (the privacy receipt in `metadata`); with
 * `--split-turns`, one line per user turn, each holding the conversation up to and including that
 * turn's answer. Messages come from openai-messages.ts (reasoning and subagents are left out).
 */
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { privateTempDir } from '../lifecycle/temp.js';
import { ByteBatch } from '../sinks/byte-batch.js';
import type { Output } from '../sinks/output.js';
import type { SpooledEvents } from '../sinks/transcript-sinks.js';
import type { TranscriptHeader } from '../transcript/index.js';
import { chatMessages } from './openai-messages.js';
import type { TranscriptWriter, WriterOptions } from './types.js';

export const openaiWriter: TranscriptWriter['writer'] = (options: WriterOptions) => (options.splitTurns ? writeTurns : writeSession);

/** The line's closing: the receipt of what redaction ran, under `metadata.atx`. */
function lineEnd(header: TranscriptHeader): string {
  const { privacy } = header;
  const atx = {
    transcriptId: header.transcriptId,
    agent: header.source.agent,
    profile: privacy.profile,
    redactionCount: privacy.redactionCount,
    ...(privacy.rulesetVersion ? { rulesetVersion: privacy.rulesetVersion } : {}),
  };
  return `],"metadata":${JSON.stringify({ atx })}}\n`;
}

async function writeSession(header: TranscriptHeader, spool: SpooledEvents, output: Output): Promise<void> {
  const batch = new ByteBatch((bytes) => output.write(bytes));
  let separator = '';
  await batch.add('{"messages":[');
  for await (const message of chatMessages(spool.events())) {
    const pending = batch.add(separator + JSON.stringify(message));
    if (pending) await pending;
    separator = ',';
  }
  await batch.add(lineEnd(header));
  await batch.flush();
}

/**
 * The messages are written once to a private file, with the byte offset where each user turn
 * ends; each line then copies the file's bytes up to its turn's end, so memory never holds the
 * conversation however many turns it has.
 */
async function writeTurns(header: TranscriptHeader, spool: SpooledEvents, output: Output): Promise<void> {
  const dir = privateTempDir('openai');
  const path = join(dir, 'messages');
  const turnEnds: number[] = [];
  try {
    const file = await open(path, 'w');
    try {
      const batch = new ByteBatch((bytes) => file.write(bytes).then(() => {}));
      let offset = 0;
      let userSeen = false;
      for await (const message of chatMessages(spool.events())) {
        if (message.role === 'user' && userSeen) turnEnds.push(offset);
        if (message.role === 'user') userSeen = true;
        const text = (offset === 0 ? '' : ',') + JSON.stringify(message);
        offset += Buffer.byteLength(text);
        const pending = batch.add(text);
        if (pending) await pending;
      }
      if (offset > 0) turnEnds.push(offset);
      await batch.flush();
    } finally {
      await file.close();
    }
    const end = Buffer.from(lineEnd(header));
    for (const turnEnd of turnEnds) {
      await output.write('{"messages":[');
      for await (const chunk of createReadStream(path, { start: 0, end: turnEnd - 1 })) {
        const pending = output.write(chunk as Buffer);
        if (pending) await pending;
      }
      await output.write(end);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
