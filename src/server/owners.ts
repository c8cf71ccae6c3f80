/**
 * Which processes have a data dir open. node-sqlite3-wasm locks its database by creating the
 * folder `<db>.lock` and removing it on unlock, so a process killed while holding the lock leaves
 * the folder behind and every later open gets "database is locked" forever. Each atx process that
 * opens the index registers itself here; a lock that no other living registered process could
 * hold is stale and may be removed. The same record lets `atx serve` refuse to start twice on one
 * data dir.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type OwnerRole = 'server' | 'tool';

export interface Owner {
  readonly pid: number;
  readonly role: OwnerRole;
  readonly file: string;
}

const OWNER_FILE = /^(\d+)-(server|tool)-[0-9a-f]+$/;

export class OwnerRegistry {
  constructor(readonly dir: string) {}

  /** Records this process; returns the function that removes the record again. */
  register(role: OwnerRole): () => void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = join(this.dir, `${process.pid}-${role}-${randomBytes(4).toString('hex')}`);
    writeFileSync(file, `${new Date().toISOString()}\n`, { mode: 0o600 });
    return () => rmSync(file, { force: true });
  }

  /** Registered processes other than this one that are still alive; records of dead ones are removed. */
  liveOthers(): Owner[] {
    const live: Owner[] = [];
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return live;
    }
    for (const name of names) {
      const match = OWNER_FILE.exec(name);
      if (!match) continue;
      const pid = Number(match[1]);
      const file = join(this.dir, name);
      if (pid === process.pid) continue;
      if (isAlive(pid)) live.push({ pid, role: match[2] as OwnerRole, file });
      else rmSync(file, { force: true });
    }
    return live;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
