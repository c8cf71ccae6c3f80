/**
 * Preloaded into measured Node children with `node --import <this file> ...` by measure.ts.
 * At exit it writes the process's own peak RSS (getrusage maxrss) and CPU time to the file named
 * by ATX_BENCH_PROBE_OUT. This complements the /proc polling in measure.ts, which can miss a
 * peak reached in the last poll interval before exit. It does not change the program's
 * behaviour otherwise.
 */
import { writeFileSync } from "node:fs";
const out = process.env.ATX_BENCH_PROBE_OUT;
if (out) {
    // Keep the variable out of grandchildren.
    delete process.env.ATX_BENCH_PROBE_OUT;
    process.on("exit", (code) => {
        try {
            const ru = process.resourceUsage();
            writeFileSync(out, JSON.stringify({
                exitCode: code,
                maxRssKb: ru.maxRSS,
                userCpuMs: ru.userCPUTime / 1000,
                systemCpuMs: ru.systemCPUTime / 1000,
            }));
        }
        catch {
            // Never let the probe affect the measured program.
        }
    });
}
//# sourceMappingURL=rss-probe.js.map