/**
 * The run behind `atx convert` and `atx redact`: every input the reader yields (native logs,
 * Transcripts, Transcript JSONL, folders of any mix, stdin) is written as a Transcript through
 * the redaction profile, to stdout, one file, or a folder (a batch to a folder is written by a
 * pool of worker threads, one per core unless --jobs says otherwise).
 */
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { ADAPTERS } from '../../adapters/index.js';
import { AtxError, ExitCode, fileError, usageError } from '../errors.js';
import { produceUnit } from '../input/produce.js';
import { resolveSources, unitsOf } from '../input/reader.js';
import { batchProgress } from '../lifecycle/interrupt.js';
import { runTempDir, watchForWorkerPartialOutputs } from '../lifecycle/temp.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import { atomicFileOutput, streamOutput } from '../sinks/output.js';
import { spooledSink } from '../sinks/transcript-sinks.js';
import { Batch } from './batch.js';
import { errorOf, portableSource, resultOf, writeSourceToFolder } from './folder-sessions.js';
import { inputsOrStdin } from './input-text.js';
import { otlpDestinationOf } from './otlp-options.js';
import { colorsFor, contextFor, Reporter } from './io.js';
import { batchProgressLine, progressReporter } from './progress.js';
import { redactionSetup } from './redaction-options.js';
import { sinkFor, writerOf } from './output-format.js';
import { forcedAdapterOf, maxLineBytesOf, sessionSetupFor } from './session-setup.js';
import { formatRuleCounts, formatSummary, summaryJson, totalsLine } from './summary.js';
import { WorkerPool } from './worker-pool.js';
export async function writeTranscripts(io, inputs, flags, command) {
    const started = performance.now(); // for the totals line only: not the injected clock
    const colors = colorsFor(io);
    const reporter = new Reporter(io, colors, flags.quiet, flags.json);
    const maxLineBytes = maxLineBytesOf(flags);
    const jobs = jobsOf(flags);
    const otlp = otlpDestinationOf(flags);
    // --otlp-endpoint sends OpenTelemetry spans: the otel writer's options (--otel-content) apply
    const writer = writerOf(flags.otlpEndpoint && flags.format === undefined ? { ...flags, format: 'otel' } : flags);
    inputs = inputsOrStdin(io, inputs, `give a session file, a Transcript, a folder, or pipe a stream into "atx ${command} -"`);
    // Start-up checks first (environment, config, profile, key): a mistake there is found before any input is read.
    const context = contextFor(io);
    const redaction = await redactionSetup(io, flags, context);
    const forced = forcedAdapterOf(flags);
    const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
    const destination = await chooseDestination(flags, writer, sources);
    const batch = new Batch(reporter);
    batch.walked(notes);
    if (sources.length === 0)
        return ExitCode.ok;
    // A batch shows per-session lines only with -v; one input shows them (its summary knows -q).
    const detail = sources.length === 1 || Boolean(flags.verbose);
    const run = { io, flags, writer, reporter, colors, batch, detail, results: [], counts: new Map() };
    batchProgress.begin(sources.length, destination.kind === 'stdout' ? undefined : destination.path, 'session');
    if (destination.kind === 'folder') {
        await writeToFolder(run, sources, destination.path, sessionSetupFor(flags, context, redaction), jobs);
    }
    else {
        await writeToOneDestination(run, sources, destination, { context, redaction, forced, maxLineBytes, otlp });
    }
    const { results } = run;
    if (sources.length > 1) {
        if (!flags.quiet && !flags.json)
            reporter.info(totalsLine(results, batch, command === 'convert' ? 'converted' : 'redacted', destination.kind === 'stdout' ? undefined : destination.path, performance.now() - started));
    }
    else {
        batch.close('input(s)');
    }
    if (flags.json)
        io.stderr.write(`${JSON.stringify(summaryJson(results, batch.failed, batch.failedInputs))}\n`);
    const code = batch.exitCode();
    if (code !== ExitCode.ok)
        return code;
    const unknownRecords = results.reduce((sum, r) => sum + [...r.recordTypes.values()].reduce((s, c) => s + c.unknown, 0), 0);
    if (flags.strict && unknownRecords > 0) {
        reporter.failure(new AtxError(ExitCode.partial, `${unknownRecords} native record(s) were not understood (--strict)`));
        return ExitCode.partial;
    }
    if (flags.failOnFindings) {
        const found = [...run.counts.values()].reduce((a, b) => a + b, 0);
        if (found > 0) {
            reporter.info(`${found} redaction(s) made${formatRuleCounts(run.counts)} (--fail-on-findings)`);
            return ExitCode.partial;
        }
    }
    return ExitCode.ok;
}
function addCounts(into, counts) {
    for (const [rule, n] of counts)
        into.set(rule, (into.get(rule) ?? 0) + n);
}
function written(run, result) {
    run.results.push(result);
    if (!run.flags.json && run.detail)
        run.reporter.raw(formatSummary(result, run.colors, run.flags.quiet ?? false));
    run.batch.success();
}
/**
 * `-o <folder>`: each input is written by a worker thread (or, with --jobs 1, by this thread) to
 * pending files, which are renamed here, in input order, to their final names.
 */
async function writeToFolder(run, sources, folder, setup, jobs) {
    const portable = sources.map(portableSource);
    const threads = Math.min(jobs, portable.filter(Boolean).length);
    watchForWorkerPartialOutputs(folder);
    const pool = threads > 1 ? new WorkerPool(new URL('./convert-worker.js', import.meta.url), threads, { flags: run.flags, env: run.io.env, runTempDir: runTempDir() }) : undefined;
    const progress = batchProgressLine(run.io, run.colors, sources.length);
    const names = new Set();
    try {
        const launched = portable.map((source, index) => {
            if (!pool || !source)
                return undefined;
            const outcomes = pool.run({ index, source, folder });
            outcomes.catch(() => { }); // awaited in order below; a crash is reported there
            return outcomes;
        });
        for (const [index, source] of sources.entries()) {
            const outcomes = await (launched[index] ?? writeSourceToFolder(setup, source, index, folder));
            if (outcomes.length > 1)
                batchProgress.grew(outcomes.length - 1);
            if (outcomes.length > 1)
                progress.grew(outcomes.length - 1);
            for (const outcome of outcomes) {
                const output = join(folder, uniqueName(outcome.name, run.writer.extension, names));
                if (outcome.detected && run.detail && !setup.options.forced)
                    run.reporter.info(`${outcome.name}: detected ${outcome.detected}`);
                const ok = await placeOutcome(run, outcome, output);
                batchProgress.finished(ok);
                progress.finished(ok);
            }
        }
    }
    finally {
        progress.clear();
        await pool?.close();
    }
}
/** Moves a written Transcript to its name, or reports why the input could not be written. */
async function placeOutcome(run, outcome, output) {
    if (!outcome.written) {
        run.batch.failure(outcome.name, errorOf(outcome.error));
        return false;
    }
    try {
        await rename(outcome.written.pending, output);
    }
    catch (error) {
        await unlink(outcome.written.pending).catch(() => { });
        run.batch.failure(outcome.name, fileError(output, error));
        return false;
    }
    addCounts(run.counts, outcome.written.redactionsByRule);
    written(run, { ...resultOf(outcome.written.result), output });
    return true;
}
/** stdout or one file: every Transcript goes into the same output, in input order, from this thread. */
async function writeToOneDestination(run, sources, destination, setup) {
    const { io, flags, reporter, batch } = run;
    const progress = progressReporter(io, run.colors);
    const makeTransform = setup.redaction.transformIfAny;
    const optionsFor = (index) => {
        const ids = setup.context.ids.forInput(index);
        return {
            adapters: ADAPTERS,
            ...(setup.forced ? { forced: setup.forced } : {}),
            context: { clock: setup.context.clock, ids },
            idFromContent: Boolean(flags.idFromContent),
            maxLineBytes: setup.maxLineBytes,
            onDetected: (adapter, format, input) => {
                if (!setup.forced && run.detail)
                    reporter.info(`${input.name}: detected ${adapter.label} (${format})`);
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
    const madeTransforms = [];
    let sink = sinkFor(flags, run.writer);
    let shared;
    const writeUnit = async (unit, source, options) => {
        if (destination.single && run.results.length === 0 && flags.format === undefined && unit.name !== source.main.name) {
            // Transcript JSONL in, no --format: the same out, said out loud.
            reporter.info(`${source.main.name} holds several Transcripts: writing one per line (as --format jsonl)`);
            destination.single = false;
            sink = sinkFor(flags, writerOf({ ...flags, format: 'jsonl' }));
        }
        if (destination.single && run.results.length > 0)
            throw new SecondDocumentError(unit.name, run.writer.format);
        const makeSink = () => {
            shared ??= setup.otlp ? setup.otlp.output() : destination.kind === 'file' ? atomicFileOutput(destination.path) : streamOutput(io.stdout);
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
                if (++units > 1)
                    batchProgress.grew(1);
                try {
                    await writeUnit(unit, source, options);
                    batchProgress.finished(false);
                }
                catch (error) {
                    batchProgress.finished(false);
                    if (unit.kind === 'native')
                        await unit.opened.items.return(undefined);
                    if (error instanceof SecondDocumentError)
                        throw error;
                    batch.failure(unit.name, error);
                }
                finally {
                    progress.done();
                }
            }
        }
    }
    catch (error) {
        await shared?.abort();
        throw error;
    }
    if (run.results.length > 0)
        await shared?.commit();
    else
        await shared?.abort();
    for (const made of madeTransforms)
        addCounts(run.counts, made.counts ?? []);
}
/** `--jobs N`: worker threads for a batch written to a folder (default: one per core). */
function jobsOf(flags) {
    if (flags.jobs === undefined)
        return availableParallelism();
    const jobs = Number(flags.jobs);
    if (!Number.isInteger(jobs) || jobs < 1)
        throw usageError(`--jobs must be a whole number of 1 or more, got "${flags.jobs}"`);
    return jobs;
}
class SecondDocumentError extends AtxError {
    constructor(name, format) {
        super(ExitCode.usage, format === 'json'
            ? `${name}: a second Transcript, but one JSON document is being written: use --format jsonl, --stream, or -o <folder>`
            : `${name}: a second Transcript, but --format ${format} holds one session per file: use -o <folder>`);
    }
}
/** `single`: the format holds one session per file (one JSON document), so a second Transcript has nowhere to go. */
async function chooseDestination(flags, writer, sources) {
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
        if (!isFolder)
            await mkdir(flags.out, { recursive: true }).catch((error) => { throw fileError(flags.out, error); });
        return { kind: 'folder', path: flags.out };
    }
    if (many && single) {
        throw usageError(`${sources.length} sessions found: -o needs an existing folder${writer.format === 'json' ? ', or use --format jsonl' : ''}`);
    }
    return { kind: 'file', path: flags.out, single };
}
/** `<input stem><format's ending>` (`.transcript.json`, `.md` …), numbered when two inputs share a stem (or one file holds several). */
function uniqueName(unitName, extension, taken) {
    const file = unitName === '-' || unitName.startsWith('-:') ? 'stdin' : basename(unitName.replace(/:\d+$/, ''));
    const stem = file.replace(/(\.transcript)?\.(jsonl|json|ndjson)$/i, '').replace(/[^\w.#-]+/g, '_');
    let name = `${stem}${extension}`;
    for (let n = 2; taken.has(name); n++)
        name = `${stem}-${n}${extension}`;
    taken.add(name);
    return name;
}
/** Lets several sessions write into one destination: only the run commits it, once. */
function keepOpen(output) {
    return { write: (chunk) => output.write(chunk), commit: async () => { }, abort: async () => { } };
}
//# sourceMappingURL=write-transcripts.js.map