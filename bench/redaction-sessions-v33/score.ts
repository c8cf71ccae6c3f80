/**
 * Score the whole path a user takes on the v33 sessions (agents v31 did not have: Copilot CLI,
 * Droid, Cline, Continue, Kilo Code). Each saved session file goes through the built CLI as
 * `atx convert <file> --from <agent>`; each printed stream twice, as the README pipes it
 * (`atx convert --stream - --from <agent>` on stdin) and as `atx run --from <agent> -o <out> -- cat
 * <file>` captures it. Every capture runs with `--profile none` (what the Transcript would hold)
 * and `--profile standard`. Prints aggregates and label ids, never a value.
 *
 *   node dist/bench/redaction-sessions-v33/score.js [--json] [--misses]
 *
 * recall        planted secret occurrences of the none output that the standard output no longer holds
 * leftovers     secrets gone whole but with a 12-character end still in the output (a partial cut)
 * clean FP      clean sessions' captures whose standard output holds a [REDACTED placeholder, and how many
 * look-alikes   planted clean values (digests, ids, placeholders, references, public keys) the standard output lost
 * CLI           every capture must exit 0 with no unparsed event; a labelled value the native file
 *               holds but the none output does not is text the CLI lost
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countIn, type Place, transcriptStrings } from '../redaction-sessions-v31/score.js';
import { isMain } from '../util.js';
import { type LabelledSession, type PlantedValue, readLabels, repoRoot, type SessionFile, sessionFiles } from './corpus.js';

export type Capture = 'convert file' | 'convert --stream stdin' | 'run';

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

/** The captures a file is scored through. */
export const capturesOf = (file: SessionFile): Capture[] => (file.kind === 'session file' ? ['convert file'] : ['convert --stream stdin', 'run']);

/** The sessions document `--json` printed on stderr (after any other text). */
function summaryOf(stderr: string): Summary | undefined {
  try {
    return (JSON.parse(stderr.slice(stderr.indexOf('{'))) as { sessions?: Summary[] }).sessions?.[0];
  } catch {
    return undefined;
  }
}

/** A `--stream` output: event lines, then one header line (the Transcript without its events). */
export function streamTranscript(text: string): { events: unknown[] } & Record<string, unknown> {
  const lines = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const header = lines.at(-1) ?? {};
  return { ...header, events: lines.slice(0, -1) };
}

function convert(file: SessionFile, capture: Capture, profile: string, tmp: string): Conversion {
  const atx = join(repoRoot(), 'dist', 'bin', 'atx.js');
  const out = join(tmp, `${file.agent}-${file.scenario}-${file.file}-${capture.replace(/\W+/g, '_')}-${profile}.json`);
  const common = ['--from', file.agent, '--profile', profile, '--json'];
  const opts = { encoding: 'utf8' as const, maxBuffer: 1 << 28, env: { ...process.env, TMPDIR: tmp } };
  const r =
    capture === 'convert file'
      ? spawnSync(process.execPath, [atx, 'convert', file.path, ...common, '-o', out], opts)
      : capture === 'run'
        ? spawnSync(process.execPath, [atx, 'run', ...common, '-o', out, '--', 'cat', file.path], { ...opts, stdio: ['ignore', 'ignore', 'pipe'] })
        : spawnSync(process.execPath, [atx, 'convert', '--stream', '-', ...common], { ...opts, input: readFileSync(file.path) });
  const stderr = r.stderr ?? '';
  const summary = summaryOf(stderr);
  if (r.status !== 0) return { exitCode: r.status, summary, strings: [], error: stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400) };
  const transcript = capture === 'convert --stream stdin' ? streamTranscript(r.stdout) : JSON.parse(readFileSync(out, 'utf8'));
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
  captures: number;
  secretOccurrences: Tally;
  secretValues: Tally;
  leftovers: number;
  byAgent: Record<string, Tally>;
  byPlace: Record<string, Tally>;
  byHow: Record<string, Tally>;
  byCapture: Record<string, Tally>;
  byAgentPlace: Record<string, Tally>;
  /** `<agent>/<capture>/<place>/<label id>`: occurrences left in the standard output */
  misses: Record<string, number>;
  clean: { captures: number; withPlaceholders: number; placeholders: number; redactionCount: number; byAgent: Record<string, number> };
  lookAlikes: { occurrences: number; removed: number; byHow: Record<string, Tally>; byPlace: Record<string, Tally>; removedIds: Record<string, number> };
  secretsSessionPlaceholders: number;
  /** labelled values the native file holds that the none output does not (text the CLI lost), by file and capture */
  lost: Record<string, string[]>;
  cli: { conversions: number; nonZeroExit: string[]; unparsed: string[]; unknownRecords: string[] };
}

const placeholdersIn = (strings: { text: string }[]) => strings.reduce((n, s) => n + countIn(s.text, '[REDACTED'), 0);
/** A value as a native file may hold it: as is, or escaped inside a JSON string. */
const heldBy = (text: string, value: string) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1));

interface Maps {
  byAgent: Map<string, Tally>;
  byPlace: Map<string, Tally>;
  byHow: Map<string, Tally>;
  byCapture: Map<string, Tally>;
  byAgentPlace: Map<string, Tally>;
  lookHow: Map<string, Tally>;
  lookPlace: Map<string, Tally>;
}

/** Scores `files` (default: the whole corpus). */
export function scoreCorpus(files: SessionFile[] = sessionFiles()): Score {
  const labels = new Map<string, LabelledSession>(readLabels().map((s) => [`${s.agent}/${s.scenario}`, s]));
  const maps: Maps = { byAgent: new Map(), byPlace: new Map(), byHow: new Map(), byCapture: new Map(), byAgentPlace: new Map(), lookHow: new Map(), lookPlace: new Map() };
  const score: Score = {
    files: 0,
    captures: 0,
    secretOccurrences: { total: 0, missed: 0 },
    secretValues: { total: 0, missed: 0 },
    leftovers: 0,
    byAgent: {},
    byPlace: {},
    byHow: {},
    byCapture: {},
    byAgentPlace: {},
    misses: {},
    clean: { captures: 0, withPlaceholders: 0, placeholders: 0, redactionCount: 0, byAgent: {} },
    lookAlikes: { occurrences: 0, removed: 0, byHow: {}, byPlace: {}, removedIds: {} },
    secretsSessionPlaceholders: 0,
    lost: {},
    cli: { conversions: 0, nonZeroExit: [], unparsed: [], unknownRecords: [] },
  };
  const tmp = mkdtempSync(join(tmpdir(), 'atx-v33-score-'));
  const cleanUp = () => rmSync(tmp, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    for (const file of files) {
      score.files++;
      const session = labels.get(`${file.agent}/${file.scenario}`) as LabelledSession;
      const native = readFileSync(file.path, 'utf8');
      for (const capture of capturesOf(file)) scoreCapture(file, capture, session, native, tmp, score, maps);
    }
  } finally {
    cleanUp();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  score.byAgent = Object.fromEntries(maps.byAgent);
  score.byPlace = Object.fromEntries(maps.byPlace);
  score.byHow = Object.fromEntries(maps.byHow);
  score.byCapture = Object.fromEntries(maps.byCapture);
  score.byAgentPlace = Object.fromEntries(maps.byAgentPlace);
  score.lookAlikes.byHow = Object.fromEntries(maps.lookHow);
  score.lookAlikes.byPlace = Object.fromEntries(maps.lookPlace);
  return score;
}

function scoreCapture(file: SessionFile, capture: Capture, session: LabelledSession, native: string, tmp: string, score: Score, maps: Maps): void {
  const name = `${file.agent}/${file.scenario}/${file.file} (${capture})`;
  score.captures++;
  const none = convert(file, capture, 'none', tmp);
  const standard = convert(file, capture, 'standard', tmp);
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
    scoreValue(v, file, capture, none, standard, score, maps);
  }
  if (lost.length) score.lost[name] = lost;
}

function scoreValue(v: PlantedValue, file: SessionFile, capture: Capture, none: Conversion, standard: Conversion, score: Score, maps: Maps): void {
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
      bump(maps.lookHow, v.how, n, removed);
      bump(maps.lookPlace, place, n, removed);
      if (removed) score.lookAlikes.removedIds[`${file.agent}/${file.scenario}/${capture}/${place}/${v.id}`] = removed;
    }
    return;
  }
  let missedHere = 0;
  for (const [place, n] of before) {
    const missed = Math.min(n, after.get(place) ?? 0);
    missedHere += missed;
    bump(maps.byPlace, place, n, missed);
    bump(maps.byAgentPlace, `${file.agent} / ${place}`, n, missed);
    if (missed) score.misses[`${file.agent}/${capture}/${place}/${v.id}`] = missed;
  }
  score.secretOccurrences.total += total;
  score.secretOccurrences.missed += missedHere;
  score.secretValues.total++;
  if (missedHere > 0) score.secretValues.missed++;
  bump(maps.byAgent, file.agent, total, missedHere);
  bump(maps.byHow, v.how, total, missedHere);
  bump(maps.byCapture, capture, total, missedHere);
  if (missedHere === 0 && v.value.length >= 16) {
    const ends = [v.value.slice(0, 12), v.value.slice(-12)];
    if (standard.strings.some((s) => ends.some((e) => s.text.includes(e)))) score.leftovers++;
  }
}

const pct = (t: Tally) => (t.total ? ((100 * (t.total - t.missed)) / t.total).toFixed(1) : '-');
const line = (label: string, t: Tally) => `    ${label.padEnd(26)} ${String(t.total - t.missed).padStart(4)}/${String(t.total).padEnd(4)} removed (${pct(t)} %), ${t.missed} missed`;

export function printScore(s: Score, withMisses = false): void {
  const o = s.secretOccurrences;
  const agents = new Set(Object.keys(s.byAgent).concat(Object.keys(s.clean.byAgent))).size;
  console.log(`redaction-sessions-v33: ${s.files} files (session files and printed streams of ${agents} real agents, a secrets and a clean session each), ${s.captures} captures through dist/bin/atx.js`);
  console.log(
    `  standard: recall ${pct(o)} % (${o.total - o.missed}/${o.total} secret occurrences), values missed somewhere ${s.secretValues.missed}/${s.secretValues.total}, partial leftovers ${s.leftovers}, clean captures with placeholders ${s.clean.withPlaceholders}/${s.clean.captures} (${s.clean.placeholders} placeholders, ${s.clean.redactionCount} redactions), look-alikes removed ${s.lookAlikes.removed}/${s.lookAlikes.occurrences}, CLI failures ${s.cli.nonZeroExit.length + s.cli.unparsed.length}`,
  );
  for (const [title, m] of [
    ['secrets by agent', s.byAgent],
    ['secrets by place', s.byPlace],
    ['secrets by how planted', s.byHow],
    ['secrets by capture', s.byCapture],
    ['secrets by agent and place', s.byAgentPlace],
  ] as const) {
    console.log(`  ${title}:`);
    for (const [k, t] of Object.entries(m)) console.log(line(k, t));
  }
  console.log(`  clean sessions' placeholders by agent: ${Object.entries(s.clean.byAgent).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  look-alikes removed by kind: ${Object.entries(s.lookAlikes.byHow).map(([k, t]) => `${k} ${t.missed}/${t.total}`).join(', ')}`);
  console.log(`  look-alikes removed by place: ${Object.entries(s.lookAlikes.byPlace).map(([k, t]) => `${k} ${t.missed}/${t.total}`).join(', ')}`);
  console.log(`  placeholders in the secrets sessions' outputs: ${s.secretsSessionPlaceholders}`);
  const lostValues = Object.values(s.lost).reduce((n, ids) => n + ids.length, 0);
  console.log(`  text lost (labelled values in the native file, not in the none output): ${lostValues} in ${Object.keys(s.lost).length} captures`);
  console.log(`  CLI: ${s.cli.conversions} conversions, ${s.cli.nonZeroExit.length} non-zero exits, ${s.cli.unparsed.length} with unparsed events, ${s.cli.unknownRecords.length} with unknown native records`);
  for (const l of [...s.cli.nonZeroExit, ...s.cli.unparsed, ...s.cli.unknownRecords]) console.log(`    ${l}`);
  if (!withMisses) return;
  console.log('  missed (agent/capture/place/label: occurrences left):');
  for (const [k, n] of Object.entries(s.misses)) console.log(`    ${k}: ${n}`);
  console.log('  look-alikes removed (agent/scenario/capture/place/label: occurrences):');
  for (const [k, n] of Object.entries(s.lookAlikes.removedIds)) console.log(`    ${k}: ${n}`);
  console.log('  text lost (file (capture): labels):');
  for (const [k, ids] of Object.entries(s.lost)) console.log(`    ${k}: ${ids.join(', ')}`);
}

if (isMain(import.meta.url)) {
  const score = scoreCorpus();
  if (process.argv.includes('--json')) console.log(JSON.stringify(score, null, 2));
  else printScore(score, process.argv.includes('--misses'));
}
