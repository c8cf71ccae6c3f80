/**
 * What a command may touch of the outside world, passed in so tests can run commands in-process.
 */
import type { Readable, Writable } from 'node:stream';
import pc from 'picocolors';
import { defaultContext, fixedClock, randomIds, seededIds, type RunContext } from '../pipeline/context.js';

export interface CliIO {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export type Colors = ReturnType<typeof pc.createColors>;

/** Colour only on a terminal, and never with NO_COLOR (https://no-color.org). */
export function colorsFor(io: CliIO): Colors {
  const noColor = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '';
  return pc.createColors(Boolean(io.stderr.isTTY) && !noColor && io.env.TERM !== 'dumb');
}

/**
 * The run's clock and ids. ATX_CLOCK (an RFC 3339 time) and ATX_ID_SEED make output
 * repeatable for tests and for anyone who needs byte-identical reruns.
 */
export function contextFor(io: CliIO): RunContext {
  const context = defaultContext();
  const clock = io.env.ATX_CLOCK;
  const seed = io.env.ATX_ID_SEED;
  return {
    clock: clock ? fixedClock(clock) : context.clock,
    ids: seed ? seededIds(seed) : randomIds,
  };
}

export class Reporter {
  constructor(private readonly io: CliIO, private readonly colors: Colors, private readonly quiet = false) {}

  info(message: string): void {
    if (!this.quiet) this.io.stderr.write(`${this.colors.dim('atx:')} ${message}\n`);
  }

  warn(message: string): void {
    this.io.stderr.write(`${this.colors.yellow('atx: warning:')} ${message}\n`);
  }

  error(message: string): void {
    this.io.stderr.write(`${this.colors.red('atx: error:')} ${message}\n`);
  }

  raw(text: string): void {
    this.io.stderr.write(text);
  }
}
