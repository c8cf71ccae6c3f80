/**
 * The one conversion path for every source: bytes → lines → records → adapter → finalised
 * events → sink. Files, stdin and child processes differ only in how their bytes arrive.
 */
import { createHash, type Hash } from 'node:crypto';
import type { Adapter, Converter, ConverterFactory, ConverterOutput, DraftEvent, NativeRecord } from '../../adapters/types.js';
import { AtxError, ExitCode, fileError, invalidInputError } from '../errors.js';
import type { Environment, TranscriptEvent, TranscriptHeader } from '../transcript/index.js';
import { TranscriptAssembler, type RecordTypeCounts } from './assembler.js';
import type { RunContext } from './context.js';
import { concatenationGuard } from './concatenated.js';
import { describeDetection, detectFormat, type DetectionOutcome } from './detect.js';
import { BinaryInputError, decodeByBom, gunzipIfCompressed, DamagedCompressionError, refuseBinaryHead } from './encoding.js';
import { DEFAULT_MAX_LINE_BYTES, frameLines, type FramedLine } from './framer.js';
import type { MemoryGovernor } from './memory.js';
import type { EventSink } from '../sinks/transcript-sinks.js';
import { discoverCompanions, type InputFile, type SessionInput } from './sources.js';
import type { UnreadSetting } from './unread-values.js';

/**
 * Detection looks at up to this many parsed records, or this many lines, whichever comes first;
 * while no adapter has any evidence yet it reads on to the line limit (a Claude Code session
 * resumed many times opens with a dozen `summary` and `file-history-snapshot` lines).
 */
const SAMPLE_RECORDS = 8;
const SAMPLE_LINES = 64;
/** A detection this confident ends sampling at once. */
const CERTAIN = 0.9;
/** A whole-document input larger than this is read line by line instead (and reported as such). */
const MAX_DOCUMENT_CHARS = 128 * 1024 * 1024;

export interface ConvertOptions {
  adapters: readonly Adapter[];
  /** a forced adapter (`--from`); undefined means auto-detect */
  forced?: Adapter;
  context: RunContext;
  /** derive transcriptId from the input bytes */
  idFromContent: boolean;
  maxLineBytes?: number;
  /** told which adapter auto-detection chose, before any event is written */
  onDetected?: (adapter: Adapter, format: string, input: InputFile) => void;
  /** keeps resident memory near a budget on huge inputs */
  memory?: MemoryGovernor;
  /** told how far reading has got, for progress display */
  onProgress?: (bytesRead: number, input: InputFile) => void;
  /** makes the transform (redaction) that every event and the header pass through, one per session */
  transform?: () => EventTransform;
}

export interface EventOrigin {
  file: string;
  line: number;
}

/** Sits between the assembler and the sink: sees every event and the header before they are written. */
export interface EventTransform {
  /** session facts as the adapter reports them (a redactor learns the cwd here) */
  environment(environment: Environment | undefined): void;
  /** `origin` is the native record the event came from (its last line, for events a converter held back) */
  event(event: TranscriptEvent, origin?: EventOrigin): TranscriptEvent;
  header(header: TranscriptHeader): TranscriptHeader;
  /** for an existing Transcript: placeholder numbers already in it stay taken */
  reserveExisting?(text: string): void;
  /** events before this index may need a second look (a secret recognised later), see `revisit` */
  readonly revisitBefore?: number;
  /** the second look at an event written earlier: the new event, or null when nothing changes */
  revisit?(event: TranscriptEvent): TranscriptEvent | null;
}

/**
 * A secret first recognised at event N is also removed from events before N when the sink still
 * holds them (a document being written or uploaded): a second pass over the spool, before the
 * header and its counts are made. A stream (`--stream`, `atx run --stream`) has sent them already.
 */
export async function reviseEarlierEvents(transform: EventTransform | undefined, sink: EventSink): Promise<void> {
  const upTo = transform?.revisitBefore ?? 0;
  if (!transform?.revisit || upTo <= 0 || !sink.revise) return;
  await sink.revise((event) => transform.revisit!(event), upTo);
}

export interface SessionResult {
  input: string;
  adapter: Adapter;
  header: TranscriptHeader;
  recordTypes: ReadonlyMap<string, RecordTypeCounts>;
  /** what the Transcript lacks that the input could not give (every command says each as a warning) */
  notes: string[];
}

/** The input is not in any format atx reads (exit 3). */
export class UnknownFormatError extends AtxError {
  constructor(message: string, code = 'unknown_format') {
    super(ExitCode.invalidInput, message, { code });
  }
}

export type Item =
  | { kind: 'record'; record: NativeRecord }
  /** `value`: a JSON value that is not an object (kept for detection of formats that are one array) */
  | { kind: 'bad'; line: number; file: string; reason: string; recordType: string; value?: unknown; text?: string };

/** A session input whose reading has begun: the reader looked at its first items to tell its kind. */
export interface OpenedInput {
  items: AsyncGenerator<Item>;
  /** items already read, to be taken first */
  seen: Item[];
  hash: Hash | undefined;
  /** what the reader may leave unread, once the adapter is known */
  unread: UnreadSetting;
}

/** Starts reading a session's main input (the hash covers every byte read, for --id-from-content). */
export function openInput(input: SessionInput, options: Pick<ConvertOptions, 'idFromContent' | 'maxLineBytes' | 'memory' | 'onProgress'>): OpenedInput {
  const hash = options.idFromContent ? createHash('sha256') : undefined;
  const unread: UnreadSetting = { parts: undefined };
  return { items: readItems(input.main, options, hash, unread), seen: [], hash, unread };
}

export async function convertSession(
  input: SessionInput,
  makeSink: (adapter: Adapter) => Promise<EventSink>,
  options: ConvertOptions,
  opened: OpenedInput = openInput(input, options),
): Promise<SessionResult> {
  const { hash } = opened;

  const pickOptions = input.adapter ? { ...options, forced: input.adapter } : options;
  const { adapter, format, replay } = await pickAdapter(opened, input.main, pickOptions).catch(async (error: unknown) => {
    await opened.items.return(undefined); // closes the file: a folder walk may skip thousands of them
    throw error;
  });
  options.onDetected?.(adapter, format, input.main);
  opened.unread.parts = adapter.unreadValues?.(format);

  const createConverter = await adapter.loadConverter();
  const sink = await makeSink(adapter);
  const session = new SessionRun(adapter, createConverter, sink, options, concatenationGuard(format, input.main.name));
  try {
    session.assembler.session({ format });
    for (const item of replay) await session.take(item);
    for (const item of opened.seen.splice(0)) await session.take(item);
    for await (const item of opened.items) await session.take(item);
    const companions = input.companions === 'discover' ? await discoverCompanions(adapter, input.main.name) : input.companions;
    session.mainFileRead();
    for (const companion of companions) {
      for await (const item of readItems(companion, options, hash, opened.unread)) await session.take(item);
    }
    await session.finish();
    const { eventCount, unparsedCount } = session.assembler;
    if (eventCount === unparsedCount) {
      const what = unparsedCount > 0 ? `all ${unparsedCount} records were unparsable` : `the input has no records that ${adapter.label} writes`;
      throw invalidInputError(`${input.main.name}: no events: ${what}${forcedHint(options, input, session)}`);
    }
    const counted = countRecords(session.assembler.recordTypes);
    if (options.forced && !input.adapter && counted.unknown * 2 > counted.total) {
      throw invalidInputError(`${input.main.name}: --from ${adapter.id}: ${counted.unknown} of ${counted.total} records could not be read as ${adapter.label}${forcedHint(options, input, session)}`);
    }
    const assembled = session.assembler.header(options.context.ids.transcriptId(hash?.digest('hex')));
    await reviseEarlierEvents(session.transform, sink);
    const header = session.transform ? session.transform.header(assembled) : assembled;
    await sink.end(header);
    return { input: input.main.name, adapter, header, recordTypes: session.assembler.recordTypes, notes: unreachedSubagents(input, adapter, format, session) };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/**
 * A session read from standard input, a pipe or a child's stdout is one file: a format that keeps
 * each subagent's transcript in a file of its own beside the session's loses them without a word
 * (the calls are there, what the subagents did is not). Said, with where they are.
 */
function unreachedSubagents(input: SessionInput, adapter: Adapter, format: string, session: SessionRun): string[] {
  if (input.main.path !== undefined || input.main.records !== undefined || session.subagentCalls === 0 || session.subagentEvents > 0) return [];
  const where = adapter.subagentFilesWhere?.(format);
  if (where === undefined) return [];
  return [`${input.main.name}: ${session.subagentCalls} subagent call(s), and none of the subagents' own transcripts: ${adapter.label} keeps them in files beside the session's (${where}), which a pipe or standard input does not carry; give the session file's path instead to read them`];
}

function countRecords(recordTypes: ReadonlyMap<string, RecordTypeCounts>): { total: number; unknown: number } {
  let total = 0;
  let unknown = 0;
  for (const counts of recordTypes.values()) {
    total += counts.mapped + counts.skipped + counts.unknown;
    unknown += counts.unknown;
  }
  return { total, unknown };
}

/** With --from, what auto-detection makes of the same records: the likely right choice. */
function forcedHint(options: ConvertOptions, input: SessionInput, session: SessionRun): string {
  if (!options.forced || input.adapter) return '';
  const detected = detectFormat(options.adapters, session.sample);
  if (detected.kind === 'none') return '; auto-detection recognises no known format in it either';
  if (detected.kind === 'adapter' && detected.adapter === options.forced) return '';
  const advice = detected.kind === 'adapter' ? `: try --from ${detected.adapter.id} or leave --from out` : '';
  return `; auto-detection says it is ${describeDetection(detected)}${advice}`;
}

/** Holds one session's converter and assembler, and moves events from one to the sink. */
class SessionRun {
  readonly assembler: TranscriptAssembler;
  readonly transform: EventTransform | undefined;
  /** the first records read, for a second opinion from auto-detection */
  readonly sample: unknown[] = [];
  private readonly converter: Converter;
  private readonly ready: TranscriptEvent[] = [];
  /** the native record being converted, so a transform can say where an event came from */
  private origin: EventOrigin | undefined;
  /** calls that start a subagent, and events a subagent wrote (they name a parent) */
  subagentCalls = 0;
  subagentEvents = 0;

  constructor(
    adapter: Adapter,
    createConverter: ConverterFactory,
    private readonly sink: EventSink,
    options: ConvertOptions,
    /** sees the main file's records for a second session's header (companions are other sessions by design) */
    private concatenation?: (value: Record<string, unknown>, line: number) => void,
  ) {
    this.assembler = new TranscriptAssembler({
      agent: adapter.agent,
      adapterId: adapter.id,
      adapterVersion: adapter.version,
      capturedAt: options.context.clock.now(),
    });
    const assembler = this.assembler;
    const ready = this.ready;
    const transform = (this.transform = options.transform?.());
    const out: ConverterOutput = {
      emit: (draft) => { ready.push(...assembler.addAll(draft)); },
      session: (facts) => {
        assembler.session(facts);
        transform?.environment(facts.environment);
      },
      usage: (key, usage) => assembler.usage(key, usage),
      count: (recordType, outcome) => assembler.count(recordType, outcome),
      unknown: (record, recordType, reason) => {
        assembler.count(recordType, 'unknown');
        ready.push(assembler.add(unparsedEvent(record.line, record.file, reason, recordType)));
      },
    };
    this.converter = createConverter(out);
  }

  async take(item: Item): Promise<void> {
    this.origin = item.kind === 'record' ? { file: item.record.file, line: item.record.line } : { file: item.file, line: item.line };
    if (item.kind === 'record' && this.sample.length < SAMPLE_RECORDS) this.sample.push(item.record.value);
    if (item.kind === 'record') {
      this.concatenation?.(item.record.value, item.record.line);
      this.pushGuarded(item.record);
    } else {
      const read = item.text === undefined ? undefined : this.converter.plainText?.(item.text);
      if (read !== undefined) {
        this.assembler.count(read, 'mapped');
        await this.drain();
        return;
      }
      this.assembler.count(item.recordType, 'unknown');
      this.ready.push(this.assembler.add(unparsedEvent(item.line, item.file, item.reason, item.recordType)));
    }
    await this.drain();
  }

  mainFileRead(): void {
    this.concatenation = undefined;
  }

  /**
   * An adapter that throws on a record it did not expect (a field of another type, say) loses
   * that record, not the run: it becomes an unparsed event, and the reason never quotes it.
   */
  private pushGuarded(record: NativeRecord): void {
    try {
      this.converter.push(record);
    } catch (error) {
      if (error instanceof AtxError) throw error;
      // what the adapter emitted before it threw is kept: it was numbered and counted already
      const type = typeof record.value.type === 'string' ? record.value.type : '(record)';
      const reason = `adapter error: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown'}`;
      this.assembler.count(type, 'unknown');
      this.ready.push(this.assembler.add(unparsedEvent(record.line, record.file, reason, type)));
    }
  }

  async finish(): Promise<void> {
    this.converter.flush();
    await this.drain();
  }

  private async drain(): Promise<void> {
    if (this.ready.length === 0) return;
    for (const event of this.ready) {
      if (event.type === 'tool_call' && event.tool?.kind === 'task') this.subagentCalls += 1;
      if (event.parentId !== undefined) this.subagentEvents += 1;
      const pending = this.sink.event(this.transform ? this.transform.event(event, this.origin) : event);
      if (pending) await pending;
    }
    this.ready.length = 0;
  }
}

function unparsedEvent(line: number, file: string, reason: string, recordType: string): DraftEvent {
  return {
    type: 'meta',
    role: 'system',
    text: `Unparsed native record at ${file}:${line}: ${reason}`,
    meta: { kind: 'unparsed', line, file, reason, recordType },
  };
}

/**
 * Reads records until an adapter is sure of the format (a live stream must not wait for more
 * input), or until the sample is full, then picks one. The records read are replayed.
 */
async function pickAdapter(
  opened: OpenedInput,
  input: InputFile,
  options: ConvertOptions,
): Promise<{ adapter: Adapter; format: string; replay: Item[] }> {
  const replay: Item[] = [];
  const sample: unknown[] = [];
  const values: unknown[] = [];
  let outcome: DetectionOutcome = { kind: 'none' };
  while ((sample.length < SAMPLE_RECORDS || outcome.kind === 'none') && replay.length < SAMPLE_LINES) {
    const held = opened.seen.shift();
    const next = held ? { done: false as const, value: held } : await opened.items.next();
    if (next.done) break;
    replay.push(next.value);
    if (next.value.kind !== 'record') {
      if (next.value.value !== undefined) values.push(next.value.value);
      continue;
    }
    sample.push(next.value.record.value);
    if (options.forced) break;
    outcome = detectFormat(options.adapters, sample, values);
    if (outcome.kind === 'lookalike' || (outcome.kind === 'adapter' && outcome.confidence >= CERTAIN)) break;
  }
  if (options.forced) {
    const format = options.forced.detect(sample)?.format ?? options.forced.formats[0]?.id ?? options.forced.id;
    return { adapter: options.forced, format, replay };
  }
  if (replay.length === 0) {
    throw new UnknownFormatError(`${input.name === '-' ? 'standard input' : input.name}: the input is empty`);
  }
  if (sample.length === 0) outcome = detectFormat(options.adapters, sample, values);
  const known = options.adapters.map((adapter) => adapter.id).join(', ');
  switch (outcome.kind) {
    case 'adapter':
      return { adapter: outcome.adapter, format: outcome.format, replay };
    case 'lookalike':
      throw new UnknownFormatError(`${input.name}: looks like ${describeDetection(outcome)} (atx reads: ${known})`, 'unsupported_format');
    case 'ambiguous':
      throw new UnknownFormatError(`${input.name}: could be ${describeDetection(outcome)}: say which with --from ${outcome.candidates.map((c) => c.adapter.id).join(' or --from ')}`, 'ambiguous_format');
    case 'none': {
      const array = arrayOfRecords(options.adapters, values);
      if (array) {
        throw new UnknownFormatError(`${input.name === '-' ? 'standard input' : input.name}: one JSON array of ${array.count} ${array.label} records, where atx reads one record per line (JSONL): jq -c '.[]' turns the array into lines`);
      }
      const why = sample.length === 0 ? `no line of it is a JSON record${firstProblem(replay)}` : 'its records match no known agent format';
      throw new UnknownFormatError(`${input.name}: not a known format (${why}); known formats: ${known}. Use --from to force one.`);
    }
  }
}

/**
 * A log's records put in one JSON array (`jq -s`, a script that collected them) are no format of
 * their own: the refusal names the agent whose records they are and how to make lines of them,
 * rather than "a JSON value that is not an object".
 */
function arrayOfRecords(adapters: readonly Adapter[], values: readonly unknown[]): { count: number; label: string } | undefined {
  const array = values.find((value): value is unknown[] => Array.isArray(value) && value.length > 0);
  if (!array) return undefined;
  const records = array.filter((element) => element !== null && typeof element === 'object' && !Array.isArray(element));
  if (records.length < array.length) return undefined;
  const outcome = detectFormat(adapters, records.slice(0, SAMPLE_RECORDS));
  return outcome.kind === 'adapter' ? { count: array.length, label: outcome.adapter.label } : undefined;
}

/** The first unreadable line's reason, for a refusal to say why (a damaged archive, binary bytes). */
function firstProblem(items: readonly Item[]): string {
  const bad = items.find((item) => item.kind === 'bad');
  return bad?.kind === 'bad' ? `: line ${bad.line}: ${bad.reason}` : '';
}

async function* readItems(
  input: InputFile,
  options: Pick<ConvertOptions, 'maxLineBytes' | 'memory' | 'onProgress'>,
  hash: Hash | undefined,
  unread: UnreadSetting,
): AsyncGenerator<Item> {
  if (input.records) {
    yield* readRecords(input, hash);
    return;
  }
  let bytesRead = 0;
  const stored = tap(input.open(), (chunk) => {
    bytesRead += chunk.length;
    options.onProgress?.(bytesRead, input);
  }, input.name);
  // the session's hash is of the text it holds: a session and its gzipped copy are the same session
  const text = watched(gunzipIfCompressed(stored), (chunk) => {
    hash?.update(chunk);
    options.memory?.read(chunk.length);
  });
  const lines = frameLines(refuseBinaryHead(decodeByBom(text)), options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, unread);
  let lastLine = 0;
  try {
    const first = await lines.next();
    if (first.done) return;
    if (first.value.kind === 'line' && opensDocument(first.value.text)) {
      yield* readDocument(first.value, lines, input.name);
      return;
    }
    const values = new LineValues(input.name);
    lastLine = first.value.line;
    // plain yields, not yield*: yield* in an async generator costs a promise per item
    const item = values.take(first.value);
    if (item) yield item;
    for await (const framed of lines) {
      lastLine = framed.line;
      const item = values.take(framed);
      if (item) yield item;
      else for (const queued of values.drain()) yield queued;
    }
    values.end();
    for (const queued of values.drain()) yield queued;
  } catch (error) {
    if (error instanceof BinaryInputError) throw new UnknownFormatError(`${input.name === '-' ? 'standard input' : input.name}: ${error.message}`, 'binary_input');
    if (!(error instanceof DamagedCompressionError)) throw error;
    // like a file cut short mid-line: what was read is converted, the loss is one visible, counted item
    yield { kind: 'bad', line: lastLine + 1, file: input.name, recordType: '(compressed data)', reason: error.message };
  } finally {
    // a reader stopped at the first item's yield (outside the for-await) would leave the file open
    await lines.return(undefined);
  }
}

/** Sees every chunk as it passes (a stream in text mode gives strings: they become bytes). */
async function* watched(chunks: AsyncIterable<Buffer>, see: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    see(buffer);
    yield buffer;
  }
}

/** Records a container reader produced (a database row, a file of a tree) rather than lines. */
async function* readRecords(input: InputFile, hash: Hash | undefined): AsyncGenerator<Item> {
  let index = 0;
  try {
    for await (const value of input.records!()) {
      hash?.update(JSON.stringify(value));
      yield recordItem(++index, input.name, value);
    }
  } catch (error) {
    // a store that is damaged or not what its name says (a table missing, say) is bad input, not a bug
    if (error instanceof AtxError) throw error;
    throw invalidInputError(`${input.name}: cannot read this session from its store: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A pretty-printed JSON document (a legacy chat file, `gemini --output-format json`, an export)
 * is not JSONL: when the first line opens a document and is not a whole record, the lines are
 * joined and parsed as one record. If that fails, or the document is too big to hold, each line
 * is reported as usual.
 */
async function* readDocument(first: FramedLine & { kind: 'line' }, rest: AsyncGenerator<FramedLine>, file: string): AsyncGenerator<Item> {
  const held: FramedLine[] = [first];
  let chars = first.text.length;
  for await (const framed of rest) {
    held.push(framed);
    chars += framed.kind === 'line' ? framed.text.length : framed.bytes;
    if (framed.kind === 'oversized' || chars > MAX_DOCUMENT_CHARS) {
      for (const line of held) yield toItem(line, file);
      for await (const more of rest) yield toItem(more, file);
      return;
    }
  }
  const text = held.map((line) => (line.kind === 'line' ? line.text : '')).join('\n');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // not one document: maybe several, one after another
    const values = new LineValues(file);
    for (const line of held) {
      const item = values.take(line);
      if (item) yield item;
      else for (const queued of values.drain()) yield queued;
    }
    values.end();
    for (const queued of values.drain()) yield queued;
    return;
  }
  yield joinedItem(held, file, value);
}

/**
 * Each line is a record, except where a line opens a pretty-printed JSON value: pretty-printed
 * values one after another are what `jq .` makes of a JSONL log, and what Cline CLI 1.x's
 * `-F json` prints (one indented object per message, after lines of plain text). The lines up to
 * one that closes at the first column are joined and read as one record; lines that never make a
 * value (an unindented line comes first, or the input ends, or the size limit is passed) are
 * reported one by one as usual.
 */
const INDENTED = /^[ \t]/;

class LineValues {
  private held: FramedLine[] = [];
  private chars = 0;
  /** items to give out before anything else, when one line completes several (see drain) */
  private queued: Item[] = [];

  constructor(private readonly file: string) {}

  /**
   * The item this line completes; undefined while a value is being gathered, or when the line
   * completed several (they wait in `queued`). One item and no array per line: this sees every line.
   */
  take(framed: FramedLine): Item | undefined {
    if (this.held.length === 0) {
      if (framed.kind === 'line' && mayOpenValue(framed.text) && opensDocument(framed.text)) {
        this.held = [framed];
        this.chars = framed.text.length;
        return undefined;
      }
      return toItem(framed, this.file);
    }
    if (framed.kind === 'line' && !INDENTED.test(framed.text) && framed.text !== '}' && framed.text !== ']') {
      // a pretty printer indents every line inside a value: this one is not in it (a JSONL record
      // after a line cut short at a comma, say), so the held lines were no value
      this.end();
      const item = this.take(framed);
      if (item) this.queued.push(item);
      return undefined;
    }
    this.held.push(framed);
    this.chars += framed.kind === 'line' ? framed.text.length : framed.bytes;
    if (framed.kind === 'oversized' || this.chars > MAX_DOCUMENT_CHARS) {
      this.end();
      return undefined;
    }
    if (framed.text !== '}' && framed.text !== ']') return undefined;
    const value = parsedOrUndefined(this.held.map((line) => (line.kind === 'line' ? line.text : '')).join('\n'));
    if (value === undefined) return undefined;
    const item = joinedItem(this.held, this.file, value);
    this.held = [];
    return item;
  }

  /** The lines of a value never closed are queued, each reported as usual. */
  end(): void {
    for (const line of this.held) this.queued.push(toItem(line, this.file));
    this.held = [];
  }

  /** The queued items, given out once (not by `shift`: a value cut short may queue a million lines). */
  *drain(): Generator<Item> {
    const items = this.queued;
    this.queued = [];
    yield* items;
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A cheap first look for opensDocument: a line that ends a JSON value (a JSONL record) does not open one. */
function mayOpenValue(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last !== 0x7d && last !== 0x5d; // } ]
}

/** `{`, `[`, or a first line such as `{"a": 1,` that only makes sense as the start of a document. */
function opensDocument(text: string): boolean {
  const line = text.trim();
  if (!line.startsWith('{') && !line.startsWith('[')) return false;
  if (line === '{' || line === '[') return true;
  if (!/[,{[]$/.test(line)) return false;
  try {
    JSON.parse(line);
    return false;
  } catch {
    return true;
  }
}

/** Sees every chunk as it is read; a read that fails (permission, I/O) is the input's error, not a bug. */
async function* tap(chunks: AsyncIterable<Buffer>, see: (chunk: Buffer) => void, name: string): AsyncGenerator<Buffer> {
  try {
    yield* watched(chunks, see);
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException | undefined)?.code === 'string') throw fileError(name, error);
    throw error;
  }
}

/** Every adapter reads JSON objects: any other JSON value is reported here, once, for all of them. */
function recordItem(line: number, file: string, value: unknown): Item {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { kind: 'record', record: { line, file, value: value as Record<string, unknown> } };
  }
  const recordType = `(${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value})`;
  return { kind: 'bad', line, file, recordType, reason: 'a JSON value that is not an object', value };
}

/** A line that is not JSON; a short one keeps its text (escapes removed) for the converter's `plainText`. */
function notJson(line: number, file: string, raw: string, plain: string, error: unknown, unterminated = false): Item {
  const item: Item = { kind: 'bad', line, file, recordType: '(not JSON)', reason: unterminated && /^\s*[{[]/.test(raw) ? cutLastLine(raw) : describeJsonFailure(raw, error) };
  if (plain.length <= PLAIN_TEXT_MAX) item.text = plain;
  return item;
}

const PLAIN_TEXT_MAX = 512;

function toItem(framed: FramedLine, file: string): Item {
  if (framed.kind === 'oversized') {
    return { kind: 'bad', line: framed.line, file, recordType: '(oversized line)', reason: `line of ${framed.bytes} bytes exceeds the line size limit` };
  }
  let value: unknown;
  try {
    value = JSON.parse(framed.text);
  } catch (error) {
    const unescaped = withoutTerminalEscapes(framed.text);
    if (unescaped === undefined) return notJson(framed.line, file, framed.text, framed.text, error, framed.unterminated);
    try {
      value = JSON.parse(unescaped);
    } catch {
      return notJson(framed.line, file, framed.text, unescaped, error, framed.unterminated);
    }
  }
  return joinedItem([framed], file, value);
}

/**
 * A record read from one line or several (a pretty-printed value): one whose strings lost bytes to
 * U+FFFD is unreadable, named with its first such line; converting it would change its text unseen.
 */
function joinedItem(lines: readonly FramedLine[], file: string, value: unknown): Item {
  const lost = lines.find((line) => line.kind === 'line' && line.notUtf8);
  if (lost) {
    return { kind: 'bad', line: lost.line, file, recordType: '(not UTF-8)', reason: 'a JSON record whose text is not UTF-8 (Latin-1 or another legacy encoding?); save the file as UTF-8' };
  }
  return recordItem(lines[0]!.line, file, value);
}

/** Terminal control sequences at a line's start: OSC (window title, ended by BEL or ESC \\) and CSI (colours). */
const LEADING_TERMINAL_ESCAPES = /^(?:\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b\[[0-?]*[ -/]*[@-~])+/;

/**
 * An agent's stdout captured through a terminal (script(1), a pty) can open a line with a title
 * or colour sequence before the JSON; only such a line is tried again without them.
 */
function withoutTerminalEscapes(text: string): string | undefined {
  if (!text.startsWith('\u001b')) return undefined;
  const rest = text.replace(LEADING_TERMINAL_ESCAPES, '');
  return rest !== text && rest.startsWith('{') ? rest : undefined;
}

/** The input ended inside a record: a session file read while its agent still writes it, or a copy cut short. */
const cutLastLine = (text: string) => `the input ends inside this record (no line end, ${text.length} characters of JSON cut short): a file still being written, or cut; read it again once its agent has finished`;

/**
 * Text whose every other character is a zero byte: UTF-16 saved without a byte-order mark (PowerShell's
 * `>` and `Out-File` on Windows PowerShell write UTF-16), which is read as UTF-8 here. A guess, said as one.
 */
function looksLikeUtf16(text: string): boolean {
  const sample = text.slice(0, 128);
  if (sample.length < 8) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) if (sample.charCodeAt(i) === 0) i % 2 === 0 ? evenZeros++ : oddZeros++;
  const half = Math.floor(sample.length / 2);
  return (evenZeros >= half * 0.9 && oddZeros === 0) || (oddZeros >= half * 0.9 && evenZeros === 0);
}

/** A short reason that never quotes the line itself: it may hold a secret. */
function describeJsonFailure(text: string, error: unknown): string {
  if (looksLikeUtf16(text)) return 'UTF-16 text without a byte-order mark, it seems (every other byte is zero), not UTF-8: convert it first, e.g. iconv -f UTF-16LE -t UTF-8 (or UTF-16BE)';
  if (text.includes('\u0000') || text.includes('\ufffd')) return 'binary or non-UTF-8 data, not a JSON record';
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input|Unterminated/i.test(message)) return `truncated JSON record (${text.length} characters)`;
  return `not a JSON record (${text.length} characters)`;
}
