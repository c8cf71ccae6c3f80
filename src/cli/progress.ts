/** A one-line progress display on stderr for long inputs; silent when stderr is not a terminal. */
import type { InputFile } from '../pipeline/sources.js';
import type { CliIO, Colors } from './io.js';

const MIN_SIZE_FOR_PROGRESS = 32 * 1024 * 1024;
const INTERVAL_MS = 250;

export interface Progress {
  update(bytesRead: number, input: InputFile): void;
  done(): void;
}

export function progressReporter(io: CliIO, colors: Colors): Progress {
  if (!io.stderr.isTTY) return { update: () => {}, done: () => {} };
  let last = 0;
  let shown = false;
  return {
    update(bytesRead, input) {
      if (!input.size || input.size < MIN_SIZE_FOR_PROGRESS) return;
      const now = performance.now(); // display throttle only: not the injected clock
      if (now - last < INTERVAL_MS) return;
      last = now;
      shown = true;
      const percent = Math.min(100, Math.floor((bytesRead / input.size) * 100));
      io.stderr.write(`\r${colors.dim('atx:')} reading ${input.name} ${percent}% (${mib(bytesRead)} of ${mib(input.size)} MiB)`);
    },
    done() {
      if (shown) io.stderr.write('\r\x1b[2K');
      shown = false;
    },
  };
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
