/**
 * What the keyword gate keeps rules from finding in real text: each rule runs as the engine runs
 * it and again with no keyword condition at all (keyword-gate.ts), over
 *   - the clean-text miner's tuning half (files on this machine an agent reads, clean-text.ts),
 *   - the secret-options miner's tuning half (programs' own secret options written with a value,
 *     secret-options.ts),
 *   - every redaction corpus's inputs (eval, holdout, v2–v19),
 *   - the recorded fixtures' strings,
 * and every finding of the second run that the first does not cover is counted, per source and
 * rule. A miss is a spelling the pattern accepts that the keywords do not cover (or a keyword
 * start the pattern does not begin at): the rule found it only because nothing stopped it.
 *
 *   npm run build && node dist/bench/redaction/keyword-gate-diff.js [--mb N] [--rule ID]... [--list] [--json]
 *
 * `--list` prints each miss with its context, for the tuning halves and the fixtures only: the
 * corpora are held out (several are blind), so only their counts per rule are printed.
 * Detectors told where their keywords start find nothing without them and are left out (their
 * matches start at a keyword by construction). Exit code 0; the counts are the result.
 */
import { parseArgs } from 'node:util';
import { BUILTIN_RULES } from '../../redaction/index.js';
import type { Rule } from '../../redaction/types.js';
import { generateEvalCorpus } from '../redaction-eval/corpus.js';
import { generateHoldoutCorpus } from '../redaction-holdout/corpus.js';
import { generateHoldoutV2Corpus } from '../redaction-holdout-v2/corpus.js';
import { generateHoldoutV3Corpus } from '../redaction-holdout-v3/corpus.js';
import { generateHoldoutV4Corpus } from '../redaction-holdout-v4/corpus.js';
import { generateHoldoutV5Corpus } from '../redaction-holdout-v5/corpus.js';
import { generateHoldoutV6Corpus } from '../redaction-holdout-v6/corpus.js';
import { generateHoldoutV7Corpus } from '../redaction-holdout-v7/corpus.js';
import { generateHoldoutV8Corpus } from '../redaction-holdout-v8/corpus.js';
import { generateHoldoutV9Corpus } from '../redaction-holdout-v9/corpus.js';
import { generateHoldoutV10Corpus } from '../redaction-holdout-v10/corpus.js';
import { generateHoldoutV11Corpus } from '../redaction-holdout-v11/corpus.js';
import { generateHoldoutV12Corpus } from '../redaction-holdout-v12/corpus.js';
import { generateHoldoutV13Corpus } from '../redaction-holdout-v13/corpus.js';
import { generateHoldoutV14Corpus } from '../redaction-holdout-v14/corpus.js';
import { generateHoldoutV15Corpus } from '../redaction-holdout-v15/corpus.js';
import { generateHoldoutV16Corpus } from '../redaction-holdout-v16/corpus.js';
import { generateHoldoutV17Corpus } from '../redaction-holdout-v17/corpus.js';
import { generateHoldoutV18Corpus } from '../redaction-holdout-v18/corpus.js';
import { generateHoldoutV19Corpus } from '../redaction-holdout-v19/corpus.js';
import { isMain, MiB } from '../util.js';
import { chunksOf, DEFAULT_ROOTS, listCleanFiles, readCleanText } from './clean-text.js';
import { eventStrings, loadFixtureTranscripts } from './fixture-text.js';
import { comparable, gatePair, missedByGate, type GatePair } from './keyword-gate.js';
import { Rng } from './prng.js';
import { distinct, generatedValue, halfOf as optionHalfOf, lineFor, mineConfigs, mineManPages, SHAPES } from './secret-options.js';

/**
 * A body of text to compare on: its name, whether its misses may be listed, and its strings (a
 * corpus's with the values its case wants removed, none for a negative case).
 */
interface Source {
  readonly name: string;
  readonly listable: boolean;
  texts(): Iterable<string | { text: string; targets: readonly string[] }>;
}

const CONTEXT_CHARS = 40;
const DEFAULT_MB = 4;

function cleanTextTuning(maxBytes: number): Source {
  return {
    name: 'clean-text (tuning)',
    listable: true,
    *texts() {
      let bytes = 0;
      for (const file of listCleanFiles(DEFAULT_ROOTS)) {
        if (file.half !== 'tuning') continue;
        const text = readCleanText(file.path);
        if (text === undefined) continue;
        yield* chunksOf(text, file.rank);
        bytes += text.length;
        if (bytes >= maxBytes) return;
      }
    },
  };
}

function secretOptionsTuning(): Source {
  return {
    name: 'secret-options (tuning)',
    listable: true,
    *texts() {
      const options = distinct([...mineManPages('/usr/share/man'), ...mineConfigs(['/etc', '/usr/share/doc'])]);
      for (const option of options) {
        if (optionHalfOf(option.program) !== 'tuning') continue;
        const rng = new Rng(`${option.program}\0${option.name}\0${option.form}`);
        for (const shape of SHAPES) yield lineFor(option, generatedValue(shape, rng));
        yield option.doc;
      }
    },
  };
}

const CORPORA: ReadonlyArray<readonly [string, () => Array<{ text: string; targets: string[] }>]> = [
  ['redaction-eval', generateEvalCorpus],
  ['redaction-holdout', generateHoldoutCorpus],
  ['redaction-holdout-v2', generateHoldoutV2Corpus],
  ['redaction-holdout-v3', generateHoldoutV3Corpus],
  ['redaction-holdout-v4', generateHoldoutV4Corpus],
  ['redaction-holdout-v5', generateHoldoutV5Corpus],
  ['redaction-holdout-v6', generateHoldoutV6Corpus],
  ['redaction-holdout-v7', generateHoldoutV7Corpus],
  ['redaction-holdout-v8', generateHoldoutV8Corpus],
  ['redaction-holdout-v9', generateHoldoutV9Corpus],
  ['redaction-holdout-v10', generateHoldoutV10Corpus],
  ['redaction-holdout-v11', generateHoldoutV11Corpus],
  ['redaction-holdout-v12', generateHoldoutV12Corpus],
  ['redaction-holdout-v13', generateHoldoutV13Corpus],
  ['redaction-holdout-v14', generateHoldoutV14Corpus],
  ['redaction-holdout-v15', generateHoldoutV15Corpus],
  ['redaction-holdout-v16', generateHoldoutV16Corpus],
  ['redaction-holdout-v17', generateHoldoutV17Corpus],
  ['redaction-holdout-v18', generateHoldoutV18Corpus],
  ['redaction-holdout-v19', generateHoldoutV19Corpus],
];

function corpus(name: string, generate: () => Array<{ text: string; targets: string[] }>): Source {
  return {
    name,
    listable: false,
    *texts() {
      for (const entry of generate()) yield { text: entry.text, targets: entry.targets };
    },
  };
}

function fixtures(): Source {
  return {
    name: 'fixtures',
    listable: true,
    *texts() {
      for (const transcript of loadFixtureTranscripts()) for (const event of transcript.events) for (const [, text] of eventStrings(event)) yield text;
    },
  };
}

export interface GateMiss {
  source: string;
  rule: string;
  /** the text found, with CONTEXT_CHARS around it (line breaks as ⏎); only for listable sources */
  context?: string;
}

export interface DiffReport {
  /** rules compared, and rules left out (no keywords, or a detector told its keyword starts) */
  compared: number;
  leftOut: number;
  /**
   * per source: strings read, characters, and misses per rule; for a corpus also how many of
   * them hold one of their case's targets (the gate lost a catch) and how many lie in a negative
   * case (the gate kept a false finding out)
   */
  sources: Array<{ name: string; strings: number; chars: number; misses: Record<string, number>; onTarget?: Record<string, number>; inNegative?: Record<string, number> }>;
  misses: GateMiss[];
}

export function diffSources(rules: readonly Rule[], sources: readonly Source[]): DiffReport {
  const pairs: GatePair[] = rules.filter(comparable).map(gatePair);
  const report: DiffReport = { compared: pairs.length, leftOut: rules.length - pairs.length, sources: [], misses: [] };
  for (const source of sources) {
    const entry: DiffReport['sources'][number] = { name: source.name, strings: 0, chars: 0, misses: {} };
    const count = (counts: Record<string, number>, rule: string) => {
      counts[rule] = (counts[rule] ?? 0) + 1;
    };
    for (const item of source.texts()) {
      const text = typeof item === 'string' ? item : item.text;
      const targets = typeof item === 'string' ? undefined : item.targets;
      entry.strings += 1;
      entry.chars += text.length;
      for (const pair of pairs) {
        for (const span of missedByGate(pair, text)) {
          count(entry.misses, pair.rule.id);
          if (targets !== undefined) {
            const found = text.slice(span.start, span.end);
            if (targets.length === 0) count((entry.inNegative ??= {}), pair.rule.id);
            else if (targets.some((target) => found.includes(target) || target.includes(found))) count((entry.onTarget ??= {}), pair.rule.id);
          }
          const miss: GateMiss = { source: source.name, rule: pair.rule.id };
          if (source.listable) miss.context = contextOf(text, span.start, span.end);
          report.misses.push(miss);
        }
      }
    }
    report.sources.push(entry);
  }
  return report;
}

function contextOf(text: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_CHARS);
  const to = Math.min(text.length, end + CONTEXT_CHARS);
  return `${text.slice(from, start)}«${text.slice(start, end)}»${text.slice(end, to)}`.replaceAll('\n', '⏎');
}

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: { mb: { type: 'string' }, rule: { type: 'string', multiple: true }, list: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  });
  const mb = values.mb === undefined ? DEFAULT_MB : Number(values.mb);
  if (!(mb > 0)) throw new Error('--mb needs a positive number');
  const wanted = values.rule;
  const rules = wanted ? BUILTIN_RULES.filter((rule) => wanted.includes(rule.id)) : BUILTIN_RULES;
  if (wanted && rules.length !== wanted.length) throw new Error(`--rule: no such rule among ${wanted.join(', ')}`);
  const sources = [cleanTextTuning(mb * MiB), secretOptionsTuning(), ...CORPORA.map(([name, generate]) => corpus(name, generate)), fixtures()];
  const report = diffSources(rules, sources);
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(`rules compared: ${report.compared} (left out: ${report.leftOut}: no keywords, or a detector told its keyword starts)`);
  for (const source of report.sources) {
    const total = Object.values(source.misses).reduce((a, b) => a + b, 0);
    const split = (rule: string) => (source.onTarget || source.inNegative ? ` (${source.onTarget?.[rule] ?? 0} on a target, ${source.inNegative?.[rule] ?? 0} in a negative)` : '');
    const byRule = Object.entries(source.misses)
      .sort((a, b) => b[1] - a[1])
      .map(([rule, n]) => `${rule} ${n}${split(rule)}`);
    console.log(`  ${source.name}: ${source.strings} strings, ${(source.chars / MiB).toFixed(2)} MiB, ${total} found only without the keyword gate${byRule.length ? `: ${byRule.join(', ')}` : ''}`);
  }
  if (values.list) for (const miss of report.misses) if (miss.context !== undefined) console.log(`MISS ${miss.rule.padEnd(32)} ${miss.source.padEnd(24)} ${miss.context}`);
}

if (isMain(import.meta.url)) main();
