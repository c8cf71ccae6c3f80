/**
 * `npm run fuzz -- --additions`: every shape of record in every line-based fixture (its type and
 * the names of its fields two levels down; not only the first record of each type, as
 * test/adapter-additions.test.ts does) gets what a newer release would add (bench/fuzz/additions.ts),
 * converted through the CLI's entry point with `--profile none`. Every record would be quadratic
 * in a fixture's length: hours for the long sessions.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { additionCases, inText, lostProse, recordLabel, unreadByDesign, type ConvertedEvents } from './additions.js';
import { ROOT, runAtx } from './harness.js';

export interface AdditionsReport {
  records: number;
  cases: number;
  failures: string[];
}

/** A record's type and field names (top level and one level down): records of one shape fail alike. */
function shapeOf(agent: string, line: string): string | undefined {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const value = record as Record<string, unknown>;
  const names = Object.entries(value).map(([key, inner]) => (typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? `${key}{${Object.keys(inner).sort().join(',')}}` : key));
  return `${agent}|${recordLabel(value)}|${names.sort().join(',')}`;
}

async function convert(agent: string, lines: readonly string[]): Promise<{ text: string; events: string } | undefined> {
  const outcome = await runAtx(['convert', '--from', agent, '--profile', 'none', '-'], Buffer.from(lines.join('\n')));
  if (outcome.code !== 0) return undefined;
  const transcript = JSON.parse(outcome.stdout) as ConvertedEvents;
  return { text: outcome.stdout, events: JSON.stringify(transcript.events) };
}

export async function runAdditions(fixtures: readonly string[], progress: (line: string) => void, failed: (line: string) => void): Promise<AdditionsReport> {
  const report: AdditionsReport = { records: 0, cases: 0, failures: [] };
  const tried = new Set<string>();
  for (const fixture of fixtures.filter((path) => path.endsWith('.jsonl'))) {
    const name = relative(ROOT, fixture);
    const agent = name.split(sep)[1]!;
    const lines = readFileSync(fixture, 'utf8').split('\n').filter((line) => line.trim() !== '');
    const baseline = await convert(agent, lines);
    if (!baseline) continue;
    for (let index = 0; index < lines.length; index += 1) {
      const shape = shapeOf(agent, lines[index]!);
      if (shape === undefined || tried.has(shape)) continue;
      tried.add(shape);
      const without = await convert(agent, lines.filter((_, at) => at !== index));
      const contributes = without === undefined || without.events !== baseline.events;
      report.records += 1;
      for (const addition of additionCases(lines, index, inText(baseline.text), contributes)) {
        if (unreadByDesign(agent, addition)) continue;
        report.cases += 1;
        const outcome = await runAtx(['convert', '--from', agent, '--profile', 'none', '-'], Buffer.from(addition.lines.join('\n')));
        if (outcome.code === 3) continue; // refused as a whole, loudly
        if (outcome.code !== 0) {
          report.failures.push(`${name} ${addition.kind} ${addition.where}: exit ${outcome.code}: ${outcome.stderr.split('\n')[0]}`);
          failed(report.failures.at(-1)!);
          continue;
        }
        const lost = lostProse(addition, JSON.parse(outcome.stdout) as ConvertedEvents, outcome.stdout);
        if (lost) {
          report.failures.push(`${name} ${lost}`);
          failed(report.failures.at(-1)!);
        }
      }
    }
    progress(`additions: ${name}: ${report.records} records, ${report.cases} cases, ${report.failures.length} failures`);
  }
  return report;
}
