/**
 * What the writer tests share: a real fixture per agent, converted in-process (fixed clock and
 * ids), then written through the same spooled sink `atx convert --format <x>` uses.
 */
import { readFileSync } from 'node:fs';
import { spooledSink, type SpooledEvents } from '../src/sinks/transcript-sinks.js';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { writerFor, type WriterOptions } from '../src/writers/index.js';
import { convertFile, fixtureCases, memoryOutput, type FixtureCase } from './helpers.js';

/** Writes one Transcript in `format`, as the CLI does, and returns the output's text. */
export async function renderTranscript(transcript: Transcript, format: string, options: WriterOptions = {}): Promise<string> {
  const writer = writerFor(format);
  if (!writer) throw new Error(`no writer for --format ${format}`);
  const output = memoryOutput();
  const { events, ...header } = transcript;
  const sink = await spooledSink(output, writer.writer(options));
  for (const event of events) await sink.event(event);
  await sink.end(header);
  return output.text();
}

/** Converts a fixture and writes it in `format`. */
export async function renderFixture(input: string, format: string, options: WriterOptions = {}): Promise<{ transcript: Transcript; text: string }> {
  const { transcript } = await convertFile(input);
  return { transcript, text: await renderTranscript(transcript, format, options) };
}

/**
 * One fixture per agent for golden files: the agent's largest recorded session (the one most
 * likely to hold tool calls, reasoning and subagents), chosen by size so the choice is stable.
 */
export function richestFixturePerAgent(): FixtureCase[] {
  const byAgent = new Map<string, { fixture: FixtureCase; bytes: number }>();
  for (const fixture of fixtureCases()) {
    const bytes = readFileSync(fixture.input).length;
    const best = byAgent.get(fixture.agent);
    if (!best || bytes > best.bytes || (bytes === best.bytes && fixture.name < best.fixture.name)) byAgent.set(fixture.agent, { fixture, bytes });
  }
  return [...byAgent.values()].map((entry) => entry.fixture).sort((a, b) => a.agent.localeCompare(b.agent));
}

/** A writer's view of spooled events, held in memory (a writer test without a spool per session). */
export function memorySpool(events: readonly TranscriptEvent[]): SpooledEvents {
  return {
    count: events.length,
    events: async function* () { yield* events; },
    lines: async function* () { for (const event of events) yield Buffer.from(JSON.stringify(event)); },
    copy: async (separator, write) => {
      await write(Buffer.from(events.map((event) => JSON.stringify(event)).join(separator.toString('utf8'))));
    },
  };
}
