/**
 * The v31 sessions corpus is sound: its labels are what its generator makes, every scored value
 * is in the sessions the agents wrote, the clean sessions hold no secret, nothing of the recording
 * machine is in it, and its scorer runs the built CLI and cleans up. Structure only: no score is
 * asserted and no value is printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir, readLabels, repoRoot, sessionFiles } from '../bench/redaction-sessions-v31/corpus.js';
import { countIn, placeOf, scoreCorpus, transcriptStrings } from '../bench/redaction-sessions-v31/score.js';

const labels = readLabels();
const filesOf = (agent: string, scenario: string) => sessionFiles().filter((f) => f.agent === agent && f.scenario === scenario);
/** A value as a file may hold it: as is, or escaped inside a JSON string. */
const heldBy = (text: string, value: string) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1));

describe('redaction-sessions-v31 corpus', () => {
  it('has the labels its generator makes', () => {
    const r = spawnSync(process.execPath, [join(corpusDir(), 'scenarios', 'labels.mjs')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(corpusDir(), 'labels.json'), 'utf8'));
  });

  it('has one recorded folder per labelled session, with its recording.json, and no other', () => {
    const onDisk = readdirSync(join(corpusDir(), 'sessions')).flatMap((agent) => readdirSync(join(corpusDir(), 'sessions', agent)).map((s) => `${agent}/${s}`));
    expect(onDisk.sort()).toEqual(labels.map((s) => `${s.agent}/${s.scenario}`).sort());
    expect(new Set(labels.map((s) => s.agent)).size).toBeGreaterThanOrEqual(4);
    for (const s of labels) {
      const rec = JSON.parse(readFileSync(join(corpusDir(), 'sessions', s.agent, s.scenario, 'recording.json'), 'utf8'));
      expect(rec.agent, `${s.agent}/${s.scenario}`).toBe(s.agent);
      expect(rec.version, `${s.agent}/${s.scenario}`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(filesOf(s.agent, s.scenario).length, `${s.agent}/${s.scenario}`).toBeGreaterThanOrEqual(2);
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
      const secrets = s.values.filter((v) => v.class === 'secret').length;
      if (s.scenario === 'clean') expect(secrets, s.agent).toBe(0);
      else expect(secrets, s.agent).toBeGreaterThanOrEqual(25);
      expect(s.values.some((v) => v.class === 'clean'), `${s.agent}/${s.scenario}`).toBe(true);
    }
  });

  it('keeps every secret of every agent out of the clean sessions', () => {
    const secrets = labels.flatMap((s) => s.values.filter((v) => v.class === 'secret').map((v) => v.value));
    const leaks = sessionFiles()
      .filter((f) => f.scenario === 'clean')
      .filter((f) => {
        const text = readFileSync(f.path, 'utf8');
        return secrets.some((v) => heldBy(text, v));
      })
      .map((f) => `${f.agent}/${f.file}`);
    expect(leaks).toEqual([]);
  });

  it('holds nothing of the recording machine: no worktree or real home path', () => {
    const leaks = readdirSync(join(corpusDir(), 'sessions'), { recursive: true, encoding: 'utf8' })
      .map((rel) => join(corpusDir(), 'sessions', rel))
      .filter((p) => p.endsWith('.json') || p.endsWith('.jsonl'))
      .filter((p) => /\/work\/|\/root\//.test(readFileSync(p, 'utf8')));
    expect(leaks).toEqual([]);
  });
});

describe('redaction-sessions-v31 scorer', () => {
  it('places strings by the event and field that hold them', () => {
    const strings = transcriptStrings({
      privacy: { note: 'skipped' },
      session: { cwd: '/x' },
      events: [
        { type: 'user_message', text: 'a' },
        { type: 'tool_call', tool: { input: { command: 'b', file_path: 'c', content: 'd' } } },
        { type: 'tool_result', tool: { output: 'e', files: [{ path: 'f' }] }, redactions: [{ placeholder: '[REDACTED:x]' }] },
        { type: 'reasoning', text: 'g' },
        { type: 'assistant_message', text: 'h' },
      ],
    });
    expect(strings.map((s) => `${s.place}:${s.text}`)).toEqual([
      'metadata:/x',
      'prompt:user_message',
      'prompt:a',
      'tool args:tool_call',
      'tool args:b',
      'file path:c',
      'tool args:d',
      'tool output:tool_result',
      'tool output:e',
      'file path:f',
      'reasoning:reasoning',
      'reasoning:g',
      'assistant text:assistant_message',
      'assistant text:h',
    ]);
    expect(placeOf(undefined, ['session'])).toBe('metadata');
    expect(countIn('xaxaxa', 'xa')).toBe(3);
    expect(countIn('aaaa', 'aa')).toBe(2);
  });

  it('runs the built CLI on a session file, with no failure, and removes its temp folder', () => {
    expect(existsSync(join(repoRoot(), 'dist', 'bin', 'atx.js'))).toBe(true);
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('atx-v31-score-')).length;
    const file = sessionFiles().find((f) => f.agent === 'codex' && f.scenario === 'clean' && f.file === 'stream.jsonl');
    expect(file).toBeDefined();
    const score = scoreCorpus(file ? [file] : []);
    expect(score.files).toBe(1);
    expect(score.cli.conversions).toBe(2);
    expect(score.cli.nonZeroExit).toEqual([]);
    expect(score.cli.unparsed).toEqual([]);
    expect(score.lookAlikes.occurrences).toBeGreaterThan(0);
    expect(score.secretOccurrences.total).toBe(0);
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('atx-v31-score-')).length).toBe(before);
  }, 60_000);
});
