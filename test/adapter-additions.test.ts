/**
 * A newer agent release adds to its log what no fixture holds: a record type, a block type, a
 * field of prose, text given as blocks. For every adapter and every record type of its real
 * fixtures, each addition (bench/fuzz/additions.ts) must reach the output or leave its line
 * reported unparsed: never a valid Transcript with the prose gone. `npm run fuzz -- --additions`
 * tries every record, not only the first of each type.
 */
import { describe, expect, it } from 'vitest';
import { additionCases, inText, lostProse, recordLabel, unreadByDesign, type AdditionCase } from '../bench/fuzz/additions.js';
import { checkConsistency, TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { convertBytes, fixtureRecords } from './helpers.js';

async function convert(lines: string[], agent: string): Promise<{ transcript: Transcript; text: string }> {
  const { text } = await convertBytes(lines.join('\n'), { from: agent });
  const transcript = TranscriptSchema.parse(JSON.parse(text)) as Transcript;
  expect(checkConsistency(transcript)).toEqual([]);
  return { transcript, text };
}

interface Planned {
  fixture: string;
  lines: string[];
  index: number;
}

/** The first record of each type per agent: the cases are made once its fixture's baseline is known. */
function planned(): Map<string, Planned[]> {
  const seen = new Set<string>();
  const byAgent = new Map<string, Planned[]>();
  for (const { fixture, lines, index, record } of fixtureRecords()) {
    const key = `${fixture.agent}|${recordLabel(record)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    byAgent.set(fixture.agent, [...(byAgent.get(fixture.agent) ?? []), { fixture: fixture.name, lines, index }]);
  }
  return byAgent;
}

const PLANNED = planned();

describe('what a newer release adds is converted or reported, never dropped', () => {
  it('has record types for every adapter with line-based fixtures', () => {
    expect(PLANNED.size).toBeGreaterThanOrEqual(12);
  });

  for (const [agent, records] of PLANNED) {
    it(`${agent}: additions to ${records.length} record types`, async () => {
      const failures: string[] = [];
      const baselines = new Map<string, string>();
      let tried = 0;
      for (const planned of records) {
        if (!baselines.has(planned.fixture)) baselines.set(planned.fixture, (await convert(planned.lines, agent)).text);
        const baseline = baselines.get(planned.fixture)!;
        // a record the output's events do not change without is one the converter skips by design
        const without = await convert(planned.lines.filter((_, index) => index !== planned.index), agent).catch(() => undefined);
        const contributes = without === undefined || JSON.stringify((JSON.parse(without.text) as Transcript).events) !== JSON.stringify((JSON.parse(baseline) as Transcript).events);
        const cases: AdditionCase[] = additionCases(planned.lines, planned.index, inText(baseline), contributes);
        for (const addition of cases) {
          if (unreadByDesign(agent, addition)) continue;
          tried += 1;
          let converted: { transcript: Transcript; text: string };
          try {
            converted = await convert(addition.lines, agent);
          } catch (error) {
            if ((error as { exitCode?: number }).exitCode === 3) continue; // refused as a whole, loudly: allowed
            failures.push(`${agent} ${planned.fixture} ${addition.kind} ${addition.where}: ${(error as Error).message.split('\n')[0]}`);
            continue;
          }
          const lost = lostProse(addition, converted.transcript, converted.text);
          if (lost) failures.push(`${agent} ${planned.fixture} ${lost}`);
        }
      }
      expect(tried).toBeGreaterThan(0);
      expect(failures, `${agent}: prose lost`).toEqual([]);
    }, 600_000);
  }
});
