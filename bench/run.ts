/**
 * Benchmark runner: `npm run bench -- [options]` (= node dist/bench/run.js [options]).
 *
 * Generates a synthetic Claude Code session (default 500 MiB) in a temp folder, then runs each
 * benchmark case in a child process, measuring wall time, throughput and peak RSS, and prints a
 * table with PASS/FAIL per target. It is a report, not a test: the exit code is 0 even when a
 * target fails (non-zero only for bad options or a crash of the runner itself).
 *
 * Adding a benchmark = adding an entry to CASES (see BenchCase).
 */
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { availableParallelism, cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generateClaudeSession, type GenerateStats } from "./generate-claude-session.js";
import { generateCodexRollout } from "./generate-codex-rollout.js";
import { generateDiscoverHome } from "./generate-discover-home.js";
import { syncedFolder } from "./sync-state.js";
import { generateTranscript, type TranscriptLayout } from "./generate-transcript.js";
import type { FloorResult } from "./floor.js";
import { killActiveChildren, measureNode, type Measurement, type MeasureOptions } from "./measure.js";
import { formatProfileSummary, summarizeCpuProfile, type ProfileSummary } from "./profile-summary.js";
import { MiB } from "./util.js";
import type { RedactionScore } from "./redaction/score.js";
import type { EngineSpeed } from "./redaction/engine-speed.js";
import type { FixtureReview } from "./redaction/fixture-findings.js";
import type { LongLines } from "./redaction/long-lines.js";
import type { EvalScore } from "./redaction-eval/score.js";
import type { UploadBenchResult, UploadSize } from "./upload.js";
import { NATIVE_UPLOAD_SESSIONS, runNativeUpload } from "./upload-native.js";

const HERE = dirname(fileURLToPath(import.meta.url)); // dist/bench
const ATX = resolve(HERE, "../bin/atx.js");
const FLOOR = join(HERE, "floor.js");
const SCORE = join(HERE, "redaction", "score.js");
const ENGINE_SPEED = join(HERE, "redaction", "engine-speed.js");
const EVAL_SCORE = join(HERE, "redaction-eval", "score.js");
const HOLDOUT_SCORE = join(HERE, "redaction-holdout", "score.js");
const HOLDOUT_V2_SCORE = join(HERE, "redaction-holdout-v2", "score.js");
const HOLDOUT_V3_SCORE = join(HERE, "redaction-holdout-v3", "score.js");
const HOLDOUT_V4_SCORE = join(HERE, "redaction-holdout-v4", "score.js");
const HOLDOUT_V5_SCORE = join(HERE, "redaction-holdout-v5", "score.js");
const HOLDOUT_V6_SCORE = join(HERE, "redaction-holdout-v6", "score.js");
const HOLDOUT_V7_SCORE = join(HERE, "redaction-holdout-v7", "score.js");
const HOLDOUT_V8_SCORE = join(HERE, "redaction-holdout-v8", "score.js");
const HOLDOUT_V9_SCORE = join(HERE, "redaction-holdout-v9", "score.js");
const HOLDOUT_V10_SCORE = join(HERE, "redaction-holdout-v10", "score.js");
const HOLDOUT_V11_SCORE = join(HERE, "redaction-holdout-v11", "score.js");
const HOLDOUT_V12_SCORE = join(HERE, "redaction-holdout-v12", "score.js");
const HOLDOUT_V13_SCORE = join(HERE, "redaction-holdout-v13", "score.js");
const HOLDOUT_V14_SCORE = join(HERE, "redaction-holdout-v14", "score.js");
const HOLDOUT_V15_SCORE = join(HERE, "redaction-holdout-v15", "score.js");
const HOLDOUT_V16_SCORE = join(HERE, "redaction-holdout-v16", "score.js");
const HOLDOUT_V17_SCORE = join(HERE, "redaction-holdout-v17", "score.js");
const HOLDOUT_V18_SCORE = join(HERE, "redaction-holdout-v18", "score.js");
const HOLDOUT_V19_SCORE = join(HERE, "redaction-holdout-v19", "score.js");
const HOLDOUT_V20_SCORE = join(HERE, "redaction-holdout-v20", "score.js");
const HOLDOUT_V21_SCORE = join(HERE, "redaction-holdout-v21", "score.js");
const HOLDOUT_V22_SCORE = join(HERE, "redaction-holdout-v22", "score.js");
const HOLDOUT_V23_SCORE = join(HERE, "redaction-holdout-v23", "score.js");
const HOLDOUT_V24_SCORE = join(HERE, "redaction-holdout-v24", "score.js");
const HOLDOUT_V25_SCORE = join(HERE, "redaction-holdout-v25", "score.js");
const HOLDOUT_V26_SCORE = join(HERE, "redaction-holdout-v26", "score.js");
const HOLDOUT_V27_SCORE = join(HERE, "redaction-holdout-v27", "score.js");
const HOLDOUT_V28_SCORE = join(HERE, "redaction-holdout-v28", "score.js");
const HOLDOUT_V29_SCORE = join(HERE, "redaction-holdout-v29", "score.js");
const HOLDOUT_V30_SCORE = join(HERE, "redaction-holdout-v30", "score.js");
const HOLDOUT_V32_SCORE = join(HERE, "redaction-holdout-v32", "score.js");
const HOLDOUT_V34_SCORE = join(HERE, "redaction-holdout-v34", "score.js");
const SESSIONS_V31_SCORE = join(HERE, "redaction-sessions-v31", "score.js");
const SESSIONS_V33_SCORE = join(HERE, "redaction-sessions-v33", "score.js");
const FIXTURE_FINDINGS = join(HERE, "redaction", "fixture-findings.js");
const LONG_LINES = join(HERE, "redaction", "long-lines.js");
const UPLOAD = join(HERE, "upload.js");
const CONVERT_FORMAT = join(HERE, "convert-format.js");

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export interface Target {
  /** Human label, e.g. "throughput >= 0.5 x floor". */
  label: string;
  op: ">=" | "<" | "<=";
  threshold: number;
  unit: string;
  value: number | null;
  /** null when the value could not be measured. */
  pass: boolean | null;
}

export interface CaseResult {
  name: string;
  title: string;
  status: "ok" | "error" | "skipped";
  /** Why skipped / what failed. */
  note?: string;
  inputBytes: number;
  wallMs: number | null;
  /** Input MiB per second of wall time (spawn to exit, start-up included). */
  mibPerSec: number | null;
  /** mibPerSec / floor mibPerSec. */
  ratioToFloor: number | null;
  peakRssMib: number | null;
  /** User + system CPU of the child, ms (from the exit probe). */
  cpuMs: number | null;
  outputBytes: number | null;
  targets: Target[];
  stderrTail?: string[];
  profile?: ProfileSummary;
  extra?: Record<string, unknown>;
}

export interface BenchContext {
  file: string;
  fileBytes: number;
  /** The input is the bench's generated session, which holds no secret: whatever a profile redacts in it is a false finding. */
  generated: boolean;
  tmpDir: string;
  atx: string;
  /** Results of the cases that already ran, by name (e.g. "floor" for ratios). */
  results: Map<string, CaseResult>;
  /** Directory for .cpuprofile files when --cpu-prof is on. */
  cpuProfDir: string | null;
  /** Extra node flags for every measured child (--node-arg). */
  nodeArgs: string[];
  /** Size of the generated Transcript that redact and upload --dry-run read (--transcript-mb). */
  transcriptMb: number;
  progress: (msg: string) => void;
}

export interface BenchCase {
  name: string;
  title: string;
  /** Reads neither the generated session nor the floor: when only such cases run, neither is made. */
  standalone?: boolean;
  run(ctx: BenchContext): Promise<CaseResult>;
}

// ---------------------------------------------------------------------------------------------
// Helpers for cases
// ---------------------------------------------------------------------------------------------

function target(label: string, op: Target["op"], threshold: number, unit: string, value: number | null): Target {
  const pass = value === null ? null : op === ">=" ? value >= threshold : op === "<=" ? value <= threshold : value < threshold;
  return { label, op, threshold, unit, value, pass };
}

/** A row with nothing measured: a case skipped, or one whose runner failed. */
function unmeasured(name: string, title: string, status: "error" | "skipped", note: string, inputBytes: number): CaseResult {
  return { name, title, status, note, inputBytes, wallMs: null, mibPerSec: null, ratioToFloor: null, peakRssMib: null, cpuMs: null, outputBytes: null, targets: [] };
}

function fromMeasurement(
  ctx: BenchContext,
  name: string,
  title: string,
  m: Measurement,
  inputBytes: number,
): CaseResult {
  const failed = m.error !== undefined || m.exitCode !== 0;
  const wallMs = m.wallMs > 0 ? m.wallMs : null;
  const mibPerSec = !failed && wallMs ? inputBytes / MiB / (wallMs / 1000) : null;
  const floor = ctx.results.get("floor");
  const ratio = mibPerSec !== null && floor?.mibPerSec ? mibPerSec / floor.mibPerSec : null;
  const result: CaseResult = {
    name,
    title,
    status: failed ? "error" : "ok",
    inputBytes,
    wallMs,
    mibPerSec,
    ratioToFloor: ratio,
    peakRssMib: m.peakRssKb > 0 ? m.peakRssKb / 1024 : null,
    cpuMs: m.probe ? m.probe.userCpuMs + m.probe.systemCpuMs : null,
    outputBytes: null,
    targets: [],
    extra: { pollSamples: m.samples, polledPeakRssMib: m.polledPeakKb / 1024 },
  };
  if (failed) {
    result.note =
      m.error ?? (m.signal ? `killed by ${m.signal}` : `exit code ${m.exitCode ?? "?"}`);
    result.stderrTail = m.stderrTail.slice(-8);
  }
  return result;
}

function heartbeat(ctx: BenchContext, name: string): MeasureOptions["onProgress"] {
  return ({ elapsedMs, rssKb, peakKb }) =>
    ctx.progress(
      `  ${name}: ${(elapsedMs / 1000).toFixed(0)} s, RSS ${(rssKb / 1024).toFixed(0)} MiB (peak ${(peakKb / 1024).toFixed(0)} MiB)`,
    );
}

/** Node flags for a measured child: --node-arg values, plus --cpu-prof when requested. */
function childNodeArgs(ctx: BenchContext, name: string): string[] {
  const prof = ctx.cpuProfDir
    ? ["--cpu-prof", "--cpu-prof-dir", ctx.cpuProfDir, "--cpu-prof-name", `${name}.cpuprofile`]
    : [];
  return [...ctx.nodeArgs, ...prof];
}

function attachProfile(ctx: BenchContext, name: string, result: CaseResult): void {
  if (!ctx.cpuProfDir) return;
  const p = join(ctx.cpuProfDir, `${name}.cpuprofile`);
  if (existsSync(p)) {
    try {
      result.profile = summarizeCpuProfile(p, 15);
    } catch (err) {
      ctx.progress(`  could not read CPU profile ${p}: ${String(err)}`);
    }
  }
}

/** The profile of a server child (the client's is the case's own profile), on the progress stream. */
function printServerProfile(ctx: BenchContext, name: string): void {
  if (!ctx.cpuProfDir) return;
  const p = join(ctx.cpuProfDir, `${name}.cpuprofile`);
  try {
    if (existsSync(p)) ctx.progress(`  ${name}:\n${formatProfileSummary(summarizeCpuProfile(p, 15))}`);
  } catch (err) {
    ctx.progress(`  could not read CPU profile ${p}: ${String(err)}`);
  }
}

/**
 * Converter throughput/memory targets: >= 0.5 x floor (issue 15: 0.6 x for the converter alone,
 * 0.5 x with the default profile), < 200 MiB peak RSS.
 */
function converterTargets(r: CaseResult, minRatio = 0.5): Target[] {
  const ok = r.status === "ok"; // a failed or skipped run proves nothing
  return [
    target(`throughput >= ${minRatio} x floor`, ">=", minRatio, "x", ok ? r.ratioToFloor : null),
    target("peak RSS < 200 MiB", "<", 200, "MiB", ok ? r.peakRssMib : null),
  ];
}

/** A case that runs `atx <args>` on the input file. */
function atxCase(
  name: string,
  title: string,
  args: (ctx: BenchContext) => string[],
  /** reads the output; returns the case's own targets, beside the converter's */
  after?: (ctx: BenchContext, m: Measurement, r: CaseResult) => Target[] | void,
  minRatio?: number,
  /** the case's own targets when it could not run (N/A) */
  ownTargets: (ctx: BenchContext) => Target[] = () => [],
): BenchCase {
  return {
    name,
    title,
    async run(ctx) {
      if (!existsSync(ctx.atx)) {
        const skipped = unmeasured(name, title, "skipped", `CLI not built (${ctx.atx} missing)`, ctx.fileBytes);
        skipped.targets = [...converterTargets(skipped, minRatio), ...ownTargets(ctx)];
        return skipped;
      }
      const m = await measureNode(ctx.atx, args(ctx), {
        nodeArgs: childNodeArgs(ctx, name),
        onProgress: heartbeat(ctx, name),
      });
      const r = fromMeasurement(ctx, name, title, m, ctx.fileBytes);
      const own = after?.(ctx, m, r) ?? [];
      r.targets = [...converterTargets(r, minRatio), ...own];
      attachProfile(ctx, name, r);
      return r;
    },
  };
}

/** How many redaction placeholders a written Transcript holds, read in 1 MiB chunks (the file may be GBs). */
function countPlaceholders(path: string): number {
  const marker = "[REDACTED:";
  const fd = openSync(path, "r");
  const buffer = Buffer.alloc(MiB);
  let carry = "";
  let count = 0;
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const text = carry + buffer.toString("latin1", 0, read);
      for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) count++;
      carry = text.slice(-(marker.length - 1));
    }
  } finally {
    closeSync(fd);
  }
  return count;
}

/**
 * The generated session holds no secret and no personal data by construction: every redaction a
 * profile makes in it is a false finding, so their number is a target (0). Not for `--file`: a
 * real session may hold either.
 */
function falseFindingsTarget(value: number | null): Target {
  return target("generated session: redactions = 0", "<=", 0, "redactions", value);
}

/** `atx convert <file> --profile <profile> -o <tmp>/out.json`; redacting cases are also compared with the converter alone. */
function convertToFileCase(name: string, profile: string, what: string): BenchCase {
  return atxCase(
    name,
    `atx convert <file> --from claude-code --profile ${profile} -o <tmp>/out.json  (${what})`,
    (ctx) => ["convert", ctx.file, "--from", "claude-code", "--profile", profile, "-o", join(ctx.tmpDir, "out.json")],
    (ctx, _m, r) => {
      const out = join(ctx.tmpDir, "out.json");
      let falseFindings: number | null = null;
      try {
        r.outputBytes = statSync(out).size;
        if (profile !== "none" && ctx.generated) falseFindings = countPlaceholders(out);
      } catch {
        if (r.status === "ok") r.note = "exit 0 but no output file";
      }
      rmSync(out, { force: true }); // free the disk space before the next case
      const alone = ctx.results.get("convert-file");
      if (profile !== "none" && r.mibPerSec !== null && alone?.mibPerSec) {
        r.extra = { ...r.extra, ratioToConverterAlone: r.mibPerSec / alone.mibPerSec };
        r.note = `${(r.mibPerSec / alone.mibPerSec).toFixed(2)} x the converter alone (--profile none)`;
      }
      if (falseFindings !== null) {
        r.extra = { ...r.extra, falseFindings };
        r.note = `${r.note ? `${r.note}; ` : ""}${falseFindings} redaction(s) in the generated session (it holds no secret: each is a false finding)`;
      }
      return redactsGenerated(ctx) ? [falseFindingsTarget(r.status === "ok" ? falseFindings : null)] : [];
    },
    profile === "none" ? 0.6 : 0.5,
    (ctx) => (redactsGenerated(ctx) ? [falseFindingsTarget(null)] : []),
  );
  function redactsGenerated(ctx: BenchContext): boolean {
    return profile !== "none" && ctx.generated;
  }
}

/**
 * A writer's format from the same conversion (node dist/bench/convert-format.js, --profile none):
 * formats that read the spool more than once (ATIF: one pass per lane) must still keep memory flat
 * (issue 16: peak RSS < 250 MiB); the note compares the speed with the Transcript JSON output.
 */
function convertToFormatCase(format: string, extension: string): BenchCase {
  const name = `convert-${format}`;
  const title = `convert <file> --profile none, written as --format ${format} to <tmp>/out${extension}  (dist/bench/convert-format.js)`;
  return {
    name,
    title,
    async run(ctx) {
      const out = join(ctx.tmpDir, `out${extension}`);
      const m = await measureNode(CONVERT_FORMAT, [ctx.file, format, out], { stdout: "capture", nodeArgs: childNodeArgs(ctx, name), onProgress: heartbeat(ctx, name) });
      const r = fromMeasurement(ctx, name, title, m, ctx.fileBytes);
      if (existsSync(out)) r.outputBytes = statSync(out).size;
      else if (r.status === "ok") r.note = "exit 0 but no output file";
      rmSync(out, { force: true });
      const json = ctx.results.get("convert-file");
      if (r.mibPerSec !== null && json?.mibPerSec) r.note = `${(r.mibPerSec / json.mibPerSec).toFixed(2)} x the Transcript JSON output (convert-file)`;
      r.targets = [target("peak RSS < 250 MiB", "<", 250, "MiB", r.status === "ok" ? r.peakRssMib : null)];
      attachProfile(ctx, name, r);
      return r;
    },
  };
}

/**
 * Upload throughput targets (bench/README.md): uploads/s and ingest MiB/s of UploadClient into
 * `atx serve`, as a ratio to raw node:http POSTs of the same bytes into a sink that gunzips and
 * parses them (measured in the same child, same run), and the server's peak RSS.
 */
const UPLOAD_TARGETS: Record<UploadSize, { ratioToParse: number; serverRssMib: number }> = {
  small: { ratioToParse: 0.1, serverRssMib: 200 },
  large: { ratioToParse: 0.25, serverRssMib: 400 },
};

/** What a sessions corpus's score.js --json reports (bench/sessions-kit/score.ts; the part the table reads). */
interface SessionsScore {
  files: number;
  captures: number;
  secretOccurrences: { total: number; missed: number };
  clean: { captures: number; withPlaceholders: number };
  lookAlikes: { occurrences: number; removed: number };
  lost: Record<string, string[]>;
  cli: { nonZeroExit: unknown[]; unparsed: unknown[] };
}

/**
 * A case that runs one bench script with --json and fills its row from the JSON the script
 * prints (`read`); `what` names that JSON in the note when it cannot be read. Such a row has no
 * input rate (nor ratio to the floor) unless `read` sets one.
 */
function scriptJsonCase<Report>(name: string, title: string, script: string, what: string, read: (r: CaseResult, report: Report) => void): BenchCase {
  return {
    name,
    title,
    standalone: true,
    async run(ctx) {
      const m = await measureNode(script, ["--json"], { stdout: "capture", nodeArgs: childNodeArgs(ctx, name), onProgress: heartbeat(ctx, name) });
      const r = fromMeasurement(ctx, name, title, m, 0);
      r.mibPerSec = null;
      r.ratioToFloor = null;
      if (r.status !== "ok") return r;
      try {
        read(r, JSON.parse(m.stdout) as Report);
      } catch {
        r.status = "error";
        r.note = `could not read ${what}`;
      }
      return r;
    },
  };
}

/**
 * An end-to-end sessions corpus scored by its own script (bench/sessions-kit): `unit` is what its
 * clean counts count, `files` where each file has a single capture.
 */
function sessionsCorpusCase(name: string, title: string, script: string, unit: "files" | "captures"): BenchCase {
  return scriptJsonCase<SessionsScore>(name, title, script, "the session corpus's JSON", (r, score) => {
    const removed = score.secretOccurrences.total - score.secretOccurrences.missed;
    const cleanChanged = score.clean.withPlaceholders + score.lookAlikes.removed;
    r.targets = [
      target(`${name}: secret occurrences removed >= 99 %`, ">=", 99, "%", (100 * removed) / score.secretOccurrences.total),
      target(`${name}: clean ${unit} and look-alikes changed <= 0.5 %`, "<=", 0.5, "%", (100 * cleanChanged) / (score.clean.captures + score.lookAlikes.occurrences)),
    ];
    const files = unit === "files" ? `${score.files} files` : `${score.files} files, ${score.captures} captures`;
    const lost = unit === "files" ? "" : `; captures losing text ${Object.keys(score.lost).length}`;
    r.note = `${files}; secrets ${removed}/${score.secretOccurrences.total} occurrences removed; clean ${unit} with placeholders ${score.clean.withPlaceholders}/${score.clean.captures}; look-alikes removed ${score.lookAlikes.removed}/${score.lookAlikes.occurrences}; CLI failures ${score.cli.nonZeroExit.length + score.cli.unparsed.length}${lost}`;
  });
}

/** A labelled corpus scored by its own script (`--json` gives an EvalScore): the evaluation and the holdout corpus. */
function labelledCorpusCase(name: string, script: string, title: string): BenchCase {
  const scored = scriptJsonCase<EvalScore>(name, title, script, `${name}'s JSON`, (r, score) => {
    // every figure in percent (the table prints one decimal)
    r.targets = score.targets.map((t) => {
      const alreadyPercent = t.target.includes("%");
      const threshold = Number(/[\d.]+/.exec(t.target)![0]) * (alreadyPercent ? 1 : 100);
      const op = t.target.startsWith(">=") ? ">=" : "<=";
      return target(`${name}: ${t.metric} ${op} ${threshold} %`, op, threshold, "%", t.value * 100);
    });
    const digest = score.frozenDigest === score.digest ? "frozen digest matches" : "DIGEST DIFFERS from the frozen one";
    r.note = `${score.cases} cases (${digest}); secrets ${score.standard.caught}/${score.standard.positives}, negatives changed ${score.standard.changed}/${score.standard.negatives} (standard); PII ${score.research.caught}/${score.research.positives}, negatives changed ${score.research.changed}/${score.research.negatives} (research); documentation examples redacted ${score.docExamples.redactedStandard}/${score.docExamples.n}`;
  });
  return {
    name,
    title,
    standalone: true,
    async run(ctx) {
      if (!existsSync(script)) {
        return unmeasured(name, title, "skipped", `${script} is not built`, 0);
      }
      return scored.run(ctx);
    },
  };
}

/**
 * `atx <args> <generated Transcript>` on a Transcript of --transcript-mb MiB (default 1024), made
 * once per layout: memory must stay flat however large the Transcript (issue 15: < 200 MiB).
 * An argument list ending in "-o" gets the output path.
 */
function largeTranscriptCase(name: string, layout: TranscriptLayout, args: string[], title: string): BenchCase {
  return {
    name,
    title,
    standalone: true,
    async run(ctx) {
      const file = join(ctx.tmpDir, `transcript.${layout}`);
      if (!existsSync(file)) {
        ctx.progress(`  generating a ${ctx.transcriptMb} MiB Transcript (${layout})`);
        await generateTranscript(file, { sizeMb: ctx.transcriptMb, layout });
      }
      const inputBytes = statSync(file).size;
      const out = join(ctx.tmpDir, `out.${layout}`);
      const fullArgs = args[args.length - 1] === "-o" ? [...args, out, file] : [...args, file];
      const m = await measureNode(ctx.atx, fullArgs, { nodeArgs: childNodeArgs(ctx, name), onProgress: heartbeat(ctx, name) });
      const r = fromMeasurement(ctx, name, title, m, inputBytes);
      r.ratioToFloor = null;
      if (existsSync(out)) r.outputBytes = statSync(out).size;
      rmSync(out, { force: true });
      r.note = `${(inputBytes / MiB).toFixed(0)} MiB Transcript`;
      r.targets = [target("peak RSS < 200 MiB", "<", 200, "MiB", r.status === "ok" ? r.peakRssMib : null)];
      attachProfile(ctx, name, r);
      return r;
    },
  };
}

/** `node dist/bench/upload.js --size <size>`: baselines and UploadClient -> atx serve, in one child. */
function uploadCase(name: string, size: UploadSize, title: string): BenchCase {
  return {
    name,
    title,
    standalone: true,
    async run(ctx) {
      const m = await measureNode(UPLOAD, ["--size", size, "--atx", ctx.atx, "--tmp", ctx.tmpDir], {
        stdout: "capture",
        nodeArgs: childNodeArgs(ctx, name),
        onProgress: heartbeat(ctx, name),
      });
      const r = fromMeasurement(ctx, name, title, m, 0);
      const goal = UPLOAD_TARGETS[size];
      let result: UploadBenchResult | null = null;
      if (r.status === "ok") {
        try {
          result = JSON.parse(m.stdout) as UploadBenchResult;
        } catch {
          r.status = "error";
          r.note = "could not read the upload bench's JSON";
        }
      }
      const ok = result !== null && result.unexpected === 0;
      if (result) {
        // the table shows the atx upload phase: its wall time, ingest MiB/s (uncompressed JSON),
        // its ratio to raw POSTs into a discarding sink, and the server's peak RSS
        r.inputBytes = result.jsonBytes;
        r.wallMs = result.atx.ms;
        r.mibPerSec = result.atx.mibPerSec;
        r.ratioToFloor = result.ratio;
        r.peakRssMib = result.serverPeakRssMib;
        r.outputBytes = result.dataDirBytes; // what the server keeps on disk
        r.extra = { ...r.extra, upload: result, benchProcessPeakRssMib: m.peakRssKb / 1024 };
        r.note =
          `${result.count} x ${(result.jsonBytesEach / 1024).toFixed(0)} KiB (${(result.gzipBytes / result.count / 1024).toFixed(0)} KiB gzipped), concurrency ${result.concurrency}: ` +
          `atx ${fmt(result.atx.perSec)} uploads/s, ${fmt(result.atx.mibPerSec)} MiB/s; ` +
          `raw POST ${fmt(result.raw.perSec)}/s (x${fmt(result.ratio, 3)}); gunzip+parse sink ${fmt(result.parse.perSec)}/s (x${fmt(result.ratioToParse, 3)})` +
          (result.unexpected ? `; ${result.unexpected} answers were not 201` : "");
        if (!ok) r.status = "error";
      }
      r.targets = [
        target(`${size === "large" ? "ingest MiB/s" : "uploads/s"} >= ${goal.ratioToParse} x parse sink`, ">=", goal.ratioToParse, "x", ok ? result!.ratioToParse : null),
        target(`server peak RSS < ${goal.serverRssMib} MiB`, "<", goal.serverRssMib, "MiB", ok ? result!.serverPeakRssMib : null),
      ];
      return r;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The benchmark cases, run in this order
// ---------------------------------------------------------------------------------------------

/** Sessions in the batch case: the issue asks for a batch of at least 200. */
const BATCH_SESSIONS = 200;
const BATCH_ROUNDS = 3;

/** The run of median wall time (a failed run counts as the slowest, so a failure is not hidden by a fast run). */
function medianRun(runs: Measurement[]): Measurement {
  const wall = (m: Measurement) => (m.exitCode === 0 ? m.wallMs : Number.POSITIVE_INFINITY);
  return [...runs].sort((a, b) => wall(a) - wall(b))[Math.floor(runs.length / 2)]!;
}

/** Sessions of the sync-unchanged case, all already synced. */
const SYNCED_SESSIONS = 1_000;

export const CASES: BenchCase[] = [
  {
    name: "floor",
    title: "stream + split lines + JSON.parse (node dist/bench/floor.js)",
    async run(ctx) {
      const m = await measureNode(FLOOR, [ctx.file], {
        stdout: "capture",
        nodeArgs: childNodeArgs(ctx, "floor"),
        onProgress: heartbeat(ctx, "floor"),
      });
      const r = fromMeasurement(ctx, "floor", this.title, m, ctx.fileBytes);
      r.ratioToFloor = r.mibPerSec !== null ? 1 : null;
      if (r.status === "ok") {
        try {
          const f = JSON.parse(m.stdout) as FloorResult;
          r.extra = { ...r.extra, lines: f.lines, badLines: f.badLines, inProcessMibPerSec: f.bytes / MiB / (f.ms / 1000) };
          if (f.badLines > 0) r.note = `${f.badLines} lines failed to parse`;
        } catch {
          r.note = "could not read floor output";
        }
      }
      attachProfile(ctx, "floor", r);
      return r;
    },
  },
  convertToFileCase("convert-file", "none", "the converter alone"),
  convertToFileCase("convert-standard", "standard", "with the default profile: secrets redacted"),
  convertToFileCase("convert-research", "research", "secrets, personal data, anonymization, content policy"),
  convertToFormatCase("atif", ".atif.json"),
  convertToFormatCase("otel", ".otlp.json"),
  atxCase(
    "convert-stream",
    "atx convert <file> --from claude-code --profile none --stream  (stdout piped to a discarding sink)",
    (ctx) => ["convert", ctx.file, "--from", "claude-code", "--profile", "none", "--stream"],
    (_ctx, m, r) => {
      r.outputBytes = m.stdoutBytes;
    },
  ),
  convertToFormatCase("html", ".html"),
  {
    name: "codex-rollout",
    title: "a generated Codex rollout of the same size: its own JSON.parse floor, then atx convert --from codex -o <tmp>/codex.json",
    async run(ctx) {
      const file = join(ctx.tmpDir, "rollout-2026-11-22T09-00-00-bench.jsonl");
      const sizeMb = ctx.fileBytes / MiB;
      ctx.progress(`  generating a ${sizeMb.toFixed(0)} MiB synthetic Codex rollout`);
      const gen = await generateCodexRollout(file, { sizeMb, seed: 1 });
      try {
        const floor = await measureNode(FLOOR, [file], { stdout: "capture", nodeArgs: childNodeArgs(ctx, "codex-floor"), onProgress: heartbeat(ctx, "codex-floor") });
        const floorResult = fromMeasurement(ctx, "codex-floor", "floor on the Codex rollout", floor, gen.bytes);
        const out = join(ctx.tmpDir, "codex.json");
        if (!existsSync(ctx.atx)) throw new Error(`CLI not built (${ctx.atx} missing)`);
        const m = await measureNode(ctx.atx, ["convert", file, "--from", "codex", "--profile", "none", "-o", out], { nodeArgs: childNodeArgs(ctx, "codex-rollout"), onProgress: heartbeat(ctx, "codex-rollout") });
        const r = fromMeasurement(ctx, "codex-rollout", this.title, m, gen.bytes);
        // the ratio is against the floor measured on this rollout, not on the Claude session
        r.ratioToFloor = r.mibPerSec !== null && floorResult.mibPerSec ? r.mibPerSec / floorResult.mibPerSec : null;
        try {
          r.outputBytes = statSync(out).size;
        } catch {
          if (r.status === "ok") r.note = "exit 0 but no output file";
        }
        rmSync(out, { force: true });
        r.extra = { ...r.extra, lines: gen.lines, floorMibPerSec: floorResult.mibPerSec, floorPeakRssMib: floorResult.peakRssMib, maxLineBytes: gen.maxLineBytes };
        r.targets = converterTargets(r);
        attachProfile(ctx, "codex-rollout", r);
        ctx.progress(`  codex floor ${fmt(floorResult.mibPerSec)} MiB/s on ${(gen.bytes / MiB).toFixed(1)} MiB, ${gen.lines} lines`);
        return r;
      } finally {
        rmSync(file, { force: true });
      }
    },
  },
  {
    name: "redaction-corpus",
    title: "redaction engine on the labelled corpus, seeds 1 and 2, full size (node dist/bench/redaction/score.js --json)",
    async run(ctx) {
      const m = await measureNode(SCORE, ["--json", "--size", "full", "--seed", "1", "--seed", "2"], {
        stdout: "capture",
        nodeArgs: childNodeArgs(ctx, "redaction-corpus"),
        onProgress: heartbeat(ctx, "redaction-corpus"),
      });
      const r = fromMeasurement(ctx, "redaction-corpus", this.title, m, 0);
      r.mibPerSec = null;
      r.ratioToFloor = null;
      try {
        const score = JSON.parse(m.stdout) as RedactionScore;
        r.inputBytes = score.seeds.reduce((sum, seed) => sum + seed.bytes, 0);
        const percent = (check: RedactionScore["targets"][number]) => (check.label.startsWith("MB/s") ? 1 : 100);
        r.targets = score.targets.map((check) =>
          target(`${check.label} ${check.op} ${check.threshold * percent(check)}`, check.op, check.threshold * percent(check), percent(check) === 100 ? "%" : "MB/s", check.value * percent(check)),
        );
        r.extra = { ...r.extra, seeds: score.seeds.map(({ categories: _c, misses, ...seed }) => ({ ...seed, misses })), spread: score.spread };
        r.note = score.seeds.map((seed) => `seed ${seed.seed}: ${seed.cases} cases, ${(seed.bytes / 1e6).toFixed(1)} MB`).join("; ");
      } catch {
        r.status = "error";
        r.note = "could not read the scorer's JSON";
      }
      return r;
    },
  },
  labelledCorpusCase("redaction-eval", EVAL_SCORE, "redaction on the frozen evaluation corpus (bench/redaction-eval, seen once: see its README)"),
  labelledCorpusCase("redaction-holdout", HOLDOUT_SCORE, "redaction on the v1 holdout corpus (bench/redaction-holdout: its misses were read on 2026-11-26, a tuning corpus since)"),
  labelledCorpusCase("redaction-holdout-v2", HOLDOUT_V2_SCORE, "redaction on the blind holdout v2 (bench/redaction-holdout-v2: nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v3", HOLDOUT_V3_SCORE, "redaction on the blind holdout v3 (bench/redaction-holdout-v3: agent-session cases, nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v4", HOLDOUT_V4_SCORE, "redaction on the blind holdout v4 (bench/redaction-holdout-v4: secrets as each ecosystem writes them, nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v5", HOLDOUT_V5_SCORE, "redaction on the blind holdout v5 (bench/redaction-holdout-v5: what coding agents see in tool output, arguments and chat, nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v6", HOLDOUT_V6_SCORE, "redaction on the blind holdout v6 (bench/redaction-holdout-v6: the long tail of languages, config formats and locales, nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v7", HOLDOUT_V7_SCORE, "redaction on the blind holdout v7 (bench/redaction-holdout-v7: secrets and personal data through encodings and carriers, nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v8", HOLDOUT_V8_SCORE, "redaction on the blind holdout v8 (bench/redaction-holdout-v8: whole turns of debugging sessions, nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v9", HOLDOUT_V9_SCORE, "redaction on the v9 holdout (bench/redaction-holdout-v9: idioms observed in real issues, logs and Q&A threads; its misses were read on 2026-11-27, a tuning corpus since)"),
  labelledCorpusCase("redaction-holdout-v10", HOLDOUT_V10_SCORE, "redaction on the v10 holdout (bench/redaction-holdout-v10: output of real programs run with planted values; scored blind once, then the names of its losing categories guided fixes: not blind for those)"),
  labelledCorpusCase("redaction-holdout-v11", HOLDOUT_V11_SCORE, "redaction on the v11 holdout (bench/redaction-holdout-v11: output of other real programs (databases, key/value stores, mail and HTTP clients, data frames) with planted values; scored blind once on 2026-11-27, then class descriptions from its category names guided fixes made with other programs; its cases were read from the thirteenth session: a tuning corpus since)"),
  labelledCorpusCase("redaction-holdout-v12", HOLDOUT_V12_SCORE, "redaction on the blind holdout v12 (bench/redaction-holdout-v12: output of yet other real programs (PHP, Go, Perl, Lua and Node printers, strace, tcpdump, lftp, fetchmail/Dovecot, Ansible, OpenLDAP) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v13", HOLDOUT_V13_SCORE, "redaction on the blind holdout v13 (bench/redaction-holdout-v13: output of yet other real programs (Java and jshell, keytool, Elixir and Erlang printers, WireGuard tools, wpa_passphrase, htpasswd, BIND, Postfix, Cyrus SASL, FreeRADIUS, Net-SNMP, nginx logs) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v14", HOLDOUT_V14_SCORE, "redaction on the blind holdout v14 (bench/redaction-holdout-v14: output of yet other real programs (Tcl, Guile, OCaml toplevel and Clojure printers and errors, HAProxy and vsftpd logs, MIT Kerberos klist/kadmin.local, Samba testparm) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v15", HOLDOUT_V15_SCORE, "redaction on the blind holdout v15 (bench/redaction-holdout-v15: output of yet other real programs (the Mono C# REPL, GNU Prolog, SWI-Prolog, gfortran namelists, GnuCOBOL records, Nim, D, tmux, etcdctl, lighttpd logs, caddy adapt, strongSwan pki) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v16", HOLDOUT_V16_SCORE, "redaction on the blind holdout v16 (bench/redaction-holdout-v16: output of yet other real programs (bash declare/set, gawk, Gforth, Emacs Lisp in batch mode, CHICKEN Scheme, Free Pascal, GNAT Ada, rclone, s3cmd, mutt, transmission-daemon, WeeChat, restic) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v17", HOLDOUT_V17_SCORE, "redaction on the blind holdout v17 (bench/redaction-holdout-v17: output of yet other real programs (Haskell under Hugs, Groovy, neomutt, composer, rndc-confgen, tor, getent/finger/pinky, aria2, privoxy, memcached) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v18", HOLDOUT_V18_SCORE, "redaction on the blind holdout v18 (bench/redaction-holdout-v18: output of yet other real programs (R, Racket, Exim, Squid, CUPS, rabbitmqctl, PgBouncer) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v19", HOLDOUT_V19_SCORE, "redaction on the blind holdout v19 (bench/redaction-holdout-v19: output of yet other real programs (Apache httpd config dumps and logs, Varnish's varnishlog/varnishadm, keepassxc-cli, OpenVPN, systemd-analyze, ZNC, mbsync) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v20", HOLDOUT_V20_SCORE, "redaction on the blind holdout v20 (bench/redaction-holdout-v20: output of yet other real programs (ngIRCd's --configtest, chrony, Fossil, SQLCipher's shell, prosodyctl, ProFTPD's ftpasswd, the rsync daemon, GNU Octave) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v21", HOLDOUT_V21_SCORE, "redaction on the blind holdout v21 (bench/redaction-holdout-v21: output of yet other real programs (SBCL, Rakudo and Pike printers, environments and backtraces, coturn's turnadmin, opendkim-genkey, Knot DNS keymgr/knotc, OpenSMTPD, NSD's nsd-checkconf, Icecast's status pages, NUT's upsc/upsrw/upscmd) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v22", HOLDOUT_V22_SCORE, "redaction on the blind holdout v22 (bench/redaction-holdout-v22: output of yet other real programs (GHC's derived show, errors and environment, GNU CLISP printers and errors, Yggdrasil's genconf/normaliseconf, MPD's verbose log and mpc, Monit's control-file check, Tinyproxy's request log, pgpool-II's pg_md5, age-keygen, oathtool, GnuTLS certtool, abook exports) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v23", HOLDOUT_V23_SCORE, "redaction on the blind holdout v23 (bench/redaction-holdout-v23: output of yet other real programs (a Rust program's Debug prints and panics, GDB's print and backtraces of a C program, PowerDNS's pdnsutil and pdns_server --config, Icinga 2's object list and console, Kea's control agent, its debug log and kea-dhcp4 -t, the Monitoring Plugins' check_http -v, Poly/ML's top level and exceptions) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v24", HOLDOUT_V24_SCORE, "redaction on the blind holdout v24 (bench/redaction-holdout-v24: output of real key and access tools (wpa_passphrase, ktutil and klist -kKte, minisign, signify-openbsd, dropbearkey and dropbearconvert, ipmitool against a closed 127.0.0.1 port, BorgBackup init, key export and info, nats-server -t) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v25", HOLDOUT_V25_SCORE, "redaction on the blind holdout v25 (bench/redaction-holdout-v25: output of Node.js 20 scripts (util.inspect through console.log, console.error and console.dir of objects, class instances, Maps and URL objects, console.table, JSON.stringify, uncaught errors with their own properties, failed assert.deepStrictEqual diffs, node -p process.env; Breezy's brz config, brz info and brz log) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v26", HOLDOUT_V26_SCORE, "redaction on the blind holdout v26 (bench/redaction-holdout-v26: output of VPN, failover, tunnel, disk-encryption and mail tools (vpnc --print-config and pcf2vpnc, openfortivpn's debug report, keepalived's configuration dump and -t, wpa_supplicant -dd with and without -K, ss-manager's control replies and log, stunnel's PSK start-up log, gocryptfs -init/-info and gocryptfs-xray, cryptsetup luksDump with and without --dump-volume-key, mpop's --debug POP3 dialog and --serverinfo, encfsctl showKey and info) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v27", HOLDOUT_V27_SCORE, "redaction on the blind holdout v27 (bench/redaction-holdout-v27: output of yet other real programs (skopeo login, its auth file and inspect against a stand-in registry on 127.0.0.1, Puppet's notice, --show_diff and epp render, Facter's external and FACTER_ facts, cloud-init schema, zabbix_agentd -t, Firebird's isql-fb, yt-dlp -v/--print-traffic, nzbget -p, collectd -T, duplicity's banner) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v28", HOLDOUT_V28_SCORE, "redaction on the blind holdout v28 (bench/redaction-holdout-v28: output of mail, feed and calendar clients (offlineimap's -d imap debug, s-nail -vv SMTP dialogs, header summaries and printed messages, getmail --dump/-v, newsboat's debug log and OPML export, vdirsyncer -vdebug discover) against stand-in servers on 127.0.0.1, with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v29", HOLDOUT_V29_SCORE, "redaction on the blind holdout v29 (bench/redaction-holdout-v29: output of servers' and admin tools (Tor's --dump-config, --hash-password and control port on 127.0.0.1, qemu-img secret objects, sshpass, virsh's test driver, iscsiadm node records, pure-pw, Bacula's -t checks, amtool config show against an Alertmanager on 127.0.0.1, sssctl config-check) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v30", HOLDOUT_V30_SCORE, "redaction on the blind holdout v30 (bench/redaction-holdout-v30: what a coding agent sees in a developer's terminal (git's GIT_TRACE/GIT_TRACE_PACKET against a smart-HTTP server on 127.0.0.1, git config --show-origin and credential-store files, make -n/print-%/-pn, cmake's configure step and -LA/-LAH, zsh/fish/dash variable listings, direnv export/exec/dotenv, yarn and pnpm config list and lockfiles, gem env/sources and bundle config) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v32", HOLDOUT_V32_SCORE, "redaction on the blind holdout v32 (bench/redaction-holdout-v32: what a coding agent sees when it deploys or talks to a cloud or a database (aws-cli configure and the credential- and secret-returning calls against a stand-in on 127.0.0.1, gcloud service-account keys, access tokens and secrets versions access against a stand-in token endpoint and API, kubectl config view --raw and create secret --dry-run manifests, PostgreSQL user mappings, subscriptions, pg_dump, .pgpass and service files) with planted values; nothing but its aggregates seen)"),
  labelledCorpusCase("redaction-holdout-v34", HOLDOUT_V34_SCORE, "redaction on the blind holdout v34 (bench/redaction-holdout-v34: what a coding agent sees when it deploys a web app with npm-distributed tools run offline (wrangler deploy --dry-run bindings and wrangler types, dotenvx encrypted env files, keys, get/decrypt/run --debug, pm2 env and logs of started apps, serverless print and package of a service resolving env, file and param variables) with planted values; nothing but its aggregates seen)"),
  sessionsCorpusCase(
    "redaction-sessions-v31",
    "redaction through the CLI on the blind end-to-end corpus v31 (bench/redaction-sessions-v31: six real agents' session files and printed streams, a session holding secrets and a clean one each, converted by atx convert --profile standard)",
    SESSIONS_V31_SCORE,
    "files",
  ),
  sessionsCorpusCase(
    "redaction-sessions-v33",
    "redaction through the CLI on the blind end-to-end corpus v33 (bench/redaction-sessions-v33: six other real agents' session files and printed streams (Copilot CLI, Droid, Cline, Continue, Kilo Code, Nanocoder), secrets travelling as multi-line keys, edits and diffs, stack traces, wrapped output, heredocs, docker and curl arguments, URL queries and JSON answers; files converted by atx convert, streams piped to atx convert --stream and through atx run, --profile standard)",
    SESSIONS_V33_SCORE,
    "captures",
  ),
  scriptJsonCase<EngineSpeed>(
    "redaction-engine",
    "redaction engine (standard) on the real fixtures' events, one core, next to JSON.parse of the same events (node dist/bench/redaction/engine-speed.js --json)",
    ENGINE_SPEED,
    "the engine bench's JSON",
    (r, speed) => {
      // the table shows the engine's own rate and its ratio to the floor measured beside it
      r.inputBytes = speed.jsonBytes;
      r.mibPerSec = (speed.engineMbPerSecond * 1e6) / MiB;
      r.ratioToFloor = speed.ratioToFloor;
      r.targets = [target(`engine >= ${speed.target} MB/s`, ">=", speed.target, "MB/s", speed.engineMbPerSecond)];
      r.note = `${speed.engineMbPerSecond.toFixed(1)} MB/s (${speed.engineTextMbPerSecond.toFixed(1)} MB/s of the text inside), each transcript with a cold findings cache; floor ${speed.floorMbPerSecond.toFixed(1)} MB/s, ${speed.events} events of ${speed.transcripts} fixtures; as one batch (cache shared) ${speed.batchMbPerSecond.toFixed(1)} MB/s`;
      r.extra = { ...r.extra, speed };
    },
  ),
  scriptJsonCase<FixtureReview>(
    "redaction-fixtures",
    "standard profile on every recorded fixture: findings against the hand review in bench/redaction/fixture-review.json (node dist/bench/redaction/fixture-findings.js --json)",
    FIXTURE_FINDINGS,
    "the fixture review's JSON",
    (r, review) => {
      r.targets = [
        target("false findings per 10k lines <= 1", "<=", 1, "/10k", review.falsePer10kLines),
        target("unreviewed findings = 0", "<=", 0, "", review.unreviewed.length),
      ];
      r.note = `${review.lines} lines, ${review.findings} findings: ${review.reviewedTrue} true, ${review.reviewedFalse} false, ${review.unreviewed.length} not reviewed, ${review.stale.length} stale review entries`;
      r.extra = { ...r.extra, review: { ...review, all: undefined } };
    },
  ),
  scriptJsonCase<LongLines>(
    "redaction-long-lines",
    "redaction (research) of one long line of each shape at 100k and 400k characters: time growth must stay under 8 (linear 4, quadratic 16) (node dist/bench/redaction/long-lines.js --json)",
    LONG_LINES,
    "the long-line bench's JSON",
    (r, { rows, maxGrowth }) => {
      const worst = rows.reduce((a, b) => (b.growth > a.growth ? b : a));
      r.targets = [target(`worst growth (${worst.shape}) < ${maxGrowth}`, "<=", maxGrowth, "x", worst.growth)];
      r.note = rows.map((row) => `${row.shape} x${row.growth.toFixed(1)}`).join(", ");
      r.extra = { ...r.extra, rows };
    },
  ),
  {
    name: "discover",
    standalone: true,
    title: "atx discover --json over a HOME holding 10,000 sessions of six agents (hard links to fixtures)",
    async run(ctx) {
      const sessions = 10_000;
      const home = join(ctx.tmpDir, "discover-home");
      generateDiscoverHome(home, sessions);
      const m = await measureNode(ctx.atx, ["discover", "--json"], {
        stdout: "capture",
        env: { ...process.env, HOME: home },
        nodeArgs: childNodeArgs(ctx, "discover"),
        onProgress: heartbeat(ctx, "discover"),
      });
      rmSync(home, { recursive: true, force: true });
      const r = fromMeasurement(ctx, "discover", this.title, m, 0);
      const listed = r.status === "ok" ? m.stdout.split("\n").filter((line) => line !== "").length : 0;
      if (r.status === "ok" && listed !== sessions) {
        r.status = "error";
        r.note = `listed ${listed} of ${sessions} sessions`;
      } else if (r.status === "ok") {
        r.note = `${listed} sessions listed`;
      }
      r.targets = [target("10,000 sessions listed in < 2 s", "<", 2000, "ms", r.status === "ok" ? r.wallMs : null)];
      return r;
    },
  },
  {
    name: "sync-unchanged",
    standalone: true,
    title: "atx sync <folder of 1,000 sessions> with every session already synced: nothing to send (stat only, no hash, no server)",
    async run(ctx) {
      const synced = await syncedFolder(ctx.tmpDir, SYNCED_SESSIONS);
      const env = { ...process.env, HOME: join(ctx.tmpDir, "sync-home") };
      const m = await measureNode(ctx.atx, ["sync", synced.folder, "--state", synced.state, "--json"], { stdout: "capture", env, nodeArgs: childNodeArgs(ctx, "sync-unchanged"), onProgress: heartbeat(ctx, "sync-unchanged") });
      synced.remove();
      const r = fromMeasurement(ctx, "sync-unchanged", this.title, m, 0);
      const summary = r.status === "ok" ? (JSON.parse(m.stdout.trim().split("\n").at(-1) ?? "{}") as { summary?: { unchanged?: number; stored?: number } }).summary : undefined;
      if (r.status === "ok" && (summary?.unchanged !== SYNCED_SESSIONS || summary.stored !== 0)) {
        r.status = "error";
        r.note = `expected ${SYNCED_SESSIONS} unchanged and nothing sent, got ${JSON.stringify(summary)}`;
      } else if (r.status === "ok") {
        r.note = `${SYNCED_SESSIONS} sessions unchanged, nothing sent`;
      }
      r.targets = [target("1,000 unchanged sessions in < 1 s (whole process)", "<", 1000, "ms", r.status === "ok" ? r.wallMs : null)];
      return r;
    },
  },
  largeTranscriptCase("redact-json", "json", ["redact", "--profile", "standard", "-o"], "atx redact <transcript.json> --profile standard -o <tmp>/redacted.json"),
  largeTranscriptCase("redact-jsonl", "jsonl", ["redact", "--profile", "standard", "-o"], "atx redact <transcript.jsonl> --profile standard -o <tmp>/redacted.jsonl"),
  largeTranscriptCase("upload-dry-json", "json", ["upload", "--dry-run"], "atx upload <transcript.json> --dry-run  (read, redacted with the default profile, gzipped)"),
  largeTranscriptCase("upload-dry-jsonl", "jsonl", ["upload", "--dry-run"], "atx upload <transcript.jsonl> --dry-run"),
  {
    name: "batch-pool",
    standalone: true,
    title: `atx convert <folder of ${BATCH_SESSIONS} generated sessions of ~0.8 MiB (the generator's smallest)> -o <tmp>/out/: default --jobs (one worker per core) vs --jobs 1`,
    async run(ctx) {
      const folder = join(ctx.tmpDir, "batch");
      mkdirSync(folder, { recursive: true });
      let bytes = 0;
      for (let seed = 1; seed <= BATCH_SESSIONS; seed++) {
        bytes += (await generateClaudeSession(join(folder, `session-${seed}.jsonl`), { sizeMb: 0.1, seed })).bytes;
      }
      const convert = async (label: string, jobs: string[]) => {
        const out = join(ctx.tmpDir, `batch-out-${label}`);
        const m = await measureNode(ctx.atx, ["convert", folder, "-o", `${out}/`, ...jobs], { nodeArgs: childNodeArgs(ctx, `batch-${label}`), onProgress: heartbeat(ctx, `batch-${label}`) });
        rmSync(out, { recursive: true, force: true });
        return m;
      };
      // Alternated rounds, each side's median run: one pair of runs on a shared machine swings by a third.
      const serials: Measurement[] = [];
      const pooleds: Measurement[] = [];
      for (let round = 0; round < BATCH_ROUNDS; round++) {
        serials.push(await convert("jobs1", ["--jobs", "1"]));
        pooleds.push(await convert("default", []));
      }
      rmSync(folder, { recursive: true, force: true });
      const serial = medianRun(serials);
      const pooled = medianRun(pooleds);
      const r = fromMeasurement(ctx, "batch-pool", this.title, pooled, bytes);
      const one = fromMeasurement(ctx, "batch-jobs1", "--jobs 1", serial, bytes);
      const ratio = r.wallMs !== null && one.wallMs !== null && one.status === "ok" && r.status === "ok" ? one.wallMs / r.wallMs : null;
      r.ratioToFloor = null;
      r.extra = { ...r.extra, jobs1WallMs: one.wallMs, jobs1CpuMs: one.cpuMs, cores: availableParallelism() };
      // CPU of every thread: what the pool costs beyond --jobs 1 (a second isolate's start-up, its own JIT and GC)
      const cpu = (m: { cpuMs: number | null }) => fmt(m.cpuMs === null ? null : m.cpuMs / 1000, 2);
      // --jobs 1's wall is about its main thread's CPU (V8's helper threads run beside it); the
      // pool's cannot be below all its threads' CPU over the cores: what the ratio can reach at best
      const serialMainMs = serial.probe?.mainThreadCpuMs ?? null;
      const bound = serialMainMs !== null && r.cpuMs !== null && r.cpuMs > 0 ? serialMainMs / (r.cpuMs / availableParallelism()) : null;
      r.extra = { ...r.extra, jobs1MainThreadCpuMs: serialMainMs, defaultMainThreadCpuMs: pooled.probe?.mainThreadCpuMs ?? null, ratioBoundByCpu: bound };
      r.note = `--jobs 1 took ${fmt(one.wallMs === null ? null : one.wallMs / 1000, 2)} s; CPU ${cpu(one)} s (--jobs 1, its main thread ${fmt(serialMainMs === null ? null : serialMainMs / 1000, 2)} s) vs ${cpu(r)} s (default): by CPU the ratio is at most ${fmt(bound, 2)} x; medians of ${BATCH_ROUNDS} alternated runs each; ${availableParallelism()} core(s)`;
      r.targets = [target("default jobs >= 1.7 x faster than --jobs 1", ">=", 1.7, "x", ratio)];
      return r;
    },
  },
  {
    name: "upload-native",
    standalone: true,
    title: `atx upload <folder of ${NATIVE_UPLOAD_SESSIONS} generated Claude Code sessions of ~160 KB> (default profile) -> atx serve on loopback: one process, from its start`,
    async run(ctx) {
      const { measurement, sessions, bytes, serverCpuMs, serverSettleCpuMs, serverMainCpuMs } = await runNativeUpload(ctx.atx, ctx.tmpDir, childNodeArgs(ctx, "upload-native"), childNodeArgs(ctx, "upload-native-server"));
      const r = fromMeasurement(ctx, "upload-native", this.title, measurement, bytes);
      const rate = r.status === "ok" && r.wallMs ? sessions / (r.wallMs / 1000) : null;
      r.ratioToFloor = null;
      const seconds = (ms: number | null | undefined) => fmt(ms === null || ms === undefined ? null : ms / 1000, 2);
      const clientMainCpuMs = measurement.probe?.mainThreadCpuMs ?? null;
      r.extra = { ...r.extra, clientMainThreadCpuMs: clientMainCpuMs, serverCpuMs, serverMainThreadCpuMs: serverMainCpuMs, serverSettleCpuMs };
      // the client's main thread does the sessions one after another: the wall cannot be less than its CPU
      const cpuSplit = ` (CPU: client ${seconds(r.cpuMs)} s, its main thread ${seconds(clientMainCpuMs)} s; server ${seconds(serverCpuMs)} s, its main thread ${seconds(serverMainCpuMs)} s; server start-up after listening ${seconds(serverSettleCpuMs)} s)`;
      r.note = `${sessions} sessions of ${fmt(bytes / sessions / 1000, 0)} KB on average (${fmt(bytes / 1e6, 1)} MB): ${fmt(rate, 1)} sessions/s${cpuSplit}`;
      r.targets = [target(`>= 200 sessions/s`, ">=", 200, "/s", rate)];
      attachProfile(ctx, "upload-native", r);
      printServerProfile(ctx, "upload-native-server");
      return r;
    },
  },
  uploadCase("upload-small", "small", "UploadClient -> atx serve on loopback, ~10 KiB transcripts (node dist/bench/upload.js --size small)"),
  uploadCase("upload-large", "large", "UploadClient -> atx serve on loopback, ~5 MiB transcripts: server ingest MiB/s (node dist/bench/upload.js --size large)"),
];

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

interface Options {
  sizeMb: number;
  transcriptMb: number;
  seed: number;
  keep: boolean;
  json: boolean;
  file: string | null;
  cases: string[] | null;
  cpuProf: boolean;
  cli: string;
  nodeArgs: string[];
}

const USAGE = `usage: npm run bench -- [options]    (node dist/bench/run.js [options])

  --size-mb N     size of the generated session in MiB (default 500)
  --transcript-mb N  size of the Transcript the redact-* and upload-dry-* cases read (default 1024)
  --seed N        PRNG seed of the generator (default 1)
  --file PATH     benchmark an existing Claude Code .jsonl instead of generating one (never deleted)
  --cases a,b     run only these cases (the session is generated and the floor run first only when a selected case reads them)
                  available: ${CASES.map((c) => c.name).join(", ")}
  --cli PATH      the atx CLI script to benchmark (default dist/bin/atx.js next to this runner)
  --node-arg X    extra node flag for every measured child, repeatable
                  (e.g. --node-arg --max-old-space-size=64: live memory vs lazy GC)
  --cpu-prof      run children under node --cpu-prof and print their top functions
                  (slows them down: throughput numbers are then not comparable)
  --keep          keep the temp folder (generated file, profiles)
  --json          print the results as one JSON object on stdout (progress stays on stderr)
  -h, --help      this help
`;

function parseArgs(argv: string[]): Options {
  const o: Options = { sizeMb: 500, transcriptMb: 1024, seed: 1, keep: false, json: false, file: null, cases: null, cpuProf: false, cli: ATX, nodeArgs: [] };
  const value = (i: number, flag: string): string => {
    const v = argv[i];
    if (v === undefined) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case "--size-mb":
        o.sizeMb = Number(value(++i, a));
        if (!Number.isFinite(o.sizeMb) || o.sizeMb <= 0) throw new Error("--size-mb must be a positive number");
        break;
      case "--transcript-mb":
        o.transcriptMb = Number(value(++i, a));
        if (!Number.isFinite(o.transcriptMb) || o.transcriptMb <= 0) throw new Error("--transcript-mb must be a positive number");
        break;
      case "--seed":
        o.seed = Number(value(++i, a));
        if (!Number.isInteger(o.seed)) throw new Error("--seed must be an integer");
        break;
      case "--file":
        o.file = resolve(value(++i, a));
        break;
      case "--cases":
        o.cases = value(++i, a)
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        for (const c of o.cases) {
          if (!CASES.some((k) => k.name === c)) throw new Error(`unknown case "${c}"`);
        }
        break;
      case "--node-arg":
        o.nodeArgs.push(value(++i, a));
        break;
      case "--cli":
        o.cli = resolve(value(++i, a));
        break;
      case "--keep":
        o.keep = true;
        break;
      case "--json":
        o.json = true;
        break;
      case "--cpu-prof":
        o.cpuProf = true;
        break;
      case "-h":
      case "--help":
        process.stdout.write(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option "${a}"`);
    }
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const fmt = (v: number | null | undefined, digits = 1): string => (v === null || v === undefined ? "-" : v.toFixed(digits));

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c <= 1 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/**
 * Whether the measured build reads the default profile's keyword tables from the files
 * `npm run build` writes (redaction/keyword-tables.ts), or builds them in every process and
 * worker (after `tsc` alone, or a build older than those files): start-up figures differ.
 */
/** Which program the `atx` children ran: bin/atx.js takes the bundle only when it is at least as new as itself. */
function programState(cli: string): string {
  if (process.env.ATX_UNBUNDLED === "1") return "the modules (ATX_UNBUNDLED=1)";
  try {
    const bundle = statSync(join(dirname(cli), "..", "bundle", "cli.js"));
    return bundle.mtimeMs >= statSync(cli).mtimeMs
      ? "the bundle (dist/bundle)"
      : "the modules: the bundle is older than the build (run npm run build, not tsc alone)";
  } catch {
    return "the modules: no bundle (run npm run build)";
  }
}

async function keywordTablesState(cli: string): Promise<string> {
  const dist = join(dirname(cli), "..");
  const module = (path: string) => import(pathToFileURL(join(dist, path)).href);
  try {
    const [{ prebuiltKeywordTables }, { builtinProfile, DEFAULT_PROFILE }, { rulesFor }, { compileRules }] = await Promise.all([
      module("redaction/keyword-tables.js"),
      module("redaction/profiles.js"),
      module("redaction/redactor.js"),
      module("redaction/scanner.js"),
    ]);
    const { keywordIndex } = compileRules(rulesFor(builtinProfile(DEFAULT_PROFILE)), { prebuiltKeywordTables: false });
    return prebuiltKeywordTables(keywordIndex.keywords, keywordIndex.runChars) === null
      ? "built by every process (none written for these rules: run npm run build, not tsc alone)"
      : "read from the build's files";
  } catch (error) {
    return `unknown (${(error as Error).message.split("\n")[0]})`;
  }
}

function report(meta: Record<string, unknown>, results: CaseResult[]): string {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    meta.file === null
      ? "Input: none (the selected cases bring their own)"
      : `Input: ${String(meta.file)}  (${fmt(Number(meta.fileBytes) / MiB)} MiB, ${String(meta.lines ?? "?")} lines)`,
  );
  lines.push(`Node ${process.version}, ${String(meta.cpu)} x${String(meta.cpuCount)}`);
  lines.push(`Keyword tables of the default profile: ${String(meta.keywordTables)}`);
  lines.push(`atx ran as: ${String(meta.program)}`);
  const extraArgs = meta.childNodeArgs as string[];
  if (extraArgs.length > 0) lines.push(`Children run with: node ${extraArgs.join(" ")}`);
  if (meta.cpuProf) lines.push("NOTE: run under --cpu-prof; throughput numbers are slowed down by profiling.");
  lines.push("");
  lines.push(
    table([
      ["case", "status", "wall s", "MiB/s", "x floor", "peak RSS MiB", "CPU s", "output MiB"],
      ...results.map((r) => [
        r.name,
        r.status,
        fmt(r.wallMs === null ? null : r.wallMs / 1000, 2),
        fmt(r.mibPerSec),
        fmt(r.ratioToFloor, 2),
        fmt(r.peakRssMib),
        fmt(r.cpuMs === null ? null : r.cpuMs / 1000, 2),
        fmt(r.outputBytes === null ? null : r.outputBytes / MiB),
      ]),
    ]),
  );
  lines.push("");
  lines.push("Targets:");
  let fail = 0;
  let unknown = 0;
  let total = 0;
  for (const r of results) {
    for (const t of r.targets) {
      total++;
      const verdict = t.pass === null ? "N/A " : t.pass ? "PASS" : "FAIL";
      if (t.pass === false) fail++;
      if (t.pass === null) unknown++;
      const val = t.value === null ? "not measured" : `${fmt(t.value, t.unit === "x" ? 2 : t.unit === "redactions" ? 0 : 1)} ${t.unit}`;
      lines.push(`  ${verdict}  ${r.name.padEnd(16)} ${t.label.padEnd(28)} ${val}`);
    }
  }
  lines.push("");
  if (total === 0) lines.push("No targets evaluated.");
  else if (fail === 0 && unknown === 0) lines.push(`All ${total} targets PASS.`);
  else if (fail > 0) lines.push(`${fail} of ${total} targets FAIL${unknown ? ` (${unknown} not measured)` : ""}.`);
  else lines.push(`No target failed, but ${unknown} of ${total} could not be measured (N/A).`);

  for (const r of results) {
    if (r.note) lines.push(`  ${r.name}: ${r.note}`);
    if (r.stderrTail?.length) {
      lines.push(`  ${r.name}: last stderr lines:`);
      for (const l of r.stderrTail) lines.push(`    | ${l}`);
    }
  }
  for (const r of results) {
    if (r.profile) {
      lines.push("");
      lines.push(`[${r.name}] ${formatProfileSummary(r.profile)}`);
    }
  }
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  let opts: Options;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`bench: ${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const progress = (msg: string): void => {
    process.stderr.write(`[bench] ${msg}\n`);
  };

  const tmpDir = mkdtempSync(join(tmpdir(), "atx-bench-"));
  const cleanup = (): void => {
    if (!opts.keep) rmSync(tmpDir, { recursive: true, force: true });
  };
  const onSignal = (sig: NodeJS.Signals): void => {
    progress(`${sig}: cleaning up ${tmpDir}`);
    killActiveChildren();
    cleanup();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const chosen = CASES.filter((c) => opts.cases === null || opts.cases.includes(c.name));
  const needsSession = chosen.some((c) => !c.standalone);
  const selected = needsSession ? CASES.filter((c) => chosen.includes(c) || c.name === "floor") : chosen;
  try {
    let file = "";
    let gen: GenerateStats | null = null;
    if (!needsSession) {
      progress("no selected case reads the generated session: none is made, the floor is not run");
    } else if (opts.file) {
      file = opts.file;
      progress(`using existing file ${file}`);
    } else {
      const draft = join(tmpDir, "session.jsonl.part");
      progress(`generating ${opts.sizeMb} MiB synthetic Claude Code session (seed ${opts.seed}) in ${tmpDir}`);
      gen = await generateClaudeSession(draft, {
        sizeMb: opts.sizeMb,
        seed: opts.seed,
        onProgress: (b, t) => progress(`  generated ${(b / MiB).toFixed(0)} / ${(t / MiB).toFixed(0)} MiB`),
      });
      // Claude Code names session files <sessionId>.jsonl; adapters may rely on that.
      file = join(tmpDir, `${gen.sessionId}.jsonl`);
      renameSync(draft, file);
      gen.path = file;
      progress(
        `generated ${(gen.bytes / MiB).toFixed(1)} MiB, ${gen.lines} lines, ${gen.toolResults} tool results, ` +
          `${gen.images} images, largest line ${(gen.maxLineBytes / MiB).toFixed(1)} MiB in ${(gen.ms / 1000).toFixed(1)} s`,
      );
    }
    const fileBytes = file === "" ? 0 : statSync(file).size;
    const cpuProfDir = opts.cpuProf ? join(tmpDir, "profiles") : null;

    const ctx: BenchContext = {
      file,
      fileBytes,
      generated: gen !== null,
      tmpDir,
      atx: opts.cli,
      results: new Map(),
      cpuProfDir,
      nodeArgs: opts.nodeArgs,
      transcriptMb: opts.transcriptMb,
      progress,
    };
    const results: CaseResult[] = [];
    for (const c of selected) {
      progress(`${c.name}: ${c.title}`);
      let r: CaseResult;
      try {
        r = await c.run(ctx);
      } catch (err) {
        r = unmeasured(c.name, c.title, "error", `runner error: ${(err as Error).stack ?? String(err)}`, fileBytes);
      }
      ctx.results.set(c.name, r);
      results.push(r);
      progress(
        `${c.name}: ${r.status}` +
          (r.status === "ok"
            ? `, ${fmt(r.wallMs === null ? null : r.wallMs / 1000, 2)} s, ${fmt(r.mibPerSec)} MiB/s, peak RSS ${fmt(r.peakRssMib)} MiB`
            : r.note
              ? ` (${r.note})`
              : ""),
      );
    }

    const meta: Record<string, unknown> = {
      file: needsSession ? file : null,
      fileBytes,
      generated: gen !== null,
      sizeMb: opts.file || !needsSession ? null : opts.sizeMb,
      seed: opts.file || !needsSession ? null : opts.seed,
      lines: gen?.lines ?? results.find((r) => r.name === "floor")?.extra?.lines ?? null,
      generator: gen,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpu: cpus()[0]?.model ?? "unknown",
      cpuCount: cpus().length,
      totalMemMib: Math.round(totalmem() / MiB),
      cpuProf: opts.cpuProf,
      cli: opts.cli,
      childNodeArgs: opts.nodeArgs,
      kept: opts.keep ? tmpDir : null,
      keywordTables: await keywordTablesState(opts.cli),
      program: programState(opts.cli),
    };
    const targets = results.flatMap((r) => r.targets.map((t) => ({ case: r.name, ...t })));
    if (opts.json) {
      const allPass = targets.length > 0 && targets.every((t) => t.pass === true);
      process.stdout.write(JSON.stringify({ meta, cases: results, targets, allPass }, null, 2) + "\n");
    } else {
      process.stdout.write(report(meta, results));
    }
    if (opts.keep) progress(`kept ${tmpDir}`);
  } finally {
    cleanup();
  }
}

await main();
