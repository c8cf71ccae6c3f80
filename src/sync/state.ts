/**
 * The small local state `atx sync` and `atx watch` keep per session: what the session's files
 * looked like (size, last write, content hash) when it was last handled, and with what. Read
 * once, written whole and atomically (a temp file renamed over it) after every session handled,
 * so a crash at any moment leaves the state as it was after the last session finished.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileDurably } from '../durable-file.js';
import { AtxError, ExitCode, fileError } from '../errors.js';
import { xdgDir } from '../paths.js';

/** How a session's files looked: the sum of their sizes, the latest write, and a hash of their bytes. */
export interface Fingerprint {
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface SessionRecord extends Fingerprint {
  profile: string;
  rulesetVersion: string;
  /** ISO time the session was last handled */
  at: string;
  [more: string]: unknown;
}

interface StateFile<R> {
  atxState: 1;
  sessions: Record<string, R>;
}

/** `$XDG_STATE_HOME/atx/<name>.json`: beside the outbox. */
export function defaultStatePath(env: NodeJS.ProcessEnv, name: 'sync' | 'watch'): string {
  return join(xdgDir(env, 'XDG_STATE_HOME'), 'atx', `${name}.json`);
}

export class SessionState<R extends SessionRecord = SessionRecord> {
  private writing: Promise<void> = Promise.resolve();

  private constructor(readonly path: string, private readonly sessions: Map<string, R>) {}

  static async open<R extends SessionRecord>(path: string): Promise<SessionState<R>> {
    let text: string | undefined;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw stateError(path, error);
    }
    if (text === undefined) return new SessionState(path, new Map());
    let parsed: Partial<StateFile<R>>;
    try {
      parsed = JSON.parse(text) as Partial<StateFile<R>>;
    } catch (error) {
      throw stateError(path, error);
    }
    if (parsed.atxState !== 1 || typeof parsed.sessions !== 'object' || parsed.sessions === null) {
      throw stateError(path, new Error('not an atx state file'));
    }
    return new SessionState(path, new Map(Object.entries(parsed.sessions)));
  }

  get(key: string): R | undefined {
    return this.sessions.get(key);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Records a session and writes the state; writes are made one after another, each with every record so far. */
  set(key: string, record: R): Promise<void> {
    this.sessions.set(key, record);
    return this.save();
  }

  /** Updates records without writing (the next set() or save() writes them). */
  update(key: string, record: R): void {
    this.sessions.set(key, record);
  }

  save(): Promise<void> {
    const next = this.writing.then(async () => {
      const file: StateFile<R> = { atxState: 1, sessions: Object.fromEntries(this.sessions) };
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      await writeFileDurably(this.path, `${JSON.stringify(file)}\n`, '.atx-state-');
    });
    this.writing = next.catch(() => {});
    return next.catch((error: unknown) => {
      throw stateError(this.path, error);
    });
  }
}

/** A path that cannot hold the state (a folder, a file in the way, no permission) is a usage error; an unreadable state is exit 1. */
const PATH_PROBLEMS = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS']);

function stateError(path: string, error: unknown): AtxError {
  if (PATH_PROBLEMS.has((error as NodeJS.ErrnoException | undefined)?.code ?? '')) {
    return new AtxError(ExitCode.usage, `state file ${fileError(path, error).message}`, { code: 'state', cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new AtxError(ExitCode.partial, `state file ${path}: ${reason} (move it away to start afresh)`, { code: 'state' });
}
