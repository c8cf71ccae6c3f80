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
/** The thread a rollout's first line opens (a `session_meta`); older rollouts name no parent. */
export function rolloutThread(firstLine) {
    if (headField(firstLine, 'type') !== 'session_meta')
        return {};
    const id = headField(firstLine, 'payload.id');
    const parent = headField(firstLine, 'payload.parent_thread_id');
    return { ...(id ? { id } : {}), ...(parent ? { parent } : {}) };
}
/** Each main rollout with the rollouts of its subagents (at any depth) after it; rollouts with no subagent here are left alone. */
export function groupRollouts(paths, heads = new Map()) {
    const threads = new Map();
    const pathOf = new Map();
    for (const path of paths) {
        const head = heads.get(path);
        if (!ROLLOUT_FILE.test(path) || head === undefined)
            continue;
        const thread = rolloutThread(head);
        threads.set(path, thread);
        if (thread.id)
            pathOf.set(thread.id, path);
    }
    const groups = new Map();
    for (const [path, thread] of threads) {
        const root = topmostPresent(thread, threads, pathOf);
        if (root !== undefined && root !== path)
            groups.set(root, [...(groups.get(root) ?? [root]), path]);
    }
    return [...groups.values()];
}
function topmostPresent(thread, threads, pathOf) {
    let root;
    const seen = new Set();
    for (let parent = thread.parent; parent !== undefined && !seen.has(parent); parent = threads.get(pathOf.get(parent) ?? '')?.parent) {
        seen.add(parent);
        const path = pathOf.get(parent);
        if (path === undefined)
            break;
        root = path;
    }
    return root;
}
/** A subagent's rollout (its first line names a parent thread). */
export const isSubagentRollout = (path, head) => ROLLOUT_FILE.test(path) && head !== undefined && rolloutThread(head).parent !== undefined;
//# sourceMappingURL=threads.js.map