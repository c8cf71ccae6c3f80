import { DEFERRED } from '../shared/dispatch.js';
/** How long an event text waits for the response item that repeats it (records). */
export const PENDING_RECORDS = 32;
/** How long an emitted response-item text may still absorb its event twin (records). */
const RECENT_RECORDS = 256;
export class TextTwins {
    session;
    heldUser;
    /** a user_message event was seen: this rollout writes them, so an unconfirmed user item is injected */
    sawUserEvents = false;
    /** emitted texts that may still meet their twin, by `<item|event>|<kind>\0<text>`, with the record indexes that emitted them */
    recentItems = new Map();
    /** event texts waiting (a few records, or until the turn ends) for the response item that repeats them */
    pending = [];
    constructor(session) {
        this.session = session;
    }
    get holdsUser() {
        return this.heldUser !== undefined;
    }
    noteUserEvent() {
        this.sawUserEvents = true;
    }
    /** Texts of a response item: emitted now, absorbing their event twins that came first. */
    emitItemTexts(keys, events) {
        const keySet = new Set(keys);
        for (let i = 0; i < this.pending.length; i++) {
            const entry = this.pending[i];
            if (entry.keys.length > 0 && entry.keys.every((key) => keySet.has(key))) {
                this.pending.splice(i, 1);
                entry.settle('skipped');
                for (const key of entry.keys)
                    keySet.delete(key);
                i -= 1;
            }
        }
        // keys not absorbed may still meet their twin later
        for (const key of keySet)
            this.remember(key, 'item');
        for (const event of events)
            this.session.out.emit(event);
    }
    /** Texts of an event record: dropped when a response item said them, else kept until one does. */
    eventTexts(keys, events, context) {
        if (events.length === 0)
            return 'skipped';
        if (this.session.eventsPrimary) {
            for (const event of events)
                this.session.out.emit(event);
            return 'mapped';
        }
        if (keys.every((key) => this.hasRecent(key, 'item')) && keys.every((key) => this.consumeRecent(key, 'item')))
            return 'skipped';
        this.pending.push({ keys, at: this.session.index, settle: context.defer(), events });
        return DEFERRED;
    }
    /** A response item with role "user" that no metadata confirms: held until a user_message event says it was the prompt. */
    holdUser(text, draft) {
        this.releaseHeldUser();
        this.heldUser = { text, draft };
    }
    /** A user_message event (or UserMessage item): confirms the held prompt item, or is the prompt itself. */
    userEvent(text, images, base) {
        const held = this.heldUser;
        if (held && (held.text === text || held.text.includes(text))) {
            this.heldUser = undefined;
            this.emitItemTexts([], [held.draft]);
            return 'skipped';
        }
        this.releaseHeldUser();
        if (this.consumeRecent(`user\0${text}`, 'item') || this.consumeRecentContaining(text))
            return 'skipped';
        this.emitUserText(text, images > 0 ? [{ kind: 'image' }] : [], base, 'event');
        return 'mapped';
    }
    emitUserText(text, attachments, base, source) {
        // The legacy exec --json prompt line plays the item's part; a prompt event with no item waits for a late item.
        this.remember(`user\0${text}`, source === 'prompt' ? 'item' : 'event');
        this.session.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments.length > 0 ? { attachments: attachments.map((a) => ({ ...a })) } : {}) });
    }
    releaseHeldUser() {
        const held = this.heldUser;
        this.heldUser = undefined;
        if (!held)
            return;
        if (this.sawUserEvents) {
            // This rollout writes a user_message event for every prompt: an unconfirmed user item is context Codex injected.
            this.session.out.emit({ ...held.draft, type: 'system', role: 'system', meta: { kind: 'injected' } });
        }
        else {
            this.remember(`user\0${held.text}`, 'item');
            this.session.out.emit(held.draft);
        }
    }
    /** Emits the event texts that waited since before record `before` (all of them at a turn's end). */
    flushPending(before) {
        while (this.pending.length > 0 && this.pending[0].at < before) {
            const entry = this.pending.shift();
            for (const event of entry.events)
                this.session.out.emit(event);
            entry.settle('mapped');
        }
    }
    /** An event twin came first (legacy exec --json replays): the item's text is not emitted again. */
    matchesRecent(kind, text) {
        return this.consumeRecent(`${kind}\0${text}`, 'event');
    }
    /** Remembers an emitted text, so that its twin from the other source (item or event) is not emitted again. */
    remember(key, source) {
        const k = `${source}|${key}`;
        const index = this.session.index;
        const list = this.recentItems.get(k);
        if (list)
            list.push(index);
        else
            this.recentItems.set(k, [index]);
        if (this.recentItems.size > 4 * RECENT_RECORDS) {
            for (const [key2, indices] of this.recentItems) {
                const fresh = indices.filter((i) => i >= index - RECENT_RECORDS);
                if (fresh.length === 0)
                    this.recentItems.delete(key2);
                else
                    this.recentItems.set(key2, fresh);
            }
        }
    }
    /** Consumes one remembered text of `source`, when the other source repeats it. */
    consumeRecent(key, source) {
        const k = `${source}|${key}`;
        const list = this.recentItems.get(k);
        if (!list)
            return false;
        while (list.length > 0 && list[0] < this.session.index - RECENT_RECORDS)
            list.shift();
        if (list.length === 0) {
            this.recentItems.delete(k);
            return false;
        }
        list.shift();
        if (list.length === 0)
            this.recentItems.delete(k);
        return true;
    }
    hasRecent(key, source) {
        return this.recentItems.has(`${source}|${key}`);
    }
    consumeRecentContaining(text) {
        if (text.length === 0)
            return false;
        for (const key of this.recentItems.keys()) {
            if (key.startsWith('item|user\0') && key.includes(text))
                return this.consumeRecent(key.slice('item|'.length), 'item');
        }
        return false;
    }
}
//# sourceMappingURL=twins.js.map