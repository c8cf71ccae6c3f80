/**
 * SIGINT, SIGTERM and SIGHUP: stop at once, remove every temporary file and partial output, say
 * in one line how far the run got, and exit 128 + the signal's number. A command that handles a
 * signal itself (`atx serve` stops gracefully, `atx run` forwards it to the agent) installs its
 * own listener, and this handler then leaves that signal to it.
 */
import { removeRunLeftovers } from './temp.js';
const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
let progress;
/** A batch command says how far it got, for the line printed when it is interrupted. */
export const batchProgress = {
    begin(total, destination, unit = 'input') {
        progress = { total, done: 0, written: 0, destination, unit };
    },
    finished(written) {
        if (!progress)
            return;
        progress.done += 1;
        if (written)
            progress.written += 1;
    },
    /** a source turned out to hold more than one Transcript */
    grew(by) {
        if (progress)
            progress.total += by;
    },
};
export function interruptionLine(signal) {
    if (!progress)
        return `atx: interrupted (${signal})`;
    const { total, done, written, destination, unit } = progress;
    const where = destination ? `; ${written} written to ${destination}` : '';
    return `atx: interrupted (${signal}) after ${done} of ${total} ${unit}(s)${where}`;
}
/** Installs the handlers once; `exit` is bin's process.exit. (Normal exits clean up through temp.ts's own exit hook.) */
export function handleInterrupts(stderr, exit) {
    for (const signal of Object.keys(SIGNAL_NUMBERS)) {
        const onSignal = () => {
            if (process.listenerCount(signal) > 1)
                return; // a command handles this signal itself
            removeRunLeftovers();
            try {
                stderr.write(`${interruptionLine(signal)}\n`);
            }
            catch {
                // stderr closed: the exit code still tells
            }
            exit(128 + SIGNAL_NUMBERS[signal]);
        };
        process.on(signal, onSignal);
    }
}
//# sourceMappingURL=interrupt.js.map