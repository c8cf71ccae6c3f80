/**
 * The v31 sessions corpus: real agents' session files (sessions/<agent>/<scenario>/, recorded with
 * the fixture recorder from scenarios/) and labels.json (every planted value, secret or clean).
 * See README.md for how each session was made; bench/sessions-kit/ reads and scores it.
 */
import { sessionsCorpus } from '../sessions-kit/corpus.js';

/** Every file an agent wrote or printed (recording.json, the recorder's notes, excepted), each converted from its path. */
export const SESSIONS_V31 = sessionsCorpus({
  moduleUrl: import.meta.url,
  name: 'redaction-sessions-v31',
  scored: (_agent, file) => (file === 'recording.json' ? undefined : /^(stream|run)/.test(file) ? 'printed stream' : 'session file'),
  captures: () => ['convert file'],
});
