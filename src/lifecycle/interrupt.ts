/**
 * SIGINT, SIGTERM and SIGHUP: stop at once, remove every temporary file and partial output, say
 * in one line how far the run got, and exit 128 + the signal's number. A command that handles a
 * signal itself (`atx serve` stops gracefully, `atx run` forwards it to the agent) installs its
 * own listener, and this handler then leaves that signal to it.
 */
import { releaseBlockedFifoOpens } from './blocked-opens.js';
import { closeOutputGate } from './output-gate.js';
import { removeRunLeftovers } from './temp.js';

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type HandledSignal = keyof typeof SIGNAL_NUMBERS;

interface BatchProgress {
  total: number;
  done: number;
  written: number;
  destination: string | undefined;
  unit: string;
}

let progress: BatchProgress | undefined;

/** A batch command says how far it got, for the line printed when it is interrupted. */
export const batchProgress = {
  begin(total: number, destination: string | undefined, unit = 'input'): void {
    progress = { total, done: 0, written: 0, destination, unit };
  },
  finished(written: boolean): void {
    if (!progress) return;
    progress.done += 1;
    if (written) progress.written += 1;
  },
  /** a source turned out to hold more than one Transcript */
  grew(by: number): void {
    if (progress) progress.total += by;
  },
};

export function interruptionLine(signal: string): string {
  if (!progress) return `atx: interrupted (${signal})`;
  const { total, done, written, destination, unit } = progress;
  const where = destination ? `; ${written} written to ${destination}` : '';
  return `atx: interrupted (${signal}) after ${done} of ${total} ${unit}(s)${where}`;
}

/** Installs the handlers once; `exit` is bin's process.exit. (Normal exits clean up through temp.ts's own exit hook.) */
export function handleInterrupts(stderr: NodeJS.WritableStream, exit: (code: number) => never): void {
  for (const signal of Object.keys(SIGNAL_NUMBERS) as HandledSignal[]) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return; // a command handles this signal itself
      closeOutputGate(); // worker threads run on: none may make or rename an output after the sweep
      removeRunLeftovers();
      releaseBlockedFifoOpens(); // else exit waits for ever on a thread in open(2) of a FIFO
      try {
        stderr.write(`${interruptionLine(signal)}\n`);
      } catch {
        // stderr closed: the exit code still tells
      }
      exit(128 + SIGNAL_NUMBERS[signal]);
    };
    process.on(signal, onSignal);
  }
}
