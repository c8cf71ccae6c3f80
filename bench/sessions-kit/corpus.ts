/**
 * An end-to-end sessions corpus: real agents' session files and printed streams
 * (`sessions/<agent>/<scenario>/`, recorded with the fixture recorder from `scenarios/`) and
 * `labels.json`, every planted value, secret or clean. A corpus names which files of a session
 * folder are scored, what kind each is, and the captures each kind goes through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frozenDigestPath } from '../redaction-eval/blind.js';

export type ValueClass = 'secret' | 'clean';

export interface PlantedValue {
  id: string;
  class: ValueClass;
  /** how it was planted (late, config, url-encoded, pem-output, …; clean: digest-or-id, placeholder, mask, reference, …) */
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

/**
 * How the built CLI is given a file: `atx convert <file>`; the file piped to `atx convert --stream -`;
 * or `atx run -o <out> -- cat <file>`, as `atx run` captures an agent's printed stream.
 */
export type Capture = 'convert file' | 'convert --stream stdin' | 'run';

export interface SessionFile {
  agent: string;
  scenario: string;
  /** the file's name in its session folder (session.jsonl, events.jsonl, stdout.jsonl, export.json, …) */
  file: string;
  path: string;
  kind: FileKind;
}

export interface SessionsCorpusSpec {
  /** `import.meta.url` of the corpus's own module (the corpus folder is found from it, also from dist/) */
  moduleUrl: string;
  /** the corpus's folder name under bench/, e.g. redaction-sessions-v31 */
  name: string;
  /** the kind of a file of an agent's session folder, or undefined for a file that is not scored */
  scored(agent: string, file: string): FileKind | undefined;
  /** the captures a file is scored through */
  captures(file: SessionFile): Capture[];
}

export interface SessionsCorpus extends SessionsCorpusSpec {
  /** the corpus folder in the source tree */
  dir: string;
  /** the repository root (dist/bin/atx.js is under it) */
  repoRoot: string;
  readLabels(): LabelledSession[];
  /** the scored files of every labelled session, in the labels' order, a folder's files sorted */
  sessionFiles(): SessionFile[];
}

export function sessionsCorpus(spec: SessionsCorpusSpec): SessionsCorpus {
  const dir = dirname(frozenDigestPath(spec.moduleUrl));
  const readLabels = (): LabelledSession[] => (JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as { sessions: LabelledSession[] }).sessions;
  const sessionFiles = (): SessionFile[] => {
    const out: SessionFile[] = [];
    for (const { agent, scenario } of readLabels()) {
      const folder = join(dir, 'sessions', agent, scenario);
      for (const file of readdirSync(folder).sort()) {
        const kind = spec.scored(agent, file);
        if (kind) out.push({ agent, scenario, file, path: join(folder, file), kind });
      }
    }
    return out;
  };
  return { ...spec, dir, repoRoot: join(dir, '..', '..'), readLabels, sessionFiles };
}
