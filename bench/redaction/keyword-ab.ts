/**
 * The keyword pass alone (KeywordIndex.forEachFound) of this build against another build's, on
 * the texts the engine hands it in a pass over the real fixtures: for a change to the automaton's
 * loop or tables, whose few per cent of the engine's time engine-ab.ts cannot see on a busy machine.
 *
 *   node dist/bench/redaction/keyword-ab.js --base <worktree> [--profile standard] [--pairs 30] [--json]
 *
 * Passes are made in pairs (one of each build, the first of a pair taking turns) and timed by CPU
 * time. In one process the build whose module is loaded second measured 7–20 % slower with the
 * very same code, so the comparison runs twice, in two processes, once with each build loaded
 * first; the figure to read is the geometric mean of the two medians (this build / base).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FindingsCache } from '../../redaction/findings-cache.js';
import type { builtinProfile, compileRules, rulesFor, TranscriptRedactor, RedactableEvent } from '../../redaction/index.js';
import type { KeywordIndex, RunWatch } from '../../redaction/keyword-index.js';
import { isMain } from '../util.js';
import { summarizeRatios, type PairRatios } from './engine-ab.js';
import { loadFixtureTranscripts } from './fixture-text.js';

const WARM_UP_PASSES = 5;

interface Build {
  KeywordIndex: typeof KeywordIndex;
  TranscriptRedactor: typeof TranscriptRedactor;
  FindingsCache: typeof FindingsCache;
  builtinProfile: typeof builtinProfile;
  compileRules: typeof compileRules;
  rulesFor: typeof rulesFor;
}

async function loadBuild(root: string): Promise<Build> {
  const module = (path: string) => import(join(root, 'dist', path));
  return { ...(await module('redaction/index.js')), ...(await module('redaction/keyword-index.js')), ...(await module('redaction/findings-cache.js')) } as Build;
}

/** The texts a pass of the engine over the fixtures gives its keyword pass (this build's engine). */
function keywordPassTexts(build: Build, profileName: string): string[] {
  const texts: string[] = [];
  const prototype = build.KeywordIndex.prototype;
  const original = prototype.forEachFound;
  prototype.forEachFound = function (this: KeywordIndex, text, found, runs) {
    texts.push(text);
    original.call(this, text, found, runs);
  };
  try {
    const profile = build.builtinProfile(profileName)!;
    for (const transcript of loadFixtureTranscripts()) {
      const redactor = new build.TranscriptRedactor(profile, { salt: Buffer.from('atx-bench'), saltSource: 'per-transcript', findingsCache: new build.FindingsCache() });
      for (const event of transcript.events) redactor.event(event as unknown as RedactableEvent);
    }
  } finally {
    prototype.forEachFound = original;
  }
  return texts;
}

function indexOf(build: Build, profileName: string): KeywordIndex {
  const profile = build.builtinProfile(profileName)!;
  return build.compileRules(build.rulesFor(profile), { allowValues: profile.allow }).keywordIndex;
}

export interface KeywordPassComparison {
  profile: string;
  texts: number;
  characters: number;
  /** the pairs of each order: base loaded first, then this build first */
  orders: Array<{ first: 'base' | 'this'; baseCpuMs: number; cpuMs: number; ratio: PairRatios }>;
  /** the geometric mean of the two orders' median ratios (this build / base) */
  ratio: number;
}

/** One order's pairs, in this process. */
async function comparePairs(baseRoot: string, first: 'base' | 'this', profileName: string, pairs: number) {
  const thisRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
  let base: Build;
  let current: Build;
  if (first === 'base') {
    base = await loadBuild(baseRoot);
    current = await loadBuild(thisRoot);
  } else {
    current = await loadBuild(thisRoot);
    base = await loadBuild(baseRoot);
  }
  const texts = keywordPassTexts(current, profileName);
  const indexes = [indexOf(base, profileName), indexOf(current, profileName)] as const;
  let hits = 0;
  const found = () => {
    hits += 1;
  };
  const pass = (index: KeywordIndex) => {
    const started = process.cpuUsage();
    for (const text of texts) {
      const runs: RunWatch = { length: 24, starts: [], nonAscii: false, digit: false };
      index.forEachFound(text, found, runs);
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  for (let k = 0; k < WARM_UP_PASSES; k++) for (const index of indexes) pass(index);
  const baseMs: number[] = [];
  const thisMs: number[] = [];
  const ratios: number[] = [];
  for (let k = 0; k < pairs; k++) {
    const order = k % 2 === 0 ? [0, 1] : [1, 0];
    const times: number[] = [];
    for (const which of order) times[which] = pass(indexes[which]!);
    baseMs.push(times[0]!);
    thisMs.push(times[1]!);
    ratios.push(times[1]! / times[0]!);
  }
  const median = (list: number[]) => summarizeRatios(list).median;
  let characters = 0;
  for (const text of texts) characters += text.length;
  return { first, texts: texts.length, characters, baseCpuMs: median(baseMs), cpuMs: median(thisMs), ratio: summarizeRatios(ratios), hits };
}

function format(result: KeywordPassComparison): string {
  const lines = [`keyword pass, this build against the base, profile ${result.profile}: ${result.texts} texts, ${(result.characters / 1e6).toFixed(2)} M characters a pass, by CPU time`];
  for (const order of result.orders) {
    const { median, lowerQuartile, upperQuartile } = order.ratio;
    lines.push(`  ${order.first === 'base' ? 'base' : 'this build'} loaded first: base ${order.baseCpuMs.toFixed(2)} ms, this build ${order.cpuMs.toFixed(2)} ms; this / base median ${median.toFixed(3)} (quartiles ${lowerQuartile.toFixed(3)} to ${upperQuartile.toFixed(3)})`);
  }
  lines.push(`  both orders (geometric mean of the medians): ${result.ratio.toFixed(3)}`);
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback?: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const base = option('--base');
  if (!base) {
    console.error('usage: keyword-ab.js --base <worktree> [--profile standard] [--pairs 30] [--json]');
    process.exit(2);
  }
  const profile = option('--profile', 'standard')!;
  const pairs = Number(option('--pairs', '30'));
  const child = option('--order');
  if (child === 'base' || child === 'this') {
    console.log(JSON.stringify(await comparePairs(base, child, profile, pairs)));
  } else {
    const orders = (['base', 'this'] as const).map((first) => {
      const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--base', base, '--profile', profile, '--pairs', String(pairs), '--order', first], { encoding: 'utf8' });
      return JSON.parse(output.trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof comparePairs>>;
    });
    const result: KeywordPassComparison = {
      profile,
      texts: orders[0]!.texts,
      characters: orders[0]!.characters,
      orders: orders.map(({ first, baseCpuMs, cpuMs, ratio }) => ({ first, baseCpuMs, cpuMs, ratio })),
      ratio: Math.sqrt(orders[0]!.ratio.median * orders[1]!.ratio.median),
    };
    console.log(args.includes('--json') ? JSON.stringify(result) : format(result));
  }
}
