/**
 * The outbox's in-flight journal: where `atx upload` puts the bodies it sends at once (Outbox.put
 * with `durable: false`). One file per run, appended to, instead of a body file and a meta file
 * created, renamed and removed per transcript: creating a file costs this machine's file system
 * ~0.1-0.3 ms of CPU, and blocks longer while the server next door fsyncs; an append costs
 * microseconds. An item that stays (queued, refused) leaves the journal for files of its own
 * (Outbox materializes it); a delivered one is marked done. The journal is removed when the run
 * closes its outbox.
 *
 * A run killed before that leaves its journal behind: the next Outbox.list() (a flush) turns
 * every item it holds that is neither done nor already a file into a regular item, then removes
 * it. A record cut short by the kill was never sent (the put had not returned), so it is dropped.
 *
 * Records: `P <body bytes> <meta JSON>\n<body>` for an item put, `D <transcriptId>\n` for one
 * the journal no longer answers for (delivered, dropped, or written as files).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, unlinkSync, writeSync, writevSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxMeta } from './outbox.js';

export const JOURNAL_PREFIX = '.inflight-';

/** A journal whose items are all settled is replaced by a new one past this size. */
const ROTATE_AFTER_BYTES = 64 * 1024 * 1024;

export interface JournalItem {
  meta: OutboxMeta;
  body: Buffer;
}

export class InflightJournal {
  readonly #dir: string;
  #path: string | undefined;
  #fd: number | undefined;
  #bytes = 0;
  /** items put and not yet settled, by transcript id */
  readonly #open = new Map<string, JournalItem>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** the journal file of this run, if one is open */
  get path(): string | undefined {
    return this.#path;
  }

  get(transcriptId: string): JournalItem | undefined {
    return this.#open.get(transcriptId);
  }

  /** Appends the item (a later put of the same id replaces an earlier one). */
  add(item: JournalItem): void {
    if (this.#fd === undefined) {
      this.#path = join(this.#dir, `${JOURNAL_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
      this.#fd = openSync(this.#path, 'wx', 0o600);
      this.#bytes = 0;
    }
    const head = Buffer.from(`P ${item.body.length} ${JSON.stringify(item.meta)}\n`, 'utf8');
    writeWhole(this.#fd, [head, item.body]);
    this.#bytes += head.length + item.body.length;
    this.#open.set(item.meta.transcriptId, item);
  }

  /** The journal no longer answers for this item; true when it held it. */
  settle(transcriptId: string): boolean {
    if (!this.#open.delete(transcriptId) || this.#fd === undefined) return false;
    const line = Buffer.from(`D ${transcriptId}\n`, 'utf8');
    writeWhole(this.#fd, [line]);
    this.#bytes += line.length;
    if (this.#open.size === 0 && this.#bytes >= ROTATE_AFTER_BYTES) this.#remove();
    return true;
  }

  /** The items still open (to be written as files before close). */
  unsettled(): JournalItem[] {
    return [...this.#open.values()];
  }

  /** Closes and removes the journal; the caller has settled every item first. */
  close(): void {
    this.#open.clear();
    this.#remove();
  }

  #remove(): void {
    if (this.#fd === undefined || this.#path === undefined) return;
    closeSync(this.#fd);
    try {
      unlinkSync(this.#path);
    } catch {
      // gone already: a flush of another run took it for a dead run's (it holds nothing unsettled now)
    }
    this.#fd = undefined;
    this.#path = undefined;
  }
}

/** The process id in a journal's file name, or undefined when the name is not a journal's. */
export function journalOwner(name: string): number | undefined {
  if (!name.startsWith(JOURNAL_PREFIX)) return undefined;
  const pid = Number(name.slice(JOURNAL_PREFIX.length).split('-')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Whether a process with this id runs (one of another user counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The items a journal left behind still answers for, last put of each id first come first; a
 * record cut short (or anything unreadable after it) ends the reading.
 */
export function journalItems(bytes: Buffer): { meta: Record<string, unknown>; body: Buffer }[] {
  const items = new Map<string, { meta: Record<string, unknown>; body: Buffer }>();
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(0x0a, at);
    if (end < 0) break;
    const line = bytes.toString('utf8', at, end);
    at = end + 1;
    if (line.startsWith('D ')) {
      items.delete(line.slice(2));
      continue;
    }
    const match = /^P (\d+) (.*)$/s.exec(line);
    if (!match) break;
    const size = Number(match[1]);
    if (at + size > bytes.length) break;
    let meta: unknown;
    try {
      meta = JSON.parse(match[2]!);
    } catch {
      break;
    }
    const id = (meta as { transcriptId?: unknown } | null)?.transcriptId;
    if (typeof id !== 'string') break;
    items.delete(id);
    items.set(id, { meta: meta as Record<string, unknown>, body: Buffer.from(bytes.subarray(at, at + size)) });
    at += size;
  }
  return [...items.values()];
}

/** writev until every byte is written (a regular file takes them all at once but for a full disk, which throws). */
function writeWhole(fd: number, pieces: Buffer[]): void {
  let written = writevSync(fd, pieces);
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (written === total) return;
  const rest = Buffer.concat(pieces).subarray(written);
  for (written = 0; written < rest.length;) written += writeSync(fd, rest, written, rest.length - written);
}
