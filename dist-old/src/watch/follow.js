/**
 * Follows session files with chokidar (inotify and its kin: no polling, so an idle watch costs
 * no CPU) and says when one has been quiet for the idle time, or for the (shorter) settle time when
 * the file says its session is finished: every write starts the wait again, so a burst of writes
 * makes one call. A file already quiet when the watch starts waits only what is left of its wait,
 * counted from its last write.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { watch } from 'chokidar';
export class SessionFollower {
    options;
    timers = new Map();
    watchers = [];
    queue = Promise.resolve();
    stopped = false;
    constructor(options) {
        this.options = options;
    }
    /**
     * Starts following the folders; resolves once the files already there are known. A folder not
     * there yet (an agent never run on this machine) is followed from the moment it is created.
     */
    async follow(folders, appeared = () => { }) {
        await Promise.all(folders.map((folder) => (existsSync(folder.dir) ? this.followOne(folder) : this.awaitFolder(folder, appeared))));
    }
    /**
     * Watches the nearest folder above `folder.dir` that exists, looking only along the path down to
     * it (nothing else under that ancestor is read), and follows the folder once it is there.
     */
    awaitFolder(folder, appeared) {
        const target = resolve(folder.dir);
        let ancestor = dirname(target);
        while (!existsSync(ancestor) && dirname(ancestor) !== ancestor)
            ancestor = dirname(ancestor);
        const onTheWay = (path) => path === ancestor || path === target || target.startsWith(`${path}${sep}`);
        const levels = target.slice(ancestor.length).split(sep).filter(Boolean).length;
        const watcher = watch(ancestor, { ignoreInitial: false, persistent: true, depth: levels, ignored: (path) => !onTheWay(resolve(path)) });
        this.watchers.push(watcher);
        let seen = false;
        watcher.on('addDir', (path) => {
            if (seen || this.stopped || resolve(path) !== target)
                return;
            seen = true;
            void watcher.close();
            appeared(folder);
            void this.followOne(folder);
        });
        watcher.on('error', (error) => this.options.problem(`${ancestor}: ${error instanceof Error ? error.message : String(error)}`));
        return new Promise((resolveReady) => watcher.once('ready', () => resolveReady()));
    }
    followOne(folder) {
        const watcher = watch(folder.dir, { ignoreInitial: false, persistent: true, ...(folder.depth !== undefined ? { depth: folder.depth } : {}) });
        this.watchers.push(watcher);
        watcher.on('add', (path) => { if (folder.accepts(path))
            this.wrote(path, true, folder); });
        watcher.on('change', (path) => { if (folder.accepts(path))
            this.wrote(path, false, folder); });
        watcher.on('unlink', (path) => { if (folder.accepts(path))
            this.removed(path); });
        watcher.on('error', (error) => this.options.problem(`${folder.dir}: ${error instanceof Error ? error.message : String(error)}`));
        return new Promise((resolve) => watcher.once('ready', () => resolve()));
    }
    wrote(path, added, folder) {
        if (this.stopped)
            return;
        clearTimeout(this.timers.get(path));
        const quietFor = this.finished(path, folder) ? Math.min(this.options.settleMs, this.options.idleMs) : this.options.idleMs;
        const wait = added ? this.leftOf(quietFor, path) : Promise.resolve(quietFor);
        void wait.then((ms) => {
            if (this.stopped)
                return;
            clearTimeout(this.timers.get(path));
            this.timers.set(path, setTimeout(() => {
                this.timers.delete(path);
                this.enqueue(() => this.options.quiet(path));
            }, ms));
        });
    }
    finished(path, folder) {
        try {
            return folder.finished?.(path) === true;
        }
        catch {
            return false; // unreadable now: the idle time decides
        }
    }
    /** A file found already there waits only the rest of its quiet time, counted from its last write. */
    async leftOf(quietFor, path) {
        const info = await stat(path).catch(() => undefined);
        if (!info)
            return quietFor;
        return Math.max(0, Math.min(quietFor, quietFor - (Date.now() - info.mtimeMs)));
    }
    removed(path) {
        clearTimeout(this.timers.get(path));
        this.timers.delete(path);
        if (!this.stopped)
            this.enqueue(() => this.options.gone(path));
    }
    enqueue(work) {
        this.queue = this.queue.then(() => (this.stopped ? undefined : work())).catch((error) => {
            this.options.problem(error instanceof Error ? error.message : String(error));
        });
    }
    /** Stops following; resolves once the session being handled, if any, is done. */
    async stop() {
        this.stopped = true;
        for (const timer of this.timers.values())
            clearTimeout(timer);
        this.timers.clear();
        await Promise.all(this.watchers.map((watcher) => watcher.close()));
        await this.queue;
    }
}
//# sourceMappingURL=follow.js.map