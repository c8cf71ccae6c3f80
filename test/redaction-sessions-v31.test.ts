/**
 * The v31 sessions corpus is sound and its scorer runs (test/sessions-corpus.ts). Structure only:
 * no score is asserted and no value is printed.
 */
import { SESSIONS_V31 } from '../bench/redaction-sessions-v31/corpus.js';
import { describeSessionsCorpus } from './sessions-corpus.js';

describeSessionsCorpus({
  corpus: SESSIONS_V31,
  sample: (f) => f.agent === 'codex' && f.scenario === 'clean' && f.file === 'stream.jsonl',
});
