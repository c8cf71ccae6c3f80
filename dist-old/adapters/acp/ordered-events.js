export class OrderedEvents {
    emit;
    slots = [];
    constructor(emit) {
        this.emit = emit;
    }
    add(draft) {
        this.slots.push({ draft, open: false });
        this.drain();
    }
    /** An event that may still change; `settle(draft)` releases it. */
    addOpen(draft) {
        this.slots.push({ draft, open: true });
    }
    settle(draft) {
        const slot = this.slots.find((s) => s.draft === draft);
        if (slot)
            slot.open = false;
        this.drain();
    }
    /** End of input: everything goes, settled or not. */
    flush() {
        for (const slot of this.slots)
            slot.open = false;
        this.drain();
    }
    drain() {
        while (this.slots.length > 0 && !this.slots[0].open)
            this.emit(this.slots.shift().draft);
    }
}
//# sourceMappingURL=ordered-events.js.map