/**
 * The end-to-end scorer of a sessions corpus: each scored file goes through the built CLI in each
 * of its captures, once with `--profile none` (what the Transcript would hold) and once with
 * `--profile standard`; occurrences of every planted value are counted in both outputs, by place.
 * Reports aggregates and label ids, never a value.
 *
 * recall        planted secret occurrences of the none output that the standard output no longer holds
 * leftovers     secrets gone whole but with a 12-character end still in the output (a partial cut)
 * clean FP      clean sessions' captures whose standard output holds a [REDACTED placeholder, and how many
 * look-alikes   planted clean values (digests, ids, placeholders, masks, references, …) the standard output lost
 * CLI           every capture must exit 0 with no unparsed event; a labelled value the native file
 *               holds but the none output does not is text the CLI lost
 */
import { readFileSync } from 'node:fs';
import { type Conversion, convert, type ScratchDir, withScratchDir } from './capture.js';
import type { Capture, LabelledSession, PlantedValue, SessionFile, SessionsCorpus } from './corpus.js';
import { countIn, heldBy } from './transcript.js';

export interface Tally {
  total: number;
  missed: number;
}

/** The tallies of secret occurrences, each by one key. */
export type Breakdown = 'byAgent' | 'byPlace' | 'byHow' | 'byKind' | 'byCapture' | 'byAgentPlace';

export interface Score extends Record<Breakdown, Record<string, Tally>> {
  files: number;
  captures: number;
  secretOccurrences: Tally;
  /** values counted once per capture that holds them; missed: left somewhere in it */
  secretValues: Tally;
  leftovers: number;
  /** `<agent>/<capture>/<place>/<label id>`: occurrences left in the standard output */
  misses: Record<string, number>;
  clean: { captures: number; withPlaceholders: number; placeholders: number; redactionCount: number; byAgent: Record<string, number> };
  lookAlikes: { occurrences: number; removed: number; byHow: Record<string, Tally>; byPlace: Record<string, Tally>; removedIds: Record<string, number> };
  secretsSessionPlaceholders: number;
  /** labelled values the native file holds that the none output does not (text the CLI lost), by file and capture */
  lost: Record<string, string[]>;
  cli: { conversions: number; nonZeroExit: string[]; unparsed: string[]; unknownRecords: string[] };
}

const bump = (m: Record<string, Tally>, key: string, total: number, missed: number) => {
  const t = m[key] ?? { total: 0, missed: 0 };
  t.total += total;
  t.missed += missed;
  m[key] = t;
};

const placeholdersIn = (strings: { text: string }[]) => strings.reduce((n, s) => n + countIn(s.text, '[REDACTED'), 0);

function emptyScore(): Score {
  return {
    files: 0,
    captures: 0,
    secretOccurrences: { total: 0, missed: 0 },
    secretValues: { total: 0, missed: 0 },
    leftovers: 0,
    byAgent: {},
    byPlace: {},
    byHow: {},
    byKind: {},
    byCapture: {},
    byAgentPlace: {},
    misses: {},
    clean: { captures: 0, withPlaceholders: 0, placeholders: 0, redactionCount: 0, byAgent: {} },
    lookAlikes: { occurrences: 0, removed: 0, byHow: {}, byPlace: {}, removedIds: {} },
    secretsSessionPlaceholders: 0,
    lost: {},
    cli: { conversions: 0, nonZeroExit: [], unparsed: [], unknownRecords: [] },
  };
}

/** Scores `files` of `corpus` (default: all of its scored files) in a temp folder `atx-<short name>-score-*`. */
export async function scoreSessions(corpus: SessionsCorpus, files: SessionFile[] = corpus.sessionFiles()): Promise<Score> {
  const labels = new Map<string, LabelledSession>(corpus.readLabels().map((s) => [`${s.agent}/${s.scenario}`, s]));
  const score = emptyScore();
  await withScratchDir(`atx-${shortName(corpus)}-score-`, async (scratch) => {
    for (const file of files) {
      score.files++;
      const session = labels.get(`${file.agent}/${file.scenario}`) as LabelledSession;
      const native = readFileSync(file.path, 'utf8');
      for (const capture of corpus.captures(file)) await scoreCapture(corpus, file, capture, session, native, scratch, score);
    }
  });
  return score;
}

/** v31 of redaction-sessions-v31 (the temp folder's and the tests' name for a corpus). */
export const shortName = (corpus: SessionsCorpus): string => corpus.name.replace(/^.*-/, '');

async function scoreCapture(corpus: SessionsCorpus, file: SessionFile, capture: Capture, session: LabelledSession, native: string, scratch: ScratchDir, score: Score): Promise<void> {
  const name = `${file.agent}/${file.scenario}/${file.file} (${capture})`;
  score.captures++;
  const none = await convert(corpus.repoRoot, file, capture, 'none', scratch);
  const standard = await convert(corpus.repoRoot, file, capture, 'standard', scratch);
  for (const [profile, c] of [
    ['none', none],
    ['standard', standard],
  ] as const) {
    score.cli.conversions++;
    if (c.exitCode !== 0) score.cli.nonZeroExit.push(`${name} ${profile}: exit ${c.exitCode}: ${c.error ?? ''}`);
    if ((c.summary?.unparsedCount ?? 0) > 0) score.cli.unparsed.push(`${name} ${profile}: ${c.summary?.unparsedCount} unparsed`);
    const unknown = Object.entries(c.summary?.recordTypes ?? {}).filter(([, t]) => t.unknown > 0);
    if (unknown.length && profile === 'standard') score.cli.unknownRecords.push(`${name}: ${unknown.map(([k, t]) => `${k} x${t.unknown}`).join(', ')}`);
  }
  const placeholders = placeholdersIn(standard.strings);
  if (file.scenario === 'clean') {
    score.clean.captures++;
    score.clean.placeholders += placeholders;
    score.clean.redactionCount += standard.summary?.redactionCount ?? 0;
    if (placeholders > 0) score.clean.withPlaceholders++;
    score.clean.byAgent[file.agent] = (score.clean.byAgent[file.agent] ?? 0) + placeholders;
  } else score.secretsSessionPlaceholders += placeholders;
  const lost: string[] = [];
  for (const v of session.values) {
    if (v.notRecorded) continue;
    const inNone = none.strings.some((s) => s.text.includes(v.value));
    if (!inNone && heldBy(native, v.value) && none.exitCode === 0) lost.push(v.id);
    scoreValue(v, file, capture, none, standard, score);
  }
  if (lost.length) score.lost[name] = lost;
}

function scoreValue(v: PlantedValue, file: SessionFile, capture: Capture, none: Conversion, standard: Conversion, score: Score): void {
  const perPlace = (c: Conversion) => {
    const m = new Map<string, number>();
    for (const s of c.strings) {
      const n = countIn(s.text, v.value);
      if (n) m.set(s.place, (m.get(s.place) ?? 0) + n);
    }
    return m;
  };
  const before = perPlace(none);
  const after = perPlace(standard);
  const total = [...before.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return;
  if (v.class === 'clean') {
    for (const [place, n] of before) {
      const removed = Math.max(0, n - (after.get(place) ?? 0));
      score.lookAlikes.occurrences += n;
      score.lookAlikes.removed += removed;
      bump(score.lookAlikes.byHow, v.how, n, removed);
      bump(score.lookAlikes.byPlace, place, n, removed);
      if (removed) score.lookAlikes.removedIds[`${file.agent}/${file.scenario}/${capture}/${place}/${v.id}`] = removed;
    }
    return;
  }
  let missedHere = 0;
  for (const [place, n] of before) {
    const missed = Math.min(n, after.get(place) ?? 0);
    missedHere += missed;
    bump(score.byPlace, place, n, missed);
    bump(score.byAgentPlace, `${file.agent} / ${place}`, n, missed);
    if (missed) score.misses[`${file.agent}/${capture}/${place}/${v.id}`] = missed;
  }
  score.secretOccurrences.total += total;
  score.secretOccurrences.missed += missedHere;
  score.secretValues.total++;
  if (missedHere > 0) score.secretValues.missed++;
  bump(score.byAgent, file.agent, total, missedHere);
  bump(score.byHow, v.how, total, missedHere);
  bump(score.byKind, file.kind, total, missedHere);
  bump(score.byCapture, capture, total, missedHere);
  if (missedHere === 0 && v.value.length >= 16) {
    const ends = [v.value.slice(0, 12), v.value.slice(-12)];
    if (standard.strings.some((s) => ends.some((e) => s.text.includes(e)))) score.leftovers++;
  }
}
