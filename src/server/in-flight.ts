/**
 * What all requests in flight may use together: a number of request bodies being read and
 * processed at once, and a memory budget those bodies draw from as they grow. A request that
 * finds either exhausted is answered 503 with Retry-After instead of queueing.
 */
import type { MemoryReservation } from './json-scanner.js';

export class InFlightLimits {
  private bodies = 0;
  private bytes = 0;

  constructor(readonly maxBodies: number, readonly maxBytes: number) {}

  /** A ticket for one body, or null when maxBodies are already in flight. */
  enter(): BodyTicket | null {
    if (this.bodies >= this.maxBodies) return null;
    this.bodies++;
    return new BodyTicket(this);
  }

  get bodiesInFlight(): number {
    return this.bodies;
  }

  get bytesInFlight(): number {
    return this.bytes;
  }

  /** @internal BodyTicket's side of the books */
  adjust(bodies: number, bytes: number): boolean {
    if (bytes > 0 && this.bytes + bytes > this.maxBytes) return false;
    this.bodies += bodies;
    this.bytes += bytes;
    return true;
  }
}

/** One body's share of the in-flight limits; leave() gives everything back (once). */
export class BodyTicket implements MemoryReservation {
  private reserved = 0;
  private left = false;

  constructor(private readonly limits: InFlightLimits) {}

  reserve(bytes: number): boolean {
    if (this.left || !this.limits.adjust(0, bytes)) return false;
    this.reserved += bytes;
    return true;
  }

  release(bytes: number): void {
    const amount = Math.min(bytes, this.reserved);
    this.reserved -= amount;
    this.limits.adjust(0, -amount);
  }

  leave(): void {
    if (this.left) return;
    this.left = true;
    this.limits.adjust(-1, -this.reserved);
    this.reserved = 0;
  }
}
