/**
 * The v33 sessions corpus is sound and its scorer runs (test/sessions-corpus.ts); its agents are
 * ones v31 did not have, each session with one saved file and one printed stream, the stream
 * scored through `--stream` on stdin and `atx run`. Structure only: no score is asserted and no
 * value is printed.
 */
import { describe, expect, it } from 'vitest';
import { SESSIONS_V33 } from '../bench/redaction-sessions-v33/corpus.js';
import { describeSessionsCorpus } from './sessions-corpus.js';

const V31_AGENTS = ['claude-code', 'codex', 'gemini-cli', 'opencode', 'qwen-code', 'pi'];

describeSessionsCorpus({
  corpus: SESSIONS_V33,
  sample: (f) => f.agent === 'copilot-cli' && f.scenario === 'clean',
});

describe('redaction-sessions-v33 sessions', () => {
  const files = SESSIONS_V33.sessionFiles();

  it('are of agents v31 did not have, each with one session file and one printed stream', () => {
    const labels = SESSIONS_V33.readLabels();
    expect(labels.filter((s) => V31_AGENTS.includes(s.agent)).map((s) => s.agent)).toEqual([]);
    for (const s of labels) {
      const kinds = files.filter((f) => f.agent === s.agent && f.scenario === s.scenario).map((f) => f.kind);
      expect(kinds.sort(), `${s.agent}/${s.scenario}`).toEqual(['printed stream', 'session file']);
    }
  });

  it('score a session file through convert and a printed stream through --stream on stdin and atx run', () => {
    const [file, stream] = ['session file', 'printed stream'].map((kind) => files.find((f) => f.kind === kind));
    expect(file && SESSIONS_V33.captures(file)).toEqual(['convert file']);
    expect(stream && SESSIONS_V33.captures(stream)).toEqual(['convert --stream stdin', 'run']);
  });
});
