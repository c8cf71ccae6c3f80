import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Command, Option } from 'commander';
import { ADAPTERS, findAdapter } from '../../../adapters/index.js';
import type { Adapter } from '../../../adapters/types.js';
import { AtxError, ExitCode, invalidInputError, usageError } from '../../errors.js';
import { convertSession, UnknownFormatError, type SessionResult } from '../../pipeline/convert.js';
import { MemoryGovernor } from '../../pipeline/memory.js';
import { resolveInputs, type SessionInput } from '../../pipeline/sources.js';
import { atomicFileOutput, streamOutput, type Output } from '../../sinks/output.js';
import { documentSink, streamingSink, type EventSink } from '../../sinks/transcript-sinks.js';
import { colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { progressReporter } from '../progress.js';
import { addRedactionOptions, redactionSetup, type RedactionFlags } from '../redaction-options.js';
import { formatSummary, summaryJson } from '../summary.js';

interface ConvertFlags extends RedactionFlags {
  from: string;
  out?: string;
  format: 'json' | 'jsonl';
  stream?: boolean;
  pretty?: boolean;
  strict?: boolean;
  idFromContent?: boolean;
  quiet?: boolean;
  json?: boolean;
  maxLineMb: string;
}

export function convertCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = new Command('convert')
    .summary('convert native agent logs (files, folders, stdin) into Transcripts')
    .description(
      'Convert native agent logs into normalized Transcript JSON.\n\n' +
      'INPUT is a session file, a folder (walked; each session becomes its own Transcript), or - for\n' +
      'standard input. With no INPUT and piped stdin, stdin is read. The Transcript goes to stdout\n' +
      'unless -o is given; a summary of what was mapped, skipped or not understood goes to stderr.',
    )
    .argument('[inputs...]', 'session files, folders, or - for stdin')
    .addOption(new Option('--from <adapter>', 'input format').choices(['auto', ...ADAPTERS.map((a) => a.id)]).default('auto'))
    .option('-o, --out <path>', 'write to a file (atomically) or, for several sessions, a folder (one file per session)')
    .addOption(new Option('--format <format>', 'one JSON document, or one Transcript per line').choices(['json', 'jsonl']).default('json'))
    .option('--stream', 'print each event as a JSONL line as soon as it is known, then a final header line')
    .option('--pretty', 'indent the JSON document')
    .option('--strict', 'exit 1 when any native record was not understood')
    .option('--id-from-content', 'derive transcriptId from the input bytes, so a rerun gives the same id')
    .option('-q, --quiet', 'no summary on stderr (errors are still shown)')
    .option('--json', 'print the summary on stderr as one JSON object')
    .option('--max-line-mb <n>', 'longest native line accepted, in MiB (longer ones become unparsed events)', '256');
  return addRedactionOptions(command)
    .addHelpText('after', `
Every event passes through the redaction profile (default standard: secrets removed, with a
receipt on each event and a privacy block); --profile none keeps everything as the agent wrote it.

Examples:
  atx convert ~/.claude/projects/-home-me-app/4f1c....jsonl -o session.json
  atx convert session.jsonl --profile research -o shareable.json
  claude -p "fix the tests" --output-format stream-json --verbose | atx convert --stream -
  atx convert ~/.claude/projects/-home-me-app -o transcripts/
  atx convert a.jsonl b.jsonl --format jsonl > all.jsonl

Exit codes: 0 ok, 1 unknown records with --strict or a failed residue check, 2 usage,
3 invalid input (unknown format, nothing convertible), 5 internal error.`)
    .action(async (inputs: string[], flags: ConvertFlags) => {
      setExit(await runConvert(io, inputs, flags));
    });
}

async function runConvert(io: CliIO, inputs: string[], flags: ConvertFlags): Promise<number> {
  const colors = colorsFor(io);
  const reporter = new Reporter(io, colors, flags.quiet || flags.json);
  const maxLineMb = Number(flags.maxLineMb);
  if (!Number.isFinite(maxLineMb) || maxLineMb <= 0) throw usageError(`--max-line-mb must be a positive number, got "${flags.maxLineMb}"`);
  if (inputs.length === 0) {
    if (io.stdin.isTTY) throw usageError('no input: give a session file, a folder, or pipe a stream into "atx convert -"');
    inputs = ['-'];
  }
  const forced = flags.from === 'auto' ? undefined : findAdapter(flags.from);
  const sessions = await resolveInputs(inputs, ADAPTERS, io.stdin);
  const destination = await chooseDestination(flags, sessions);
  const context = contextFor(io);
  const redaction = await redactionSetup(io, flags, context);
  const progress = progressReporter(io, colors);
  const memory = new MemoryGovernor();

  const results: SessionResult[] = [];
  const failures: AtxError[] = [];
  const names = new Set<string>();
  const skippedFiles: string[] = [];
  let sharedOutput: Output | undefined;
  for (const session of sessions) {
    try {
      const makeSink = async (): Promise<EventSink> => {
        let output: Output;
        if (destination.kind === 'folder') {
          output = atomicFileOutput(join(destination.path, uniqueName(session, names)));
        } else {
          sharedOutput ??= destination.kind === 'file' ? atomicFileOutput(destination.path) : streamOutput(io.stdout);
          output = keepOpen(sharedOutput);
        }
        if (flags.stream) return streamingSink(output);
        return documentSink(output, flags.format === 'jsonl' ? 'line' : flags.pretty ? 'pretty' : 'compact');
      };
      const result = await convertSession(session, makeSink, {
        adapters: ADAPTERS,
        ...(forced ? { forced } : {}),
        context,
        idFromContent: Boolean(flags.idFromContent),
        maxLineBytes: Math.floor(maxLineMb * 1024 * 1024),
        onDetected: (adapter: Adapter, format, input) => {
          if (!forced) reporter.info(`${input.name}: detected ${adapter.label} (${format})`);
        },
        onProgress: progress.update,
        memory,
        ...(redaction.transformIfAny ? { transform: redaction.transformIfAny } : {}),
      });
      progress.done();
      results.push(result);
      if (!flags.json) reporter.raw(formatSummary(result, colors, flags.quiet ?? false));
    } catch (error) {
      progress.done();
      if (!(error instanceof AtxError)) throw error;
      if (error instanceof UnknownFormatError && session.fromFolder) {
        skippedFiles.push(session.main.name);
        continue;
      }
      failures.push(error);
      if (sessions.length === 1) {
        await sharedOutput?.abort();
        throw error;
      }
      reporter.error(error.message);
    }
  }
  if (skippedFiles.length > 0) {
    reporter.info(`skipped ${skippedFiles.length} file(s) in no known agent format: ${skippedFiles.slice(0, 5).join(', ')}${skippedFiles.length > 5 ? ', ...' : ''}`);
  }
  if (results.length === 0 && failures.length === 0) {
    await sharedOutput?.abort();
    throw invalidInputError('no agent sessions found in the given folder(s)');
  }
  if (results.length > 0) await sharedOutput?.commit();
  else await sharedOutput?.abort();

  const unknownRecords = results.reduce((sum, r) => sum + [...r.recordTypes.values()].reduce((s, c) => s + c.unknown, 0), 0);
  if (flags.json) io.stderr.write(`${JSON.stringify(summaryJson(results, failures))}\n`);
  if (failures.length > 0) return Math.max(...failures.map((f) => f.exitCode));
  if (flags.strict && unknownRecords > 0) {
    reporter.error(`${unknownRecords} native record(s) were not understood (--strict)`);
    return ExitCode.partial;
  }
  return ExitCode.ok;
}

type Destination = { kind: 'stdout' } | { kind: 'file'; path: string } | { kind: 'folder'; path: string };

async function chooseDestination(flags: ConvertFlags, sessions: SessionInput[]): Promise<Destination> {
  const many = sessions.length > 1;
  const oneDocumentOnly = flags.format === 'json' && !flags.stream;
  if (!flags.out) {
    if (many && oneDocumentOnly) {
      throw usageError(`${sessions.length} sessions found: use --format jsonl (one Transcript per line), --stream, or -o <folder>`);
    }
    return { kind: 'stdout' };
  }
  const isFolder = await stat(flags.out).then((info) => info.isDirectory(), () => false);
  if (isFolder || flags.out.endsWith('/')) {
    if (!isFolder) throw usageError(`${flags.out}: folder does not exist`);
    return { kind: 'folder', path: flags.out };
  }
  if (many && oneDocumentOnly) {
    throw usageError(`${sessions.length} sessions found: -o needs an existing folder, or use --format jsonl`);
  }
  return { kind: 'file', path: flags.out };
}

function uniqueName(session: SessionInput, taken: Set<string>): string {
  const stem = session.main.name === '-' ? 'stdin' : basename(session.main.name).replace(/\.(jsonl|json|ndjson)$/i, '');
  let name = `${stem}.transcript.json`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.transcript.json`;
  taken.add(name);
  return name;
}

/** Lets several sessions write into one destination: only the run commits it, once. */
function keepOpen(output: Output): Output {
  return { write: (chunk) => output.write(chunk), commit: async () => {}, abort: async () => {} };
}
