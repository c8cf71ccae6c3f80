/**
 * Follows session files with chokidar (inotify and its kin: no polling, so an idle watch costs
 * no CPU) and says when one has been quiet for the idle time, or for the (shorter) settle time when
 * the file says its session is finished: every write starts the wait again, so a burst of writes
 * makes one call. A file already quiet when the watch starts waits only what is left of its wait,
 * counted from its last write.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { watch as chokidarWatch, type FSWatcher } from 'chokidar';

export interface FollowedFolder {
  dir: string;
  /** folders below `dir` worth following (undefined: all) */
  depth?: number;
  /** is this file one to follow? */
  accepts(path: string): boolean;
  /** does the file say its session is finished (its last turn ended)? Such a file waits only the settle time */
  finished?(path: string): boolean;
}

export interface FollowOptions {
  idleMs: number;
  /** the wait after the last write of a file that says its session is finished (at most idleMs) */
  settleMs: number;
  /** the file has been quiet for the idle time (calls are made one at a time, in order) */
  quiet(path: string): Promise<void>;
  /** the file is gone */
  gone(path: string): Promise<void>;
  /** a folder could not be followed */
  problem(message: string): void;
  /** what watches a folder (tests give one whose events they order themselves) */
  watch?: (dir: string, options: Parameters<typeof chokidarWatch>[1]) => FSWatcher;
}

/** how long after chokidar notices a new subfolder it is swept (chokidar has listed and watched it by then) */
const SWEEP_DELAY_MS = 100;

/** chokidar's `depth` counts the folders between the followed folder and a file's folder. */
function withinDepth(folder: FollowedFolder, path: string): boolean {
  if (folder.depth === undefined) return true;
  return relative(folder.dir, path).split(sep).length - 1 <= folder.depth;
}

export class SessionFollower {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly watchers: FSWatcher[] = [];
  /** files reported by the watcher or a sweep, so that a sweep reports only what the watcher missed */
  private readonly known = new Set<string>();
  /**
   * The modification time each file had when its last quiet call was made. The watcher's events can
   * come late on a loaded machine (its 'add' for a file a sweep reported, a 'change' of the burst
   * just reported): one that finds the file unchanged since is no write.
   */
  private readonly reported = new Map<string, number>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: FollowOptions) {}

  private watch(dir: string, options: Parameters<typeof chokidarWatch>[1]): FSWatcher {
    return (this.options.watch ?? chokidarWatch)(dir, options);
  }

  /**
   * Starts following the folders; resolves once the files already there are known. A folder not
   * there yet (an agent never run on this machine) is followed from the moment it is created.
   */
  async follow(folders: readonly FollowedFolder[], appeared: (folder: FollowedFolder) => void = () => {}): Promise<void> {
    await Promise.all(folders.map((folder) => (existsSync(folder.dir) ? this.followOne(folder) : this.awaitFolder(folder, appeared))));
  }

  /**
   * Watches the nearest folder above `folder.dir` that exists, looking only along the path down to
   * it (nothing else under that ancestor is read), and follows the folder once it is there.
   */
  private awaitFolder(folder: FollowedFolder, appeared: (folder: FollowedFolder) => void): Promise<void> {
    const target = resolve(folder.dir);
    let ancestor = dirname(target);
    while (!existsSync(ancestor) && dirname(ancestor) !== ancestor) ancestor = dirname(ancestor);
    const onTheWay = (path: string) => path === ancestor || path === target || target.startsWith(`${path}${sep}`);
    const levels = target.slice(ancestor.length).split(sep).filter(Boolean).length;
    const watcher = this.watch(ancestor, { ignoreInitial: false, persistent: true, depth: levels, ignored: (path) => !onTheWay(resolve(path)) });
    this.watchers.push(watcher);
    let seen = false;
    watcher.on('addDir', (path) => {
      if (seen || this.stopped || resolve(path) !== target) return;
      seen = true;
      void watcher.close();
      appeared(folder);
      void this.followOne(folder, true);
    });
    watcher.on('error', (error) => this.options.problem(`${ancestor}: ${error instanceof Error ? error.message : String(error)}`));
    return new Promise((resolveReady) => watcher.once('ready', () => resolveReady()));
  }

  /**
   * A file written into a folder while the watcher is still reading that folder (created with it:
   * an agent makes a project folder and its session file at once) can fall between the listing and
   * the watch. So a folder that appeared after the watch started is swept once the watcher is
   * ready, and a subfolder created later is swept shortly after it is noticed.
   */
  private followOne(folder: FollowedFolder, appearedLate = false): Promise<void> {
    const watcher = this.watch(folder.dir, { ignoreInitial: false, persistent: true, ...(folder.depth !== undefined ? { depth: folder.depth } : {}) });
    this.watchers.push(watcher);
    let ready = false;
    watcher.on('add', (path, stats) => { if (folder.accepts(path) && !this.unchangedSinceReported(path, stats)) this.wrote(path, true, folder); });
    watcher.on('change', (path, stats) => { if (folder.accepts(path) && !this.unchangedSinceReported(path, stats)) this.wrote(path, false, folder); });
    watcher.on('unlink', (path) => { if (folder.accepts(path)) this.removed(path); });
    watcher.on('addDir', (path) => { if (ready) setTimeout(() => void this.sweep(path, folder), SWEEP_DELAY_MS); });
    watcher.on('error', (error) => this.options.problem(`${folder.dir}: ${error instanceof Error ? error.message : String(error)}`));
    return new Promise((resolve) => watcher.once('ready', () => {
      ready = true;
      if (appearedLate) void this.sweep(folder.dir, folder).then(() => resolve());
      else resolve();
    }));
  }

  /** Reports the followed files under `dir` that no watcher event has reported. */
  private async sweep(dir: string, folder: FollowedFolder): Promise<void> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (this.stopped || !entry.isFile()) continue;
      const path = join(entry.parentPath ?? entry.path, entry.name);
      if (this.known.has(path) || !folder.accepts(path) || !withinDepth(folder, path)) continue;
      this.wrote(path, true, folder);
    }
  }

  private unchangedSinceReported(path: string, stats: { mtimeMs: number } | undefined): boolean {
    const reported = this.reported.get(path);
    return reported !== undefined && (stats?.mtimeMs ?? modifiedAt(path)) === reported;
  }

  private wrote(path: string, added: boolean, folder: FollowedFolder): void {
    if (this.stopped) return;
    this.known.add(path);
    clearTimeout(this.timers.get(path));
    const quietFor = this.finished(path, folder) ? Math.min(this.options.settleMs, this.options.idleMs) : this.options.idleMs;
    const wait = added ? this.leftOf(quietFor, path) : Promise.resolve(quietFor);
    void wait.then((ms) => {
      if (this.stopped) return;
      clearTimeout(this.timers.get(path));
      this.timers.set(path, setTimeout(() => this.quietOrWait(path, quietFor), ms));
    });
  }

  /**
   * The wait is over: the file is quiet unless the file system says it was written since (a write
   * whose event the watcher has not delivered yet, on a loaded machine); then it waits the rest.
   */
  private quietOrWait(path: string, quietFor: number): void {
    this.timers.delete(path);
    if (this.stopped) return;
    const modified = modifiedAt(path);
    const sinceWrite = modified === undefined ? quietFor : Date.now() - modified;
    if (sinceWrite >= 0 && sinceWrite < quietFor) {
      this.timers.set(path, setTimeout(() => this.quietOrWait(path, quietFor), quietFor - sinceWrite));
      return;
    }
    if (modified !== undefined) this.reported.set(path, modified);
    this.enqueue(() => this.options.quiet(path));
  }

  private finished(path: string, folder: FollowedFolder): boolean {
    try {
      return folder.finished?.(path) === true;
    } catch {
      return false; // unreadable now: the idle time decides
    }
  }

  /** A file found already there waits only the rest of its quiet time, counted from its last write. */
  private async leftOf(quietFor: number, path: string): Promise<number> {
    const info = await stat(path).catch(() => undefined);
    if (!info) return quietFor;
    return Math.max(0, Math.min(quietFor, quietFor - (Date.now() - info.mtimeMs)));
  }

  private removed(path: string): void {
    this.known.delete(path);
    this.reported.delete(path);
    clearTimeout(this.timers.get(path));
    this.timers.delete(path);
    if (!this.stopped) this.enqueue(() => this.options.gone(path));
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(() => (this.stopped ? undefined : work())).catch((error: unknown) => {
      this.options.problem(error instanceof Error ? error.message : String(error));
    });
  }

  /** Stops following; resolves once the session being handled, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.watchers.map((watcher) => watcher.close()));
    await this.queue;
  }
}

function modifiedAt(path: string): number | undefined {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs;
}
