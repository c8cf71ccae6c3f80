/** A one-line progress display on stderr for long inputs; silent when stderr is not a terminal. */
import type { InputFile } from '../pipeline/sources.js';
import type { CliIO, Colors } from './io.js';

const MIN_SIZE_FOR_PROGRESS = 32 * 1024 * 1024;
const INTERVAL_MS = 250;
const CLEAR_LINE = '\r\x1b[2K';

interface LiveLine {
  /** takes the line off the terminal, if it is drawn */
  hide(): void;
  /** draws it again, if hide took it off */
  show(): void;
}

/** The line being redrawn in place on each stderr, so that a message is never written onto its end. */
const liveLines = new WeakMap<object, LiveLine>();

/** Writes a message line on stderr: a progress line drawn there is taken off first and drawn again after. */
export function writeAroundLiveLine(stderr: CliIO['stderr'], text: string): void {
  const live = liveLines.get(stderr);
  live?.hide();
  stderr.write(text);
  live?.show();
}

/** Makes `draw` stderr's live line (call it on each draw); returns what to call when the line is gone. */
function liveLine(stderr: CliIO['stderr'], draw: () => void, isShown: () => boolean, setShown: (shown: boolean) => void): { drawn(): void; gone(): void } {
  let hidden = false;
  const line: LiveLine = {
    hide() {
      if (!isShown()) return;
      stderr.write(CLEAR_LINE);
      setShown(false);
      hidden = true;
    },
    show() {
      if (hidden) draw();
      hidden = false;
    },
  };
  return {
    drawn: () => liveLines.set(stderr, line),
    gone: () => {
      if (liveLines.get(stderr) === line) liveLines.delete(stderr);
    },
  };
}

export interface Progress {
  update(bytesRead: number, input: InputFile): void;
  done(): void;
}

export function progressReporter(io: CliIO, colors: Colors): Progress {
  if (!io.stderr.isTTY) return { update: () => {}, done: () => {} };
  let last = 0;
  let shown = false;
  let line = '';
  const draw = () => {
    io.stderr.write(`${CLEAR_LINE}${line}`);
    shown = true;
    live.drawn();
  };
  const live = liveLine(io.stderr, draw, () => shown, (now) => { shown = now; });
  return {
    update(bytesRead, input) {
      if (!input.size || input.size < MIN_SIZE_FOR_PROGRESS) return;
      const now = performance.now(); // display throttle only: not the injected clock
      if (now - last < INTERVAL_MS) return;
      last = now;
      const percent = Math.min(100, Math.floor((bytesRead / input.size) * 100));
      line = `${colors.dim('atx:')} reading ${input.name} ${percent}% (${mib(bytesRead)} of ${mib(input.size)} MiB)`;
      draw();
    },
    done() {
      if (shown) io.stderr.write(CLEAR_LINE);
      shown = false;
      live.gone();
    },
  };
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export interface BatchProgressLine {
  finished(ok: boolean): void;
  /** an input turned out to hold more than one Transcript */
  grew(by: number): void;
  clear(): void;
}

/** `atx: 120 of 200 sessions, 64/s, about 1 s left, 2 failed`, redrawn in place on a terminal; nothing elsewhere. */
export function batchProgressLine(io: CliIO, colors: Colors, total: number, unit = 'sessions'): BatchProgressLine {
  if (!io.stderr.isTTY) return { finished: () => {}, grew: () => {}, clear: () => {} };
  const started = performance.now(); // display only: not the injected clock
  let done = 0;
  let failed = 0;
  let last = 0;
  let shown = false;
  const draw = () => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const left = rate > 0 ? `, about ${Math.ceil((total - done) / rate)} s left` : '';
    const failures = failed > 0 ? `, ${colors.yellow(`${failed} failed`)}` : '';
    io.stderr.write(`${CLEAR_LINE}${colors.dim('atx:')} ${done} of ${total} ${unit}, ${rate.toFixed(rate < 10 ? 1 : 0)}/s${left}${failures}`);
    shown = true;
    live.drawn();
  };
  const live = liveLine(io.stderr, draw, () => shown, (now) => { shown = now; });
  return {
    finished(ok) {
      done += 1;
      if (!ok) failed += 1;
      const now = performance.now();
      if (now - last < INTERVAL_MS && done < total) return;
      last = now;
      draw();
    },
    grew(by) {
      total += by;
    },
    clear() {
      if (shown) io.stderr.write(CLEAR_LINE);
      shown = false;
      live.gone();
    },
  };
}
