/**
 * What the build runs (scripts/write-keyword-tables.mjs): the keyword tables of every built-in
 * profile's rules, written where the scanner looks for them (keyword-tables.ts), and what compiling
 * them read from the rules' patterns (pattern-readings.ts).
 */
import { clearKeywordTables, writeKeywordTables } from './keyword-tables.js';
import { clearPatternReadings, writePatternReadings } from './pattern-readings.js';
import { BUILTIN_PROFILES } from './profiles.js';
import { rulesFor } from './redactor.js';
import { compileRules } from './scanner.js';

/** Writes the tables of each built-in profile that redacts (profiles with the same rules share a file) into `folder`, after removing older ones; returns the files by profile. */
export function writeBuiltinKeywordTables(folder: string): Map<string, string> {
  clearKeywordTables(folder);
  clearPatternReadings(folder);
  const written = new Map<string, string>();
  for (const profile of BUILTIN_PROFILES) {
    const rules = rulesFor(profile);
    if (rules.length === 0) continue;
    const { keywordIndex } = compileRules(rules, { allowValues: profile.allow, prebuiltKeywordTables: false });
    written.set(profile.name, writeKeywordTables(folder, keywordIndex.keywords, keywordIndex.runChars, keywordIndex.tables));
  }
  // what compiling them read from the rules' patterns, for every process to look up (pattern-readings.ts)
  writePatternReadings(folder);
  return written;
}
