/**
 * What each rule of a profile costs the engine on the real fixtures' text: for finding the rules
 * worth making cheaper (issue 12).
 *
 *   node dist/bench/redaction/rule-costs.js [--profile standard] [--top 30] [--passes 5] [--rule <id>]... [--json]
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

export function measureRuleCosts(profileName = 'standard', options: { passes?: number; only?: readonly string[]; texts?: readonly string[] } = {}): RuleCosts {
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

  const empty = scanAll(compileRules([], { allowValues: profile.allow }));
  const full = scanAll(compileRules(all, { allowValues: profile.allow }));
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
    return { rule, run: scanAll(set), keywordsOnly, selected, ran: ran < 0 ? selected : ran, findings };
  });

  // one warm-up pass (the counting pass above was the first: V8 compiles a regex to machine code after a few runs)
  empty();
  full();
  for (const entry of alone) {
    entry.keywordsOnly();
    entry.run();
  }
  // each rule's pass is paired with a pass of its keywords alone just before it: the cost is the
  // median of their differences, so a slow spell of the machine falls on both halves of a pair
  const emptyTimes: number[] = [];
  const fullTimes: number[] = [];
  const ruleCosts = alone.map(() => [] as number[]);
  for (let pass = 0; pass < passes; pass++) {
    fullTimes.push(cpuMsOf(full));
    emptyTimes.push(cpuMsOf(empty));
    alone.forEach((entry, index) => {
      const before = cpuMsOf(entry.keywordsOnly);
      ruleCosts[index]!.push(cpuMsOf(entry.run) - before);
    });
  }
  const baseline = median(emptyTimes);
  const rules = alone.map((entry, index): RuleCost => ({
    id: entry.rule.id,
    kind: entry.rule.detector ? 'detector' : 'pattern',
    cpuMs: median(ruleCosts[index]!),
    selected: entry.selected,
    ran: entry.ran,
    findings: entry.findings,
  }));
  rules.sort((a, b) => b.cpuMs - a.cpuMs);
  return {
    profile: profileName,
    texts: texts.length,
    textBytes: texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
    passes,
    baselineCpuMs: baseline,
    ruleCount: all.length,
    allRulesCpuMs: median(fullTimes),
    rules,
  };
}

export function formatRuleCosts(costs: RuleCosts, top = 30): string {
  const sum = costs.rules.reduce((total, rule) => total + rule.cpuMs, 0);
  const row = (cells: Array<string | number>) => cells.map((cell, index) => (index === 0 ? String(cell).padEnd(40) : String(cell).padStart(9))).join(' ');
  const lines = [
    `rule costs, profile ${costs.profile}: ${costs.texts} texts the engine scans in the fixtures, ${(costs.textBytes / 1e6).toFixed(2)} MB, median CPU of ${costs.passes} passes`,
    `  all ${costs.ruleCount} rules together: ${costs.allRulesCpuMs.toFixed(1)} ms; rules' own work, summed: ${sum.toFixed(1)} ms`,
    row(['rule', 'cpu ms', '% of all', 'selected', 'ran on', 'findings', 'kind']),
    row(['(keyword pass, no rules: baseline)', costs.baselineCpuMs.toFixed(2), ((100 * costs.baselineCpuMs) / costs.allRulesCpuMs).toFixed(1), '', '', '', '']),
  ];
  for (const rule of costs.rules.slice(0, top)) {
    lines.push(row([rule.id, rule.cpuMs.toFixed(2), ((100 * rule.cpuMs) / costs.allRulesCpuMs).toFixed(1), rule.selected, rule.ran, rule.findings, rule.kind]));
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
  const costs = measureRuleCosts(flagValue('--profile') ?? 'standard', { passes: Number(flagValue('--passes') ?? 5), only });
  console.log(args.includes('--json') ? JSON.stringify(costs) : formatRuleCosts(costs, Number(flagValue('--top') ?? 30)));
}
