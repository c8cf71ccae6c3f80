/**
 * Score the whole path a user takes on the v31 sessions: each real agent's session file (and its
 * printed stream) goes through the built CLI, `atx convert <file> --from <agent>`, once with
 * `--profile none` (what the Transcript would hold) and once with `--profile standard`. Prints
 * aggregates only (by agent, place, how the value was planted, file), never a value.
 *
 *   node dist/bench/redaction-sessions-v31/score.js [--json]
 *
 * recall        planted secret occurrences of the none output that the standard output no longer holds
 * leftovers     secrets gone whole but with a 12-character end still in the output (a partial cut)
 * clean FP      clean sessions' files whose standard output holds a [REDACTED placeholder, and how many
 * look-alikes   planted clean values (digests, ids, placeholders, masks, references) the standard output lost
 * CLI           every conversion must exit 0 with no unparsed event
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMain } from '../util.js';
import { type LabelledSession, type PlantedValue, readLabels, repoRoot, type SessionFile, sessionFiles } from './corpus.js';

export type Place = 'prompt' | 'assistant text' | 'reasoning' | 'tool args' | 'file path' | 'tool output' | 'system' | 'meta' | 'metadata';

interface Summary {
  eventCount?: number;
  unparsedCount?: number;
  redactionCount?: number;
  recordTypes?: Record<string, { mapped: number; skipped: number; unknown: number }>;
}

interface Conversion {
  exitCode: number | null;
  summary: Summary | undefined;
  strings: { place: Place; text: string }[];
  error?: string;
}

/** Where a string of a Transcript sits, by the event that holds it and the field. */
export function placeOf(event: { type?: string } | undefined, path: (string | number)[]): Place {
  if (!event) return 'metadata';
  const keys = path.filter((k): k is string => typeof k === 'string');
  const leaf = keys.at(-1) ?? '';
  if (keys.includes('files') && leaf === 'path') return 'file path';
  switch (event.type) {
    case 'user_message':
      return 'prompt';
    case 'assistant_message':
      return 'assistant text';
    case 'reasoning':
      return 'reasoning';
    case 'tool_call':
      return keys.includes('input') && /path|file/i.test(leaf) && leaf !== 'content' ? 'file path' : 'tool args';
    case 'tool_result':
      return 'tool output';
    case 'meta':
      return 'meta';
    default:
      return 'system';
  }
}

/** Every string of a Transcript with its place; the redaction receipts and the privacy block are skipped. */
export function transcriptStrings(transcript: { events?: unknown[] } & Record<string, unknown>): { place: Place; text: string }[] {
  const out: { place: Place; text: string }[] = [];
  const walk = (node: unknown, event: { type?: string } | undefined, path: (string | number)[]): void => {
    if (typeof node === 'string') out.push({ place: placeOf(event, path), text: node });
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, event, [...path, i]));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'redactions') continue;
        walk(value, event, [...path, key]);
      }
    }
  };
  for (const [key, value] of Object.entries(transcript)) {
    if (key === 'privacy') continue;
    if (key === 'events' && Array.isArray(value)) for (const ev of value) walk(ev, ev as { type?: string }, []);
    else walk(value, undefined, [key]);
  }
  return out;
}

export function countIn(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

function convert(file: SessionFile, profile: string, tmp: string): Conversion {
  const out = join(tmp, `${file.agent}-${file.scenario}-${file.file}-${profile}.json`);
  const r = spawnSync(process.execPath, [join(repoRoot(), 'dist', 'bin', 'atx.js'), 'convert', file.path, '--from', file.agent, '--profile', profile, '--json', '-o', out], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, TMPDIR: tmp },
  });
  let summary: Summary | undefined;
  try {
    const doc = JSON.parse(r.stderr.slice(r.stderr.indexOf('{'))) as { sessions?: Summary[] };
    summary = doc.sessions?.[0];
  } catch {
    summary = undefined;
  }
  if (r.status !== 0) return { exitCode: r.status, summary, strings: [], error: r.stderr.trim().split('\n').slice(-3).join(' | ') };
  const transcript = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return { exitCode: r.status, summary, strings: transcriptStrings(transcript) };
}

interface Tally {
  total: number;
  missed: number;
}

const bump = (m: Map<string, Tally>, key: string, total: number, missed: number) => {
  const t = m.get(key) ?? { total: 0, missed: 0 };
  t.total += total;
  t.missed += missed;
  m.set(key, t);
};

export interface Score {
  files: number;
  secretOccurrences: Tally;
  secretValues: Tally;
  leftovers: number;
  byAgent: Record<string, Tally>;
  byPlace: Record<string, Tally>;
  byHow: Record<string, Tally>;
  byFile: Record<string, Tally>;
  clean: { files: number; filesWithPlaceholders: number; placeholders: number; redactionCount: number; byAgent: Record<string, number> };
  lookAlikes: { occurrences: number; removed: number; byHow: Record<string, Tally>; byPlace: Record<string, Tally> };
  secretsSessionPlaceholders: number;
  cli: { conversions: number; nonZeroExit: string[]; unparsed: string[]; unknownRecords: string[] };
}

const placeholdersIn = (strings: { text: string }[]) => strings.reduce((n, s) => n + countIn(s.text, '[REDACTED'), 0);
const fileKind = (f: SessionFile) => (/^(stream|run)/.test(f.file) ? 'printed stream' : 'session file');

/** Scores `files` (default: the whole corpus). */
export function scoreCorpus(files: SessionFile[] = sessionFiles()): Score {
  const labels = new Map<string, LabelledSession>(readLabels().map((s) => [`${s.agent}/${s.scenario}`, s]));
  const byAgent = new Map<string, Tally>();
  const byPlace = new Map<string, Tally>();
  const byHow = new Map<string, Tally>();
  const byFile = new Map<string, Tally>();
  const lookHow = new Map<string, Tally>();
  const lookPlace = new Map<string, Tally>();
  const cleanByAgent: Record<string, number> = {};
  const score: Score = {
    files: 0,
    secretOccurrences: { total: 0, missed: 0 },
    secretValues: { total: 0, missed: 0 },
    leftovers: 0,
    byAgent: {},
    byPlace: {},
    byHow: {},
    byFile: {},
    clean: { files: 0, filesWithPlaceholders: 0, placeholders: 0, redactionCount: 0, byAgent: cleanByAgent },
    lookAlikes: { occurrences: 0, removed: 0, byHow: {}, byPlace: {} },
    secretsSessionPlaceholders: 0,
    cli: { conversions: 0, nonZeroExit: [], unparsed: [], unknownRecords: [] },
  };
  const tmp = mkdtempSync(join(tmpdir(), 'atx-v31-score-'));
  const cleanUp = () => rmSync(tmp, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    for (const file of files) {
      const name = `${file.agent}/${file.scenario}/${file.file}`;
      const session = labels.get(`${file.agent}/${file.scenario}`) as LabelledSession;
      score.files++;
      const none = convert(file, 'none', tmp);
      const standard = convert(file, 'standard', tmp);
      for (const [profile, c] of [
        ['none', none],
        ['standard', standard],
      ] as const) {
        score.cli.conversions++;
        if (c.exitCode !== 0) score.cli.nonZeroExit.push(`${name} (${profile}): exit ${c.exitCode}: ${c.error ?? ''}`);
        if ((c.summary?.unparsedCount ?? 0) > 0) score.cli.unparsed.push(`${name} (${profile}): ${c.summary?.unparsedCount} unparsed`);
        const unknown = Object.entries(c.summary?.recordTypes ?? {}).filter(([, t]) => t.unknown > 0);
        if (unknown.length && profile === 'standard') score.cli.unknownRecords.push(`${name}: ${unknown.map(([k, t]) => `${k} x${t.unknown}`).join(', ')}`);
      }
      const placeholders = placeholdersIn(standard.strings);
      if (file.scenario === 'clean') {
        score.clean.files++;
        score.clean.placeholders += placeholders;
        score.clean.redactionCount += standard.summary?.redactionCount ?? 0;
        if (placeholders > 0) score.clean.filesWithPlaceholders++;
        cleanByAgent[file.agent] = (cleanByAgent[file.agent] ?? 0) + placeholders;
      } else score.secretsSessionPlaceholders += placeholders;
      for (const v of session.values) scoreValue(v, file, none, standard, score, { byAgent, byPlace, byHow, byFile, lookHow, lookPlace });
    }
  } finally {
    cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  score.byAgent = Object.fromEntries(byAgent);
  score.byPlace = Object.fromEntries(byPlace);
  score.byHow = Object.fromEntries(byHow);
  score.byFile = Object.fromEntries(byFile);
  score.lookAlikes.byHow = Object.fromEntries(lookHow);
  score.lookAlikes.byPlace = Object.fromEntries(lookPlace);
  return score;
}

function scoreValue(
  v: PlantedValue,
  file: SessionFile,
  none: Conversion,
  standard: Conversion,
  score: Score,
  maps: Record<'byAgent' | 'byPlace' | 'byHow' | 'byFile' | 'lookHow' | 'lookPlace', Map<string, Tally>>,
): void {
  const perPlace = (c: Conversion) => {
    const m = new Map<string, number>();
    for (const s of c.strings) {
      const n = countIn(s.text, v.value);
      if (n) m.set(s.place, (m.get(s.place) ?? 0) + n);
    }
    return m;
  };
  if (v.notRecorded) return;
  const before = perPlace(none);
  const after = perPlace(standard);
  const total = [...before.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return;
  if (v.class === 'clean') {
    for (const [place, n] of before) {
      const removed = Math.max(0, n - (after.get(place) ?? 0));
      score.lookAlikes.occurrences += n;
      score.lookAlikes.removed += removed;
      bump(maps.lookHow, v.how, n, removed);
      bump(maps.lookPlace, place, n, removed);
    }
    return;
  }
  let missedHere = 0;
  for (const [place, n] of before) {
    const missed = Math.min(n, after.get(place) ?? 0);
    missedHere += missed;
    bump(maps.byPlace, place, n, missed);
  }
  score.secretOccurrences.total += total;
  score.secretOccurrences.missed += missedHere;
  score.secretValues.total++;
  if (missedHere > 0) score.secretValues.missed++;
  bump(maps.byAgent, file.agent, total, missedHere);
  bump(maps.byHow, v.how, total, missedHere);
  bump(maps.byFile, fileKind(file), total, missedHere);
  if (missedHere === 0 && v.value.length >= 16) {
    const ends = [v.value.slice(0, 12), v.value.slice(-12)];
    if (standard.strings.some((s) => ends.some((e) => s.text.includes(e)))) score.leftovers++;
  }
}

const pct = (t: Tally) => (t.total ? ((100 * (t.total - t.missed)) / t.total).toFixed(1) : '-');
const line = (label: string, t: Tally) => `    ${label.padEnd(16)} ${String(t.total - t.missed).padStart(4)}/${String(t.total).padEnd(4)} removed (${pct(t)} %), ${t.missed} missed`;

export function printScore(s: Score): void {
  const o = s.secretOccurrences;
  console.log(`redaction-sessions-v31: ${s.files} files (session files and printed streams of 6 real agents, a secrets and a clean session each) through dist/bin/atx.js convert`);
  console.log(
    `  standard: recall ${pct(o)} % (${o.total - o.missed}/${o.total} secret occurrences), values missed somewhere ${s.secretValues.missed}/${s.secretValues.total}, partial leftovers ${s.leftovers}, clean files with placeholders ${s.clean.filesWithPlaceholders}/${s.clean.files} (${s.clean.placeholders} placeholders, ${s.clean.redactionCount} redactions), look-alikes removed ${s.lookAlikes.removed}/${s.lookAlikes.occurrences}, CLI failures ${s.cli.nonZeroExit.length + s.cli.unparsed.length}`,
  );
  console.log('  secrets by agent:');
  for (const [k, t] of Object.entries(s.byAgent)) console.log(line(k, t));
  console.log('  secrets by place:');
  for (const [k, t] of Object.entries(s.byPlace)) console.log(line(k, t));
  console.log('  secrets by how planted:');
  for (const [k, t] of Object.entries(s.byHow)) console.log(line(k, t));
  console.log('  secrets by file:');
  for (const [k, t] of Object.entries(s.byFile)) console.log(line(k, t));
  console.log(`  clean sessions' placeholders by agent: ${Object.entries(s.clean.byAgent).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  look-alikes removed by kind: ${Object.entries(s.lookAlikes.byHow).map(([k, t]) => `${k} ${t.missed}/${t.total}`).join(', ')}`);
  console.log(`  look-alikes removed by place: ${Object.entries(s.lookAlikes.byPlace).map(([k, t]) => `${k} ${t.missed}/${t.total}`).join(', ')}`);
  console.log(`  placeholders in the secrets sessions' outputs: ${s.secretsSessionPlaceholders}`);
  console.log(`  CLI: ${s.cli.conversions} conversions, ${s.cli.nonZeroExit.length} non-zero exits, ${s.cli.unparsed.length} with unparsed events, ${s.cli.unknownRecords.length} with unknown native records`);
  for (const l of [...s.cli.nonZeroExit, ...s.cli.unparsed, ...s.cli.unknownRecords]) console.log(`    ${l}`);
}

if (isMain(import.meta.url)) {
  const score = scoreCorpus();
  if (process.argv.includes('--json')) console.log(JSON.stringify(score, null, 2));
  else printScore(score);
}
