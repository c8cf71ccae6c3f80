/**
 * The v33 sessions corpus is sound: its labels are what its generator makes, every scored value
 * is in the sessions the agents wrote, the clean sessions hold no secret, nothing of the recording
 * machine is in it, and its scorer runs the built CLI through each capture path and cleans up.
 * Structure only: no score is asserted and no value is printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, readLabels, repoRoot, sessionFiles } from '../bench/redaction-sessions-v33/corpus.js';
import { capturesOf, scoreCorpus, streamTranscript } from '../bench/redaction-sessions-v33/score.js';

const labels = readLabels();
const filesOf = (agent: string, scenario: string) => sessionFiles().filter((f) => f.agent === agent && f.scenario === scenario);
/** A value as a file may hold it: as is, or escaped inside a JSON string. */
const heldBy = (text: string, value: string) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1));
const V31_AGENTS = ['claude-code', 'codex', 'gemini-cli', 'opencode', 'qwen-code', 'pi'];

describe('redaction-sessions-v33 corpus', () => {
  it('has the labels its generator makes', () => {
    const r = spawnSync(process.execPath, [join(corpusDir(), 'scenarios', 'labels.mjs')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(corpusDir(), 'labels.json'), 'utf8'));
  });

  it('has one recorded folder per labelled session, of at least four agents v31 did not have, each with a session file and a printed stream', () => {
    const onDisk = readdirSync(join(corpusDir(), 'sessions')).flatMap((agent) => readdirSync(join(corpusDir(), 'sessions', agent)).map((s) => `${agent}/${s}`));
    expect(onDisk.sort()).toEqual(labels.map((s) => `${s.agent}/${s.scenario}`).sort());
    const agents = new Set(labels.map((s) => s.agent));
    expect(agents.size).toBeGreaterThanOrEqual(4);
    expect([...agents].filter((a) => V31_AGENTS.includes(a))).toEqual([]);
    for (const s of labels) {
      const rec = JSON.parse(readFileSync(join(corpusDir(), 'sessions', s.agent, s.scenario, 'recording.json'), 'utf8'));
      expect(rec.agent, `${s.agent}/${s.scenario}`).toBe(s.agent);
      expect(rec.version, `${s.agent}/${s.scenario}`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(filesOf(s.agent, s.scenario).map((f) => f.kind).sort(), `${s.agent}/${s.scenario}`).toEqual(['printed stream', 'session file']);
    }
  });

  it('finds every scored value in a file of its session, and no value marked not recorded', () => {
    const missing: string[] = [];
    const unexpected: string[] = [];
    for (const s of labels) {
      const texts = filesOf(s.agent, s.scenario).map((f) => readFileSync(f.path, 'utf8'));
      for (const v of s.values) {
        const held = texts.some((t) => heldBy(t, v.value));
        if (!v.notRecorded && !held) missing.push(`${s.agent}/${s.scenario}/${v.id}`);
        if (v.notRecorded && held) unexpected.push(`${s.agent}/${s.scenario}/${v.id}`);
      }
    }
    expect(missing).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  it('plants secrets and clean values in the secrets sessions, only clean ones in the clean sessions', () => {
    for (const s of labels) {
      const scored = s.values.filter((v) => !v.notRecorded);
      const secrets = scored.filter((v) => v.class === 'secret').length;
      if (s.scenario === 'clean') expect(secrets, s.agent).toBe(0);
      else expect(secrets, s.agent).toBeGreaterThanOrEqual(20);
      expect(scored.some((v) => v.class === 'clean'), `${s.agent}/${s.scenario}`).toBe(true);
    }
  });

  it('keeps every secret of every agent out of the clean sessions', () => {
    const secrets = labels.flatMap((s) => s.values.filter((v) => v.class === 'secret').map((v) => v.value));
    const leaks = readdirSync(join(corpusDir(), 'sessions'))
      .flatMap((agent) => readdirSync(join(corpusDir(), 'sessions', agent, 'clean'), { recursive: true, encoding: 'utf8' }).map((rel) => join(corpusDir(), 'sessions', agent, 'clean', rel)))
      .filter((p) => /\.(json|jsonl|md|yaml)$/.test(p))
      .filter((p) => secrets.some((v) => heldBy(readFileSync(p, 'utf8'), v)));
    expect(leaks).toEqual([]);
  });

  it('holds nothing of the recording machine: no worktree or real home path', () => {
    const leaks = readdirSync(join(corpusDir(), 'sessions'), { recursive: true, encoding: 'utf8' })
      .map((rel) => join(corpusDir(), 'sessions', rel))
      .filter((p) => /\.(json|jsonl|md|yaml)$/.test(p))
      .filter((p) => /\/work\/|\/root\//.test(readFileSync(p, 'utf8')));
    expect(leaks).toEqual([]);
  });
});

describe('redaction-sessions-v33 scorer', () => {
  it('scores a session file through convert and a printed stream through --stream on stdin and atx run', () => {
    const [file, stream] = ['session file', 'printed stream'].map((kind) => sessionFiles().find((f) => f.kind === kind));
    expect(file && capturesOf(file)).toEqual(['convert file']);
    expect(stream && capturesOf(stream)).toEqual(['convert --stream stdin', 'run']);
    const t = streamTranscript('{"type":"user_message","text":"a"}\n{"type":"tool_result"}\n{"schemaVersion":"1","session":{"cwd":"/x"}}\n');
    expect(t.events).toEqual([{ type: 'user_message', text: 'a' }, { type: 'tool_result' }]);
    expect(t.session).toEqual({ cwd: '/x' });
  });

  it('runs the built CLI on a clean session file and stream, with no failure, and removes its temp folder', () => {
    expect(existsSync(join(repoRoot(), 'dist', 'bin', 'atx.js'))).toBe(true);
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('atx-v33-score-')).length;
    const files = filesOf('copilot-cli', 'clean');
    expect(files.length).toBe(2);
    const score = scoreCorpus(files);
    expect(score.files).toBe(2);
    expect(score.captures).toBe(3);
    expect(score.cli.conversions).toBe(6);
    expect(score.cli.nonZeroExit).toEqual([]);
    expect(score.cli.unparsed).toEqual([]);
    expect(score.lookAlikes.occurrences).toBeGreaterThan(0);
    expect(score.secretOccurrences.total).toBe(0);
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('atx-v33-score-')).length).toBe(before);
  }, 120_000);
});
