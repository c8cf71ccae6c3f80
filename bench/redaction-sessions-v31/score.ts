/**
 * Score the whole path a user takes on the v31 sessions: each real agent's session file (and its
 * printed stream) goes through the built CLI, `atx convert <file> --from <agent>`, once with
 * `--profile none` and once with `--profile standard` (bench/sessions-kit/score.ts says what is
 * counted). Prints aggregates only (by agent, place, how the value was planted, file), never a value.
 *
 *   node dist/bench/redaction-sessions-v31/score.js [--json] [--misses]
 */
import { type ReportSpec, runSessionsScorer } from '../sessions-kit/report.js';
import { isMain } from '../util.js';
import { SESSIONS_V31 } from './corpus.js';

export const REPORT_V31: ReportSpec = {
  title: (s) => `redaction-sessions-v31: ${s.files} files (session files and printed streams of 6 real agents, a secrets and a clean session each) through dist/bin/atx.js convert`,
  unit: 'files',
  sections: [
    ['secrets by agent', 'byAgent'],
    ['secrets by place', 'byPlace'],
    ['secrets by how planted', 'byHow'],
    ['secrets by file', 'byKind'],
  ],
  labelWidth: 16,
  textLost: false,
};

if (isMain(import.meta.url)) await runSessionsScorer(SESSIONS_V31, REPORT_V31, process.argv.slice(2));
