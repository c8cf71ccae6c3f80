import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import { usageError } from '../../errors.js';
import { type InputUnit, resolveSources, unitsOf } from '../../input/reader.js';
import { requireKey } from '../../keys.js';
import { collectLessEagerly, MemoryGovernor } from '../../pipeline/memory.js';
import type { PrepareOptions } from '../../pipeline/prepare-upload.js';
import type { SessionInput } from '../../pipeline/sources.js';
import { runThreadShare } from '../worker-io.js';
import { runPool } from '../../upload/pool.js';
import { Batch } from '../batch.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { inputsOrStdin } from '../input-text.js';
import { colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { redactionSetup } from '../redaction-options.js';
import { inTurn, startedAhead } from '../upload-ahead.js';
import { prepareOrFail, type PreparedUnit } from '../upload-prepare.js';
import { announcer, flushOutbox, printReports, sendPrepared, type SendChoice } from '../upload-delivery.js';
import {
  addSendingOptions, defaultUploadJobs, givenEndpoint, positiveInteger, refuseUnredacted, storedUpToBytes, transportNumbers, transportSetup, type SendingFlags, type Transport,
} from '../upload-options.js';
import type { ItemReport } from '../upload-report.js';

interface UploadFlags extends SendingFlags {
  dryRun?: boolean;
  queue?: boolean;
  flush?: boolean;
  jobs?: string;
}

export function uploadCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = describedCommand('upload', 'redact and send Transcripts (or native logs) to an upload server', `
Send Transcripts to a server that speaks the atx upload API (atx serve is one). INPUT is a
Transcript file, a native agent log (converted on the way), a folder of either, or - for
stdin. Everything passes through the redaction profile before it leaves the machine.

Each transcript is first written to the outbox, then sent; it leaves the outbox only once
the server has stored it. What could not be delivered after retries stays there for
"atx upload --flush" (or "atx outbox flush"), so killing atx at any moment loses nothing.`)
    .argument('[inputs...]', 'Transcripts, native logs, folders, or - for stdin')
    .option('--dry-run', 'show what would be sent (sizes, event counts, redactions) and send nothing')
    .option('--queue', 'only put the transcripts in the outbox (for sending later with --flush)')
    .option('--flush', 'first send what waits in the outbox (INPUT may then be omitted)')
    .addOption(new Option('-j, --jobs <n>', 'threads of the run: with 1, this one reads, converts, redacts, gzips and sends; with N > 1, N-1 workers prepare the inputs and this one sends them (default: one per core, less one when the endpoint is on this machine)'));
  return addSendingOptions(command)
    .addHelpText('after', `
Examples:
  atx upload ~/.claude/projects/-home-me-app --endpoint http://127.0.0.1:8787
  atx upload session.jsonl --profile research --dry-run
  atx upload transcripts/ --json > receipt.json
  atx upload --flush

The key comes from --key-file, ATX_KEY, or the config file (atx login). transcriptId is derived
from the input, so uploading the same input again is a harmless replay.`)
    .addHelpText('after', commandHelp({
      exitCodes: ['0 all delivered (or queued with --queue, or --dry-run)', '1 some inputs could not be read (each is named)', '2 usage', '3 invalid input', '4 refused by the server, or left in the outbox after retries', '5 internal error'],
      environment: ['ATX_KEY', 'ATX_ENDPOINT', 'ATX_OUTBOX', 'ATX_CONFIG', 'HTTPS_PROXY', 'TMPDIR'],
    }))
    .action(async (inputs: string[], flags: UploadFlags) => {
      setExit(await runUpload(io, inputs, flags));
    });
}

async function runUpload(io: CliIO, inputs: string[], flags: UploadFlags): Promise<number> {
  if (flags.dryRun && (flags.queue || flags.flush)) throw usageError('--dry-run sends nothing: it cannot be combined with --queue or --flush');
  if (!flags.flush) inputs = inputsOrStdin(io, inputs, 'give Transcripts, native logs or folders, pipe one into "atx upload -", or use --flush');
  const chosenJobs = flags.jobs === undefined ? undefined : positiveInteger(flags.jobs, '--jobs', 1);
  const context = contextFor(io);
  const setup = await redactionSetup(io, flags, context);
  await refuseUnredacted(setup.profile, flags.allowUnredacted);
  transportNumbers(flags);
  const endpoint = endpointIfValid(io, flags, setup.config);
  const jobs = chosenJobs ?? defaultUploadJobs(availableParallelism(), endpoint);
  const storedUpTo = storedUpToBytes(endpoint);
  const key = flags.dryRun ? undefined : requireKey(setup.key);
  const reporter = new Reporter(io, colorsFor(io), flags.quiet, flags.json);
  const announce = announcer(io, flags);
  const prepareOptions: PrepareOptions = { context, makeRedactor: setup.makeTransform, memory: new MemoryGovernor(), measureOnly: Boolean(flags.dryRun), storedUpToBytes: storedUpTo };
  const readOptions = { idFromContent: true };
  const prepareHere = async (source: SessionInput): Promise<PreparedUnit[]> => {
    const units: PreparedUnit[] = [];
    for await (const unit of unitsOf(source, readOptions)) units.push(await prepareOrFail(unit, prepareOptions, !flags.queue));
    return units;
  };
  // started now, the worker threads load their modules while this one sets up and walks the
  // inputs; with workers, this thread only sends what they prepare (upload-workers.ts says why)
  const batch = isBatch(inputs);
  const lanes = key && jobs > 1 && batch
    ? (await import('../upload-workers.js')).startUploadLanes(jobs - 1, { flags, env: io.env, ...runThreadShare(), withDigest: !flags.queue, storedUpToBytes: storedUpTo }, prepareHere)
    : undefined;
  // session after session, as a batch converts them (memory.ts): V8's own collections would take an eighth of the CPU
  const collectAsBefore = batch ? collectLessEagerly() : undefined;
  let transport: Transport | undefined;
  const reports: ItemReport[] = [];
  try {
    transport = key ? await transportSetup(io, flags, setup.config, key) : undefined;
    if (transport && !flags.queue && inputs.length > 0) transport.endpointFor(); // no endpoint: fail now, not once per input
    const sending = transport;
    const send: SendChoice = { queue: Boolean(flags.queue), keyId: setup.key?.keyId ?? null };
    if (flags.flush && sending) reports.push(...await flushOutbox(sending, setup.key, announce));
    if (inputs.length > 0) {
      const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
      new Batch(reporter).walked(notes);
      // a dry run keeps to this thread: it reads Transcripts as streams and holds no body
      const reported = async (report: ItemReport): Promise<ItemReport> => {
        announce(report);
        return report;
      };
      // what a Transcript lacks that its input could not give, said as convert and scan say it
      const noted = (unit: PreparedUnit): PreparedUnit => {
        for (const note of ('notes' in unit && unit.notes) || []) reporter.warn(note, { input: unit.input });
        return unit;
      };
      // Sources run side by side; the Transcripts of one source (a JSONL of many) one after another.
      // The lanes prepare the next sources while earlier ones are delivered. Without lanes, this
      // thread prepares one unit at a time while the others are sent: preparations side by side
      // would only interleave their garbage, which then outlives the young generation's collections.
      const ahead = startedAhead(sources, 2 * jobs, (source) => quietly(lanes?.prepare(source)));
      const prepareInTurn = inTurn((unit: InputUnit) => prepareOrFail(unit, prepareOptions, sending !== undefined && !flags.queue));
      const done = await runPool(ahead, sending?.concurrency ?? 1, async ({ item: source, started: prepared }) => {
        const sourceReports: ItemReport[] = [];
        if (prepared) {
          for (const unit of await prepared) sourceReports.push(await reported(await sendPrepared(noted(unit), sending, send)));
          return sourceReports;
        }
        for await (const unit of unitsOf(source, readOptions)) sourceReports.push(await reported(await sendPrepared(noted(await prepareInTurn(unit)), sending, send)));
        return sourceReports;
      });
      reports.push(...done.flat());
    }
  } finally {
    collectAsBefore?.();
    await lanes?.close();
    await transport?.close();
  }
  return printReports(io, reports, { json: Boolean(flags.json), dryRun: Boolean(flags.dryRun), queueWanted: Boolean(flags.queue), quiet: Boolean(flags.quiet), outbox: transport?.outbox.dir });
}

/** The run's endpoint, or undefined when there is none or it is not a URL (the transport's setup then says so). */
function endpointIfValid(io: CliIO, flags: UploadFlags, config: Parameters<typeof givenEndpoint>[2]): URL | undefined {
  try {
    return givenEndpoint(io, flags, config);
  } catch {
    return undefined;
  }
}

/** A promise awaited later, which must not count as unhandled should it fail before then. */
function quietly<T>(promise: Promise<T> | undefined): Promise<T> | undefined {
  promise?.catch(() => {});
  return promise;
}

/** Several inputs, or a folder: worth worker threads (a single file is prepared by this thread). */
function isBatch(inputs: readonly string[]): boolean {
  return inputs.length > 1 || inputs.some((input) => input !== '-' && isFolder(input));
}

/** False for a path that cannot be looked at (a loop of links, a name too long): reading it says why. */
function isFolder(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
