/**
 * Score the whole path a user takes on the v33 sessions (agents v31 did not have: Copilot CLI,
 * Droid, Cline, Continue, Kilo Code, Nanocoder). Each saved session file goes through the built CLI
 * as `atx convert <file> --from <agent>`; each printed stream twice, as the README pipes it
 * (`atx convert --stream - --from <agent>` on stdin) and as `atx run --from <agent> -o <out> -- cat
 * <file>` captures it. Every capture runs with `--profile none` and `--profile standard`
 * (bench/sessions-kit/score.ts says what is counted). Prints aggregates and label ids, never a value.
 *
 *   node dist/bench/redaction-sessions-v33/score.js [--json] [--misses]
 */
import { type ReportSpec, runSessionsScorer } from '../sessions-kit/report.js';
import { isMain } from '../util.js';
import { SESSIONS_V33 } from './corpus.js';

export const REPORT_V33: ReportSpec = {
  title: (s) => {
    const agents = new Set(Object.keys(s.byAgent).concat(Object.keys(s.clean.byAgent))).size;
    return `redaction-sessions-v33: ${s.files} files (session files and printed streams of ${agents} real agents, a secrets and a clean session each), ${s.captures} captures through dist/bin/atx.js`;
  },
  unit: 'captures',
  sections: [
    ['secrets by agent', 'byAgent'],
    ['secrets by place', 'byPlace'],
    ['secrets by how planted', 'byHow'],
    ['secrets by capture', 'byCapture'],
    ['secrets by agent and place', 'byAgentPlace'],
  ],
  labelWidth: 26,
  textLost: true,
};

if (isMain(import.meta.url)) await runSessionsScorer(SESSIONS_V33, REPORT_V33, process.argv.slice(2));
