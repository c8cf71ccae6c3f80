/**
 * `npm run fuzz -- --additions`: every record of every line-based fixture (not only the first of
 * each type, as test/adapter-additions.test.ts does) gets what a newer release would add
 * (bench/fuzz/additions.ts), converted through the CLI's entry point with `--profile none`.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { additionCases, inText, lostProse, unreadByDesign, type ConvertedEvents } from './additions.js';
import { ROOT, runAtx } from './harness.js';

export interface AdditionsReport {
  records: number;
  cases: number;
  failures: string[];
}

async function convert(agent: string, lines: readonly string[]): Promise<{ text: string; events: string } | undefined> {
  const outcome = await runAtx(['convert', '--from', agent, '--profile', 'none', '-'], Buffer.from(lines.join('\n')));
  if (outcome.code !== 0) return undefined;
  const transcript = JSON.parse(outcome.stdout) as ConvertedEvents;
  return { text: outcome.stdout, events: JSON.stringify(transcript.events) };
}

export async function runAdditions(fixtures: readonly string[], progress: (line: string) => void, failed: (line: string) => void): Promise<AdditionsReport> {
  const report: AdditionsReport = { records: 0, cases: 0, failures: [] };
  for (const fixture of fixtures.filter((path) => path.endsWith('.jsonl'))) {
    const name = relative(ROOT, fixture);
    const agent = name.split(sep)[1]!;
    const lines = readFileSync(fixture, 'utf8').split('\n').filter((line) => line.trim() !== '');
    const baseline = await convert(agent, lines);
    if (!baseline) continue;
    for (let index = 0; index < lines.length; index += 1) {
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
