/**
 * The checks every end-to-end sessions corpus passes (bench/sessions-kit): its labels are what its
 * generator makes, every scored value is in the files the agents wrote, the clean sessions hold no
 * secret, nothing of the recording machine is in it, and its scorer runs the built CLI through each
 * capture and cleans up. Structure only: no score is asserted and no value is printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionFile, SessionsCorpus } from '../bench/sessions-kit/corpus.js';
import { scoreSessions, shortName } from '../bench/sessions-kit/score.js';
import { heldBy } from '../bench/sessions-kit/transcript.js';

export interface SessionsCorpusChecks {
  corpus: SessionsCorpus;
  /** the clean files the scorer test runs through the CLI */
  sample: (file: SessionFile) => boolean;
}

/** The files of a session folder that are read as text (side files such as snapshots' backups are not). */
const TEXT = /\.(json|jsonl|md|yaml)$/;

export function describeSessionsCorpus({ corpus, sample }: SessionsCorpusChecks): void {
  const labels = corpus.readLabels();
  const files = corpus.sessionFiles();
  const filesOf = (agent: string, scenario: string) => files.filter((f) => f.agent === agent && f.scenario === scenario);
  const sessionsDir = join(corpus.dir, 'sessions');
  const textFilesUnder = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((rel) => TEXT.test(rel))
      .map((rel) => join(dir, rel));

  describe(`${corpus.name} corpus`, () => {
    it('has the labels its generator makes', () => {
      const r = spawnSync(process.execPath, [join(corpus.dir, 'scenarios', 'labels.mjs')], { encoding: 'utf8' });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(readFileSync(join(corpus.dir, 'labels.json'), 'utf8'));
    });

    it('has one recorded folder per labelled session of at least four agents, with its recording.json, a session file and a printed stream', () => {
      const onDisk = readdirSync(sessionsDir).flatMap((agent) => readdirSync(join(sessionsDir, agent)).map((s) => `${agent}/${s}`));
      expect(onDisk.sort()).toEqual(labels.map((s) => `${s.agent}/${s.scenario}`).sort());
      expect(new Set(labels.map((s) => s.agent)).size).toBeGreaterThanOrEqual(4);
      for (const s of labels) {
        const rec = JSON.parse(readFileSync(join(sessionsDir, s.agent, s.scenario, 'recording.json'), 'utf8'));
        expect(rec.agent, `${s.agent}/${s.scenario}`).toBe(s.agent);
        expect(rec.version, `${s.agent}/${s.scenario}`).toMatch(/^\d+\.\d+\.\d+$/);
        expect(new Set(filesOf(s.agent, s.scenario).map((f) => f.kind)), `${s.agent}/${s.scenario}`).toEqual(new Set(['printed stream', 'session file']));
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

    it('plants at least 25 secrets in each secrets session (20 of them scored) and scored clean values in every session, no secret in the clean sessions', () => {
      for (const s of labels) {
        const secrets = s.values.filter((v) => v.class === 'secret');
        const scored = s.values.filter((v) => !v.notRecorded);
        if (s.scenario === 'clean') expect(secrets.length, s.agent).toBe(0);
        else {
          expect(secrets.length, s.agent).toBeGreaterThanOrEqual(25);
          expect(scored.filter((v) => v.class === 'secret').length, s.agent).toBeGreaterThanOrEqual(20);
        }
        expect(scored.some((v) => v.class === 'clean'), `${s.agent}/${s.scenario}`).toBe(true);
      }
    });

    it("keeps every secret of every agent out of the clean sessions' files", () => {
      const secrets = labels.flatMap((s) => s.values.filter((v) => v.class === 'secret').map((v) => v.value));
      const leaks = readdirSync(sessionsDir)
        .flatMap((agent) => textFilesUnder(join(sessionsDir, agent, 'clean')))
        .filter((p) => secrets.some((v) => heldBy(readFileSync(p, 'utf8'), v)));
      expect(leaks).toEqual([]);
    });

    it('holds nothing of the recording machine: no worktree or real home path', () => {
      const leaks = textFilesUnder(sessionsDir).filter((p) => /\/work\/|\/root\//.test(readFileSync(p, 'utf8')));
      expect(leaks).toEqual([]);
    });
  });

  describe(`${corpus.name} scorer`, () => {
    it('runs the built CLI on clean files through each of their captures, with no failure, and removes its temp folder', async () => {
      expect(existsSync(join(corpus.repoRoot, 'dist', 'bin', 'atx.js'))).toBe(true);
      const prefix = `atx-${shortName(corpus)}-score-`;
      const before = readdirSync(tmpdir()).filter((n) => n.startsWith(prefix)).length;
      const picked = files.filter(sample);
      expect(picked.length).toBeGreaterThan(0);
      expect(picked.every((f) => f.scenario === 'clean')).toBe(true);
      const captures = picked.reduce((n, f) => n + corpus.captures(f).length, 0);
      const score = await scoreSessions(corpus, picked);
      expect(score.files).toBe(picked.length);
      expect(score.captures).toBe(captures);
      expect(score.cli.conversions).toBe(2 * captures);
      expect(score.cli.nonZeroExit).toEqual([]);
      expect(score.cli.unparsed).toEqual([]);
      expect(score.lookAlikes.occurrences).toBeGreaterThan(0);
      expect(score.secretOccurrences.total).toBe(0);
      expect(readdirSync(tmpdir()).filter((n) => n.startsWith(prefix)).length).toBe(before);
    }, 120_000);
  });
}
