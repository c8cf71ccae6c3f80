/**
 * A synthetic Transcript of a given size, for `atx redact` and `atx upload --dry-run` on very
 * large Transcripts: user and assistant messages and tool calls with results, some of them with
 * secret-shaped tokens, written as one compact document (`json`) or on one line (`jsonl`).
 * Streamed to disk; its header (written first) comes from a first pass that only counts.
 *
 * Library:     generateTranscript(path, { sizeMb, layout })
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { TranscriptAssembler } from "../src/pipeline/assembler.js";
import type { TranscriptEvent } from "../src/transcript/index.js";
import type { DraftEvent } from "../adapters/types.js";
import { Sfc32 } from "./random.js";
import { MiB } from "./util.js";

export type TranscriptLayout = "json" | "jsonl";

const WORDS = "the stream buffer session message tool result output parse token cache request response handler café 日本語 →".split(" ");

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** A few tokens a session keeps repeating, random enough that redaction must act on them (a padded or repetitive one reads as a placeholder and is left alone). */
const TOKENS = (() => {
  const random = new Sfc32([0x61747874, 0x62656e63, 0x68746f6b, 0x656e7321], 12);
  return Array.from({ length: 16 }, () => `ghp_${random.str(BASE62, 36)}`);
})();

function draft(index: number): DraftEvent {
  const timestamp = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  const words = Array.from({ length: 200 + (index % 7) * 60 }, (_, i) => WORDS[(index * 31 + i * 7) % WORDS.length]).join(" ");
  // every 50th event carries one of a few tokens, as real sessions sometimes do
  const secret = index % 50 === 0 ? ` export GITHUB_TOKEN=${TOKENS[(index / 50) % TOKENS.length]}` : "";
  const callId = `call_${Math.floor(index / 4)}`;
  switch (index % 4) {
    case 0:
      return { type: "user_message", role: "user", timestamp, text: `${words}${secret}` };
    case 1:
      return { type: "assistant_message", role: "assistant", timestamp, text: words, model: "bench-model" };
    case 2:
      return { type: "tool_call", role: "assistant", timestamp, tool: { name: "Bash", callId, kind: "shell", input: { command: `grep -rn ${WORDS[index % WORDS.length]} src` } } };
    default:
      return { type: "tool_result", role: "tool", timestamp, tool: { name: "Bash", callId, kind: "shell", status: "ok", output: `${words}\n${words}${secret}` } };
  }
}

function assembler(): TranscriptAssembler {
  return new TranscriptAssembler({ agent: "bench", adapterId: "bench", adapterVersion: "0.0.0", capturedAt: new Date(Date.UTC(2026, 0, 2)) });
}

/** The events of a Transcript of about `bytes` bytes, one at a time. */
function* events(bytes: number): Generator<TranscriptEvent> {
  const numbering = assembler();
  let written = 0;
  for (let index = 0; written < bytes; index++) {
    const event = numbering.add(draft(index));
    written += Buffer.byteLength(JSON.stringify(event)) + 2;
    yield event;
  }
}

export async function generateTranscript(path: string, options: { sizeMb: number; layout: TranscriptLayout }): Promise<{ bytes: number; events: number }> {
  const target = options.sizeMb * MiB;
  const counting = assembler();
  let count = 0;
  for (const event of events(target)) {
    counting.add(draft(event.seq - 1));
    count += 1;
  }
  const header = JSON.stringify(counting.header("00000000-0000-4000-8000-000000000001"));
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  const newline = options.layout === "json" ? "\n" : "";
  await write(`${header.slice(0, -1)},"events":[${newline}`);
  let first = true;
  for (const event of events(target)) {
    await write(`${first ? "" : `,${newline}`}${JSON.stringify(event)}`);
    first = false;
  }
  await write(`${newline}]}\n`);
  out.end();
  await once(out, "close");
  return { bytes, events: count };
}
