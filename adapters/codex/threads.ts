/**
 * A subagent's rollout in a folder of many: Codex writes each thread (the main one, a spawned
 * subagent, the approval reviewer) to a rollout of its own, and a child names its parent only in
 * the `session_meta` it opens with (`parent_thread_id`). A folder walk reads that first line and
 * joins each child to the rollout of its topmost ancestor present, read after it: the converter
 * then nests the child's events under the call that spawned it, as it does for one input holding
 * both (collab.ts, `joinSubagent`). A child whose parent is not in the folder is read alone.
 */
import { headField } from '../shared/glance.js';

/** `rollout-<time>-<thread id>.jsonl`, in `sessions/YYYY/MM/DD/` or `archived_sessions/` */
export const ROLLOUT_FILE = /(^|\/)rollout-[^/]*\.jsonl$/;

interface Thread {
  id?: string;
  parent?: string;
}

/** The thread a rollout's first line opens (a `session_meta`); older rollouts name no parent. */
export function rolloutThread(firstLine: string): Thread {
  if (headField(firstLine, 'type') !== 'session_meta') return {};
  const id = headField(firstLine, 'payload.id');
  const parent = headField(firstLine, 'payload.parent_thread_id');
  return { ...(id ? { id } : {}), ...(parent ? { parent } : {}) };
}

/** Each main rollout with the rollouts of its subagents (at any depth) after it; rollouts with no subagent here are left alone. */
export function groupRollouts(paths: readonly string[], heads: ReadonlyMap<string, string> = new Map()): string[][] {
  const threads = new Map<string, Thread>();
  const pathOf = new Map<string, string>();
  for (const path of paths) {
    const head = heads.get(path);
    if (!ROLLOUT_FILE.test(path) || head === undefined) continue;
    const thread = rolloutThread(head);
    threads.set(path, thread);
    if (thread.id) pathOf.set(thread.id, path);
  }
  const groups = new Map<string, string[]>();
  for (const [path, thread] of threads) {
    const root = topmostPresent(thread, threads, pathOf);
    if (root !== undefined && root !== path) groups.set(root, [...(groups.get(root) ?? [root]), path]);
  }
  return [...groups.values()];
}

function topmostPresent(thread: Thread, threads: ReadonlyMap<string, Thread>, pathOf: ReadonlyMap<string, string>): string | undefined {
  let root: string | undefined;
  const seen = new Set<string>();
  for (let parent = thread.parent; parent !== undefined && !seen.has(parent); parent = threads.get(pathOf.get(parent) ?? '')?.parent) {
    seen.add(parent);
    const path = pathOf.get(parent);
    if (path === undefined) break;
    root = path;
  }
  return root;
}

/** A subagent's rollout (its first line names a parent thread). */
export const isSubagentRollout = (path: string, head: string | undefined): boolean =>
  ROLLOUT_FILE.test(path) && head !== undefined && rolloutThread(head).parent !== undefined;
