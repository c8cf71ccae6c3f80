/**
 * Which processes have a data dir open. node-sqlite3-wasm locks its database by creating the
 * folder `<db>.lock` and removing it on unlock, so a process killed while holding the lock leaves
 * the folder behind and every later open gets "database is locked" forever. Each atx process that
 * opens the index registers itself here; a lock that no other living registered process could
 * hold is stale and may be removed. The same record lets `atx serve` refuse to start twice on one
 * data dir. A process of another pid namespace (a container sharing the data dir) cannot be
 * checked from here: it counts as alive.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownerTag, pidNamespace, processAlive } from '../lifecycle/temp.js';
/** `p<pid>n<pid namespace>-<role>-<random>` */
const OWNER_FILE = /^p(\d+)n(\d+)-(server|tool)-[0-9a-f]+$/;
export class OwnerRegistry {
    dir;
    constructor(dir) {
        this.dir = dir;
    }
    /** Records this process; returns the function that removes the record again. */
    register(role) {
        mkdirSync(this.dir, { recursive: true, mode: 0o700 });
        const file = join(this.dir, `${ownerTag()}-${role}-${randomBytes(4).toString('hex')}`);
        writeFileSync(file, `${new Date().toISOString()}\n`, { mode: 0o600 });
        return () => rmSync(file, { force: true });
    }
    /** Registered processes other than this one that are still alive; records of dead ones are removed. */
    liveOthers() {
        const live = [];
        let names;
        try {
            names = readdirSync(this.dir);
        }
        catch {
            return live;
        }
        for (const name of names) {
            const match = OWNER_FILE.exec(name);
            if (!match)
                continue;
            const pid = Number(match[1]);
            const ours = match[2] === pidNamespace();
            const file = join(this.dir, name);
            if (pid === process.pid && ours)
                continue;
            if (!ours || processAlive(pid))
                live.push({ pid, role: match[3], file });
            else
                rmSync(file, { force: true });
        }
        return live;
    }
}
//# sourceMappingURL=owners.js.map