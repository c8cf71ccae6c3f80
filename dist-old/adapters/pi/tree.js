export const WINDOW_ENTRIES = 512;
export const WINDOW_WEIGHT = 8 * 1024 * 1024;
export class EntryTree {
    emit;
    limits;
    /** parent of every entry seen (ids only) */
    parents = new Map();
    /** the current active path, root first, and the same ids as a set */
    path = [];
    onPath = new Set();
    /** branch label of entries that were on the active path when a switch abandoned them */
    labels = new Map();
    held = [];
    heldWeight = 0;
    /** ids of the entries in the window (every other id seen has been written) */
    heldIds = new Set();
    constructor(emit, limits = { entries: WINDOW_ENTRIES, weight: WINDOW_WEIGHT }) {
        this.emit = emit;
        this.limits = limits;
    }
    /** Adds one entry with the events made from it (possibly none: it still moves the leaf). */
    add(id, parentId, timestamp, drafts) {
        if (id === undefined) {
            // no tree position (a header, or a v1 line): keeps its place in the order, never abandoned
            if (this.held.length === 0)
                for (const draft of drafts)
                    this.emit(draft);
            else
                this.hold({ id: undefined, drafts, weight: weigh(drafts) });
            return;
        }
        const parent = parentId ?? null;
        const leaf = this.path.length > 0 ? this.path[this.path.length - 1] : null;
        const switched = parent !== leaf && (parent === null || this.parents.has(parent));
        this.parents.set(id, parent);
        if (switched)
            drafts = [this.switchTo(parent, timestamp), ...drafts];
        this.path.push(id);
        this.onPath.add(id);
        this.hold({ id, drafts, weight: weigh(drafts) });
    }
    /** End of input: everything left is decided by the final tree. */
    flush() {
        while (this.held.length > 0)
            this.release();
    }
    /** Moves the active path so that it ends at `parent`; returns the `meta` event describing the switch. */
    switchTo(parent, timestamp) {
        // walk up from the new parent until the active path is reached: that is the fork point
        const chain = [];
        let fork = parent;
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
            if (!this.heldIds.has(id))
                alreadyWritten += 1;
            else if (label)
                this.labels.set(id, label);
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
    hold(item) {
        this.held.push(item);
        if (item.id !== undefined)
            this.heldIds.add(item.id);
        this.heldWeight += item.weight;
        while (this.held.length > this.limits.entries || (this.heldWeight > this.limits.weight && this.held.length > 1))
            this.release();
    }
    release() {
        const item = this.held.shift();
        this.heldWeight -= item.weight;
        const label = item.id !== undefined && !this.onPath.has(item.id) ? (this.labels.get(item.id) ?? this.labelFor(item.id)) : undefined;
        if (item.id !== undefined) {
            this.heldIds.delete(item.id);
            this.labels.delete(item.id);
        }
        for (const draft of item.drafts)
            this.emit(label ? { ...draft, parentId: label } : draft);
    }
    /** An off-path entry never seen on the active path (a branch written after a switch and left again). */
    labelFor(id) {
        let root = id;
        let current = id;
        while (current !== null && !this.onPath.has(current)) {
            root = current;
            current = this.parents.get(current) ?? null;
        }
        return `branch-${root}`;
    }
}
function weigh(drafts) {
    let weight = 64;
    for (const draft of drafts)
        weight += (draft.text?.length ?? 0) + (draft.tool?.output?.length ?? 0) + 64;
    return weight;
}
//# sourceMappingURL=tree.js.map