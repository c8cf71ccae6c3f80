/**
 * The only place atx reads the clock or makes random ids. Tests inject fixed ones so the
 * same input gives byte-identical output.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface Clock {
  now(): Date;
}

export interface IdFactory {
  /** A transcriptId: random, or derived from the input bytes' SHA-256 when one is given. */
  transcriptId(contentSha256?: string): string;
  /** 16 bytes to salt one transcript's anonymization hashes when no submission key gives one */
  salt(): Buffer;
  /**
   * The ids of the run's index-th input: seeded ids then do not depend on which inputs were read
   * before, so a batch read by a worker pool gives the same ids as one read in order.
   */
  forInput(index: number): IdFactory;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

/** Formats 16 bytes of a hash as a UUID with the v4 version and RFC 4122 variant bits. */
export function uuidFromHash(hexDigest: string): string {
  const bytes = Buffer.from(hexDigest.slice(0, 32), 'hex');
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const randomIds: IdFactory = {
  transcriptId: (contentSha256) => (contentSha256 ? uuidFromHash(contentSha256) : randomUUID()),
  salt: () => randomBytes(16),
  forInput: () => randomIds,
};

/**
 * Repeatable ids for tests and ATX_ID_SEED: the n-th transcript of an input gets the n-th id of the
 * seed, and the i-th input (i > 0) its own seed derived from the run's (the first input keeps the
 * run's seed, so a run of one input is numbered as before inputs had seeds of their own).
 */
export function seededIds(seed: string): IdFactory {
  let counter = 0;
  let salts = 0;
  return {
    transcriptId: (contentSha256) =>
      uuidFromHash(contentSha256 ?? createHash('sha256').update(`${seed}:${counter++}`).digest('hex')),
    salt: () => createHash('sha256').update(`${seed}:salt:${salts++}`).digest().subarray(0, 16),
    forInput: (index) => seededIds(index === 0 ? seed : `${seed}#input${index}`),
  };
}

export interface RunContext {
  clock: Clock;
  ids: IdFactory;
}

export const defaultContext = (): RunContext => ({ clock: systemClock, ids: randomIds });
