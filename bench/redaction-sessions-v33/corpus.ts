/**
 * The v33 sessions corpus: real agents' session files and printed streams (sessions/<agent>/<scenario>/,
 * recorded with the fixture recorder from scenarios/) and labels.json (every planted value, secret
 * or clean). See README.md for how each session was made.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frozenDigestPath } from '../redaction-eval/blind.js';

export type ValueClass = 'secret' | 'clean';

export interface PlantedValue {
  id: string;
  class: ValueClass;
  /** how it was planted: pem-output, sa-json, edit-diff, stack-trace, wrapped, heredoc, … (clean: digest-or-id, placeholder, reference, public-key, …) */
  how: string;
  where: string;
  value: string;
  /** why none of the session's scored files holds this value (it is not scored) */
  notRecorded?: string;
}

export interface LabelledSession {
  agent: string;
  scenario: string;
  values: PlantedValue[];
}

/** How a file reaches atx: a saved session converted from its path, or an agent's printed stream. */
export type FileKind = 'session file' | 'printed stream';

export interface SessionFile {
  agent: string;
  scenario: string;
  /** the file's name in its session folder (events.jsonl, stdout.jsonl, export.json, …) */
  file: string;
  path: string;
  kind: FileKind;
}

/** The files of a session folder that are scored (the others are the agent's side files: snapshots, settings). */
const SCORED: Record<string, (file: string) => FileKind | undefined> = {
  'copilot-cli': (f) => (f === 'events.jsonl' ? 'session file' : /^stdout(\.\d+)?\.jsonl$/.test(f) ? 'printed stream' : undefined),
  droid: (f) => (/^[0-9a-f-]{36}\.jsonl$/.test(f) ? 'session file' : f === 'stdout.jsonl' ? 'printed stream' : undefined),
  cline: (f) => (f.endsWith('.messages.json') ? 'session file' : f === 'stdout.jsonl' ? 'printed stream' : undefined),
  continue: (f) => (/^[0-9a-f-]{36}\.json$/.test(f) ? 'session file' : f === 'stdout.jsonl' ? 'printed stream' : undefined),
  'kilo-code': (f) => (f === 'export.json' ? 'session file' : f === 'run.jsonl' ? 'printed stream' : undefined),
  nanocoder: (f) => (/^[0-9a-f-]{36}\.json$/.test(f) ? 'session file' : f === 'stdout.json' ? 'printed stream' : undefined),
};

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

/** The scored files of every labelled session. */
export function sessionFiles(): SessionFile[] {
  const out: SessionFile[] = [];
  for (const { agent, scenario } of readLabels()) {
    const dir = join(corpusDir(), 'sessions', agent, scenario);
    for (const file of readdirSync(dir).sort()) {
      const kind = SCORED[agent]?.(file);
      if (kind) out.push({ agent, scenario, file, path: join(dir, file), kind });
    }
  }
  return out;
}
