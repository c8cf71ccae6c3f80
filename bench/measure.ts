/**
 * Run a child process and measure wall time and peak resident memory.
 *
 * Peak RSS is taken from /proc/<pid>/status (VmHWM = high-water mark of resident set size),
 * polled every `pollMs` (default 50 ms), keeping the maximum seen. For Node children
 * (`measureNode`) a preload (rss-probe.js) additionally reports getrusage maxRSS at exit, which
 * covers a peak reached in the last poll interval; the reported peak is the max of both.
 * Linux only for the /proc part (elsewhere peakRssKb comes from the probe alone, if any).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

export interface MeasureOptions {
  /** Poll interval for /proc/<pid>/status, ms. Default 50. */
  pollMs?: number;
  /** "discard": count and drop stdout; "capture": keep it (small outputs only). Default "discard". */
  stdout?: "discard" | "capture";
  /** Lines of stderr kept (the last N). Default 20. */
  stderrTailLines?: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called every `progressMs` (default 5000) while the child runs. */
  onProgress?: (info: { elapsedMs: number; rssKb: number; peakKb: number }) => void;
  progressMs?: number;
}

export interface ProbeReport {
  exitCode: number;
  maxRssKb: number;
  userCpuMs: number;
  systemCpuMs: number;
  /** The main thread's own user + system CPU, ms (Linux; absent or null elsewhere) */
  mainThreadCpuMs?: number | null;
}

export interface Measurement {
  command: string[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Spawn to exit, ms (includes process start-up). */
  wallMs: number;
  /** Max of the /proc VmHWM polls and the exit probe, KiB. 0 when nothing could be read. */
  peakRssKb: number;
  /** Max VmHWM seen by polling, KiB. */
  polledPeakKb: number;
  /** Number of successful /proc polls. */
  samples: number;
  probe: ProbeReport | null;
  stdoutBytes: number;
  /** Only with stdout: "capture". */
  stdout: string;
  /** Last lines of stderr. */
  stderrTail: string[];
  /** Spawn error (e.g. ENOENT), if any. */
  error?: string;
}

const active = new Set<ChildProcess>();

/** Kills the children that are still being measured (for the runner's SIGINT handler). */
export function killActiveChildren(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const c of active) c.kill(signal);
}

/** VmHWM and VmRSS of a live process in KiB; null once it has exited (or is a zombie). */
function readProcStatus(pid: number): { hwmKb: number; rssKb: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, "latin1");
  } catch {
    return null;
  }
  const hwm = /^VmHWM:\s+(\d+)\s+kB/m.exec(text);
  const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  if (!hwm && !rss) return null; // zombie: no Vm* lines any more
  const rssKb = rss ? Number(rss[1]) : 0;
  return { hwmKb: hwm ? Number(hwm[1]) : rssKb, rssKb };
}

/** Spawns `command[0]` with `command.slice(1)` and measures it. Never rejects. */
export function measure(command: string[], options: MeasureOptions = {}): Promise<Measurement> {
  const pollMs = options.pollMs ?? 50;
  const tailLines = options.stderrTailLines ?? 20;
  const [file, ...args] = command;
  return new Promise((resolve) => {
    const result: Measurement = {
      command,
      exitCode: null,
      signal: null,
      wallMs: 0,
      peakRssKb: 0,
      polledPeakKb: 0,
      samples: 0,
      probe: null,
      stdoutBytes: 0,
      stdout: "",
      stderrTail: [],
    };
    if (!file) {
      result.error = "empty command";
      resolve(result);
      return;
    }
    const t0 = performance.now();
    const child = spawn(file, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env ?? process.env,
      cwd: options.cwd,
    });
    active.add(child);

    let lastRssKb = 0;
    const progressMs = options.progressMs ?? 5000;
    let nextProgress = progressMs;
    const poll = (): void => {
      if (child.pid === undefined) return;
      const st = readProcStatus(child.pid);
      if (st !== null) {
        result.samples++;
        lastRssKb = st.rssKb;
        if (st.hwmKb > result.polledPeakKb) result.polledPeakKb = st.hwmKb;
      }
      const elapsedMs = performance.now() - t0;
      if (options.onProgress && elapsedMs >= nextProgress) {
        nextProgress += progressMs;
        options.onProgress({ elapsedMs, rssKb: lastRssKb, peakKb: result.polledPeakKb });
      }
    };
    const timer = setInterval(poll, pollMs);
    poll();

    const stdoutChunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      result.stdoutBytes += chunk.length;
      if (options.stdout === "capture") stdoutChunks.push(chunk);
    });

    // Keep a bounded tail of stderr.
    let stderrTail = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderrTail += chunk.toString("utf8");
      if (stderrTail.length > 64 * 1024) stderrTail = stderrTail.slice(-32 * 1024);
    });

    let exited = false;
    child.on("exit", (code, signal) => {
      exited = true;
      result.wallMs = performance.now() - t0;
      result.exitCode = code;
      result.signal = signal;
      clearInterval(timer);
    });
    child.on("error", (err) => {
      active.delete(child);
      result.error = err.message;
      if (!exited) {
        clearInterval(timer);
        result.wallMs = performance.now() - t0;
      }
    });
    child.on("close", () => {
      active.delete(child);
      clearInterval(timer);
      result.stdout = Buffer.concat(stdoutChunks).toString("utf8");
      result.stderrTail = stderrTail.split(/\r?\n/).filter((l) => l.trim() !== "").slice(-tailLines);
      result.peakRssKb = result.polledPeakKb;
      resolve(result);
    });
  });
}

const PROBE_URL = new URL("./rss-probe.js", import.meta.url).href;

/**
 * Runs `node <script> ...args` with the exit probe preloaded and measures it.
 * `nodeArgs` go before the script (e.g. ["--cpu-prof"]).
 */
export async function measureNode(
  script: string,
  args: string[],
  options: MeasureOptions & { nodeArgs?: string[] } = {},
): Promise<Measurement> {
  const probeOut = join(tmpdir(), `atx-bench-probe-${process.pid}-${randomBytes(4).toString("hex")}.json`);
  const env = { ...(options.env ?? process.env), ATX_BENCH_PROBE_OUT: probeOut };
  const command = [process.execPath, ...(options.nodeArgs ?? []), "--import", PROBE_URL, script, ...args];
  const m = await measure(command, { ...options, env });
  try {
    m.probe = JSON.parse(readFileSync(probeOut, "utf8")) as ProbeReport;
    if (m.probe.maxRssKb > m.peakRssKb) m.peakRssKb = m.probe.maxRssKb;
  } catch {
    m.probe = null;
  }
  rmSync(probeOut, { force: true });
  return m;
}
