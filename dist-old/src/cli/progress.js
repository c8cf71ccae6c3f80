const MIN_SIZE_FOR_PROGRESS = 32 * 1024 * 1024;
const INTERVAL_MS = 250;
export function progressReporter(io, colors) {
    if (!io.stderr.isTTY)
        return { update: () => { }, done: () => { } };
    let last = 0;
    let shown = false;
    return {
        update(bytesRead, input) {
            if (!input.size || input.size < MIN_SIZE_FOR_PROGRESS)
                return;
            const now = performance.now(); // display throttle only: not the injected clock
            if (now - last < INTERVAL_MS)
                return;
            last = now;
            shown = true;
            const percent = Math.min(100, Math.floor((bytesRead / input.size) * 100));
            io.stderr.write(`\r${colors.dim('atx:')} reading ${input.name} ${percent}% (${mib(bytesRead)} of ${mib(input.size)} MiB)`);
        },
        done() {
            if (shown)
                io.stderr.write('\r\x1b[2K');
            shown = false;
        },
    };
}
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(0);
/** `atx: 120 of 200 sessions, 64/s, about 1 s left, 2 failed`, redrawn in place on a terminal; nothing elsewhere. */
export function batchProgressLine(io, colors, total, unit = 'sessions') {
    if (!io.stderr.isTTY)
        return { finished: () => { }, grew: () => { }, clear: () => { } };
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
        io.stderr.write(`\r\x1b[2K${colors.dim('atx:')} ${done} of ${total} ${unit}, ${rate.toFixed(rate < 10 ? 1 : 0)}/s${left}${failures}`);
        shown = true;
    };
    return {
        finished(ok) {
            done += 1;
            if (!ok)
                failed += 1;
            const now = performance.now();
            if (now - last < INTERVAL_MS && done < total)
                return;
            last = now;
            draw();
        },
        grew(by) {
            total += by;
        },
        clear() {
            if (shown)
                io.stderr.write('\r\x1b[2K');
            shown = false;
        },
    };
}
//# sourceMappingURL=progress.js.map