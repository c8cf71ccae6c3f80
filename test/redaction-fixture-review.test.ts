/**
 * Every finding of the `standard` profile on the recorded fixtures has a hand-made verdict in
 * bench/redaction/fixture-review.json, and no verdict there points at a finding that is gone:
 * a rule change that finds something new on real sessions (or stops finding something) forces a
 * review. The false-findings target itself is reported by the bench, not asserted here.
 * Needs `npm run build` (the fixtures are converted by the CLI).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  collectFixtureFindings, loadReviewFile, reviewFindings, reviewKey,
  type FixtureFinding, type FixtureReview, type ReviewEntry,
} from '../bench/redaction/fixture-findings.js';
import { lineCount, loadFixtureTranscripts } from '../bench/redaction/fixture-text.js';

let findings: FixtureFinding[];
let entries: ReviewEntry[];
let review: FixtureReview;

beforeAll(() => {
  const transcripts = loadFixtureTranscripts();
  findings = collectFixtureFindings(transcripts);
  entries = loadReviewFile();
  review = reviewFindings(findings, entries, lineCount(transcripts), transcripts.length);
}, 60_000);

describe('reviewed redaction findings on the recorded fixtures', () => {
  it('has a verdict for every current finding', () => {
    const missing = review.unreviewed.map((f) => `${f.fixture} | ${f.rule} | ${f.matchSha256} | ${f.field} | ${f.context}`);
    expect(missing, `findings without a verdict (run node dist/bench/redaction/fixture-findings.js --list, then add them to bench/redaction/fixture-review.json):\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no stale verdict', () => {
    const stale = review.stale.map((e) => `${e.fixture} | ${e.rule} | ${e.matchSha256} | ${e.verdict} | ${e.why}`);
    expect(stale, `review entries that match no current finding (remove them from bench/redaction/fixture-review.json):\n${stale.join('\n')}`).toEqual([]);
  });

  it('keeps the review file well-formed: one entry per finding, sorted, verdict and reason given', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    entries.forEach((e, i) => {
      const label = `#${i} ${e.fixture} | ${e.rule} | ${e.matchSha256}`;
      if (seen.has(reviewKey(e))) problems.push(`${label}: duplicate`);
      seen.add(reviewKey(e));
      if (!/^[0-9a-f]{16}$/.test(e.matchSha256)) problems.push(`${label}: matchSha256 must be 16 hex characters`);
      if (e.verdict !== 'true' && e.verdict !== 'false') problems.push(`${label}: verdict must be 'true' or 'false'`);
      if (typeof e.why !== 'string' || e.why.trim() === '') problems.push(`${label}: why is empty`);
      const keys = Object.keys(e).sort().join(',');
      if (keys !== 'fixture,matchSha256,rule,verdict,why') problems.push(`${label}: unexpected keys ${keys}`);
      const prev = entries[i - 1];
      if (prev && (prev.fixture.localeCompare(e.fixture) || prev.rule.localeCompare(e.rule)) > 0) problems.push(`${label}: not sorted by fixture then rule`);
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('never stores a matched text in the review file', () => {
    const json = JSON.stringify(entries);
    const leaked = findings.filter((f) => f.match.length >= 8 && json.includes(f.match)).map((f) => `${f.fixture} | ${f.rule}`);
    expect(leaked, leaked.join('\n')).toEqual([]);
  });
});
