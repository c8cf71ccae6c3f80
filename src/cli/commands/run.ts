import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { type Command, Option } from 'commander';
import { ADAPTERS, findAdapter } from '../../../adapters/index.js';
import { AtxError, ExitCode, usageError } from '../../errors.js';
import { convertSession, type SessionResult } from '../../pipeline/convert.js';
import { MemoryGovernor } from '../../pipeline/memory.js';
import { streamInput } from '../../pipeline/sources.js';
import { fileOutput } from '../../sinks/output.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { answerJson, colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { formatOption, formatsHelp, otelContentOption, splitTurnsOption } from '../format-options.js';
import { sinkFor, type FormatFlags } from '../output-format.js';
import { addRedactionOptions, changingRedactionSetup, type RedactionFlags } from '../redaction-options.js';
import { formatSummary, runSummaryJson } from '../summary.js';
import { runAcpAgent, type AcpRunFlags } from '../../acp/run-acp.js';
import { prettyOption, quietSummaryOption } from '../shared-options.js';
import { refuseFolderForFile } from '../one-file-output.js';

interface RunFlags extends RedactionFlags, AcpRunFlags, FormatFlags {
  out?: string;
  from: string;
  idFromContent?: boolean;
  quiet?: boolean;
  acp?: boolean;
}

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export function runCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = describedCommand('run', "run an agent, pass its output through, and save it as a Transcript", `
Start an agent as a child process (with --acp: as an ACP agent atx talks to, see below).
Its stdout is passed through unchanged and, at the same
time, converted into a Transcript written to -o. stdin and stderr stay the agent's own.
atx exits with the agent's exit code; if the agent succeeded but its output could not be
converted, with the conversion error code instead.`)
    .argument('<command...>', 'the agent command line, after --')
    .requiredOption('-o, --out <file>', 'where to write the Transcript (atomically)')
    .addOption(formatOption('default json'))
    .addOption(splitTurnsOption())
    .addOption(otelContentOption())
    .addOption(new Option('--from <adapter>', 'output format of the agent').choices(['auto', ...ADAPTERS.map((a) => a.id)]).default('auto'))
    .addOption(prettyOption())
    .option('--id-from-content', 'derive transcriptId from the captured bytes')
    .addOption(quietSummaryOption())
    .option('--json', "print the result on stderr as one JSON object (convert's summary of the saved session, its errors, the agent's exit code): stdout stays the agent's")
    .option('--acp', 'speak the Agent Client Protocol to the agent (atx is the client) instead of reading its stdout')
    .option('--prompt <text>', 'with --acp: the prompt to send (default: read from stdin)')
    .option('--allow-all', 'with --acp: allow every permission request of the agent')
    .option('--deny-all', 'with --acp: deny every permission request (the default)')
    .option('--capture <file>', 'with --acp: also write the two-way capture, one JSON-RPC message a line');
  return addRedactionOptions(command)
    .addHelpText('after', `
The saved Transcript passes through the redaction profile (default standard); what is passed
through to your terminal is the agent's own output, unchanged.

With --acp, atx starts the agent as an ACP server (JSON-RPC on its stdin and stdout), opens a
session in the current folder, sends one prompt and prints the agent's answer on stdout. The
agent's permission requests are denied unless --allow-all; atx offers it no file system or
terminal of its own. The Transcript is read from the two-way capture (adapter acp), which
--capture also saves as {"ts","dir","msg"} lines. An interrupt cancels the turn (session/cancel),
saves what was captured, and exits 128 + the signal's number.

Examples:
  atx run -o session.json -- claude -p "fix the tests" --output-format stream-json --verbose
  atx run --acp -o session.json --capture session.acp.jsonl --prompt "fix the tests" -- gemini --acp
  echo "explain this repo" | atx run --acp --allow-all -o session.json -- npx @zed-industries/claude-code-acp
  atx run --format markdown -o session.md -- codex exec --json "fix the tests"`)
    .addHelpText('after', formatsHelp())
    .addHelpText('after', commandHelp({
      exitCodes: ['0 the agent succeeded and its output was saved as a Transcript', 'the agent\'s own exit code when it failed (with --acp: 3 if it broke the protocol but exited 0)', '2 usage (also: the agent command was not found)', '3 the output could not be converted', '129, 130, 143 interrupted by SIGHUP, SIGINT or SIGTERM', '5 internal error'],
      environment: ['ATX_CONFIG', 'ATX_KEY', 'ATX_CLOCK', 'ATX_ID_SEED', 'TMPDIR'],
    }))
    .action(async (command: string[], flags: RunFlags) => {
      if (flags.out === '-') throw usageError("-o - is not possible here: stdout carries the agent's own output; name a file");
      if (flags.acp) {
        if (flags.from !== 'auto') throw usageError('--from does not apply to --acp: the capture is always read by the acp adapter');
        setExit(await runAcpAgent(io, command, flags));
        return;
      }
      const acpOnly = (['prompt', 'allowAll', 'denyAll', 'capture'] as const).filter((name) => flags[name] !== undefined);
      if (acpOnly.length > 0) throw usageError(`--${acpOnly[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --acp`);
      setExit(await runAgent(io, command, flags));
    });
}

async function runAgent(io: CliIO, command: string[], flags: RunFlags): Promise<number> {
  const [program, ...args] = command;
  if (!program) throw usageError('no agent command: put it after --, e.g. atx run -o out.json -- claude -p "hi" ...');
  const colors = colorsFor(io);
  const reporter = new Reporter(io, colors, flags.quiet, flags.json);
  const forced = flags.from === 'auto' ? undefined : findAdapter(flags.from);
  const context = contextFor(io);
  const redaction = await changingRedactionSetup(io, flags, context); // a bad profile or key fails before the agent starts
  await refuseFolderForFile(flags.out);
  const sink = sinkFor(flags);

  const child = spawn(program, args, { stdio: ['inherit', 'pipe', 'inherit'] });
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const exited = new Promise<number>((resolve) => {
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : ExitCode.internal)));
  });
  try {
    await spawned;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`cannot start ${program}: ${code === 'ENOENT' ? 'command not found' : (error as Error).message}`);
  }
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);

  // Tee: every chunk goes to our stdout unchanged and into the converter; the slower side sets the pace.
  const capture = new PassThrough();
  capture.on('error', () => {}); // a failed conversion closes it; the pass-through goes on
  child.stdout.on('data', (chunk: Buffer) => {
    const passOn = io.stdout.write(chunk);
    const keepUp = capture.destroyed || capture.write(chunk);
    if (!passOn || !keepUp) {
      child.stdout.pause();
      let waiting = (passOn ? 0 : 1) + (keepUp ? 0 : 1);
      const resume = () => { if (--waiting === 0) child.stdout.resume(); };
      if (!passOn) io.stdout.once('drain', resume);
      if (!keepUp) capture.once('drain', resume);
    }
  });
  child.stdout.once('end', () => { if (!capture.destroyed) capture.end(); });

  let conversionCode: number = ExitCode.ok;
  let result: SessionResult | undefined;
  const failures: AtxError[] = [];
  try {
    result = await convertSession(
      { main: streamInput(`${program} (stdout)`, capture), companions: [] },
      () => sink(fileOutput(flags.out!)),
      {
        adapters: ADAPTERS,
        ...(forced ? { forced } : {}),
        context,
        idFromContent: Boolean(flags.idFromContent),
        memory: new MemoryGovernor(),
        ...(redaction.transformIfAny ? { transform: redaction.transformIfAny } : {}),
        onDetected: (adapter, format) => { if (!forced) reporter.info(`detected ${adapter.label} (${format})`); },
      },
    );
    for (const note of result.notes) reporter.warn(note, { input: result.input });
    if (!flags.quiet && !flags.json) reporter.raw(formatSummary(result, colors, false));
    reporter.info(`wrote ${flags.out}`);
  } catch (error) {
    if (!(error instanceof AtxError)) throw error;
    reporter.failure(error);
    failures.push(error);
    conversionCode = error.exitCode;
    capture.destroy(); // from now on chunks only pass through, so the agent is never blocked
    capture.emit('drain');
  }
  const childCode = await exited;
  for (const signal of FORWARDED_SIGNALS) process.off(signal, forward);
  const code = childCode !== 0 ? childCode : conversionCode;
  if (flags.json) answerJson(io, runSummaryJson(result, flags.out!, failures, { command: program, exitCode: childCode }, code));
  return code;
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return numbers[signal] ?? 1;
}
