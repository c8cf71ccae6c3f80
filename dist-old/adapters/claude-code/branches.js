/**
 * Rewinds: `/rewind` (and `--resume-session-at`) go on from an earlier line, so a new prompt's
 * `parentUuid` names a line that already has a child. Both branches stay in the transcript in
 * file order; the fork is marked where the new branch starts, naming the abandoned one.
 */
import { stringField } from '../shared/json.js';
export class BranchTracker {
    /** uuid → its first child, per conversation (the main one, or a subagent's) */
    firstChild = new Map();
    /** Notes a line of the parentUuid tree; for a prompt that starts a second branch, says where. */
    note(value, isPrompt) {
        const uuid = stringField(value, 'uuid');
        const parent = stringField(value, 'parentUuid');
        if (!uuid || !parent)
            return undefined;
        const sibling = this.firstChild.get(parent);
        if (sibling === undefined) {
            this.firstChild.set(parent, uuid);
            return undefined;
        }
        // several lines may hang off one (parallel tool results); only a new prompt is a rewind
        return isPrompt && sibling !== uuid ? { from: parent, abandoned: sibling } : undefined;
    }
}
//# sourceMappingURL=branches.js.map