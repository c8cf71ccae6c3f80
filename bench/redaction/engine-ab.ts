/**
 * This build's redaction engine against another build's, on the real fixtures, in one process:
 * for telling whether a change to the engine made it faster when the change is smaller than what
 * a shared machine's load does to two runs made apart (10 % and more).
 *
 *   node dist/bench/redaction/engine-ab.js --base <worktree> [--profile standard] [--pairs 30] [--json]
 *
 * `<worktree>`: another checkout, built (`git worktree add --detach ../base main`, its
 * `node_modules` linked, `npx tsc`). Each pass redacts every fixture transcript as engine-speed.ts
 * does for its goal's figure (one TranscriptRedactor and a cold findings cache per transcript).
 * Passes are made in pairs, one of each build, the first of a pair taking turns, and timed by CPU
 * time (user + system), which a busy machine disturbs less than wall time. The figure to read is
 * the median of the pairs' ratios (this build / base) with its quartiles: a slow spell falls on
 * both halves of a pair. A ratio whose quartiles hold 1 is no difference this run can see.
 *
 * The build whose modules a process loads first reads 5–8 % slower there, whichever it is (session
 * 25: the same change read 1.076 with this build first and 0.944 with the base first), so each
 * order runs in a process of its own (`--order this|base` runs one, in this process) and the
 * figure to read is the geometric mean of the two medians; a build is called faster or slower only
 * when both orders' quartiles leave 1 out.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FindingsCache } from '../../redaction/findings-cache.js';
import type { TranscriptRedactor, builtinProfile, RedactableEvent } from '../../redaction/index.js';
import { isMain } from '../util.js';
import { loadFixtureTranscripts, type FixtureTranscript } from './fixture-text.js';

/** Passes of each build before the timed ones: V8 compiles the rules' expressions and the engine's functions over the first several. */
const WARM_UP_PASSES = 6;
const MB = 1_000_000;

/** What one build's redaction modules must provide here. */
interface EngineBuild {
  TranscriptRedactor: typeof TranscriptRedactor;
  builtinProfile: typeof builtinProfile;
  FindingsCache: typeof FindingsCache;
}

export interface PairRatios {
  median: number;
  lowerQuartile: number;
  upperQuartile: number;
}

/** The median and quartiles of `ratios` (each pair's time of this build over the base's). */
export function summarizeRatios(ratios: readonly number[]): PairRatios {
  if (ratios.length === 0) throw new Error('no pairs to summarize');
  const sorted = [...ratios].sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
  return { median: at(0.5), lowerQuartile: at(0.25), upperQuartile: at(0.75) };
}

export interface EngineComparison {
  profile: string;
  transcripts: number;
  /** the events as JSONL */
  jsonBytes: number;
  pairs: number;
  /** median CPU ms of a pass */
  baseCpuMs: number;
  cpuMs: number;
  baseCpuMbPerSecond: number;
  cpuMbPerSecond: number;
  /** this build's time over the base's, pair by pair */
  ratio: PairRatios;
  /** which build the process loaded first */
  first: BuildOrder;
}

export type BuildOrder = 'this' | 'base';

/** Both orders' comparisons, each made in a process of its own. */
export interface EngineComparisonBothOrders {
  orders: EngineComparison[];
  /** the geometric mean of the orders' median ratios (this build / base) */
  ratio: number;
}

/** This build's root (above `dist/bench/redaction`). */
const THIS_BUILD = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * A build's engine, imported from its `dist` by path. This build's is imported the same way: an
 * engine the bench imported statically ran 20 % slower than the same code imported by path, and
 * a comparison of a build with itself called it slower.
 */
async function loadBuild(root: string): Promise<EngineBuild> {
  const dist = `${root.replace(/\/+$/, '')}/dist/redaction`;
  const engine = (await import(`${dist}/index.js`)) as Omit<EngineBuild, 'FindingsCache'>;
  const { FindingsCache: Cache } = (await import(`${dist}/findings-cache.js`)) as { FindingsCache: typeof FindingsCache };
  return { TranscriptRedactor: engine.TranscriptRedactor, builtinProfile: engine.builtinProfile, FindingsCache: Cache };
}

/** One pass of a build's engine over every transcript, as engine-speed.ts's goal's figure redacts them. */
function engineRun(build: EngineBuild, profileName: string, transcripts: readonly FixtureTranscript[]): () => void {
  const profile = build.builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const salt = Buffer.from('atx-bench');
  return () => {
    for (const transcript of transcripts) {
      const redactor = new build.TranscriptRedactor(profile, { salt, saltSource: 'per-transcript', findingsCache: new build.FindingsCache() });
      for (const event of transcript.events) redactor.event(event as unknown as RedactableEvent);
    }
  };
}

function cpuMsOf(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export async function compareEngines(
  baseRoot: string,
  profileName = 'standard',
  pairs = 30,
  transcripts: readonly FixtureTranscript[] = loadFixtureTranscripts(),
  first: BuildOrder = 'this',
): Promise<EngineComparison> {
  const thisBuild = first === 'this' ? await loadBuild(THIS_BUILD) : null;
  const baseBuild = await loadBuild(baseRoot);
  const runs = [engineRun(baseBuild, profileName, transcripts), engineRun(thisBuild ?? (await loadBuild(THIS_BUILD)), profileName, transcripts)] as const;
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) for (const run of runs) run();
  const times: [number[], number[]] = [[], []];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) times[which as 0 | 1].push(cpuMsOf(runs[which]!));
  }
  const median = (list: readonly number[]) => summarizeRatios(list).median;
  const jsonBytes = transcripts.reduce((sum, t) => t.events.reduce((n, event) => n + Buffer.byteLength(JSON.stringify(event)) + 1, sum), 0);
  const baseCpuMs = median(times[0]);
  const cpuMs = median(times[1]);
  return {
    profile: profileName,
    transcripts: transcripts.length,
    jsonBytes,
    pairs,
    baseCpuMs,
    cpuMs,
    baseCpuMbPerSecond: jsonBytes / MB / (baseCpuMs / 1000),
    cpuMbPerSecond: jsonBytes / MB / (cpuMs / 1000),
    ratio: summarizeRatios(times[1].map((ms, index) => ms / times[0][index]!)),
    first,
  };
}

function verdictOf({ lowerQuartile, upperQuartile }: PairRatios): 'faster' | 'slower' | 'no difference this run can see' {
  return upperQuartile < 1 ? 'faster' : lowerQuartile > 1 ? 'slower' : 'no difference this run can see';
}

/** Faster or slower only when both orders say so. */
export function formatBothOrders(both: EngineComparisonBothOrders): string {
  const verdicts = new Set(both.orders.map((order) => verdictOf(order.ratio)));
  const verdict = verdicts.size === 1 ? [...verdicts][0]! : 'no difference this run can see';
  const lines = both.orders.map((order) => {
    const { median, lowerQuartile, upperQuartile } = order.ratio;
    return `  ${order.first === 'base' ? 'base' : 'this build'} loaded first: base ${order.baseCpuMs.toFixed(1)} ms, this build ${order.cpuMs.toFixed(1)} ms a pass; this / base median ${median.toFixed(3)} (quartiles ${lowerQuartile.toFixed(3)} to ${upperQuartile.toFixed(3)})`;
  });
  const c = both.orders[0]!;
  return [
    `redaction engine, this build against the base, profile ${c.profile}, ${c.transcripts} fixture transcripts (${(c.jsonBytes / MB).toFixed(2)} MB as JSONL), ${c.pairs} pairs of passes by CPU time in each order:`,
    ...lines,
    `  both orders (geometric mean of the medians): ${both.ratio.toFixed(3)}: ${verdict}`,
  ].join('\n');
}

export function formatEngineComparison(c: EngineComparison): string {
  const { median, lowerQuartile, upperQuartile } = c.ratio;
  const verdict = verdictOf(c.ratio);
  return [
    `redaction engine, this build against the base, profile ${c.profile}, ${c.transcripts} fixture transcripts (${(c.jsonBytes / MB).toFixed(2)} MB as JSONL), ${c.pairs} pairs of passes by CPU time:`,
    `  base ${c.baseCpuMs.toFixed(1)} ms a pass (${c.baseCpuMbPerSecond.toFixed(1)} MB/s), this build ${c.cpuMs.toFixed(1)} ms (${c.cpuMbPerSecond.toFixed(1)} MB/s)`,
    `  this build / base, pair by pair: median ${median.toFixed(3)}, quartiles ${lowerQuartile.toFixed(3)} to ${upperQuartile.toFixed(3)}: ${verdict}`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const argument = (flag: string) => {
    const index = args.indexOf(flag);
    return index === -1 ? undefined : args[index + 1];
  };
  const base = argument('--base');
  const pairs = Number(argument('--pairs') ?? 30);
  const order = argument('--order');
  if (!base || !Number.isInteger(pairs) || pairs < 1 || (order !== undefined && order !== 'this' && order !== 'base')) {
    console.error('usage: engine-ab.js --base <built worktree> [--profile standard] [--pairs 30] [--order this|base] [--json]');
    process.exit(2);
  }
  const profile = argument('--profile') ?? 'standard';
  if (order === 'this' || order === 'base') {
    const comparison = await compareEngines(base, profile, pairs, loadFixtureTranscripts(), order);
    console.log(args.includes('--json') ? JSON.stringify(comparison) : formatEngineComparison(comparison));
  } else {
    const orders = (['this', 'base'] as const).map((first) => {
      const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--base', base, '--profile', profile, '--pairs', String(pairs), '--order', first, '--json'], { encoding: 'utf8' });
      return JSON.parse(output.trim().split('\n').at(-1)!) as EngineComparison;
    });
    const both: EngineComparisonBothOrders = { orders, ratio: Math.sqrt(orders[0]!.ratio.median * orders[1]!.ratio.median) };
    console.log(args.includes('--json') ? JSON.stringify(both, null, 2) : formatBothOrders(both));
  }
}
