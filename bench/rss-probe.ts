/**
 * Preloaded into measured Node children with `node --import <this file> ...` by measure.ts.
 * At exit it writes the process's own peak RSS (getrusage maxrss) and CPU time to the file named
 * by ATX_BENCH_PROBE_OUT. This complements the /proc polling in measure.ts, which can miss a
 * peak reached in the last poll interval before exit. It does not change the program's
 * behaviour otherwise. On Linux it also writes the main thread's own CPU time (the process's
 * figure includes V8's helper threads and any worker thread): a process that does its work on
 * one thread cannot finish in less wall time than that thread's CPU.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** User + system CPU of the calling thread from /proc/thread-self/stat, ms (clock ticks of 10 ms); null off Linux. */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "latin1");
    // the fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const out = process.env.ATX_BENCH_PROBE_OUT;
if (out) {
  // Keep the variable out of grandchildren.
  delete process.env.ATX_BENCH_PROBE_OUT;
  process.on("exit", (code) => {
    try {
      const ru = process.resourceUsage();
      writeFileSync(
        out,
        JSON.stringify({
          exitCode: code,
          maxRssKb: ru.maxRSS,
          userCpuMs: ru.userCPUTime / 1000,
          systemCpuMs: ru.systemCPUTime / 1000,
          mainThreadCpuMs: threadCpuMs(),
        }),
      );
    } catch {
      // Never let the probe affect the measured program.
    }
  });
}
