/**
 * Issue 15's upload figure: one `atx upload` process, from its start, sending a folder of
 * generated Claude Code sessions of ~160 KB (native logs: read, converted, redacted with the default profile,
 * put in the outbox, gzipped and posted) into `atx serve` on loopback. Sessions per second.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateClaudeSession } from "./generate-claude-session.js";
import { measureNode, type Measurement } from "./measure.js";
import { benchEnv, createKey, startChild, stopChild } from "./upload.js";

export const NATIVE_UPLOAD_SESSIONS = 200;
/** Compact sessions of at least this size average ~160 KB (32 MB in all), the real sessions. */
export const NATIVE_SESSION_MIB = 0.12;

export interface NativeUploadRun {
  measurement: Measurement;
  sessions: number;
  bytes: number;
  /** CPU time `atx serve` spent while the upload ran (its start-up excluded), ms; null off Linux */
  serverCpuMs: number | null;
  /** CPU time `atx serve` spent after it said it was listening and before the upload began (its threads starting), ms; null off Linux */
  serverSettleCpuMs: number | null;
  /** the part of serverCpuMs spent by the server's main thread (its event loop), ms; null off Linux */
  serverMainCpuMs: number | null;
}

/** `serverNodeArgs`: node flags for `atx serve` (a CPU profile of the server, say). */
export async function runNativeUpload(atx: string, tmpDir: string, nodeArgs: string[], serverNodeArgs: string[] = []): Promise<NativeUploadRun> {
  const folder = join(tmpDir, "native-sessions");
  const dataDir = join(tmpDir, "native-serve");
  mkdirSync(folder, { recursive: true });
  let bytes = 0;
  for (let seed = 1; seed <= NATIVE_UPLOAD_SESSIONS; seed++) {
    bytes += (await generateClaudeSession(join(folder, `session-${seed}.jsonl`), { sizeMb: NATIVE_SESSION_MIB, seed, compact: true })).bytes;
  }
  const key = await createKey(atx, dataDir);
  const keyFile = join(tmpDir, "native-key");
  writeFileSync(keyFile, `atx_${key.keyId}_${key.secret}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  const serve = await startChild([...serverNodeArgs, atx, "serve", "--port", "0", "--data-dir", dataDir, "--quiet", "--rate-limit", "0"]);
  try {
    // the server starts its threads after it says it is listening: that start-up is not the upload's
    const listening = cpuMsOf(serve.child.pid);
    const serverBefore = await settledCpuMs(serve.child.pid);
    const mainBefore = cpuMsOf(serve.child.pid, true);
    const measurement = await measureNode(atx, ["upload", folder, "--endpoint", serve.url, "--key-file", keyFile, "--outbox", join(tmpDir, "native-outbox"), "-q"], { env: benchEnv(), nodeArgs });
    const serverAfter = cpuMsOf(serve.child.pid);
    const mainAfter = cpuMsOf(serve.child.pid, true);
    const serverMainCpuMs = mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore;
    const serverCpuMs = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
    const serverSettleCpuMs = listening === null || serverBefore === null ? null : serverBefore - listening;
    return { measurement, sessions: NATIVE_UPLOAD_SESSIONS, bytes, serverCpuMs, serverSettleCpuMs, serverMainCpuMs };
  } finally {
    await stopChild(serve.child);
    rmSync(folder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The process's CPU time once it has all but stopped growing (by at most one clock tick in 200 ms,
 * which a profiler's sampling may take; 10 s at most), ms; null when unreadable.
 */
async function settledCpuMs(pid: number | undefined): Promise<number | null> {
  let last = cpuMsOf(pid);
  for (let waited = 0; last !== null && waited < 10_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = cpuMsOf(pid);
    if (now !== null && now - last <= 10) return now;
    last = now;
  }
  return last;
}

/**
 * User + system CPU time of a live process from /proc/<pid>/stat, ms (clock ticks of 10 ms, as on
 * Linux), or of its main thread alone (`mainThread`); null when unreadable.
 */
function cpuMsOf(pid: number | undefined, mainThread = false): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "latin1");
    // the fields after the command name (which may hold spaces) start after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
