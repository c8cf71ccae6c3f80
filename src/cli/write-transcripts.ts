/**
 * The run behind `atx convert` and `atx redact`: every input the reader yields (native logs,
 * Transcripts, Transcript JSONL, folders of any mix, stdin) is written as a Transcript through
 * the redaction profile, to stdout, one file, or a folder.
 */
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ADAPTERS, findAdapter } from '../../adapters/index.js';
import type { Adapter } from '../../adapters/types.js';
import { AtxError, ExitCode, usageError } from '../errors.js';
import { produceUnit, type UnitResult } from '../input/produce.js';
import { batchProgress } from '../lifecycle/interrupt.js';
import { resolveSources, unitsOf, type InputUnit } from '../input/reader.js';
import type { EventTransform } from '../pipeline/convert.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import type { SessionInput } from '../pipeline/sources.js';
import { atomicFileOutput, streamOutput, type Output } from '../sinks/output.js';
import { documentSink, streamingSink, type DocumentLayout, type EventSink } from '../sinks/transcript-sinks.js';
import { Batch } from './batch.js';
import { inputsOrStdin } from './input-text.js';
import { colorsFor, contextFor, Reporter, type CliIO } from './io.js';
import { progressReporter } from './progress.js';
import { redactionSetup, type RedactionFlags } from './redaction-options.js';
import { formatRuleCounts, formatSummary, summaryJson } from './summary.js';

export interface WriteFlags extends RedactionFlags {
  from?: string;
  out?: string;
  format?: 'json' | 'jsonl';
  stream?: boolean;
  pretty?: boolean;
  strict?: boolean;
  idFromContent?: boolean;
  quiet?: boolean;
  json?: boolean;
  maxLineMb?: string;
  failOnFindings?: boolean;
}

export async function writeTranscripts(io: CliIO, inputs: string[], flags: WriteFlags, command: 'convert' | 'redact'): Promise<number> {
  const colors = colorsFor(io);
  const reporter = new Reporter(io, colors, flags.quiet, flags.json);
  const maxLineMb = Number(flags.maxLineMb ?? '256');
  if (!Number.isFinite(maxLineMb) || maxLineMb <= 0) throw usageError(`--max-line-mb must be a positive number, got "${flags.maxLineMb}"`);
  inputs = inputsOrStdin(io, inputs, `give a session file, a Transcript, a folder, or pipe a stream into "atx ${command} -"`);
  // Start-up checks first (environment, config, profile, key): a mistake there is found before any input is read.
  const context = contextFor(io);
  const redaction = await redactionSetup(io, flags, context);
  const forced = !flags.from || flags.from === 'auto' ? undefined : findAdapter(flags.from);
  const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
  const destination = await chooseDestination(flags, sources);
  const batch = new Batch(reporter);
  batch.walked(notes);
  if (sources.length === 0) return ExitCode.ok;

  const progress = progressReporter(io, colors);
  const memory = new MemoryGovernor();
  const madeTransforms: EventTransform[] = [];
  const makeTransform = redaction.transformIfAny;
  const transform = makeTransform ? () => { const made = makeTransform(); madeTransforms.push(made); return made; } : undefined;
  const convertOptions = {
    adapters: ADAPTERS,
    ...(forced ? { forced } : {}),
    context,
    idFromContent: Boolean(flags.idFromContent),
    maxLineBytes: Math.floor(maxLineMb * 1024 * 1024),
    onDetected: (adapter: Adapter, format: string, input: { name: string }) => {
      if (!forced) reporter.info(`${input.name}: detected ${adapter.label} (${format})`);
    },
    onProgress: progress.update,
    memory,
    ...(transform ? { transform } : {}),
  };

  let layout: DocumentLayout = flags.format === 'jsonl' ? 'line' : flags.pretty ? 'pretty' : 'compact';
  const results: (UnitResult & { output?: string })[] = [];
  const names = new Set<string>();
  let shared: Output | undefined;
  const writeUnit = async (unit: InputUnit, source: SessionInput) => {
    if (destination.kind !== 'folder' && destination.single && results.length === 0 && flags.format === undefined && unit.name !== source.main.name) {
      // Transcript JSONL in, no --format: the same out, said out loud.
      reporter.info(`${source.main.name} holds several Transcripts: writing one per line (as --format jsonl)`);
      destination.single = false;
      layout = 'line';
    }
    if (destination.kind !== 'folder' && destination.single && results.length > 0) {
      throw new SecondDocumentError(unit.name);
    }
    const path = destination.kind === 'folder' ? join(destination.path, uniqueName(unit.name, names)) : undefined;
    const makeSink = async (): Promise<EventSink> => {
      let output: Output;
      if (path) {
        output = atomicFileOutput(path);
      } else {
        shared ??= destination.kind === 'file' ? atomicFileOutput(destination.path) : streamOutput(io.stdout);
        output = keepOpen(shared);
      }
      if (flags.stream) return streamingSink(output);
      return documentSink(output, layout);
    };
    const result = await produceUnit(unit, makeSink, convertOptions);
    results.push({ ...result, ...(path ? { output: path } : destination.kind === 'file' ? { output: destination.path } : {}) });
    if (!flags.json) reporter.raw(formatSummary(result, colors, flags.quiet ?? false));
  };

  batchProgress.begin(sources.length, destination.kind === 'stdout' ? undefined : destination.path, 'session');
  try {
    for (const source of sources) {
      let units = 0;
      for await (const unit of unitsOf(source, convertOptions)) {
        if (++units > 1) batchProgress.grew(1);
        try {
          await writeUnit(unit, source);
          batch.success();
          batchProgress.finished(destination.kind === 'folder');
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
  if (results.length > 0) await shared?.commit();
  else await shared?.abort();

  batch.close('input(s)');
  if (flags.json) io.stderr.write(`${JSON.stringify(summaryJson(results, batch.failed))}\n`);
  const code = batch.exitCode();
  if (code !== ExitCode.ok) return code;
  const unknownRecords = results.reduce((sum, r) => sum + [...r.recordTypes.values()].reduce((s, c) => s + c.unknown, 0), 0);
  if (flags.strict && unknownRecords > 0) {
    reporter.failure(new AtxError(ExitCode.partial, `${unknownRecords} native record(s) were not understood (--strict)`));
    return ExitCode.partial;
  }
  if (flags.failOnFindings) {
    const counts = new Map<string, number>();
    for (const made of madeTransforms) for (const [rule, n] of (made as { counts?: ReadonlyMap<string, number> }).counts ?? []) counts.set(rule, (counts.get(rule) ?? 0) + n);
    const found = [...counts.values()].reduce((a, b) => a + b, 0);
    if (found > 0) {
      reporter.info(`${found} redaction(s) made${formatRuleCounts(counts)} (--fail-on-findings)`);
      return ExitCode.partial;
    }
  }
  return ExitCode.ok;
}

class SecondDocumentError extends AtxError {
  constructor(name: string) {
    super(ExitCode.usage, `${name}: a second Transcript, but one JSON document is being written: use --format jsonl, --stream, or -o <folder>`);
  }
}

type Destination =
  | { kind: 'stdout'; single: boolean }
  | { kind: 'file'; path: string; single: boolean }
  | { kind: 'folder'; path: string };

/** `single`: one JSON document is written, so a second Transcript has nowhere to go. */
async function chooseDestination(flags: WriteFlags, sources: readonly SessionInput[]): Promise<Destination> {
  const single = (flags.format ?? 'json') === 'json' && !flags.stream;
  const many = sources.length > 1;
  if (!flags.out) {
    if (many && single) {
      throw usageError(`${sources.length} sessions found: use --format jsonl (one Transcript per line), --stream, or -o <folder>`);
    }
    return { kind: 'stdout', single };
  }
  const isFolder = await stat(flags.out).then((info) => info.isDirectory(), () => false);
  if (isFolder || flags.out.endsWith('/')) {
    if (!isFolder) throw usageError(`${flags.out}: folder does not exist`);
    return { kind: 'folder', path: flags.out };
  }
  if (many && single) {
    throw usageError(`${sources.length} sessions found: -o needs an existing folder, or use --format jsonl`);
  }
  return { kind: 'file', path: flags.out, single };
}

/** `<input stem>.transcript.json`, numbered when two inputs share a stem (or one file holds several). */
function uniqueName(unitName: string, taken: Set<string>): string {
  const file = unitName === '-' || unitName.startsWith('-:') ? 'stdin' : basename(unitName.replace(/:\d+$/, ''));
  const stem = file.replace(/(\.transcript)?\.(jsonl|json|ndjson)$/i, '').replace(/[^\w.#-]+/g, '_');
  let name = `${stem}.transcript.json`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.transcript.json`;
  taken.add(name);
  return name;
}

/** Lets several sessions write into one destination: only the run commits it, once. */
function keepOpen(output: Output): Output {
  return { write: (chunk) => output.write(chunk), commit: async () => {}, abort: async () => {} };
}
