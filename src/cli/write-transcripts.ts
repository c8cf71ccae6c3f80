/**
 * The run behind `atx convert` and `atx redact`: every input the reader yields (native logs,
 * Transcripts, Transcript JSONL, folders of any mix, stdin) is written as a Transcript through
 * the redaction profile, to stdout, one file, or a folder (a batch to a folder is written by a
 * pool of worker threads, one per core unless --jobs says otherwise).
 */
import { renameSync } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { ADAPTERS } from '../../adapters/index.js';
import type { Adapter } from '../../adapters/types.js';
import { AtxError, ExitCode, fileError, usageError } from '../errors.js';
import { produceUnit, type UnitResult } from '../input/produce.js';
import { resolveSources, unitsOf, type InputUnit } from '../input/reader.js';
import { batchProgress } from '../lifecycle/interrupt.js';
import { besideOutputs } from '../lifecycle/output-gate.js';
import { watchForWorkerPartialOutputs } from '../lifecycle/temp.js';
import type { RunContext } from '../pipeline/context.js';
import type { ConvertOptions, EventTransform } from '../pipeline/convert.js';
import { collectLessEagerly, MemoryGovernor } from '../pipeline/memory.js';
import type { SessionInput } from '../pipeline/sources.js';
import { fileOutput, streamOutput, type Output } from '../sinks/output.js';
import { spooledSink } from '../sinks/transcript-sinks.js';
import type { TranscriptWriter } from '../writers/index.js';
import { Batch } from './batch.js';
import { errorOf, portableSource, resultOf, writeSourceToFolder, type SessionSetup, type SourceTask, type UnitOutcome } from './folder-sessions.js';
import { inputsOrStdin } from './input-text.js';
import { type OtlpDestination, type OtlpFlags, otlpDestinationOf } from './otlp-options.js';
import { answerJson, colorsFor, contextFor, Reporter, type CliIO, type Colors } from './io.js';
import { batchProgressLine, progressReporter } from './progress.js';
import { changingRedactionSetup, type ProfileSetup, type RedactionFlags } from './redaction-options.js';
import { sinkFor, writerOf, type FormatFlags } from './output-format.js';
import { forcedAdapterOf, maxLineBytesOf, sessionSetupFor } from './session-setup.js';
import { formatReleaseWarning, formatRuleCounts, formatSummary, summaryJson, totalsLine } from './summary.js';
import type { ConvertWorkerData } from './convert-worker.js';
import { runThreadShare } from './worker-io.js';
import { convertWorkers } from './early-workers.js';
import { handOutOrder, sourceBytes } from './hand-out-order.js';
import { refuseOutputOverInput } from './output-over-input.js';
import { workThroughList } from './shared-list.js';

export interface WriteFlags extends RedactionFlags, FormatFlags, OtlpFlags {
  from?: string;
  out?: string;
  strict?: boolean;
  idFromContent?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  json?: boolean;
  jobs?: string;
  maxLineMb?: string;
  failOnFindings?: boolean;
}

export async function writeTranscripts(io: CliIO, inputs: string[], flags: WriteFlags, command: 'convert' | 'redact'): Promise<number> {
  const started = performance.now(); // for the totals line only: not the injected clock
  const colors = colorsFor(io);
  const reporter = new Reporter(io, colors, flags.quiet, flags.json);
  const maxLineBytes = maxLineBytesOf(flags);
  const jobs = jobsOf(flags);
  const otlp = await otlpDestinationOf(flags);
  // --otlp-endpoint sends OpenTelemetry spans: the otel writer's options (--otel-content) apply
  const writer = writerOf(flags.otlpEndpoint && flags.format === undefined ? { ...flags, format: 'otel' } : flags);
  inputs = inputsOrStdin(io, inputs, `give a session file, a Transcript, a folder, or pipe a stream into "atx ${command} -"`);
  // Start-up checks first (environment, config, profile, key): a mistake there is found before any input is read.
  const context = contextFor(io);
  const redaction = await changingRedactionSetup(io, flags, context);
  const forced = forcedAdapterOf(flags);
  const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
  const destination = await chooseDestination(flags, writer, sources);
  if (destination.kind !== 'stdout') await refuseOutputOverInput({ ...destination, extension: writer.extension }, sources, ADAPTERS);
  const batch = new Batch(reporter);
  batch.walked(notes);
  if (sources.length === 0) return ExitCode.ok;
  // A batch shows per-session lines only with -v; one input shows them (its summary knows -q).
  const detail = sources.length === 1 || Boolean(flags.verbose);
  const run: RunState = { io, flags, writer, reporter, colors, batch, detail, results: [], counts: new Map() };

  batchProgress.begin(sources.length, destination.kind === 'stdout' ? undefined : destination.path, 'session');
  if (destination.kind === 'folder') {
    await writeToFolder(run, sources, destination.path, sessionSetupFor(flags, context, redaction), jobs);
  } else {
    await writeToOneDestination(run, sources, destination, { context, redaction, forced, maxLineBytes, otlp });
  }
  const { results } = run;
  if (sources.length > 1) {
    if (!flags.quiet && !flags.json) reporter.info(totalsLine(results, batch, command === 'convert' ? 'converted' : 'redacted', destination.kind === 'stdout' ? undefined : destination.path, performance.now() - started));
  } else {
    batch.close('input(s)');
  }
  if (flags.json) answerJson(io, summaryJson(results, batch.failed, batch.failedInputs));
  const code = batch.exitCode();
  if (code !== ExitCode.ok) return code;
  const unknownByInput = results.map((r) => ({ input: r.input, unknown: [...r.recordTypes.values()].reduce((s, c) => s + c.unknown, 0) })).filter((r) => r.unknown > 0);
  const unknownRecords = unknownByInput.reduce((sum, r) => sum + r.unknown, 0);
  if (flags.strict && unknownRecords > 0) {
    const listed = unknownByInput.slice(0, STRICT_LISTED_INPUTS).map((r) => `${r.input} (${r.unknown})`);
    if (unknownByInput.length > STRICT_LISTED_INPUTS) listed.push(`and ${unknownByInput.length - STRICT_LISTED_INPUTS} more input(s)`);
    const input = unknownByInput.length === 1 ? unknownByInput[0]!.input : undefined;
    reporter.failure(new AtxError(ExitCode.partial, `${unknownRecords} native record(s) were not understood (--strict): ${listed.join(', ')}`, { input }));
    return ExitCode.partial;
  }
  if (flags.failOnFindings) {
    const found = [...run.counts.values()].reduce((a, b) => a + b, 0);
    if (found > 0) {
      const message = `${found} redaction(s) made${formatRuleCounts(run.counts)} (--fail-on-findings)`;
      if (io.answer) io.answer.fail({ code: 'findings', message });
      else reporter.info(message);
      return ExitCode.partial;
    }
  }
  return ExitCode.ok;
}

/** how many inputs a --strict failure names before "and N more" */
const STRICT_LISTED_INPUTS = 5;

interface RunState {
  io: CliIO;
  flags: WriteFlags;
  writer: TranscriptWriter;
  reporter: Reporter;
  colors: Colors;
  batch: Batch;
  /** per-session lines: detection and summary */
  detail: boolean;
  results: WrittenResult[];
  /** redactions by rule, over the run (for --fail-on-findings) */
  counts: Map<string, number>;
}

type WrittenResult = UnitResult & { output?: string };

function addCounts(into: Map<string, number>, counts: Iterable<readonly [string, number]>): void {
  for (const [rule, n] of counts) into.set(rule, (into.get(rule) ?? 0) + n);
}

function written(run: RunState, result: WrittenResult): void {
  run.results.push(result);
  for (const note of result.notes ?? []) run.reporter.warn(note, { input: result.input });
  if (!run.flags.json && run.detail) run.reporter.raw(formatSummary(result, run.colors, run.flags.quiet ?? false));
  else if (!run.flags.json) {
    const warning = formatReleaseWarning(result, run.colors);
    if (warning) run.reporter.raw(warning);
  }
  run.batch.success();
}

/**
 * `-o <folder>`: the inputs are worked through by this thread and, with --jobs 2 or more, that many
 * threads less one worker threads, each taking the next input as soon as it is free (this thread
 * converts while the workers load their modules). Each writes pending files, which are renamed
 * here, in input order, to their final names.
 */
async function writeToFolder(run: RunState, sources: readonly SessionInput[], folder: string, here: SessionSetup, jobs: number): Promise<void> {
  const portable = sources.map(portableSource);
  const tasks = portable.flatMap((source, index): SourceTask[] => (source ? [{ index, source, folder }] : []));
  watchForWorkerPartialOutputs(folder);
  const workers = convertWorkers(Math.max(0, Math.min(jobs, tasks.length) - 1));
  const setup: ConvertWorkerData = { flags: run.flags, env: run.io.env, ...runThreadShare() };
  for (const worker of workers) worker.postMessage({ setup });
  const progress = batchProgressLine(run.io, run.colors, sources.length);
  const names = new Set<string>();
  const writeHere = (index: number) => writeSourceToFolder(here, sources[index]!, index, folder);
  const collectAsBefore = collectLessEagerly();
  try {
    const launched = new Map<number, Promise<UnitOutcome[]>>();
    if (workers.length > 0) {
      const handedOut = handOutOrder(tasks.map((task) => sourceBytes(task.source))).map((n) => tasks[n]!);
      const outcomes = workThroughList(handedOut, workers, (task) => writeHere(task.index));
      for (const [n, task] of handedOut.entries()) launched.set(task.index, outcomes[n]!);
    }
    for (const index of sources.keys()) {
      const outcomes = await (launched.get(index) ?? writeHere(index));
      if (outcomes.length > 1) batchProgress.grew(outcomes.length - 1);
      if (outcomes.length > 1) progress.grew(outcomes.length - 1);
      for (const outcome of outcomes) {
        const output = join(folder, uniqueName(outcome.name, run.writer.extension, names));
        if (outcome.detected && run.detail && !here.options.forced) run.reporter.info(`${outcome.name}: detected ${outcome.detected}`);
        const ok = await placeOutcome(run, outcome, output);
        batchProgress.finished(ok);
        progress.finished(ok);
      }
    }
  } finally {
    progress.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
    collectAsBefore();
  }
}

/** Moves a written Transcript to its name, or reports why the input could not be written. */
async function placeOutcome(run: RunState, outcome: UnitOutcome, output: string): Promise<boolean> {
  if (!outcome.written) {
    run.batch.failure(outcome.name, errorOf(outcome.error!));
    return false;
  }
  try {
    besideOutputs(() => renameSync(outcome.written!.pending, output));
  } catch (error) {
    await unlink(outcome.written.pending).catch(() => {});
    run.batch.failure(outcome.name, fileError(output, error));
    return false;
  }
  addCounts(run.counts, outcome.written.redactionsByRule);
  written(run, { ...resultOf(outcome.written.result), output });
  return true;
}

interface OneDestinationSetup {
  context: RunContext;
  redaction: ProfileSetup;
  forced: Adapter | undefined;
  maxLineBytes: number;
  /** --otlp-endpoint: every session goes there as spans */
  otlp: OtlpDestination | undefined;
}

/** stdout or one file: every Transcript goes into the same output, in input order, from this thread. */
async function writeToOneDestination(run: RunState, sources: readonly SessionInput[], destination: Exclude<Destination, { kind: 'folder' }>, setup: OneDestinationSetup): Promise<void> {
  const { io, flags, reporter, batch } = run;
  const progress = progressReporter(io, run.colors);
  const makeTransform = setup.redaction.transformIfAny;
  const optionsFor = (index: number): ConvertOptions => {
    const ids = setup.context.ids.forInput(index);
    return {
      adapters: ADAPTERS,
      ...(setup.forced ? { forced: setup.forced } : {}),
      context: { clock: setup.context.clock, ids },
      idFromContent: Boolean(flags.idFromContent),
      maxLineBytes: setup.maxLineBytes,
      onDetected: (adapter: Adapter, format: string, input: { name: string }) => {
        if (!setup.forced && run.detail) reporter.info(`${input.name}: detected ${adapter.label} (${format})`);
      },
      onProgress: progress.update,
      memory,
      ...(makeTransform ? {
        transform: () => {
          const made = makeTransform(ids);
          madeTransforms.push(made);
          return made;
        },
      } : {}),
    };
  };
  const memory = new MemoryGovernor();
  const madeTransforms: EventTransform[] = [];
  let sink = sinkFor(flags, run.writer);
  let shared: Output | undefined;
  const writeUnit = async (unit: InputUnit, source: SessionInput, options: ConvertOptions) => {
    if (destination.single && run.results.length === 0 && flags.format === undefined && unit.name !== source.main.name) {
      // Transcript JSONL in, no --format: the same out, said out loud.
      reporter.info(`${source.main.name} holds several Transcripts: writing one per line (as --format jsonl)`);
      destination.single = false;
      sink = sinkFor(flags, writerOf({ ...flags, format: 'jsonl' }));
    }
    if (destination.single && run.results.length > 0) throw new SecondDocumentError(unit.name, run.writer.format);
    const makeSink = () => {
      shared ??= setup.otlp ? setup.otlp.output() : destination.kind === 'file' ? fileOutput(destination.path) : streamOutput(io.stdout);
      const output = keepOpen(shared);
      return setup.otlp ? spooledSink(output, setup.otlp.finish) : sink(output);
    };
    const result = await produceUnit(unit, makeSink, options);
    written(run, { ...result, ...(destination.kind === 'file' ? { output: destination.path } : {}) });
  };

  try {
    for (const [index, source] of sources.entries()) {
      const options = optionsFor(index);
      let units = 0;
      for await (const unit of unitsOf(source, options)) {
        if (++units > 1) batchProgress.grew(1);
        try {
          await writeUnit(unit, source, options);
          batchProgress.finished(false);
        } catch (error) {
          batchProgress.finished(false);
          if (unit.kind === 'native') await unit.opened.items.return(undefined);
          if (error instanceof SecondDocumentError) throw error;
          batch.failure(unit.name, error);
        } finally {
          progress.done();
        }
      }
    }
  } catch (error) {
    await shared?.abort();
    throw error;
  }
  if (run.results.length > 0) await shared?.commit();
  else await shared?.abort();
  for (const made of madeTransforms) addCounts(run.counts, (made as { counts?: ReadonlyMap<string, number> }).counts ?? []);
}

/** `--jobs N`: worker threads for a batch written to a folder (default: one per core). */
function jobsOf(flags: WriteFlags): number {
  if (flags.jobs === undefined) return availableParallelism();
  const jobs = Number(flags.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw usageError(`--jobs must be a whole number of 1 or more, got "${flags.jobs}"`);
  return jobs;
}

class SecondDocumentError extends AtxError {
  constructor(name: string, format: string) {
    super(ExitCode.usage, format === 'json'
      ? `${name}: a second Transcript, but one JSON document is being written: use --format jsonl, --stream, or -o <folder>`
      : `${name}: a second Transcript, but --format ${format} holds one session per file: use -o <folder>`);
  }
}

type Destination =
  | { kind: 'stdout'; single: boolean }
  | { kind: 'file'; path: string; single: boolean }
  | { kind: 'folder'; path: string };

/** `single`: the format holds one session per file (one JSON document), so a second Transcript has nowhere to go. */
async function chooseDestination(flags: WriteFlags, writer: TranscriptWriter, sources: readonly SessionInput[]): Promise<Destination> {
  const single = writer.several === 'single' && !flags.stream;
  const many = sources.length > 1;
  if (!flags.out) {
    if (many && single) {
      throw usageError(writer.format === 'json'
        ? `${sources.length} sessions found: use --format jsonl (one Transcript per line), --stream, or -o <folder>`
        : `${sources.length} sessions found, but --format ${writer.format} holds one session per file: use -o <folder>`);
    }
    return { kind: 'stdout', single };
  }
  const isFolder = await stat(flags.out).then((info) => info.isDirectory(), () => false);
  if (isFolder || flags.out.endsWith('/')) {
    if (!isFolder) await mkdir(flags.out, { recursive: true }).catch((error: unknown) => { throw fileError(flags.out!, error); });
    return { kind: 'folder', path: flags.out };
  }
  if (many && single) {
    throw usageError(`${sources.length} sessions found: -o ${flags.out} is not a folder; end it with / to have it made (-o ${flags.out}/)${writer.format === 'json' ? ', or use --format jsonl' : ''}`);
  }
  return { kind: 'file', path: flags.out, single };
}

/** `<input stem><format's ending>` (`.transcript.json`, `.md` …), numbered when two inputs share a stem (or one file holds several). */
function uniqueName(unitName: string, extension: string, taken: Set<string>): string {
  const file = unitName === '-' || unitName.startsWith('-:') ? 'stdin' : basename(unitName.replace(/:\d+$/, ''));
  const stem = file.replace(/(\.transcript)?\.(jsonl|json|ndjson)(\.gz)?$/i, '').replace(/[^\w.#-]+/g, '_');
  let name = `${stem}${extension}`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}${extension}`;
  taken.add(name);
  return name;
}

/** Lets several sessions write into one destination: only the run commits it, once. */
function keepOpen(output: Output): Output {
  return { write: (chunk) => output.write(chunk), commit: async () => {}, abort: async () => {} };
}
