/**
 * Byte destinations: stdout, or a file written atomically (a temp file beside it, renamed
 * into place only when complete, so a reader never sees half a Transcript), or a device or pipe
 * the user named, written in place.
 */
import { createWriteStream, existsSync, lstatSync, openSync, realpathSync, renameSync, statSync, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { AtxError, ExitCode, pathReason, systemError } from '../errors.js';
import { besideOutputs } from '../lifecycle/output-gate.js';
import { ownerTag, registerPartialOutput, releasePartialOutput, sweepPartialOutputs } from '../lifecycle/temp.js';

export interface Output {
  /**
   * Resolves when the chunk is accepted (waits for 'drain' under backpressure). Once the returned
   * promise resolves, the writer holds no reference to the chunk: the caller may fill it again
   * (a writer that keeps bytes for later copies them). Undefined: accepted, but maybe still held.
   */
  write(chunk: string | Buffer): Promise<void> | undefined;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** The one wait for 'drain' of each stream: writes queued together share it instead of adding a listener each. */
const drains = new WeakMap<Writable, Promise<void>>();

function writeWithBackpressure(stream: Writable, chunk: string | Buffer): Promise<void> | undefined {
  if (stream.write(chunk)) return undefined;
  let drained = drains.get(stream);
  if (!drained) {
    drained = new Promise<void>((resolve, reject) => {
      const onDrain = () => { stream.off('error', onError); drains.delete(stream); resolve(); };
      const onError = (error: Error) => { stream.off('drain', onDrain); drains.delete(stream); reject(error); };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
    drains.set(stream, drained);
  }
  return drained;
}

/**
 * Writes to an already open stream that atx does not own (stdout). A write the system refuses
 * (stdout redirected to a full disk) is said as that, naming `shownAs`; a closed pipe (EPIPE) is
 * left to bin/, for which a reader that stopped early is not an error.
 */
export function streamOutput(stream: Writable, shownAs = 'standard output'): Output {
  const named = (error: Error) => systemError(`cannot write ${shownAs}`, error) ?? error; // anything else stays a bug, with its stack
  return {
    write: (chunk) => {
      try {
        return writeWithBackpressure(stream, chunk)?.catch((error: Error) => { throw named(error); });
      } catch (error) {
        throw named(error as Error); // a file as stdout is written synchronously: its errors are thrown here
      }
    },
    commit: async () => {},
    abort: async () => {},
  };
}

let tempCounter = 0;

/**
 * The output for a path the user named. A regular file (or a new one) is written atomically; a
 * device, FIFO or socket (`-o /dev/null`, a named pipe) is written in place, because renaming a temp
 * file over it would replace the device itself (run as root, `-o /dev/null` once turned /dev/null
 * into a regular file). A symlink to a regular file stays a symlink: the file it names is replaced.
 */
export function fileOutput(path: string): Output {
  let target: ReturnType<typeof statSync>;
  try {
    target = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw outputError(path, error as Error); // a file where a folder of the path should be, a folder not searchable
  }
  if (target && !target.isFile() && !target.isDirectory()) return inPlaceOutput(path);
  if (target?.isFile() && lstatSync(path).isSymbolicLink()) return atomicFileOutput(realpathSync(path));
  return atomicFileOutput(path);
}

/** Writes straight into something that is not a regular file; nothing to rename or remove after. */
function inPlaceOutput(path: string): Output {
  const stream = createWriteStream(path, { flags: 'w' });
  let failure: Error | undefined;
  stream.on('error', (error) => { failure = error; });
  return {
    write: (chunk) => {
      if (failure) return Promise.reject(outputError(path, failure));
      return writeWithBackpressure(stream, chunk)?.catch((error: Error) => { throw outputError(path, error); });
    },
    commit: () => new Promise<void>((resolve, reject) => {
      // end's callback gets the error itself: the 'error' event that sets `failure` may come after it
      const settle = (error?: Error | null) => {
        const failed = error ?? failure;
        if (failed) reject(outputError(path, failed));
        else resolve();
      };
      if (stream.closed) settle();
      else stream.end(settle);
    }),
    abort: async () => { stream.destroy(); },
  };
}

/**
 * For files atx names itself (spools, a batch's pending outputs); a path the user gave goes
 * through fileOutput (`shownAs`: what errors name, the folder the user gave for a pending file). The temp file is registered so that an interrupt removes it, and is private (0600) like the
 * Transcript it becomes. Partial files that killed runs left in the same folder are swept first.
 */
export function atomicFileOutput(path: string, shownAs = path): Output {
  const folder = dirname(path);
  sweepPartialOutputs(folder);
  const temp = join(folder, `.${basename(path)}.${ownerTag()}.${tempCounter++}.tmp`);
  // Opened synchronously, through the gate, and registered at once: an interrupt can then never race a pending open.
  const fd = besideOutputs(() => {
    try {
      const opened = openSync(temp, 'wx', 0o600);
      registerPartialOutput(temp);
      return opened;
    } catch (error) {
      throw outputError(shownAs, error as Error);
    }
  });
  const stream: WriteStream = createWriteStream(temp, { fd });
  let failure: Error | undefined;
  stream.on('error', (error) => { failure = error; });
  const discard = async () => {
    await unlink(temp).catch(() => {});
    releasePartialOutput(temp);
  };
  const closed = () => new Promise<void>((resolve) => {
    if (stream.closed) resolve();
    else stream.end((error?: Error | null) => {
      if (error) failure ??= error;
      resolve();
    });
  });
  return {
    write: (chunk) => {
      if (failure) return Promise.reject(outputError(shownAs, failure));
      return writeWithBackpressure(stream, chunk)?.catch((error: Error) => { throw outputError(shownAs, error); });
    },
    async commit() {
      await closed();
      if (failure) {
        await discard();
        throw outputError(shownAs, failure);
      }
      try {
        // synchronous, through the gate: an interrupt's sweep never races a rename under way
        besideOutputs(() => {
          renameSync(temp, path);
          releasePartialOutput(temp);
        });
      } catch (error) {
        await discard();
        throw outputError(shownAs, error as Error);
      }
    },
    async abort() {
      stream.destroy();
      await discard();
    },
  };
}

function outputError(path: string, error: Error): AtxError {
  const system = systemError(`cannot write ${path}`, error);
  if (system) return system;
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? (existsSync(dirname(path)) ? 'a file cannot be created in its folder' : 'folder does not exist')
    : code === 'ENOTDIR' ? 'a file is in the way of its folder'
    : pathReason(error);
  return new AtxError(reason === undefined ? ExitCode.internal : ExitCode.usage,
    `cannot write ${path}: ${reason ?? error.message}`, { cause: error });
}
