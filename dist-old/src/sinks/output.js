/**
 * Byte destinations: stdout, or a file written atomically (a temp file beside it, renamed
 * into place only when complete, so a reader never sees half a Transcript).
 */
import { createWriteStream, openSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { AtxError, ExitCode } from '../errors.js';
import { ownerTag, registerPartialOutput, releasePartialOutput, sweepPartialOutputs } from '../lifecycle/temp.js';
function writeWithBackpressure(stream, chunk) {
    if (stream.write(chunk))
        return undefined;
    return new Promise((resolve, reject) => {
        const onDrain = () => { stream.off('error', onError); resolve(); };
        const onError = (error) => { stream.off('drain', onDrain); reject(error); };
        stream.once('drain', onDrain);
        stream.once('error', onError);
    });
}
/** Writes to an already open stream that atx does not own (stdout). */
export function streamOutput(stream) {
    return {
        write: (chunk) => writeWithBackpressure(stream, chunk),
        commit: async () => { },
        abort: async () => { },
    };
}
let tempCounter = 0;
/**
 * The temp file is registered so that an interrupt removes it, and is private (0600) like the
 * Transcript it becomes. Partial files that killed runs left in the same folder are swept first.
 */
export function atomicFileOutput(path) {
    const folder = dirname(path);
    sweepPartialOutputs(folder);
    const temp = join(folder, `.${basename(path)}.${ownerTag()}.${tempCounter++}.tmp`);
    // Opened synchronously and registered at once: an interrupt can then never race a pending open.
    let fd;
    try {
        fd = openSync(temp, 'wx', 0o600);
    }
    catch (error) {
        throw outputError(path, error);
    }
    registerPartialOutput(temp);
    const stream = createWriteStream(temp, { fd });
    let failure;
    stream.on('error', (error) => { failure = error; });
    const discard = async () => {
        await unlink(temp).catch(() => { });
        releasePartialOutput(temp);
    };
    const closed = () => new Promise((resolve) => {
        if (stream.closed)
            resolve();
        else
            stream.end(() => resolve());
    });
    return {
        write: (chunk) => {
            if (failure)
                return Promise.reject(outputError(path, failure));
            return writeWithBackpressure(stream, chunk)?.catch((error) => { throw outputError(path, error); });
        },
        async commit() {
            await closed();
            if (failure) {
                await discard();
                throw outputError(path, failure);
            }
            await rename(temp, path).catch(async (error) => {
                await discard();
                throw outputError(path, error);
            });
            releasePartialOutput(temp);
        },
        async abort() {
            stream.destroy();
            await discard();
        },
    };
}
function outputError(path, error) {
    const code = error.code;
    const reason = code === 'ENOSPC' ? 'no space left on device' : code === 'EACCES' ? 'permission denied'
        : code === 'ENOENT' ? 'folder does not exist' : error.message;
    return new AtxError(code === 'ENOENT' || code === 'EACCES' ? ExitCode.usage : ExitCode.internal, `cannot write ${path}: ${reason}`, { cause: error });
}
//# sourceMappingURL=output.js.map