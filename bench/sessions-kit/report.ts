/**
 * The report of a sessions corpus's score, and the scorer's command line:
 *
 *   node dist/bench/<corpus>/score.js [--json] [--misses]
 *
 * `--json` prints the whole Score; `--misses` adds the label ids of missed secrets, removed
 * look-alikes and lost text (never a value).
 */
import type { SessionsCorpus } from './corpus.js';
import { type Breakdown, type Score, scoreSessions, type Tally } from './score.js';

export interface ReportSpec {
  /** the first line: what the corpus holds and how it went through the CLI */
  title(s: Score): string;
  /** what the clean counts count: `files` where each file has a single capture, else `captures` */
  unit: 'files' | 'captures';
  /** the breakdowns of secret occurrences printed, with their titles */
  sections: [title: string, breakdown: Breakdown][];
  /** how wide a breakdown's label column is */
  labelWidth: number;
  /** whether to print the count of values the CLI lost */
  textLost: boolean;
}

const pct = (t: Tally) => (t.total ? ((100 * (t.total - t.missed)) / t.total).toFixed(1) : '-');

export function formatScore(s: Score, spec: ReportSpec, withMisses = false): string {
  const o = s.secretOccurrences;
  const line = (label: string, t: Tally) => `    ${label.padEnd(spec.labelWidth)} ${String(t.total - t.missed).padStart(4)}/${String(t.total).padEnd(4)} removed (${pct(t)} %), ${t.missed} missed`;
  const out = [
    spec.title(s),
    `  standard: recall ${pct(o)} % (${o.total - o.missed}/${o.total} secret occurrences), values missed somewhere ${s.secretValues.missed}/${s.secretValues.total}, partial leftovers ${s.leftovers}, clean ${spec.unit} with placeholders ${s.clean.withPlaceholders}/${s.clean.captures} (${s.clean.placeholders} placeholders, ${s.clean.redactionCount} redactions), look-alikes removed ${s.lookAlikes.removed}/${s.lookAlikes.occurrences}, CLI failures ${s.cli.nonZeroExit.length + s.cli.unparsed.length}`,
  ];
  for (const [title, breakdown] of spec.sections) {
    out.push(`  ${title}:`);
    for (const [k, t] of Object.entries(s[breakdown])) out.push(line(k, t));
  }
  const list = (m: Record<string, Tally>) => Object.entries(m).map(([k, t]) => `${k} ${t.missed}/${t.total}`);
  out.push(`  clean sessions' placeholders by agent: ${Object.entries(s.clean.byAgent).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  out.push(`  look-alikes removed by kind: ${list(s.lookAlikes.byHow).join(', ')}`);
  out.push(`  look-alikes removed by place: ${list(s.lookAlikes.byPlace).join(', ')}`);
  out.push(`  placeholders in the secrets sessions' outputs: ${s.secretsSessionPlaceholders}`);
  if (spec.textLost) {
    const lostValues = Object.values(s.lost).reduce((n, ids) => n + ids.length, 0);
    out.push(`  text lost (labelled values in the native file, not in the none output): ${lostValues} in ${Object.keys(s.lost).length} captures`);
  }
  out.push(`  CLI: ${s.cli.conversions} conversions, ${s.cli.nonZeroExit.length} non-zero exits, ${s.cli.unparsed.length} with unparsed events, ${s.cli.unknownRecords.length} with unknown native records`);
  for (const l of [...s.cli.nonZeroExit, ...s.cli.unparsed, ...s.cli.unknownRecords]) out.push(`    ${l}`);
  if (withMisses) {
    out.push('  missed (agent/capture/place/label: occurrences left):');
    for (const [k, n] of Object.entries(s.misses)) out.push(`    ${k}: ${n}`);
    out.push('  look-alikes removed (agent/scenario/capture/place/label: occurrences):');
    for (const [k, n] of Object.entries(s.lookAlikes.removedIds)) out.push(`    ${k}: ${n}`);
    out.push('  text lost (file (capture): labels):');
    for (const [k, ids] of Object.entries(s.lost)) out.push(`    ${k}: ${ids.join(', ')}`);
  }
  return out.join('\n');
}

/** The scorer's command line (see the top of this file). */
export async function runSessionsScorer(corpus: SessionsCorpus, spec: ReportSpec, args: readonly string[]): Promise<void> {
  const score = await scoreSessions(corpus);
  if (args.includes('--json')) console.log(JSON.stringify(score, null, 2));
  else console.log(formatScore(score, spec, args.includes('--misses')));
}
