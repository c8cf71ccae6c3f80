export class InFlightLimits {
    maxBodies;
    maxBytes;
    bodies = 0;
    bytes = 0;
    constructor(maxBodies, maxBytes) {
        this.maxBodies = maxBodies;
        this.maxBytes = maxBytes;
    }
    /** A ticket for one body, or null when maxBodies are already in flight. */
    enter() {
        if (this.bodies >= this.maxBodies)
            return null;
        this.bodies++;
        return new BodyTicket(this);
    }
    get bodiesInFlight() {
        return this.bodies;
    }
    get bytesInFlight() {
        return this.bytes;
    }
    /** @internal BodyTicket's side of the books */
    adjust(bodies, bytes) {
        if (bytes > 0 && this.bytes + bytes > this.maxBytes)
            return false;
        this.bodies += bodies;
        this.bytes += bytes;
        return true;
    }
}
/** One body's share of the in-flight limits; leave() gives everything back (once). */
export class BodyTicket {
    limits;
    reserved = 0;
    left = false;
    constructor(limits) {
        this.limits = limits;
    }
    reserve(bytes) {
        if (this.left || !this.limits.adjust(0, bytes))
            return false;
        this.reserved += bytes;
        return true;
    }
    release(bytes) {
        const amount = Math.min(bytes, this.reserved);
        this.reserved -= amount;
        this.limits.adjust(0, -amount);
    }
    leave() {
        if (this.left)
            return;
        this.left = true;
        this.limits.adjust(-1, -this.reserved);
        this.reserved = 0;
    }
}
//# sourceMappingURL=in-flight.js.map