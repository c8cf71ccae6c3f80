/**
 * What a command may touch of the outside world, passed in so tests can run commands in-process.
 */
import type { Readable, Writable } from 'node:stream';
import pc from 'picocolors';
import { EXIT_CODE_TABLE, ERROR_CODE_NAMES, usageError, type AtxError } from '../errors.js';
import { maskKeys } from '../mask.js';
import { writeAroundLiveLine } from './progress.js';
import { defaultContext, fixedClock, randomIds, seededIds, type RunContext } from '../pipeline/context.js';

export interface CliIO {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** with `--json`: the run's one JSON answer, which main() prints when the command is done */
  answer?: JsonAnswer;
}

export type Colors = ReturnType<typeof pc.createColors>;

/**
 * The common conventions: NO_COLOR (https://no-color.org) turns colour off, FORCE_COLOR turns it
 * on (FORCE_COLOR=0 or false turns it off), otherwise colour only on a terminal that is not dumb.
 */
export function colorsFor(io: CliIO): Colors {
  return pc.createColors(wantsColor(io));
}

export function wantsColor(io: Pick<CliIO, 'env' | 'stderr'>): boolean {
  const { NO_COLOR, FORCE_COLOR, TERM } = io.env;
  if (NO_COLOR !== undefined && NO_COLOR !== '') return false;
  if (FORCE_COLOR !== undefined) return FORCE_COLOR !== '0' && FORCE_COLOR.toLowerCase() !== 'false';
  return Boolean(io.stderr.isTTY) && TERM !== 'dumb';
}

/**
 * The run's clock and ids. ATX_CLOCK (an RFC 3339 time) and ATX_ID_SEED make output
 * repeatable for tests and for anyone who needs byte-identical reruns.
 */
export function contextFor(io: CliIO): RunContext {
  checkEnvironment(io.env);
  const context = defaultContext();
  const clock = io.env.ATX_CLOCK;
  const seed = io.env.ATX_ID_SEED;
  return {
    clock: clock ? fixedClock(clock) : context.clock,
    ids: seed ? seededIds(seed) : randomIds,
  };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A mistake in atx's own environment variables is a usage error found at start-up, not a bug later. */
export function checkEnvironment(env: NodeJS.ProcessEnv): void {
  const clock = env.ATX_CLOCK;
  if (clock !== undefined && clock !== '' && !(RFC3339.test(clock) && Number.isFinite(Date.parse(clock)))) {
    throw usageError(`ATX_CLOCK must be an RFC 3339 time such as 2026-01-01T00:00:00Z, got ${JSON.stringify(clock.slice(0, 40))}`);
  }
}

/**
 * Everything atx says to people goes through here, on stderr. With `json`, stderr stays
 * machine-readable: informational lines are left out, and warnings and errors are one JSON
 * object per line (`{"error": {"code", "message", "input", "line"}}`).
 */
export class Reporter {
  constructor(private readonly io: CliIO, private readonly colors: Colors, private readonly quiet = false, private readonly json = false) {}

  info(message: string): void {
    if (!this.quiet && !this.json) writeAroundLiveLine(this.io.stderr, `${this.colors.dim('atx:')} ${message}\n`);
  }

  warn(message: string, where: { input?: string; line?: number } = {}): void {
    if (this.json && this.io.answer) this.io.answer.warn({ message, ...where });
    else if (this.json) writeAroundLiveLine(this.io.stderr, `${JSON.stringify({ warning: { message, ...where } })}\n`);
    else writeAroundLiveLine(this.io.stderr, `${this.colors.yellow('atx: warning:')} ${message}\n`);
  }

  error(message: string): void {
    if (this.json && this.io.answer) this.io.answer.fail({ code: 'error', message });
    else if (this.json) writeAroundLiveLine(this.io.stderr, `${JSON.stringify({ error: { code: 'error', message } })}\n`);
    else writeAroundLiveLine(this.io.stderr, `${this.colors.red('atx: error:')} ${message}\n`);
  }

  /** An AtxError, with its detail lines (as text) or its code, input and line (as JSON). */
  failure(error: AtxError, where: { input?: string } = {}): void {
    if (this.json) {
      const named = error.input ?? where.input;
      const line = error.line ?? lineOf(named);
      const input = named !== undefined && error.line === undefined && line !== undefined ? named.slice(0, named.lastIndexOf(':')) : named;
      const described = { code: error.code, message: error.message, ...(input !== undefined ? { input } : {}), ...(line !== undefined ? { line } : {}) };
      if (this.io.answer) this.io.answer.fail({ ...described, exitCode: error.exitCode });
      else writeAroundLiveLine(this.io.stderr, `${JSON.stringify({ error: described })}\n`);
      return;
    }
    writeAroundLiveLine(this.io.stderr, `${this.colors.red('atx: error:')} ${error.message}\n`);
    for (const detail of error.details) writeAroundLiveLine(this.io.stderr, `${detail}\n`);
  }

  raw(text: string): void {
    writeAroundLiveLine(this.io.stderr, text);
  }
}

/**
 * stderr with every key-shaped text masked (mask.ts) on the way out: main() gives commands this
 * one, so that no message, whoever wrote it, can print a key typed where a path belongs.
 */
export function maskingStderr(stderr: CliIO['stderr']): CliIO['stderr'] {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
    const masked = typeof text === 'string' ? maskKeys(text) : text;
    return (stderr.write as (...args: unknown[]) => boolean).call(stderr, masked, ...rest);
  };
  return new Proxy(stderr, {
    get(target, property) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The line of a unit named `file:line` (one Transcript of several in a file). */
function lineOf(input: string | undefined): number | undefined {
  const match = input ? /:(\d+)$/.exec(input) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * Where a command's `--json` answer goes (cli.md: stdout carries data only): `stdout` when the
 * answer is the command's only output, `stderr` when stdout carries a Transcript or an agent's
 * output, `lines` when stdout is a JSON Lines stream (then stderr is one too: each warning and
 * error a line as it happens, since such a run may last for hours).
 */
export type AnswerStream = 'stdout' | 'stderr' | 'lines';

type Entry = Record<string, unknown>;

/**
 * A `--json` run's one JSON document: the command's result (its summary, list or report), the
 * `warnings` and `errors` said on the way, and, when the exit code is not 0, `error` (what decided
 * it, with that exit code). A script parses one document and finds the outcome in it.
 */
export class JsonAnswer {
  private document: Entry | undefined;
  private pretty = false;
  private readonly warnings: Entry[] = [];
  private readonly errors: Entry[] = [];
  private explanation: Entry | undefined;

  constructor(private readonly io: Pick<CliIO, 'stdout' | 'stderr'>, private readonly stream: AnswerStream) {}

  /** the command's result; a second call replaces the first (one document per run) */
  set(document: object, pretty = false): void {
    this.document = document as Entry;
    this.pretty = pretty;
  }

  warn(warning: Entry): void {
    if (this.stream === 'lines') this.io.stderr.write(`${JSON.stringify({ warning })}\n`);
    else this.warnings.push(warning);
  }

  fail(error: Entry): void {
    if (this.stream === 'lines') this.io.stderr.write(`${JSON.stringify({ error })}\n`);
    else this.errors.push(error);
  }

  /** What a non-zero exit means when no error was reported (a result that lists its own failures): `error` says it. */
  explain(error: Entry): void {
    this.explanation = error;
  }

  /** Prints the document (nothing when there is nothing to say). */
  finish(exitCode: number): void {
    if (this.stream === 'lines') {
      if (this.document !== undefined) this.io.stdout.write(`${maskKeys(JSON.stringify(this.document))}\n`);
      return;
    }
    const additions: Entry = {};
    if (this.warnings.length > 0) additions.warnings = this.warnings;
    const errors = this.errors.map((error) => codedError(error, exitCode));
    // `errors` beside a result, or when there are several; one error alone is just `error`
    const lone = this.document === undefined && errors.length === 1 && exitCode !== 0;
    if (errors.length > 0 && !lone && !(this.document && 'errors' in this.document)) additions.errors = errors;
    if (exitCode !== 0) additions.error = { ...(errors[0] ?? this.explanation ?? unexplained(exitCode)), exitCode };
    if (this.document === undefined && Object.keys(additions).length === 0) return;
    // a list (adapters, profiles, keys) stays a list unless something must be said beside it
    const list = Array.isArray(this.document);
    const document = list && Object.keys(additions).length === 0 ? this.document : { ...(list ? { items: this.document } : this.document), ...additions };
    const out = this.stream === 'stdout' ? this.io.stdout : this.io.stderr;
    out.write(`${maskKeys(JSON.stringify(document, null, this.pretty ? 2 : undefined))}\n`);
  }
}

/** An error reported as a plain message (Reporter.error) is coded by the run's exit code. */
const codedError = (error: Entry, exitCode: number): Entry => (error.code === 'error' && ERROR_CODE_NAMES[exitCode] ? { ...error, code: ERROR_CODE_NAMES[exitCode] } : error);

/** A non-zero exit no error was reported for (a gate): the exit code's meaning. */
function unexplained(exitCode: number): Entry {
  const meaning = EXIT_CODE_TABLE.find((row) => row.code === exitCode)?.meaning ?? `exit code ${exitCode}`;
  return { code: ERROR_CODE_NAMES[exitCode] ?? 'error', message: meaning };
}

/** A command's `--json` result: into the run's one answer (main prints it), or on stdout outside main. */
export function answerJson(io: CliIO, document: object, options: { pretty?: boolean } = {}): void {
  if (io.answer) io.answer.set(document, options.pretty);
  else io.stdout.write(`${maskKeys(JSON.stringify(document, null, options.pretty ? 2 : undefined))}\n`);
}
