/**
 * The v31 sessions corpus: real agents' session files (sessions/<agent>/<scenario>/, recorded with
 * the fixture recorder from scenarios/) and labels.json (every planted value, secret or clean).
 * See README.md for how each session was made.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frozenDigestPath } from '../redaction-eval/blind.js';

export type ValueClass = 'secret' | 'clean';

export interface PlantedValue {
  id: string;
  class: ValueClass;
  /** how it was planted: late, config, url-encoded, base64, json-in-json, prompt-paste, … (clean: digest-or-id, placeholder, mask, reference) */
  how: string;
  where: string;
  value: string;
  /** why the agent's session never held this value (it is not scored) */
  notRecorded?: string;
}

export interface LabelledSession {
  agent: string;
  scenario: string;
  values: PlantedValue[];
}

export interface SessionFile {
  agent: string;
  scenario: string;
  /** the file's name in its session folder (session.jsonl, rollout.jsonl, stream.jsonl, export.json, …) */
  file: string;
  path: string;
}

/** The corpus folder in the source tree (also when run from dist/). */
export function corpusDir(): string {
  return dirname(frozenDigestPath(import.meta.url));
}

/** The repository root (dist/bin/atx.js is under it). */
export function repoRoot(): string {
  return join(corpusDir(), '..', '..');
}

export function readLabels(): LabelledSession[] {
  return (JSON.parse(readFileSync(join(corpusDir(), 'labels.json'), 'utf8')) as { sessions: LabelledSession[] }).sessions;
}

/** Every file an agent wrote or printed for a labelled session (recording.json, the recorder's notes, excepted). */
export function sessionFiles(): SessionFile[] {
  const out: SessionFile[] = [];
  for (const { agent, scenario } of readLabels()) {
    const dir = join(corpusDir(), 'sessions', agent, scenario);
    for (const file of readdirSync(dir).sort()) {
      if (file === 'recording.json') continue;
      out.push({ agent, scenario, file, path: join(dir, file) });
    }
  }
  return out;
}
