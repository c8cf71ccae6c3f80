/**
 * What pattern-start.ts reads from each rule's pattern (its start literals, whether it starts at a
 * keyword, how far in it reaches one), read at build time instead of in every process and worker
 * thread: reading the built-in rules' sources took ~75 ms of CPU at each start with a profile that
 * redacts, more than a small session's redaction.
 *
 * A reading depends only on the pattern's source and flags, the rule's keywords and the module
 * that reads them. The build (keyword-tables-build.ts) writes the readings of every built-in rule
 * into one file beside the keyword tables, named by a digest of that module's source and the
 * Unicode version; a reading is looked up by everything it is made from, so a changed rule is read
 * again, as one that is not built in (a profile's own rules) always is.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_TABLES_FOLDER } from './keyword-tables.js';
import { keywordReach, literalStarts, startsAtKeyword, type KeywordReach } from './pattern-start.js';

export interface PatternReading {
  /** literalStarts of the pattern */
  readonly starts: readonly string[] | null;
  /** startsAtKeyword of the pattern and keywords (false when there are no starts) */
  readonly atKeyword: boolean;
  /** keywordReach of the pattern and keywords */
  readonly reach: KeywordReach | null;
}

const FORMAT = 'ATXPRD01';
const READINGS_SUFFIX = '.readings.json';

/** Every reading this process made or loaded, by key. */
const readings = new Map<string, PatternReading>();
let loadedFrom: string | null | undefined;

const keyOf = (pattern: RegExp, keywords: readonly string[]): string => JSON.stringify([pattern.source, pattern.flags, keywords]);

/** The name the build gives the readings of this reader (pattern-start's source) and Unicode version. */
export function readingsFileName(): string {
  const reader = readFileSync(fileURLToPath(new URL(`./pattern-start${extname(fileURLToPath(import.meta.url))}`, import.meta.url)));
  const digest = createHash('sha256').update(JSON.stringify({ format: FORMAT, unicode: process.versions.unicode ?? '' })).update(reader).digest('hex');
  return digest + READINGS_SUFFIX;
}

/** Loads the build's readings once (none from the sources, or when the file is missing, stale or unreadable: then each pattern is read here). */
function loadBuiltReadings(folder: string): void {
  if (loadedFrom === folder) return;
  loadedFrom = folder;
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(join(folder, readingsFileName()), 'utf8'));
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isReading(entry[1])) readings.set(entry[0], entry[1]);
  }
}

function isReading(value: unknown): value is PatternReading {
  if (typeof value !== 'object' || value === null) return false;
  const { starts, atKeyword, reach } = value as Record<string, unknown>;
  const startsOk = starts === null || (Array.isArray(starts) && starts.every((start) => typeof start === 'string'));
  const reachOk = reach === null || (typeof reach === 'object' && typeof (reach as KeywordReach).min === 'number' && typeof (reach as KeywordReach).max === 'number');
  return startsOk && reachOk && typeof atKeyword === 'boolean';
}

/** The reading of a pattern with these keywords: the build's, or read now (and kept for the process). */
export function readPattern(pattern: RegExp, keywords: readonly string[], folder: string = BUILT_TABLES_FOLDER): PatternReading {
  loadBuiltReadings(folder);
  const key = keyOf(pattern, keywords);
  let reading = readings.get(key);
  if (reading === undefined) {
    const starts = literalStarts(pattern);
    reading = { starts, atKeyword: starts !== null && startsAtKeyword(pattern, keywords, starts), reach: keywordReach(pattern, keywords) };
    readings.set(key, reading);
  }
  return reading;
}

/** Writes every reading this process holds into `folder`, atomically (the build, after compiling every built-in profile); returns the file's path. */
export function writePatternReadings(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, readingsFileName());
  const pending = `${path}.${process.pid}.tmp`;
  writeFileSync(pending, JSON.stringify([...readings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  renameSync(pending, path);
  return path;
}

/** Removes the readings files in `folder` (those of earlier builds) and forgets every reading held: the build reads each built-in pattern afresh. */
export function clearPatternReadings(folder: string): void {
  readings.clear();
  loadedFrom = folder;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) if (name.endsWith(READINGS_SUFFIX)) rmSync(join(folder, name), { force: true });
}
