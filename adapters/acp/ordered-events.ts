/**
 * Keeps events in wire order while a tool call is still open: ACP reports a call first and
 * patches it later (input, status, output), so its tool_call event waits, and so does everything
 * after it, until the call is settled. Then they leave together, in the order they happened.
 */
import type { DraftEvent } from '../types.js';

interface Slot {
  draft: DraftEvent;
  open: boolean;
}

export class OrderedEvents {
  private readonly slots: Slot[] = [];

  constructor(private readonly emit: (event: DraftEvent) => void) {}

  add(draft: DraftEvent): void {
    this.slots.push({ draft, open: false });
    this.drain();
  }

  /** An event that may still change; `settle(draft)` releases it. */
  addOpen(draft: DraftEvent): void {
    this.slots.push({ draft, open: true });
  }

  settle(draft: DraftEvent): void {
    const slot = this.slots.find((s) => s.draft === draft);
    if (slot) slot.open = false;
    this.drain();
  }

  /** End of input: everything goes, settled or not. */
  flush(): void {
    for (const slot of this.slots) slot.open = false;
    this.drain();
  }

  private drain(): void {
    while (this.slots.length > 0 && !this.slots[0]!.open) this.emit(this.slots.shift()!.draft);
  }
}
