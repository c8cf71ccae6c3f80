/**
 * The preparing half of `atx upload`, run by the main thread or a worker thread (upload-worker.ts):
 * one input unit converted or read, redacted and gzipped, with the content digest of its body
 * taken there and then (the check of the server's Stored answer needs it), or the reason it could
 * not be prepared. What comes out is plain data, so it can cross threads.
 */
import { AtxError } from '../errors.js';
import { prepareUnit } from '../pipeline/prepare-upload.js';
import { sentContent } from '../upload/sent-content.js';
/** `withDigest`: take the body's content digest too (not for a dry run, which sends nothing). */
export async function prepareOrFail(unit, options, withDigest) {
    let prepared;
    try {
        prepared = await prepareUnit(unit, options);
    }
    catch (error) {
        if (unit.kind === 'native')
            await unit.opened.items.return(undefined);
        if (!(error instanceof AtxError))
            throw error;
        return { input: unit.name, failure: { message: error.message, exitCode: error.exitCode } };
    }
    if (!withDigest)
        return { input: unit.name, prepared };
    return { input: unit.name, prepared, sent: await sentContent(prepared.transcriptId, prepared.gzipped) };
}
//# sourceMappingURL=upload-prepare.js.map