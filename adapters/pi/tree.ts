/**
 * Session trees (format v2/v3): every entry has an `id` and a `parentId`; Pi appends entries in
 * time order and the active branch is the path from the LAST entry of the file back to the root
 * (that is where Pi resumes). Going back with /tree (or an extension's navigateTree) appends the
 * next entry under an earlier one: the entries between that point and the old leaf become an
 * abandoned branch, which stays in the file.
 *
 * A stream cannot know the final leaf before the end, and holding a whole session would make
 * memory grow with the log. So events are held back for a bounded window of entries
 * (WINDOW_ENTRIES, and WINDOW_WEIGHT characters of text); an entry leaves the window marked by
 * what the tree says at that moment:
 *   - on the active path: emitted as is;
 *   - off it: every event gets `parentId: "branch-<first entry id of that branch>"`.
 * At every branch switch a `meta` event (`kind: "branch"`) names the fork point, the abandoned
 * branch and how many of its entries had already left the window unmarked (only possible when a
 * branch is abandoned more than WINDOW_ENTRIES entries after it was written). A branch that is
 * resumed later while its entries are still in the window is emitted as active again.
 */
import type { DraftEvent } from '../types.js';

export const WINDOW_ENTRIES = 512;
export const WINDOW_WEIGHT = 8 * 1024 * 1024;

interface Held {
  id: string | undefined;
  drafts: DraftEvent[];
  weight: number;
}

export class EntryTree {
  /** parent of every entry seen (ids only) */
  private readonly parents = new Map<string, string | null>();
  /** the current active path, root first, and the same ids as a set */
  private readonly path: string[] = [];
  private readonly onPath = new Set<string>();
  /** branch label of entries that were on the active path when a switch abandoned them */
  private readonly labels = new Map<string, string>();
  private readonly held: Held[] = [];
  private heldWeight = 0;
  /** ids of the entries in the window (every other id seen has been written) */
  private readonly heldIds = new Set<string>();

  constructor(
    private readonly emit: (event: DraftEvent) => void,
    private readonly limits = { entries: WINDOW_ENTRIES, weight: WINDOW_WEIGHT },
  ) {}

  /** Adds one entry with the events made from it (possibly none: it still moves the leaf). */
  add(id: string | undefined, parentId: string | null | undefined, timestamp: string | null, drafts: DraftEvent[]): void {
    if (id === undefined) {
      // no tree position (a header, or a v1 line): keeps its place in the order, never abandoned
      if (this.held.length === 0) for (const draft of drafts) this.emit(draft);
      else this.hold({ id: undefined, drafts, weight: weigh(drafts) });
      return;
    }
    const parent = parentId ?? null;
    const leaf = this.path.length > 0 ? this.path[this.path.length - 1]! : null;
    const switched = parent !== leaf && (parent === null || this.parents.has(parent));
    this.parents.set(id, parent);
    if (switched) drafts = [this.switchTo(parent, timestamp), ...drafts];
    this.path.push(id);
    this.onPath.add(id);
    this.hold({ id, drafts, weight: weigh(drafts) });
  }

  /** End of input: everything left is decided by the final tree. */
  flush(): void {
    while (this.held.length > 0) this.release();
  }

  /** Moves the active path so that it ends at `parent`; returns the `meta` event describing the switch. */
  private switchTo(parent: string | null, timestamp: string | null): DraftEvent {
    // walk up from the new parent until the active path is reached: that is the fork point
    const chain: string[] = [];
    let fork: string | null = parent;
    while (fork !== null && !this.onPath.has(fork)) {
      chain.push(fork);
      fork = this.parents.get(fork) ?? null;
    }
    const keep = fork === null ? 0 : this.path.indexOf(fork) + 1;
    const abandoned = this.path.splice(keep);
    const label = abandoned.length > 0 ? `branch-${abandoned[0]}` : undefined;
    let alreadyWritten = 0;
    for (const id of abandoned) {
      this.onPath.delete(id);
      if (!this.heldIds.has(id)) alreadyWritten += 1;
      else if (label) this.labels.set(id, label);
    }
    for (const id of chain.reverse()) {
      this.path.push(id);
      this.onPath.add(id);
      this.labels.delete(id);
    }
    const resumed = chain.length > 0 ? `, back on the earlier branch through ${chain[chain.length - 1]}` : '';
    const text = abandoned.length > 0
      ? `The conversation went back to ${fork === null ? 'the start' : `entry ${fork}`}${resumed}: the ${abandoned.length} entries after it (${abandoned[0]} to ${abandoned[abandoned.length - 1]}) are an abandoned branch (parentId ${label}).`
      : `The conversation went back to ${fork === null ? 'the start' : `entry ${fork}`}${resumed}.`;
    return {
      timestamp,
      type: 'meta',
      role: 'system',
      text,
      meta: {
        kind: 'branch',
        forkedFrom: fork,
        ...(label ? { abandonedBranch: label, abandonedEntries: abandoned.length } : {}),
        ...(alreadyWritten > 0 ? { alreadyWritten, reason: `${alreadyWritten} of these entries were written before the switch was seen, without the branch mark` } : {}),
      },
    };
  }

  private hold(item: Held): void {
    this.held.push(item);
    if (item.id !== undefined) this.heldIds.add(item.id);
    this.heldWeight += item.weight;
    while (this.held.length > this.limits.entries || (this.heldWeight > this.limits.weight && this.held.length > 1)) this.release();
  }

  private release(): void {
    const item = this.held.shift()!;
    this.heldWeight -= item.weight;
    const label = item.id !== undefined && !this.onPath.has(item.id) ? (this.labels.get(item.id) ?? this.labelFor(item.id)) : undefined;
    if (item.id !== undefined) {
      this.heldIds.delete(item.id);
      this.labels.delete(item.id);
    }
    for (const draft of item.drafts) this.emit(label ? { ...draft, parentId: label } : draft);
  }

  /** An off-path entry never seen on the active path (a branch written after a switch and left again). */
  private labelFor(id: string): string {
    let root = id;
    let current: string | null = id;
    while (current !== null && !this.onPath.has(current)) {
      root = current;
      current = this.parents.get(current) ?? null;
    }
    return `branch-${root}`;
  }
}

function weigh(drafts: DraftEvent[]): number {
  let weight = 64;
  for (const draft of drafts) weight += (draft.text?.length ?? 0) + (draft.tool?.output?.length ?? 0) + 64;
  return weight;
}
