/**
 * The order in which a batch's inputs are handed out to the threads. Sessions on one machine differ
 * in size by orders of magnitude: one large session taken last keeps one core busy alone while
 * the others have nothing left to take. Inputs far larger than the rest are therefore handed out
 * first, largest first; the others keep their input order, so the main thread, which places the
 * results in input order, is not left waiting on small inputs that were handed out late.
 * Only the order of work changes: names, ids and output stay those of the input order.
 */
import { statSync } from 'node:fs';
import type { PortableSource } from './folder-sessions.js';

/** an input counts as large when it holds more than this many times the batch's mean bytes */
const LARGE_TIMES_MEAN = 2;

/** Positions of `sizes` in the order to hand them out: the large ones first (largest first), then the rest in order. */
export function handOutOrder(sizes: readonly number[]): number[] {
  const positions = [...sizes.keys()];
  if (sizes.length < 2) return positions;
  const mean = sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
  const isLarge = (n: number) => sizes[n]! > LARGE_TIMES_MEAN * mean;
  const large = positions.filter(isLarge).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  return [...large, ...positions.filter((n) => !isLarge(n))];
}

/** Bytes an input will read (its main file and listed companions); 0 for what cannot be seen now (its reader says why later). */
export function sourceBytes(source: PortableSource): number {
  const files = source.companions === 'discover' ? [source.main] : [source.main, ...source.companions];
  let bytes = 0;
  for (const file of files) {
    try {
      bytes += file.size ?? statSync(file.path).size;
    } catch {
      // a file that vanished or cannot be read is reported by the conversion, in its place
    }
  }
  return bytes;
}
