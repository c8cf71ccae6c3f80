/**
 * The v33 sessions corpus: real agents' session files and printed streams (sessions/<agent>/<scenario>/,
 * recorded with the fixture recorder from scenarios/) and labels.json (every planted value, secret
 * or clean). See README.md for how each session was made; bench/sessions-kit/ reads and scores it.
 */
import { type FileKind, sessionsCorpus } from '../sessions-kit/corpus.js';

/** The files of a session folder that are scored (the others are the agent's side files: snapshots, settings). */
const SCORED: Record<string, (file: string) => FileKind | undefined> = {
  'copilot-cli': (f) => (f === 'events.jsonl' ? 'session file' : /^stdout(\.\d+)?\.jsonl$/.test(f) ? 'printed stream' : undefined),
  droid: (f) => (/^[0-9a-f-]{36}\.jsonl$/.test(f) ? 'session file' : f === 'stdout.jsonl' ? 'printed stream' : undefined),
  cline: (f) => (f.endsWith('.messages.json') ? 'session file' : f === 'stdout.jsonl' ? 'printed stream' : undefined),
  continue: (f) => (/^[0-9a-f-]{36}\.json$/.test(f) ? 'session file' : f === 'stdout.jsonl' ? 'printed stream' : undefined),
  'kilo-code': (f) => (f === 'export.json' ? 'session file' : f === 'run.jsonl' ? 'printed stream' : undefined),
  nanocoder: (f) => (/^[0-9a-f-]{36}\.json$/.test(f) ? 'session file' : f === 'stdout.json' ? 'printed stream' : undefined),
};

/** A saved session is converted from its path; a printed stream is piped to `atx convert --stream -` and captured by `atx run`. */
export const SESSIONS_V33 = sessionsCorpus({
  moduleUrl: import.meta.url,
  name: 'redaction-sessions-v33',
  scored: (agent, file) => SCORED[agent]?.(file),
  captures: (file) => (file.kind === 'session file' ? ['convert file'] : ['convert --stream stdin', 'run']),
});
