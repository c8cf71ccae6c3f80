/**
 * `atx discover`: the sessions each adapter's stores hold on this machine. Each store names its
 * root folders (from the agent's own location variables) and file patterns; every matched file is
 * read at its head and tail only, and described by the store. Results stream out as they are found.
 */
import type { Adapter, ScratchSpace, SessionStore, StoreContext, StoredSessionFacts, StoreRoot } from '../../adapters/types.js';
import { glanceAt } from './glance.js';
import { walkStore, type FoundFile, type WalkNotes } from './walk.js';

export interface DiscoveredSession {
  /** the program that wrote the session (a fork of another agent is listed under its own name) */
  agent: string;
  /** the adapter that reads it (differs from agent for a fork's files) */
  adapter: string;
  sessionId: string | null;
  /** what `atx convert` reads for this session: a file, or `STORE#SESSION` */
  path: string;
  project: string | null;
  startedAt: string | null;
  /** the session's last record's time, else its file's last write */
  endedAt: string | null;
  size: number;
  events: number | null;
  finished: boolean | null;
}

export interface DiscoverOptions {
  context: StoreContext;
  scratch: ScratchSpace;
  /** epoch ms: only sessions whose file was written at or after it */
  since?: number;
  project?: (project: string | undefined) => boolean;
  /** only the store roots of these programs (by the agent a root names, else its adapter): others are not walked */
  agents?: (agent: string, adapter: string) => boolean;
}

export interface DiscoverNotes extends WalkNotes {
  /** files or stores that could not be read, with the reason */
  unreadable: { path: string; reason: string }[];
}

/**
 * Files glanced at in parallel: enough to overlap open/read/close, few enough that their texts die
 * young (at 32, the 64 KiB heads and tails outlived minor collections and CPU time doubled).
 */
const PARALLEL = 8;

export async function* discoverSessions(adapters: readonly Adapter[], options: DiscoverOptions, notes: DiscoverNotes): AsyncGenerator<DiscoveredSession> {
  for (const adapter of adapters) {
    const earlier = new Set<string>();
    for (const store of adapter.stores ?? []) {
      const seen = new Set<string>();
      for (const root of store.roots(options.context)) {
        if (options.agents && !options.agents(root.agent ?? adapter.id, adapter.id)) continue;
        let batch: FoundFile[] = [];
        for await (const file of walkStore(root.dir, root.files, notes)) {
          if (options.since !== undefined && file.mtimeMs < options.since) continue;
          batch.push(file);
          if (batch.length < PARALLEL) continue;
          yield* described(adapter, store, root, batch, options, notes, { earlier, seen });
          batch = [];
        }
        yield* described(adapter, store, root, batch, options, notes, { earlier, seen });
      }
      for (const id of seen) earlier.add(id);
    }
  }
}

/** Session ids listed by the adapter's earlier stores, and by this one. */
interface SeenIds {
  earlier: ReadonlySet<string>;
  seen: Set<string>;
}

async function* described(adapter: Adapter, store: SessionStore, root: StoreRoot, files: FoundFile[], options: DiscoverOptions, notes: DiscoverNotes, ids: SeenIds): AsyncGenerator<DiscoveredSession> {
  const found = await Promise.all(files.map((file) => factsOf(store, file, options.scratch).catch((error: unknown) => {
    notes.unreadable.push({ path: file.path, reason: error instanceof Error ? error.message : String(error) });
    return [];
  })));
  for (const [index, list] of found.entries()) {
    const file = files[index] as FoundFile;
    for (const facts of list) {
      const session = sessionOf(root.agent ?? adapter.id, adapter.id, file, facts);
      // a session an earlier store of the agent holds too (a database and the older files it was migrated from) is listed once
      if (session.sessionId !== null) {
        if (ids.earlier.has(session.sessionId)) continue;
        ids.seen.add(session.sessionId);
      }
      if (options.since !== undefined && Date.parse(session.endedAt ?? '') < options.since) continue;
      if (options.project && !options.project(session.project ?? undefined)) continue;
      yield session;
    }
  }
}

async function factsOf(store: SessionStore, file: FoundFile, scratch: ScratchSpace): Promise<StoredSessionFacts[]> {
  if (store.list) return store.list(file.path, scratch);
  const facts = store.facts?.(glanceAt(file));
  return facts === null || facts === undefined ? [] : [facts];
}

function sessionOf(agent: string, adapter: string, file: FoundFile, facts: StoredSessionFacts): DiscoveredSession {
  const lastWrite = new Date(file.mtimeMs).toISOString();
  return {
    agent,
    adapter,
    sessionId: facts.sessionId ?? null,
    path: facts.input ?? file.path,
    project: facts.project ?? null,
    startedAt: facts.startedAt ?? null,
    endedAt: facts.endedAt ?? lastWrite,
    size: facts.size ?? file.size,
    events: facts.events ?? null,
    finished: facts.finished ?? null,
  };
}

export const emptyDiscoverNotes = (): DiscoverNotes => ({ linksOutside: [], unreadable: [] });
