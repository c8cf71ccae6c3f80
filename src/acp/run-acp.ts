/**
 * `atx run --acp -- <agent command>`: atx is the ACP client. It starts the agent, speaks the
 * protocol on the agent's stdin/stdout, prints the agent's answer, and turns the two-way capture
 * into a Transcript (the acp adapter, forced) while the session runs. The capture goes to
 * --capture when given; it is never written anywhere else, so no exit path leaves it behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { PassThrough, Readable, Writable } from 'node:stream';
import { findAdapter, ADAPTERS } from '../../adapters/index.js';
import { AtxError, ExitCode, fileError, usageError } from '../errors.js';
import { stdinArgument } from '../cli/input-text.js';
import { answerJson, colorsFor, contextFor, Reporter, type CliIO } from '../cli/io.js';
import { sinkFor, type FormatFlags } from '../cli/output-format.js';
import { changingRedactionSetup, type RedactionFlags } from '../cli/redaction-options.js';
import { formatSummary, runSummaryJson } from '../cli/summary.js';
import { convertSession, type SessionResult } from '../pipeline/convert.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import { streamInput } from '../pipeline/sources.js';
import { fileOutput } from '../sinks/output.js';
import { packageVersion } from '../version.js';
import { captureLine, tappedStream } from './capture.js';
import { startAcpSession, type AcpSession } from './session.js';
import { refuseFolderForFile } from '../cli/one-file-output.js';

export interface AcpRunFlags extends RedactionFlags, FormatFlags {
  out?: string;
  idFromContent?: boolean;
  quiet?: boolean;
  prompt?: string;
  allowAll?: boolean;
  denyAll?: boolean;
  capture?: string;
  json?: boolean;
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
type Signal = keyof typeof SIGNALS;
/** how long a cancelled turn may take to wind down, and an agent to exit once its session is over */
const CANCEL_GRACE_MS = 5_000;
const EXIT_GRACE_MS = 3_000;

export async function runAcpAgent(io: CliIO, command: string[], flags: AcpRunFlags): Promise<number> {
  const [program, ...args] = command;
  if (!program) throw usageError('no agent command: put it after --, e.g. atx run --acp -o out.json --prompt "hi" -- gemini --acp');
  if (flags.allowAll && flags.denyAll) throw usageError('--allow-all and --deny-all cannot be used together');
  const colors = colorsFor(io);
  const reporter = new Reporter(io, colors, flags.quiet, flags.json);
  const context = contextFor(io);
  const redaction = await changingRedactionSetup(io, flags, context);
  await refuseFolderForFile(flags.out);
  const sink = sinkFor(flags);
  const prompt = await promptText(io, flags.prompt);
  const adapter = findAdapter('acp')!;
  const permissions = flags.allowAll ? 'allow' : 'deny';
  if (!flags.allowAll) reporter.info(`the agent's permission requests will be denied${flags.denyAll ? '' : ' (the default; --allow-all allows them)'}`);

  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
  const exited = new Promise<number>((resolve) => {
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 + (SIGNALS[signal as Signal] ?? 9) : ExitCode.internal)));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`cannot start ${program}: ${code === 'ENOENT' ? 'command not found' : (error as Error).message}`);
  }
  child.stdin!.on('error', () => {}); // an agent that exits early closes its stdin: the session reports it

  let session: AcpSession | undefined;
  let interrupted: Signal | undefined;
  const onSignal = (signal: Signal) => {
    if (interrupted) {
      killGroup(child, 'SIGKILL'); // a second interrupt: no more waiting
      return;
    }
    interrupted = signal;
    if (!session) { // not talking to the agent yet: nothing to cancel
      killGroup(child, 'SIGTERM');
      return;
    }
    reporter.info(`interrupted (${signal}): cancelling the turn`);
    session.cancel().catch(() => {});
    setTimeout(() => killGroup(child, 'SIGTERM'), CANCEL_GRACE_MS).unref();
  };
  const listeners = (Object.keys(SIGNALS) as Signal[]).map((signal) => {
    const listener = () => onSignal(signal);
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  const stopListening = () => { for (const [signal, listener] of listeners) process.off(signal, listener); };

  let captureFile: WriteStream | undefined;
  if (flags.capture) {
    try {
      captureFile = await openCapture(flags.capture);
    } catch (error) {
      stopListening();
      killGroup(child, 'SIGKILL');
      throw fileError(flags.capture, error);
    }
  }
  const lines = new PassThrough();
  lines.on('error', () => {});
  const conversion = convertSession(
    { main: streamInput('acp capture', lines), companions: [] },
    () => sink(fileOutput(flags.out!)),
    {
      adapters: ADAPTERS,
      forced: adapter,
      context,
      idFromContent: Boolean(flags.idFromContent),
      memory: new MemoryGovernor(),
      ...(redaction.transformIfAny ? { transform: redaction.transformIfAny } : {}),
    },
  );
  conversion.catch(() => {}); // awaited below; a failure must not be unhandled while the session runs

  const stream = tappedStream(
    Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>,
    (dir, msg) => {
      const line = captureLine(dir, msg);
      captureFile?.write(line);
      if (!lines.destroyed) lines.write(line);
    },
  );
  let printed = '';
  session = startAcpSession({
    stream,
    cwd: process.cwd(),
    prompt,
    permissions,
    clientVersion: packageVersion(),
    onText: (text) => {
      printed = text;
      io.stdout.write(text);
    },
    onPermission: (title, answer) => reporter.info(`permission for ${title}: ${answer}`),
  });

  let sessionError: Error | undefined;
  try {
    const response = await session.done;
    if (printed && !printed.endsWith('\n')) io.stdout.write('\n');
    reporter.info(`the agent stopped: ${response.stopReason}`);
  } catch (error) {
    sessionError = error as Error;
  }
  const childCode = await stopAgent(child, exited);
  stopListening();

  lines.end();
  if (captureFile) await closeCapture(captureFile).catch((error: unknown) => reporter.error(`could not write the capture ${flags.capture}: ${(error as Error).message}`));
  let conversionCode: number = ExitCode.ok;
  let result: SessionResult | undefined;
  const failures: AtxError[] = [];
  try {
    result = await conversion;
    if (!flags.quiet && !flags.json) reporter.raw(formatSummary(result, colors, false));
    reporter.info(`wrote ${flags.out}${flags.capture ? ` and the capture ${flags.capture}` : ''}`);
  } catch (error) {
    if (!(error instanceof AtxError)) throw error;
    reporter.failure(error);
    failures.push(error);
    conversionCode = error.exitCode;
  }
  let code = conversionCode;
  if (interrupted) code = 128 + SIGNALS[interrupted];
  else if (sessionError) {
    const failed = new AtxError(ExitCode.invalidInput, `the ACP session failed: ${describe(sessionError)}${childCode !== 0 ? ` (the agent exited with ${childCode})` : ''}`, { code: 'acp_session_failed' });
    reporter.failure(failed);
    failures.push(failed);
    code = childCode !== 0 ? childCode : ExitCode.invalidInput;
  }
  if (flags.json) answerJson(io, runSummaryJson(result, flags.out!, failures, { command: program, exitCode: childCode }, code));
  return code;
}

async function promptText(io: CliIO, prompt: string | undefined): Promise<string> {
  if (prompt !== undefined) {
    if (prompt.trim() === '') throw usageError('--prompt is empty');
    return prompt;
  }
  if (io.stdin.isTTY) throw usageError('no prompt: give --prompt <text> or pipe the prompt into stdin');
  return (await stdinArgument(io, 'give --prompt <text>, or pipe the prompt into stdin')).replace(/\n$/, '');
}

function openCapture(path: string): Promise<WriteStream> {
  return new Promise((resolve, reject) => {
    const stream = createWriteStream(path, { mode: 0o600 });
    stream.once('open', () => resolve(stream));
    stream.once('error', reject);
  });
}

function closeCapture(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

/** The session is over: close the agent's stdin, give it a moment, then end its whole process group. */
async function stopAgent(child: ChildProcess, exited: Promise<number>): Promise<number> {
  child.stdin?.end();
  const timer = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
  let code = await Promise.race([exited, timer(EXIT_GRACE_MS)]);
  if (code === 'timeout') {
    killGroup(child, 'SIGTERM');
    code = await Promise.race([exited, timer(EXIT_GRACE_MS)]);
    if (code === 'timeout') {
      killGroup(child, 'SIGKILL');
      code = await exited;
    }
    return 0; // ended by atx after a finished session: not the agent's failure
  }
  killGroup(child, 'SIGKILL'); // whatever it left behind (language servers, daemons)
  return code;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function describe(error: Error): string {
  const data = (error as { data?: unknown }).data;
  const detail = typeof data === 'string' ? data : data && typeof data === 'object' && 'details' in data ? String((data as { details: unknown }).details) : '';
  return `${error.message}${detail ? `: ${detail}` : ''}`;
}
