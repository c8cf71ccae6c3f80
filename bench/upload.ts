/**
 * Upload benchmark: how fast transcripts go from the upload client into `atx serve` on loopback,
 * against a baseline measured in the same run: raw `node:http` POSTs of the very same bytes to a
 * trivial sink server (reads the body, discards it, answers 201). Both servers run as child
 * processes and both clients in this process, with the same concurrency, so the ratio says how
 * much the real client + server (gunzip, schema validation, atomic storage, index, answer
 * parsing) cost over bare HTTP on this machine.
 *
 * Child entries:
 *   node dist/bench/upload.js --size small|large [--json-kib K] [--count N] [--concurrency C] [--atx dist/bin/atx.js] [--tmp DIR]
 *     [--server-cpu-prof DIR]   (the atx serve child writes a V8 CPU profile there: bench/profile-summary.ts)
 *       runs one measurement, prints an UploadBenchResult as JSON on stdout (progress on stderr)
 *   node dist/bench/upload.js --sink [discard|parse]
 *       a baseline's sink server: prints "listening on http://127.0.0.1:<port>" on stderr
 *
 * Inputs are synthetic Transcripts (seeded, schema-valid, profile "standard"), each with its own
 * transcriptId, gzipped before timing starts, as `atx upload` sends them. "small" ≈ 10 KB of
 * JSON (a short session), "large" ≈ 5 MB (a long session with big tool outputs). Ingest MB/s
 * counts the uncompressed JSON bytes, for the baseline as well.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { parseKey, pseudonymFor, type SubmissionKey } from "../src/keys.js";
import { TranscriptSchema } from "../src/transcript/schema.js";
import { parseEndpoint } from "../src/upload/endpoint.js";
import { UploadClient } from "../src/upload/http-client.js";
import { isMain, MiB } from "./util.js";

export type UploadSize = "small" | "large";

export interface ThroughputSample {
  count: number;
  ms: number;
  perSec: number;
  /** uncompressed JSON MiB per second */
  mibPerSec: number;
}

export interface UploadBenchResult {
  size: UploadSize;
  count: number;
  concurrency: number;
  /** uncompressed JSON bytes of one transcript (average) and of all */
  jsonBytesEach: number;
  jsonBytes: number;
  gzipBytes: number;
  /** raw node:http POSTs into a sink that discards the body */
  raw: ThroughputSample;
  /** the same into a sink that gunzips and JSON.parses each body: the least any validating server does */
  parse: ThroughputSample;
  atx: ThroughputSample;
  /** atx.perSec / raw.perSec (= the MiB/s ratio: same bytes) */
  ratio: number;
  /** atx.perSec / parse.perSec */
  ratioToParse: number;
  /** peak RSS of the atx serve child (VmHWM), MiB; null off Linux */
  serverPeakRssMib: number | null;
  /** bytes under the data dir after the run */
  dataDirBytes: number;
  /** answers other than 201 (must be 0) */
  unexpected: number;
  /** CPU time (user + system) of the atx serve child per measured upload, ms; null off Linux */
  serverCpuMsPerUpload: number | null;
  /** the system (kernel) part of serverCpuMsPerUpload: file writes, syncs, sockets */
  serverSysMsPerUpload: number | null;
  /** serverCpuMsPerUpload by thread ("main", others by name and thread id, in order of creation) */
  serverCpuMsPerUploadByThread: Record<string, number> | null;
}

export const SIZES: Record<UploadSize, { jsonBytes: number; count: number; toolOutputBytes: [number, number] }> = {
  small: { jsonBytes: 10 * 1024, count: 1000, toolOutputBytes: [500, 3000] },
  large: { jsonBytes: 5 * MiB, count: 40, toolOutputBytes: [20_000, 120_000] },
};

// ---------------------------------------------------------------------------------------------
// Synthetic transcripts
// ---------------------------------------------------------------------------------------------

/** mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the a to of and in is it for on that this with test file run error build function return const let " +
  "import export from src index value result async await type interface string number true false null " +
  "npm node tsc vitest passed failed expected received line column module package json config server " +
  "client request response status upload transcript event session key retry timeout outbox redact"
).split(" ");

function prose(random: () => number, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = WORDS[Math.floor(random() * WORDS.length)] ?? "x";
    const sep = random() < 0.08 ? ".\n" : random() < 0.1 ? ", " : " ";
    const n = random() < 0.05 ? String(Math.floor(random() * 100000)) : "";
    parts.push(word, n, sep);
    length += word.length + n.length + sep.length;
  }
  return parts.join("");
}

/** One schema-valid Transcript of about `size.jsonBytes` of JSON, submitted with `key`. */
export function syntheticTranscript(size: (typeof SIZES)[UploadSize], seed: number, key: SubmissionKey): Record<string, unknown> {
  const random = prng(seed);
  const start = Date.parse("2026-11-22T09:00:00.000Z");
  const events: Array<Record<string, unknown>> = [];
  let bytes = 1500; // the header
  let seq = 0;
  let calls = 0;
  const at = () => new Date(start + seq * 1000).toISOString();
  const push = (event: Record<string, unknown>) => {
    seq++;
    const full = { id: `ev_${seq}`, seq, timestamp: at(), ...event };
    events.push(full);
    bytes += JSON.stringify(full).length + 1;
  };
  push({ type: "user_message", role: "user", text: prose(random, 200) });
  while (bytes < size.jsonBytes) {
    calls++;
    const callId = `call_${calls}`;
    const [low, high] = size.toolOutputBytes;
    const outputChars = Math.min(Math.max(200, size.jsonBytes - bytes - 400), Math.floor(low + random() * (high - low)));
    push({ type: "tool_call", role: "assistant", tool: { name: "Bash", callId, kind: "shell", input: { command: `npm test -- ${prose(random, 20).trim()}` } } });
    push({ type: "tool_result", role: "tool", tool: { name: "Bash", callId, kind: "shell", output: prose(random, outputChars), status: "ok", exitCode: 0, durationMs: Math.floor(random() * 5000) } });
    if (bytes < size.jsonBytes) push({ type: "assistant_message", role: "assistant", model: "bench-model", text: prose(random, 300), usage: { input: 1000, output: 80 } });
  }
  const messages = events.filter((e) => e.type === "user_message" || e.type === "assistant_message").length;
  const doc = {
    schemaVersion: "0.1.0",
    transcriptId: randomUUID(),
    source: { agent: "claude-code", agentVersion: "2.1.330", adapter: "claude-code", adapterVersion: "0.1.0", format: "claude-code/session-jsonl", nativeSessionId: randomUUID() },
    session: {
      startedAt: new Date(start).toISOString(),
      endedAt: at(),
      capturedAt: "2026-11-22T10:00:00.000Z",
      environment: { os: "linux", shell: "bash", cwd: "/work/project" },
      models: ["bench-model"],
    },
    submitter: { keyId: key.keyId, pseudonym: pseudonymFor(key), identityLinked: false },
    privacy: {
      profile: "standard",
      redactionApplied: true,
      anonymizationApplied: false,
      rulesApplied: [],
      redactionCount: 0,
      contentPolicy: { includeFileContents: true, toolOutput: "full", includeReasoning: true },
    },
    metrics: { eventCount: events.length, messageCount: messages, toolCallCount: calls, durationMs: seq * 1000 },
    events,
  };
  TranscriptSchema.parse(doc); // a bench on invalid documents would measure the 422 path
  return doc;
}

interface Body { transcriptId: string; gzip: Buffer; jsonBytes: number }

/**
 * `count` bodies: one generated document (the slow part: prose and schema validation), copied
 * with a new transcriptId and a new nativeSessionId each (the id is the idempotency key, the
 * session id the session's identity: every copy is a new session, not a new version of one).
 */
function makeBodies(size: (typeof SIZES)[UploadSize], count: number, key: SubmissionKey, seed: number): Body[] {
  const template = syntheticTranscript(size, seed, key);
  const bodies: Body[] = [];
  for (let i = 0; i < count; i++) {
    const transcriptId = randomUUID();
    const source = { ...(template.source as Record<string, unknown>), nativeSessionId: randomUUID() };
    const json = Buffer.from(JSON.stringify({ ...template, transcriptId, source }));
    bodies.push({ transcriptId, gzip: gzipSync(json), jsonBytes: json.length });
  }
  return bodies;
}

// ---------------------------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------------------------

/** Runs `send` over all items with `concurrency` in flight; returns the wall time in ms. */
async function pump<T>(items: readonly T[], concurrency: number, send: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await send(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return performance.now() - t0;
}

function rawPost(url: URL, agent: http.Agent, body: Body): Promise<number> {
  return new Promise((resolvePost, reject) => {
    const req = http.request(url, {
      method: "POST",
      agent,
      headers: {
        "content-type": "application/json",
        "content-encoding": "gzip",
        "content-length": body.gzip.length,
        "idempotency-key": body.transcriptId,
      },
    }, (res) => {
      res.resume();
      res.on("end", () => resolvePost(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body.gzip);
  });
}

function sample(count: number, ms: number, jsonBytes: number): ThroughputSample {
  return { count, ms, perSec: count / (ms / 1000), mibPerSec: jsonBytes / MiB / (ms / 1000) };
}

// ---------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------

const HERE = fileURLToPath(new URL(".", import.meta.url));
const children = new Set<ChildProcess>();

export function benchEnv(): NodeJS.ProcessEnv {
  // no proxy variables: everything stays on loopback
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), NO_COLOR: "1" };
}

/** Spawns a node script that prints "listening on <url>" on stderr; resolves with the URL. */
export async function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { env: benchEnv(), stdio: ["ignore", "ignore", "pipe"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let stderr = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 20 s: ${stderr.slice(-500)}`)), 20_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited with ${code}: ${stderr.slice(-500)}`));
    });
  });
  child.stderr!.resume();
  return { child, url };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

function peakRssMib(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** user and system CPU time of a process so far (ms), from /proc; null off Linux */
function cpuMs(pid: number | undefined): { user: number; system: number } | null {
  if (pid === undefined) return null;
  try {
    // the fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const fields = readFileSync(`/proc/${pid}/stat`, "latin1").replace(/^.*\) /s, "").split(" ");
    return { user: (Number(fields[11]) * 1000) / CLOCK_TICKS_PER_SECOND, system: (Number(fields[12]) * 1000) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * user + system CPU time of each thread of a process so far (ms), by thread: "main", and the others
 * by name and id (Node names none of its threads: their order of creation tells them apart); null off Linux
 */
function cpuMsByThread(pid: number | undefined): Map<string, number> | null {
  if (pid === undefined) return null;
  try {
    const byName = new Map<string, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "latin1");
      const name = tid === String(pid) ? "main" : `${/\((.*)\)/s.exec(stat)?.[1] ?? "?"}:${tid}`;
      const fields = stat.replace(/^.*\) /s, "").split(" ");
      byName.set(name, (byName.get(name) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND);
    }
    return byName;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux build Node supports */
const CLOCK_TICKS_PER_SECOND = 100;

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

export async function createKey(atx: string, dataDir: string): Promise<SubmissionKey> {
  const child = spawn(process.execPath, [atx, "serve", "keys", "create", "--data-dir", dataDir], { env: benchEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (err += c.toString("utf8")));
  const code = await new Promise<number | null>((r) => child.on("close", r));
  const match = /\batx_[A-Za-z0-9]{4,64}_[A-Za-z0-9_-]{16,256}/.exec(out);
  if (code !== 0 || !match) throw new Error(`atx serve keys create failed (exit ${code}): ${err.slice(-500)}`);
  return parseKey(match[0], "atx serve keys create");
}

// ---------------------------------------------------------------------------------------------
// The measurement
// ---------------------------------------------------------------------------------------------

export interface UploadBenchOptions {
  size: UploadSize;
  count?: number;
  concurrency?: number;
  /** overrides the size's uncompressed JSON bytes per transcript (KiB) */
  jsonKib?: number;
  /** the atx serve child writes a V8 CPU profile into this folder */
  serverCpuProfDir?: string;
  atx: string;
  tmp?: string;
  progress?: (message: string) => void;
}

export async function runUploadBench(options: UploadBenchOptions): Promise<UploadBenchResult> {
  const progress = options.progress ?? (() => {});
  const count = options.count ?? SIZES[options.size].count;
  const concurrency = options.concurrency ?? 4;
  const warmup = Math.max(2, Math.min(50, Math.floor(count / 10)));
  const work = mkdtempSync(join(options.tmp ?? tmpdir(), "atx-bench-upload-"));
  const dataDir = join(work, "data");
  try {
    const key = await createKey(options.atx, dataDir);
    progress(`generating ${count + warmup} ${options.size} transcripts`);
    const size = options.jsonKib ? { ...SIZES[options.size], jsonBytes: options.jsonKib * 1024 } : SIZES[options.size];
    const bodies = makeBodies(size, count + warmup, key, 1);
    const warm = bodies.slice(0, warmup);
    const measured = bodies.slice(warmup);
    const jsonBytes = measured.reduce((sum, b) => sum + b.jsonBytes, 0);
    const gzipBytes = measured.reduce((sum, b) => sum + b.gzip.length, 0);

    // Baselines: the same bytes, raw node:http, into a sink that discards them, then into one
    // that gunzips and parses them.
    const baseline = async (mode: "discard" | "parse"): Promise<number> => {
      const sink = await startChild([fileURLToPath(import.meta.url), "--sink", mode]);
      try {
        const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
        const url = new URL("/v1/transcripts", sink.url);
        await pump(warm, concurrency, async (b) => void (await rawPost(url, agent, b)));
        progress(`raw POST of ${count} to a sink (${mode})`);
        const ms = await pump(measured, concurrency, async (b) => void (await rawPost(url, agent, b)));
        agent.destroy();
        return ms;
      } finally {
        await stopChild(sink.child);
      }
    };
    const rawMs = await baseline("discard");
    const parseMs = await baseline("parse");

    // atx: UploadClient into atx serve.
    const profile = options.serverCpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", options.serverCpuProfDir] : [];
    const serve = await startChild([...profile, options.atx, "serve", "--port", "0", "--data-dir", dataDir, "--quiet", "--rate-limit", "0", "--max-body-mb", "64"]);
    let atxMs: number;
    let unexpected = 0;
    let serverPeak: number | null = null;
    let serverCpuMs: { user: number; system: number } | null = null;
    let byThread: Record<string, number> | null = null;
    try {
      const client = new UploadClient({
        endpoint: parseEndpoint(serve.url, "bench"),
        key,
        connectTimeoutMs: 10_000,
        requestTimeoutMs: 120_000,
        env: {},
        userAgent: "atx-bench",
      });
      const post = async (b: Body) => {
        const answer = await client.post(b.transcriptId, b.gzip);
        if (answer.kind !== "http" || answer.status !== 201) {
          unexpected++;
          if (unexpected <= 3) progress(`  unexpected answer for ${b.transcriptId}: ${JSON.stringify(answer).slice(0, 300)}`);
        }
      };
      await pump(warm, concurrency, post);
      progress(`UploadClient.post of ${count} to atx serve`);
      const threadsBefore = cpuMsByThread(serve.child.pid);
      const cpuBefore = cpuMs(serve.child.pid);
      atxMs = await pump(measured, concurrency, post);
      const cpuAfter = cpuMs(serve.child.pid);
      const threadsAfter = cpuMsByThread(serve.child.pid);
      if (threadsBefore && threadsAfter) {
        byThread = {};
        for (const [name, ms] of threadsAfter) byThread[name] = Math.round(((ms - (threadsBefore.get(name) ?? 0)) / count) * 100) / 100;
      }
      serverCpuMs = cpuBefore !== null && cpuAfter !== null ? { user: cpuAfter.user - cpuBefore.user, system: cpuAfter.system - cpuBefore.system } : null;
      await client.close();
      serverPeak = peakRssMib(serve.child.pid);
    } finally {
      await stopChild(serve.child);
    }

    const raw = sample(count, rawMs, jsonBytes);
    const parse = sample(count, parseMs, jsonBytes);
    const atx = sample(count, atxMs, jsonBytes);
    return {
      size: options.size,
      count,
      concurrency,
      jsonBytesEach: Math.round(jsonBytes / count),
      jsonBytes,
      gzipBytes,
      raw,
      parse,
      atx,
      ratio: atx.perSec / raw.perSec,
      ratioToParse: atx.perSec / parse.perSec,
      serverPeakRssMib: serverPeak,
      dataDirBytes: bytesUnder(dataDir),
      unexpected,
      serverCpuMsPerUpload: serverCpuMs === null ? null : (serverCpuMs.user + serverCpuMs.system) / count,
      serverSysMsPerUpload: serverCpuMs === null ? null : serverCpuMs.system / count,
      serverCpuMsPerUploadByThread: byThread,
    };
  } finally {
    for (const child of children) child.kill("SIGKILL");
    rmSync(work, { recursive: true, force: true });
  }
}

/** A baseline's server: reads each body and throws it away (or gunzips and parses it first), answers a small 201. */
async function runSink(mode: "discard" | "parse"): Promise<void> {
  const answer = Buffer.from('{"status":"stored"}');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      if (mode === "parse") chunks.push(chunk);
    });
    req.on("end", () => {
      if (mode === "parse") JSON.parse(gunzipSync(Buffer.concat(chunks)).toString("utf8"));
      res.writeHead(201, { "content-type": "application/json", "content-length": answer.length });
      res.end(answer);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  process.stderr.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes("--sink")) return runSink(argv.includes("parse") ? "parse" : "discard");
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const size = value("--size") ?? "small";
  if (size !== "small" && size !== "large") throw new Error("--size must be small or large");
  const count = value("--count");
  const concurrency = value("--concurrency");
  const jsonKib = value("--json-kib");
  const profileDir = value("--server-cpu-prof");
  const result = await runUploadBench({
    size,
    ...(jsonKib ? { jsonKib: Number(jsonKib) } : {}),
    ...(profileDir ? { serverCpuProfDir: resolve(profileDir) } : {}),
    ...(count ? { count: Number(count) } : {}),
    ...(concurrency ? { concurrency: Number(concurrency) } : {}),
    atx: resolve(value("--atx") ?? join(HERE, "../bin/atx.js")),
    ...(value("--tmp") ? { tmp: value("--tmp")! } : {}),
    progress: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(JSON.stringify(result) + "\n");
}

if (isMain(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`upload bench: ${(error as Error).stack ?? String(error)}\n`);
    for (const child of children) child.kill("SIGKILL");
    process.exit(1);
  });
}
