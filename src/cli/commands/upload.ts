import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Command } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import { AtxError, fileError, usageError } from '../../errors.js';
import { requireKey } from '../../keys.js';
import { UnknownFormatError } from '../../pipeline/convert.js';
import { MemoryGovernor } from '../../pipeline/memory.js';
import { prepareNativeSession, prepareTranscript, type PrepareOptions, type PreparedTranscript } from '../../pipeline/prepare-upload.js';
import { resolveInputs } from '../../pipeline/sources.js';
import { parseTranscript } from '../../transcript/reader.js';
import { describeEndpoint } from '../../upload/endpoint.js';
import { runPool } from '../../upload/pool.js';
import { classifyInput, isTranscriptFile } from '../input-kind.js';
import { colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { addRedactionOptions, redactionSetup, type RedactionFlags } from '../redaction-options.js';
import { announcer, deliverEntry, flushOutbox, printReports } from '../upload-delivery.js';
import { addTransportOptions, transportSetup, type Transport, type TransportFlags } from '../upload-options.js';
import { planOf, type ItemReport } from '../upload-report.js';

interface UploadFlags extends RedactionFlags, TransportFlags {
  dryRun?: boolean;
  queue?: boolean;
  flush?: boolean;
  allowUnredacted?: boolean;
}

export function uploadCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = new Command('upload')
    .summary('redact and send Transcripts (or native logs) to an upload server')
    .description(
      'Send Transcripts to a server that speaks the atx upload API (atx serve is one). INPUT is a\n' +
      'Transcript file, a native agent log (converted on the way), a folder of either, or - for\n' +
      'stdin. Everything passes through the redaction profile before it leaves the machine.\n\n' +
      'Each transcript is first written to the outbox, then sent; it leaves the outbox only once\n' +
      'the server has stored it. What could not be delivered after retries stays there for\n' +
      '"atx upload --flush" (or "atx outbox flush"), so killing atx at any moment loses nothing.',
    )
    .argument('[inputs...]', 'Transcripts, native logs, folders, or - for stdin')
    .option('--dry-run', 'show what would be sent (sizes, event counts, redactions) and send nothing')
    .option('--queue', 'only put the transcripts in the outbox (for sending later with --flush)')
    .option('--flush', 'first send what waits in the outbox (INPUT may then be omitted)')
    .option('--allow-unredacted', 'allow a profile that redacts nothing (none)');
  addRedactionOptions(command);
  return addTransportOptions(command)
    .addHelpText('after', `
Examples:
  atx upload ~/.claude/projects/-home-me-app --endpoint http://127.0.0.1:8787
  atx upload session.jsonl --profile research --dry-run
  atx upload transcripts/ --json > receipt.json
  atx upload --flush

The key comes from --key-file, ATX_KEY, or the config file (atx login). transcriptId is derived
from the input, so uploading the same input again is a harmless replay.

Exit codes: 0 all delivered (or queued with --queue, or --dry-run), 2 usage, 3 invalid input,
4 refused by the server or left in the outbox after retries.`)
    .action(async (inputs: string[], flags: UploadFlags) => {
      setExit(await runUpload(io, inputs, flags));
    });
}

async function runUpload(io: CliIO, inputs: string[], flags: UploadFlags): Promise<number> {
  if (flags.dryRun && (flags.queue || flags.flush)) throw usageError('--dry-run sends nothing: it cannot be combined with --queue or --flush');
  if (inputs.length === 0 && !flags.flush) {
    if (io.stdin.isTTY) throw usageError('no input: give Transcripts, native logs or folders, pipe one into "atx upload -", or use --flush');
    inputs = ['-'];
  }
  const context = contextFor(io);
  const setup = await redactionSetup(io, flags, context);
  if (!setup.profile.uploadAllowed && !flags.allowUnredacted) {
    throw usageError(`profile ${setup.profile.name} does not redact secrets, so upload refuses it; use --profile standard (or research, public), or add --allow-unredacted if you mean it`);
  }
  const reporter = new Reporter(io, colorsFor(io), flags.quiet || flags.json);
  const announce = announcer(io, flags);
  const transport = flags.dryRun ? undefined : await transportSetup(io, flags, setup.config, requireKey(setup.key));
  if (transport && !flags.queue && inputs.length > 0) transport.endpointFor(); // no endpoint: fail now, not once per input

  const prepareOptions: PrepareOptions = { context, makeRedactor: setup.makeTransform, memory: new MemoryGovernor() };
  const reports: ItemReport[] = [];
  try {
    if (flags.flush && transport) reports.push(...await flushOutbox(transport, setup.key, announce));
    if (inputs.length > 0) {
      const jobs = await uploadJobs(io, inputs);
      const done = await runPool(jobs, transport?.concurrency ?? 1, async (job) => {
        const report = await handleJob(job, prepareOptions, transport, flags, setup.key?.keyId ?? null);
        if (report) announce(report);
        return report;
      });
      const skipped = jobs.filter((_, index) => done[index] === undefined).map((job) => job.name);
      if (skipped.length > 0) reporter.info(`skipped ${skipped.length} file(s) in no known agent format: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', ...' : ''}`);
      reports.push(...done.filter((report): report is ItemReport => report !== undefined));
    }
  } finally {
    await transport?.close();
  }
  return printReports(io, reports, { json: Boolean(flags.json), dryRun: Boolean(flags.dryRun), queueWanted: Boolean(flags.queue), outbox: transport?.outbox.dir });
}

/** One transcript to send: its name, and how to make its body. */
interface UploadJob {
  name: string;
  /** found by walking a folder: a file in no known format is skipped, not an error */
  fromFolder: boolean;
  prepare(options: PrepareOptions): Promise<PreparedTranscript>;
}

/** The job's report, or undefined for a folder's file that is in no known format. */
async function handleJob(job: UploadJob, options: PrepareOptions, transport: Transport | undefined, flags: UploadFlags, keyId: string | null): Promise<ItemReport | undefined> {
  let prepared: PreparedTranscript;
  try {
    prepared = await job.prepare(options);
  } catch (error) {
    if (error instanceof UnknownFormatError && job.fromFolder) return undefined;
    if (!(error instanceof AtxError)) throw error;
    return { input: job.name, transcriptId: null, outcome: 'failed', message: error.message, exitCode: error.exitCode };
  }
  if (!transport) return { input: job.name, transcriptId: prepared.transcriptId, outcome: 'planned', plan: planOf(prepared) };
  const entry = await transport.outbox.put({
    transcriptId: prepared.transcriptId,
    body: prepared.gzipped,
    meta: {
      ...(transport.endpoint ? { endpoint: describeEndpoint(transport.endpoint) } : {}),
      keyId,
      profile: prepared.profile,
      input: job.name,
    },
  });
  if (flags.queue) return { input: job.name, transcriptId: prepared.transcriptId, outcome: 'queued', message: `in the outbox ${transport.outbox.dir}` };
  return deliverEntry(entry, transport, job.name);
}

/**
 * Turns INPUT arguments into jobs. A file or stdin that starts like a Transcript is sent as it
 * is (after redaction); anything else is converted, folders walked as `atx convert` walks them.
 */
async function uploadJobs(io: CliIO, inputs: string[]): Promise<UploadJob[]> {
  const jobs: UploadJob[] = [];
  const native: string[] = [];
  let nativeStdin: Readable | undefined;
  for (const input of inputs) {
    const kind = await classifyInput(io, input);
    if (kind.kind === 'transcript') {
      jobs.push(transcriptJob(input, false, async () => kind.text));
    } else {
      native.push(input);
      nativeStdin = kind.stdin ?? nativeStdin;
    }
  }
  if (native.length === 0) return jobs;
  for (const session of await resolveInputs(native, ADAPTERS, nativeStdin ?? io.stdin)) {
    const name = session.main.name;
    const fromFolder = Boolean(session.fromFolder);
    if (fromFolder && !session.main.records && await isTranscriptFile(name)) {
      jobs.push(transcriptJob(name, fromFolder, () => readFile(name, 'utf8').catch((error: unknown) => { throw fileError(name, error); })));
    } else {
      jobs.push({ name, fromFolder, prepare: (options) => prepareNativeSession(session, options) });
    }
  }
  return jobs;
}

function transcriptJob(name: string, fromFolder: boolean, read: () => Promise<string>): UploadJob {
  return {
    name,
    fromFolder,
    async prepare(options) {
      const text = await read();
      return prepareTranscript(name, parseTranscript(text, name), text, options);
    },
  };
}
