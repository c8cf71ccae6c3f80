/**
 * Opening a FIFO blocks until its other end is opened too: `mkfifo p; atx convert p` waits, in
 * open(2) on a libuv pool thread (or a worker thread's openSync), for a writer that may never come.
 * process.exit() joins those threads before the process ends, so an interrupt printed its line and
 * then hung for good (SIGINT and SIGTERM alike). Before it exits, the signal handler releases every
 * such open by opening the FIFO's other end without blocking, whatever opened it (an input, a
 * companion file, `-o p`, a capture).
 *
 * Which thread waits, and for which path, is read from /proc/self/task (Linux): a thread whose
 * wait channel is `wait_for_partner` is in a FIFO's open; its syscall arguments give the path's
 * address in this process's memory, read through /proc/self/mem. Elsewhere this finds nothing.
 */
import { closeSync, constants, openSync, readdirSync, readFileSync, readlinkSync, readSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** The open syscalls by architecture: their number and which arguments hold dirfd, path and flags. */
const OPEN_CALLS: Readonly<Record<string, readonly { nr: number; dirfd?: number; path: number; flags: number }[]>> = {
  x64: [{ nr: 257, dirfd: 0, path: 1, flags: 2 }, { nr: 2, path: 0, flags: 1 }],
  arm64: [{ nr: 56, dirfd: 0, path: 1, flags: 2 }],
};
const AT_FDCWD = -100;
const PATH_MAX = 4096;
/** the access-mode bits of open(2)'s flags (Linux; Node's constants leave it out) */
const O_ACCMODE = 3n;

/** Releases the FIFO opens this process's threads are blocked in; returns the paths released. */
export function releaseBlockedFifoOpens(): string[] {
  const calls = OPEN_CALLS[process.arch];
  if (!calls) return [];
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  const released: string[] = [];
  for (const task of tasks) {
    try {
      if (readFileSync(`/proc/self/task/${task}/wchan`, 'utf8').trim() !== 'wait_for_partner') continue;
      const blocked = blockedOpen(readFileSync(`/proc/self/task/${task}/syscall`, 'utf8'), calls);
      if (blocked && openOtherEnd(blocked.path, blocked.writing)) released.push(blocked.path);
    } catch {
      // the thread moved on, or /proc says less here: nothing to release
    }
  }
  return released;
}

function blockedOpen(syscall: string, calls: NonNullable<(typeof OPEN_CALLS)[string]>): { path: string; writing: boolean } | undefined {
  const [nr, ...args] = syscall.trim().split(/\s+/);
  const call = calls.find((c) => c.nr === Number(nr));
  if (!call) return undefined;
  const arg = (n: number) => BigInt(args[n]!);
  const path = cString(arg(call.path));
  if (path === undefined) return undefined;
  const dirfd = call.dirfd === undefined ? AT_FDCWD : Number(BigInt.asIntN(32, arg(call.dirfd)));
  const base = dirfd === AT_FDCWD ? process.cwd() : readlinkSync(`/proc/self/fd/${dirfd}`);
  return { path: isAbsolute(path) ? path : join(base, path), writing: (arg(call.flags) & O_ACCMODE) !== BigInt(constants.O_RDONLY) };
}

function cString(address: bigint): string | undefined {
  const mem = openSync('/proc/self/mem', 'r');
  try {
    const buffer = Buffer.alloc(PATH_MAX);
    const read = readSync(mem, buffer, 0, PATH_MAX, address);
    const end = buffer.subarray(0, read).indexOf(0);
    return end > 0 ? buffer.toString('utf8', 0, end) : undefined;
  } finally {
    closeSync(mem);
  }
}

/** A waiting reader is released by a writer's open, and the reverse; only ever a FIFO is opened. */
function openOtherEnd(path: string, writing: boolean): boolean {
  if (!statSync(path).isFIFO()) return false;
  closeSync(openSync(path, (writing ? constants.O_RDONLY : constants.O_WRONLY) | constants.O_NONBLOCK));
  return true;
}
