/**
 * How fast the redaction engine is on what agents really write: every recorded fixture's events
 * redacted by a TranscriptRedactor (one per transcript, as in `atx convert`), next to the read
 * floor measured in the same run on the same events (`JSON.parse` of each event's JSONL line).
 *
 *   node dist/bench/redaction/engine-speed.js [--profile standard] [--json] [--rules]
 *
 * `--rules` then times each rule's runs over a few more passes (see measureRuleCosts): where the
 * rules' share of the engine's time goes, on an idle machine (wall time per run).
 *
 * MB/s is over the events' bytes as JSONL (what a converter reads, and what the floor parses):
 * the engine's time to redact every event, the floor's time to parse every line. The text inside
 * (the UTF-8 bytes of the events' strings) is about 60 % of that, and its rate is printed too.
 * Each figure is the median wall time of passes made in turns with the floor's until
 * MIN_TIMING_MS has elapsed (at least MIN_PASSES each). One thread, in process. The same passes'
 * median CPU time (user + system) gives the rates by CPU, which a busy machine disturbs less.
 *
 * The engine keeps the rules' findings in long strings it has seen (findings-cache.ts). The goal's
 * figure gives each transcript a cold cache of its own (repeats within one session only); the
 * batch figure, printed apart, gives each pass over all fixtures one cache that starts cold (what
 * one `atx convert` of many sessions sees: they repeat each other's strings).
 */
import { FindingsCache } from '../../redaction/findings-cache.js';
import { TranscriptRedactor, builtinProfile, type RedactableEvent } from '../../redaction/index.js';
import { observeRuleRuns } from '../../redaction/scanner.js';
import { isMain } from '../util.js';
import { eventStrings, lineCount, loadFixtureTranscripts, type FixtureTranscript } from './fixture-text.js';

export const ENGINE_TARGET_MB_PER_SECOND = 100;
const MIN_TIMING_MS = 3000;
const MIN_PASSES = 9;
const WARM_UP_PASSES = 8;
const MB = 1_000_000;

export interface EngineSpeed {
  profile: string;
  transcripts: number;
  events: number;
  lines: number;
  /** the events as JSONL */
  jsonBytes: number;
  /** the strings inside them */
  textBytes: number;
  engineMbPerSecond: number;
  engineTextMbPerSecond: number;
  floorMbPerSecond: number;
  /** the same rates by the passes' CPU time */
  engineCpuMbPerSecond: number;
  floorCpuMbPerSecond: number;
  /** the engine over all fixtures as one batch: one findings cache per pass, shared by its transcripts (not the goal's figure) */
  batchMbPerSecond: number;
  batchCpuMbPerSecond: number;
  /** engine / floor */
  ratioToFloor: number;
  passes: number;
  target: number;
  pass: boolean;
}

function textBytes(transcripts: readonly FixtureTranscript[]): number {
  let bytes = 0;
  for (const t of transcripts) for (const event of t.events) for (const [, text] of eventStrings(event)) bytes += Buffer.byteLength(text);
  return bytes;
}

/**
 * Median wall time of each of `runs`, measured in turns (one pass of each, then again) until
 * enough time has passed: a slow spell of a shared machine then weighs on both alike, so their
 * ratio holds even when the absolute rates wander. Wall time, as every other bench case: the
 * engine runs on one thread (V8's garbage collector may use the other core, as in `atx convert`).
 */
function medianMsInTurns(runs: ReadonlyArray<() => void>): { ms: number[]; cpuMs: number[]; passes: number } {
  const times: number[][] = runs.map(() => []);
  const cpuTimes: number[][] = runs.map(() => []);
  let total = 0;
  while (times[0]!.length < MIN_PASSES || total < MIN_TIMING_MS) {
    runs.forEach((run, index) => {
      const start = process.hrtime.bigint();
      const cpuStart = process.cpuUsage();
      run();
      const cpu = process.cpuUsage(cpuStart);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      times[index]!.push(ms);
      cpuTimes[index]!.push((cpu.user + cpu.system) / 1000);
      total += ms;
    });
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return { ms: times.map(median), cpuMs: cpuTimes.map(median), passes: times[0]!.length };
}

export function measureEngineSpeed(profileName = 'standard', transcripts: readonly FixtureTranscript[] = loadFixtureTranscripts()): EngineSpeed {
  const profile = builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const lines = transcripts.map((t) => t.events.map((event) => JSON.stringify(event)));
  const bytes = lines.reduce((sum, t) => t.reduce((n, line) => n + Buffer.byteLength(line) + 1, sum), 0);
  const text = textBytes(transcripts);
  const salt = Buffer.from('atx-bench');
  let sink = 0;

  const floor = () => {
    for (const transcript of lines) for (const line of transcript) sink += (JSON.parse(line) as { seq: number }).seq;
  };
  const redactAll = (cacheFor: () => FindingsCache) => {
    for (const transcript of transcripts) {
      const redactor = new TranscriptRedactor(profile, { salt, saltSource: 'per-transcript', findingsCache: cacheFor() });
      for (const event of transcript.events) sink += redactor.event(event as unknown as RedactableEvent & { seq: number }).seq;
    }
  };
  // the goal's figure: each transcript alone, its cache cold
  const engine = () => redactAll(() => new FindingsCache());
  const batch = () => {
    const shared = new FindingsCache();
    redactAll(() => shared);
  };
  // warm both up: V8 compiles the rules' expressions to machine code after their first runs, and
  // the engine's functions over several passes (its CPU time per pass settles by the sixth or so;
  // counted in passes, not time, so that a busy machine does not time the warm-up instead)
  for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
    floor();
    engine();
    batch();
  }
  const timed = medianMsInTurns([floor, engine, batch]);
  const floorTime = { ms: timed.ms[0]!, cpuMs: timed.cpuMs[0]! };
  const engineTime = { ms: timed.ms[1]!, cpuMs: timed.cpuMs[1]!, passes: timed.passes };
  const batchTime = { ms: timed.ms[2]!, cpuMs: timed.cpuMs[2]! };
  if (sink === -1) console.log(sink);

  const engineMbPerSecond = bytes / MB / (engineTime.ms / 1000);
  const floorMbPerSecond = bytes / MB / (floorTime.ms / 1000);
  return {
    profile: profileName,
    transcripts: transcripts.length,
    events: lines.reduce((sum, t) => sum + t.length, 0),
    lines: lineCount(transcripts),
    jsonBytes: bytes,
    textBytes: text,
    engineMbPerSecond,
    engineTextMbPerSecond: text / MB / (engineTime.ms / 1000),
    floorMbPerSecond,
    engineCpuMbPerSecond: bytes / MB / (engineTime.cpuMs / 1000),
    floorCpuMbPerSecond: bytes / MB / (floorTime.cpuMs / 1000),
    batchMbPerSecond: bytes / MB / (batchTime.ms / 1000),
    batchCpuMbPerSecond: bytes / MB / (batchTime.cpuMs / 1000),
    ratioToFloor: engineMbPerSecond / floorMbPerSecond,
    passes: engineTime.passes,
    target: ENGINE_TARGET_MB_PER_SECOND,
    pass: engineMbPerSecond >= ENGINE_TARGET_MB_PER_SECOND,
  };
}

export function formatEngineSpeed(s: EngineSpeed): string {
  return [
    `redaction engine on the real fixtures (${s.transcripts} transcripts, ${s.events} events, ${(s.jsonBytes / MB).toFixed(2)} MB as JSONL, ${(s.textBytes / MB).toFixed(2)} MB of it text), profile ${s.profile}, one core:`,
    `  engine, each transcript with a cold findings cache: ${s.engineMbPerSecond.toFixed(1)} MB/s (${s.engineTextMbPerSecond.toFixed(1)} MB/s of text), read floor (JSON.parse of each event) ${s.floorMbPerSecond.toFixed(1)} MB/s, ratio ${s.ratioToFloor.toFixed(2)}`,
    `  by CPU time: engine ${s.engineCpuMbPerSecond.toFixed(1)} MB/s, read floor ${s.floorCpuMbPerSecond.toFixed(1)} MB/s`,
    `  (not the goal's figure) all fixtures as one batch, the cache shared and warming: ${s.batchMbPerSecond.toFixed(1)} MB/s, by CPU ${s.batchCpuMbPerSecond.toFixed(1)} MB/s`,
    `  ${s.pass ? 'PASS' : 'FAIL'} engine >= ${s.target} MB/s`,
  ].join('\n');
}

export interface RuleCost {
  ruleId: string;
  /** per pass over the fixtures */
  runs: number;
  chars: number;
  ms: number;
  /** keyword (or start literal) places it was given to try: work per keyword hit, against `candidates` */
  places: number;
  /** candidate spans it gave (before the checks) */
  candidates: number;
  /** runs that gave a candidate span */
  productive: number;
  /** times its keywords selected it but its keyword gate kept it from running */
  gated: number;
}

export interface RuleCosts {
  profile: string;
  passes: number;
  /** strings the engine scanned per pass (joined texts count once), and the rule runs on them */
  scans: number;
  runs: number;
  /** all rules' time per pass (ms) */
  ms: number;
  rules: RuleCost[];
}

/**
 * Each rule's runs over the fixtures, redacted as the goal's figure redacts them (a cold findings
 * cache per transcript), after warm-up passes: how often it ran, on how many characters, in what
 * time, and how often it gave anything (and how often a keyword gate spared a run). Which rules
 * the keyword scan selects for nothing shows here.
 */
export function measureRuleCosts(profileName = 'standard', transcripts: readonly FixtureTranscript[] = loadFixtureTranscripts(), passes = 5): RuleCosts {
  const profile = builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const salt = Buffer.from('atx-bench');
  const pass = () => {
    for (const transcript of transcripts) {
      const redactor = new TranscriptRedactor(profile, { salt, saltSource: 'per-transcript', findingsCache: new FindingsCache() });
      for (const event of transcript.events) redactor.event(event as unknown as RedactableEvent);
    }
  };
  for (let warm = 0; warm < WARM_UP_PASSES; warm++) pass();
  const byRule = new Map<string, RuleCost>();
  let scans = 0;
  observeRuleRuns({
    scanned: () => {
      scans += 1;
    },
    ran: (ruleId, chars, ms, candidates, places) => {
      let cost = byRule.get(ruleId);
      if (!cost) byRule.set(ruleId, (cost = newCost(ruleId)));
      cost.runs += 1;
      cost.chars += chars;
      cost.ms += ms;
      cost.places += places;
      cost.candidates += candidates;
      if (candidates > 0) cost.productive += 1;
    },
    gated: (ruleId) => {
      let cost = byRule.get(ruleId);
      if (!cost) byRule.set(ruleId, (cost = newCost(ruleId)));
      cost.gated += 1;
    },
  });
  try {
    for (let n = 0; n < passes; n++) pass();
  } finally {
    observeRuleRuns(null);
  }
  const rules = [...byRule.values()]
    .map((cost) => ({
      ...cost,
      runs: cost.runs / passes,
      chars: cost.chars / passes,
      ms: cost.ms / passes,
      places: cost.places / passes,
      candidates: cost.candidates / passes,
      productive: cost.productive / passes,
      gated: cost.gated / passes,
    }))
    .sort((a, b) => b.ms - a.ms);
  return {
    profile: profileName,
    passes,
    scans: scans / passes,
    runs: rules.reduce((sum, cost) => sum + cost.runs, 0),
    ms: rules.reduce((sum, cost) => sum + cost.ms, 0),
    rules,
  };
}

function newCost(ruleId: string): RuleCost {
  return { ruleId, runs: 0, chars: 0, ms: 0, places: 0, candidates: 0, productive: 0, gated: 0 };
}

export function formatRuleCosts(costs: RuleCosts, top = 25): string {
  const lines = [
    `rules' time per pass (profile ${costs.profile}, wall time, mean of ${costs.passes} passes): ${costs.ms.toFixed(1)} ms in ${Math.round(costs.runs)} rule runs, ${(costs.runs / costs.scans).toFixed(1)} rules per scanned string`,
    '   share      ms    runs  chars (M)  places  candidates  gave any  gated  rule',
  ];
  for (const cost of costs.rules.slice(0, top)) {
    lines.push(
      `  ${((100 * cost.ms) / costs.ms).toFixed(1).padStart(5)} % ${cost.ms.toFixed(2).padStart(7)} ${Math.round(cost.runs).toString().padStart(7)} ${(cost.chars / MB).toFixed(2).padStart(10)} ${Math.round(cost.places).toString().padStart(7)} ${Math.round(cost.candidates).toString().padStart(11)} ${Math.round(cost.productive).toString().padStart(9)} ${Math.round(cost.gated).toString().padStart(6)}  ${cost.ruleId}`,
    );
  }
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const profileAt = args.indexOf('--profile');
  const profileName = profileAt >= 0 ? args[profileAt + 1] : 'standard';
  const transcripts = loadFixtureTranscripts();
  const speed = measureEngineSpeed(profileName, transcripts);
  const costs = args.includes('--rules') ? measureRuleCosts(profileName, transcripts) : null;
  if (args.includes('--json')) console.log(JSON.stringify(costs ? { ...speed, ruleCosts: costs } : speed));
  else {
    console.log(formatEngineSpeed(speed));
    if (costs) console.log(formatRuleCosts(costs));
  }
}
