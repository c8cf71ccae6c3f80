/**
 * What each rule of a profile costs the engine on the real fixtures' text: for finding the rules
 * worth making cheaper (issue 12).
 *
 *   node dist/bench/redaction/rule-costs.js [--profile standard] [--top 30] [--passes 5] [--rule <id>]... [--base <worktree>] [--json]
 *
 * The texts are those the engine's rules scan when engine-speed.js redacts the recorded fixtures
 * (see engineTexts: short strings of an event joined, long ones alone), each scanned once per
 * pass. Each rule is compiled
 * alone with the engine's own `compileRules` and `scan` is timed over all texts; its cost is the
 * CPU time (user + system) of a pass less that of a pass just before it of a stub with the same
 * keywords and nothing behind them (finding the keywords is the shared keyword pass's work), the
 * median of those differences. Rules are timed in turns, one pass of each and then again. The
 * baseline row is an empty rule set's pass: the keyword pass and the carrier/base64 watch alone.
 *
 * What the rules share (overlap resolution, decoded layers) is counted in none of them and in the
 * full set's row, so the rules' sum differs from it a little; the ranking is what matters.
 * Columns: strings that hold one of its keywords (every string for a rule without keywords),
 * strings its detector ran on (decoded base64 layers included; a pattern's: as selected), findings.
 */
import { FindingsCache } from '../../redaction/findings-cache.js';
import { builtinProfile, compileRules, rulesFor, TranscriptRedactor, type RedactableEvent, type Rule, type RuleSet } from '../../redaction/index.js';
import { isMain } from '../util.js';
import { loadFixtureTranscripts, type FixtureTranscript } from './fixture-text.js';

export interface RuleCost {
  id: string;
  kind: 'pattern' | 'detector';
  /** median CPU ms over all texts, less its keywords' alone */
  cpuMs: number;
  /** the same in the base build, when one is compared */
  baseCpuMs?: number;
  selected: number;
  ran: number;
  findings: number;
}

export interface RuleCosts {
  profile: string;
  texts: number;
  textBytes: number;
  passes: number;
  /** the empty rule set: keyword pass and encoded-layer watch only */
  baselineCpuMs: number;
  ruleCount: number;
  /** the profile's whole rule set */
  allRulesCpuMs: number;
  baseAllRulesCpuMs?: number;
  rules: RuleCost[];
}

const median = (list: readonly number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

function cpuMsOf(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The rule with its detector counting the strings it is given (the original left as it was). */
function counted(rule: Rule): { rule: Rule; calls: () => number } {
  const detector = rule.detector;
  if (!detector) return { rule, calls: () => -1 };
  let calls = 0;
  return {
    rule: {
      ...rule,
      detector: (text, starts) => {
        calls += 1;
        return detector(text, starts);
      },
    },
    calls: () => calls,
  };
}

/** What the measure needs of a build's redaction module: this build's, or another's (see loadBaseEngine). */
export interface Engine {
  builtinProfile: typeof builtinProfile;
  compileRules: typeof compileRules;
  rulesFor: typeof rulesFor;
}

/**
 * Another build of the repository (a worktree of main, built) to compare with, in this process:
 * the same texts, its rules timed in turns with this build's. It first redacts every fixture
 * transcript once, as engineTexts does here: V8 tunes the scanner's code to what it has run, and
 * two builds timed after different histories differ by 10 % or more in rules neither changed.
 */
export async function loadBaseEngine(root: string, profileName: string, transcripts: readonly FixtureTranscript[]): Promise<Engine> {
  const dist = `${root.replace(/\/+$/, '')}/dist/redaction`;
  const engine = (await import(`${dist}/index.js`)) as Engine & { TranscriptRedactor: typeof TranscriptRedactor };
  const { FindingsCache: BaseCache } = (await import(`${dist}/findings-cache.js`)) as { FindingsCache: typeof FindingsCache };
  const profile = engine.builtinProfile(profileName)!;
  for (const transcript of transcripts) {
    const redactor = new engine.TranscriptRedactor(profile, { salt: Buffer.from('atx-bench'), saltSource: 'per-transcript', findingsCache: new BaseCache() });
    for (const event of transcript.events) redactor.event(event as unknown as RedactableEvent);
  }
  return engine;
}

/** The transcript redactor's rule set (private: reached for measuring only). */
type WithRules = { redactor: { uncached: RuleSet } };

/**
 * The texts the engine's rules scan when every fixture transcript is redacted as engine-speed.js
 * redacts it (one TranscriptRedactor per transcript, a cold findings cache each): an event's short
 * strings joined into one text, long ones alone and only once, residue checks. They are recorded
 * by wrapping the profile's compiled rule set's `scan` for one pass, then unwrapping it.
 */
export function engineTexts(profileName: string, transcripts: readonly FixtureTranscript[] = loadFixtureTranscripts()): string[] {
  const profile = builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const texts: string[] = [];
  const salt = Buffer.from('atx-bench');
  let unwrap = () => {};
  try {
    for (const transcript of transcripts) {
      const redactor = new TranscriptRedactor(profile, { salt, saltSource: 'per-transcript', findingsCache: new FindingsCache() });
      const rules = (redactor as unknown as WithRules).redactor.uncached;
      if (rules.scan.name !== 'recordingScan') {
        const scan = rules.scan;
        const recordingScan = (text: string) => {
          texts.push(text);
          return scan.call(rules, text);
        };
        (rules as { scan: RuleSet['scan'] }).scan = recordingScan;
        unwrap = () => {
          (rules as { scan: RuleSet['scan'] }).scan = scan;
        };
      }
      for (const event of transcript.events) redactor.event(event as unknown as RedactableEvent);
    }
  } finally {
    unwrap();
  }
  return texts;
}

export interface RuleCostOptions {
  passes?: number;
  /** rule ids to measure (all when empty) */
  only?: readonly string[];
  texts?: readonly string[];
  /** another build to time each rule of against (loadBaseEngine) */
  base?: Engine;
}

export function measureRuleCosts(profileName = 'standard', options: RuleCostOptions = {}): RuleCosts {
  const profile = builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const passes = Math.max(1, options.passes ?? 5);
  const texts = options.texts ?? engineTexts(profileName);
  const lowered = texts.map((text) => text.toLowerCase());
  const all = rulesFor(profile);
  const measured = options.only && options.only.length > 0 ? all.filter((rule) => options.only!.includes(rule.id)) : all;
  const scanAll = (set: ReturnType<typeof compileRules>) => () => {
    for (const text of texts) set.scan(text);
  };

  const baseProfile = options.base?.builtinProfile(profileName);
  const baseRules = baseProfile ? options.base!.rulesFor(baseProfile) : undefined;
  const empty = scanAll(compileRules([], { allowValues: profile.allow }));
  const full = scanAll(compileRules(all, { allowValues: profile.allow }));
  const baseFull = baseRules && baseProfile ? scanAll(options.base!.compileRules(baseRules, { allowValues: baseProfile.allow })) : undefined;
  const alone = measured.map((rule) => {
    const probe = counted(rule);
    const set = compileRules([probe.rule], { allowValues: profile.allow });
    let findings = 0;
    for (const text of texts) findings += set.scan(text).length;
    const ran = probe.calls();
    const selected = rule.keywords.length === 0 ? texts.length : lowered.filter((text) => rule.keywords.some((keyword) => text.includes(keyword))).length;
    // the same keywords with nothing behind them: what finding this rule's keywords alone costs
    const stub: Rule = { ...rule, pattern: undefined, detector: () => [], keywordStarts: rule.keywordStarts ?? false };
    const keywordsOnly = scanAll(compileRules([stub], { allowValues: profile.allow }));
    const baseRule = baseRules?.find((other) => other.id === rule.id);
    const base = baseRule && baseProfile ? { run: scanAll(options.base!.compileRules([baseRule], { allowValues: baseProfile.allow })), keywordsOnly: scanAll(options.base!.compileRules([{ ...baseRule, pattern: undefined, detector: () => [], keywordStarts: baseRule.keywordStarts ?? false }], { allowValues: baseProfile.allow })) } : undefined;
    return { rule, run: scanAll(set), keywordsOnly, base, selected, ran: ran < 0 ? selected : ran, findings };
  });

  // one warm-up pass (the counting pass above was the first: V8 compiles a regex to machine code after a few runs)
  empty();
  full();
  baseFull?.();
  for (const entry of alone) {
    entry.keywordsOnly();
    entry.run();
    entry.base?.keywordsOnly();
    entry.base?.run();
  }

  // each rule's pass is paired with a pass of its keywords alone just before it: the cost is the
  // median of their differences, so a slow spell of the machine falls on both halves of a pair
  const emptyTimes: number[] = [];
  const fullTimes: number[] = [];
  const baseFullTimes: number[] = [];
  const ruleCosts = alone.map(() => [] as number[]);
  const baseCosts = alone.map(() => [] as number[]);
  const costOf = (pair: { run: () => void; keywordsOnly: () => void }) => {
    const before = cpuMsOf(pair.keywordsOnly);
    return cpuMsOf(pair.run) - before;
  };
  for (let pass = 0; pass < passes; pass++) {
    // the two builds in turns, each first every other pass
    const baseFirst = pass % 2 === 1;
    if (baseFull && baseFirst) baseFullTimes.push(cpuMsOf(baseFull));
    fullTimes.push(cpuMsOf(full));
    if (baseFull && !baseFirst) baseFullTimes.push(cpuMsOf(baseFull));
    emptyTimes.push(cpuMsOf(empty));
    alone.forEach((entry, index) => {
      if (entry.base && baseFirst) baseCosts[index]!.push(costOf(entry.base));
      ruleCosts[index]!.push(costOf(entry));
      if (entry.base && !baseFirst) baseCosts[index]!.push(costOf(entry.base));
    });
  }
  const baseline = median(emptyTimes);
  const rules = alone.map((entry, index): RuleCost => ({
    id: entry.rule.id,
    kind: entry.rule.detector ? 'detector' : 'pattern',
    cpuMs: median(ruleCosts[index]!),
    ...(baseCosts[index]!.length > 0 ? { baseCpuMs: median(baseCosts[index]!) } : {}),
    selected: entry.selected,
    ran: entry.ran,
    findings: entry.findings,
  }));
  // by cost, the base build's when one is compared (the rules that were costly, and what they cost now)
  rules.sort((a, b) => (b.baseCpuMs ?? b.cpuMs) - (a.baseCpuMs ?? a.cpuMs));
  return {
    profile: profileName,
    texts: texts.length,
    textBytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    passes,
    baselineCpuMs: baseline,
    ruleCount: all.length,
    allRulesCpuMs: median(fullTimes),
    ...(baseFullTimes.length > 0 ? { baseAllRulesCpuMs: median(baseFullTimes) } : {}),
    rules,
  };
}

export function formatRuleCosts(costs: RuleCosts, top = 30): string {
  const sum = costs.rules.reduce((total, rule) => total + rule.cpuMs, 0);
  const compared = costs.baseAllRulesCpuMs !== undefined;
  const row = (cells: Array<string | number>) => cells.map((cell, index) => (index === 0 ? String(cell).padEnd(40) : String(cell).padStart(9))).join(' ');
  const lines = [
    `rule costs, profile ${costs.profile}: ${costs.texts} texts the engine scans in the fixtures, ${(costs.textBytes / 1e6).toFixed(2)} MB, median CPU of ${costs.passes} passes`,
    `  all ${costs.ruleCount} rules together: ${costs.allRulesCpuMs.toFixed(1)} ms${compared ? ` (base build: ${costs.baseAllRulesCpuMs!.toFixed(1)} ms)` : ''}; rules' own work, summed: ${sum.toFixed(1)} ms`,
    row(['rule', ...(compared ? ['base ms'] : []), 'cpu ms', '% of all', 'selected', 'ran on', 'findings', 'kind']),
    row(['(keyword pass, no rules: baseline)', ...(compared ? [''] : []), costs.baselineCpuMs.toFixed(2), ((100 * costs.baselineCpuMs) / costs.allRulesCpuMs).toFixed(1), '', '', '', '']),
  ];
  for (const rule of costs.rules.slice(0, top)) {
    const base = compared ? [rule.baseCpuMs === undefined ? 'new' : rule.baseCpuMs.toFixed(2)] : [];
    lines.push(row([rule.id, ...base, rule.cpuMs.toFixed(2), ((100 * rule.cpuMs) / costs.allRulesCpuMs).toFixed(1), rule.selected, rule.ran, rule.findings, rule.kind]));
  }
  return lines.join('\n');
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const flagValue = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const only = args.flatMap((arg, index) => (arg === '--rule' && args[index + 1] ? [args[index + 1]!] : []));
  const profileName = flagValue('--profile') ?? 'standard';
  const transcripts = loadFixtureTranscripts();
  const texts = engineTexts(profileName, transcripts);
  const baseRoot = flagValue('--base');
  const base = baseRoot ? await loadBaseEngine(baseRoot, profileName, transcripts) : undefined;
  const costs = measureRuleCosts(profileName, { passes: Number(flagValue('--passes') ?? 5), only, texts, ...(base ? { base } : {}) });
  console.log(args.includes('--json') ? JSON.stringify(costs) : formatRuleCosts(costs, Number(flagValue('--top') ?? 30)));
}
