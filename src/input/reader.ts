/**
 * THE input reader: every command that takes inputs (convert, redact, scan, upload, validate)
 * turns its arguments into units here, so one input gives the same answer everywhere.
 *
 * A unit is one Transcript-to-be: a native session (converted by its adapter), a Transcript
 * (a JSON document, one line of Transcript JSONL, or a `--stream` run of event lines closed by
 * a header line), or an input that cannot be read (with the reason). A file is told apart by
 * its first parsed record, not by its name, so stdin needs no peeking of its own.
 */
import type { Readable } from 'node:stream';
import type { Adapter } from '../../adapters/types.js';
import { AtxError, invalidInputError } from '../errors.js';
import { openInput, type ConvertOptions, type Item, type OpenedInput } from '../pipeline/convert.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import { emptyNotes, resolveInputs, type FolderWalkNotes, type SessionInput } from '../pipeline/sources.js';
import { EVENT_TYPES } from '../transcript/wire-constants.js';
import { discoveredSources, peekStdin } from './discover-input.js';
import { mayBeTranscriptDocument, placeholdersFrom, streamedValues, surveyFile } from './transcript-stream.js';

interface UnitBase {
  /** shown in messages: a path, `path:line` for one Transcript of several in a file, "-" for stdin */
  name: string;
  /** found by walking a folder rather than named on the command line */
  fromFolder: boolean;
}

export interface NativeUnit extends UnitBase {
  kind: 'native';
  session: SessionInput;
  opened: OpenedInput;
}

interface TranscriptUnitBase extends UnitBase {
  kind: 'transcript';
  /** first line of the Transcript in its file */
  line: number;
}

/** A Transcript held whole. */
export interface WholeTranscriptUnit extends TranscriptUnitBase {
  /** the parsed JSON, not yet checked against the schema (see checkTranscript) */
  document: unknown;
}

/** A Transcript read as it is used: its events are read once, when asked for. */
export interface StreamedTranscriptUnit extends TranscriptUnitBase {
  streamed: StreamedTranscript;
}

export interface StreamedTranscript {
  /** the top-level members before the events, not yet checked (see StreamedTranscriptCheck) */
  header: Record<string, unknown>;
  events: AsyncIterable<unknown>;
  /** top-level members after the events, once they are read */
  trailing(): Record<string, unknown>;
  /** placeholders already in the Transcript's bytes, whose numbers stay taken */
  placeholders: string[];
}

export type TranscriptUnit = WholeTranscriptUnit | StreamedTranscriptUnit;

export interface UnreadableUnit extends UnitBase {
  kind: 'unreadable';
  error: AtxError;
}

export type InputUnit = NativeUnit | TranscriptUnit | UnreadableUnit;

export type ReadOptions = Pick<ConvertOptions, 'idFromContent' | 'maxLineBytes' | 'memory' | 'onProgress'>;

export interface ResolvedInputs {
  sources: SessionInput[];
  notes: FolderWalkNotes;
}

/** Resolves INPUT arguments (files, folders, stores, "-") into sources, before anything is read. */
export async function resolveSources(args: readonly string[], adapters: readonly Adapter[], stdin: Readable): Promise<ResolvedInputs> {
  const notes = emptyNotes();
  if (!args.includes('-')) return { sources: await resolveInputs(args, adapters, stdin, notes), notes };
  // stdin may hold `atx discover --json` lines: a list of inputs instead of a log
  const peeked = await peekStdin(stdin);
  if (peeked.kind === 'stream') return { sources: await resolveInputs(args, adapters, peeked.stream, notes), notes };
  const sources: SessionInput[] = [];
  for (const arg of args) {
    if (arg === '-') sources.push(...(await discoveredSources(peeked.lines, adapters, stdin, notes)));
    else sources.push(...(await resolveInputs([arg], adapters, stdin, notes)));
  }
  return { sources, notes };
}

/** How many items are looked at to find the first JSON record, which tells the input's kind. */
const CLASSIFY_ITEMS = 64;

/**
 * The units of one source, in order. A native unit must be consumed (converted) before the
 * next unit is asked for: it holds the source's open byte stream.
 */
export async function* unitsOf(source: SessionInput, options: ReadOptions): AsyncGenerator<InputUnit> {
  const fromFolder = Boolean(source.fromFolder);
  const name = source.main.name;
  const path = source.main.path;
  if (path && !source.main.records && (await mayBeTranscriptDocument(path).catch(() => false))) {
    let bytesRead = 0;
    // however the command reads, a Transcript read as a stream keeps its memory flat
    const memory = options.memory ?? new MemoryGovernor();
    const values = streamedValues(path, name, (chunk) => {
      memory.read(chunk.length);
      bytesRead += chunk.length;
      options.onProgress?.(bytesRead, source.main);
    });
    // A file that is broken, not a document in atx's order, or holds several values (Transcript
    // JSONL: the line reader reads each line by itself, and goes on after a broken one) is left
    // to the line reader.
    const first = await values.next().catch(() => undefined);
    if (first && !first.done && first.value.kind === 'document') {
      const survey = await surveyFile(path);
      if (survey.boundaries.length === 0) {
        const { header, events, trailing, line, offset } = first.value;
        try {
          yield { kind: 'transcript', name, fromFolder, line, streamed: { header, events, trailing, placeholders: placeholdersFrom(survey, offset) } };
          const after = await values.next().then((next) => next.done, () => false);
          if (!after) yield unreadable(`${name}:${line}`, fromFolder, 'more after the Transcript document (a second value, or bytes that are not JSON)');
        } finally {
          await values.return(undefined);
        }
        return;
      }
    }
    await values.return(undefined);
  }
  const opened = openInput(source, options);
  let first: Item | undefined;
  try {
    while (opened.seen.length < CLASSIFY_ITEMS) {
      const next = await opened.items.next();
      if (next.done) break;
      opened.seen.push(next.value);
      if (next.value.kind === 'record') {
        first = next.value;
        break;
      }
    }
  } catch (error) {
    await opened.items.return(undefined);
    yield { kind: 'unreadable', name, fromFolder, error: asAtxError(error, name) };
    return;
  }
  const value = first?.kind === 'record' ? first.record.value : undefined;
  if (source.main.records || !value || (!isTranscriptDocument(value) && !isTranscriptEvent(value))) {
    yield { kind: 'native', name, fromFolder, session: source, opened };
    return;
  }
  try {
    yield* transcriptUnits(name, fromFolder, opened);
  } finally {
    await opened.items.return(undefined);
  }
}

/**
 * Transcripts in one input: a document, Transcript JSONL (one per line, as `--format jsonl`
 * writes), or `--stream` output (event lines, then the header line; several runs may follow each
 * other). Each Transcript is held once it is read; the next is read only when it is asked for,
 * except for one look-ahead that tells whether the file holds one Transcript or several.
 */
async function* transcriptUnits(name: string, fromFolder: boolean, opened: OpenedInput): AsyncGenerator<InputUnit> {
  // One unit is held back until the next is known, so a file holding one Transcript is named
  // by the file alone and each of several by `file:line`.
  let held: InputUnit | undefined;
  let unitCount = 0;
  const release = function* (next: InputUnit): Generator<InputUnit> {
    unitCount += 1;
    if (held) yield held;
    held = next;
  };
  const stream = new StreamRun(name, fromFolder);
  for await (const item of withSeenItems(opened)) {
    const line = item.kind === 'record' ? item.record.line : item.line;
    if (item.kind === 'bad') {
      if (stream.open) stream.break(line, item.reason);
      else yield* release(unreadable(`${name}:${line}`, fromFolder, `${item.reason} (expected a Transcript)`));
      continue;
    }
    const value = item.record.value;
    if (isTranscriptEvent(value)) {
      stream.add(line, value);
    } else if (!isTranscriptDocument(value)) {
      yield* release(unreadable(`${name}:${line}`, fromFolder, 'not a Transcript, while the lines before it are'));
    } else if (stream.open || !Array.isArray(value.events)) {
      yield* release(stream.close(line, value));
    } else {
      yield* release({ kind: 'transcript', name: `${name}:${line}`, fromFolder, document: value, line });
    }
  }
  if (stream.open) yield* release(stream.cutShort());
  if (held) yield unitCount === 1 && held.kind === 'transcript' ? { ...held, name } : held;
}

/** The event lines of one `--stream` run, until its header line closes them. */
class StreamRun {
  private events: unknown[] = [];
  private from = 0;
  private broken: { line: number; reason: string } | undefined;

  constructor(private readonly name: string, private readonly fromFolder: boolean) {}

  get open(): boolean {
    return this.events.length > 0 || this.broken !== undefined;
  }

  add(line: number, event: unknown): void {
    if (!this.open) this.from = line;
    this.events.push(event);
  }

  break(line: number, reason: string): void {
    if (!this.open) this.from = line;
    this.broken ??= { line, reason };
  }

  close(line: number, header: Record<string, unknown>): InputUnit {
    const first = this.open ? this.from : line;
    const unit: InputUnit = this.broken
      ? unreadable(`${this.name}:${this.broken.line}`, this.fromFolder, `${this.broken.reason}, inside the event lines of a Transcript`)
      : { kind: 'transcript', name: `${this.name}:${first}`, fromFolder: this.fromFolder, document: { ...header, events: this.events }, line: first };
    this.reset();
    return unit;
  }

  cutShort(): InputUnit {
    const unit = unreadable(`${this.name}:${this.from}`, this.fromFolder,
      `${this.events.length} Transcript event line(s) with no header line after them (cut short?)`);
    this.reset();
    return unit;
  }

  private reset(): void {
    this.events = [];
    this.from = 0;
    this.broken = undefined;
  }
}

async function* withSeenItems(opened: OpenedInput): AsyncGenerator<Item> {
  yield* opened.seen.splice(0);
  yield* opened.items;
}

const unreadable = (name: string, fromFolder: boolean, reason: string): UnreadableUnit => ({
  kind: 'unreadable', name, fromFolder, error: invalidInputError(`${name}: ${reason}`),
});

function asAtxError(error: unknown, name: string): AtxError {
  if (error instanceof AtxError) return error;
  return invalidInputError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
}

/** A Transcript document (or a `--stream` header line): the top-level fields atx writes first. */
export function isTranscriptDocument(value: Record<string, unknown>): boolean {
  return typeof value.schemaVersion === 'string' && typeof value.transcriptId === 'string'
    && typeof value.source === 'object' && value.source !== null && typeof value.metrics === 'object';
}

const EVENT_TYPE_NAMES = new Set<string>(EVENT_TYPES);

/** One event line of `atx convert --stream` output. */
export function isTranscriptEvent(value: Record<string, unknown>): boolean {
  return typeof value.id === 'string' && typeof value.seq === 'number' && typeof value.role === 'string'
    && typeof value.type === 'string' && EVENT_TYPE_NAMES.has(value.type) && !('schemaVersion' in value);
}
