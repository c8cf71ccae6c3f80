/**
 * Turns one upload input into the bytes that would be sent: a native session is converted, a
 * Transcript file is read; both pass through the redaction profile, and the compact document
 * is gzipped as it is written, so what is held is the compressed body, not the JSON text.
 *
 * Uploads derive transcriptId from the input bytes: running the same upload again (after a
 * crash, say) makes the same document, which the server sees as a replay, not a new transcript.
 */
import { createGzip } from 'node:zlib';
import { ADAPTERS } from '../../adapters/index.js';
import { invalidInputError } from '../errors.js';
import { documentSink } from '../sinks/transcript-sinks.js';
import { produceUnit } from '../input/produce.js';
/**
 * One unit from the input reader, converted or checked, redacted and gzipped. A native session
 * gets a transcriptId derived from its bytes; a Transcript keeps its own.
 */
export async function prepareUnit(unit, options) {
    const body = gzipOutput(!options.measureOnly);
    const eventsByType = {};
    let result;
    try {
        result = await produceUnit(unit, async () => countingSink(await documentSink(body, 'compact'), eventsByType), {
            adapters: ADAPTERS,
            context: options.context,
            idFromContent: true,
            transform: options.makeRedactor,
            ...(options.memory ? { memory: options.memory } : {}),
        });
    }
    catch (error) {
        // a value nested thousands of levels deep overflows the stack of the steps that walk it: that
        // is a problem of this input (exit 3 for it, the others are still sent), not a crash of atx
        if (error instanceof RangeError && /call stack/i.test(error.message)) {
            throw invalidInputError('nested too deeply to be redacted and sent');
        }
        throw error;
    }
    return prepared(unit.name, result.header, body, eventsByType);
}
function prepared(input, header, body, eventsByType) {
    return {
        input,
        transcriptId: header.transcriptId,
        gzipped: body.result(),
        rawBytes: body.rawBytes(),
        eventCount: header.metrics.eventCount,
        eventsByType,
        profile: header.privacy.profile,
        redactionCount: header.privacy.redactionCount,
        redactionsByRule: header.privacy.redactionsByRule ?? {},
        gzipBytes: body.gzipBytes(),
    };
}
function countingSink(inner, byType) {
    return {
        event(event) {
            byType[event.type] = (byType[event.type] ?? 0) + 1;
            return inner.event(event);
        },
        ...(inner.revise ? { revise: inner.revise } : {}),
        end: (header) => inner.end(header),
        abort: () => inner.abort(),
    };
}
function gzipOutput(keep) {
    const gzip = createGzip();
    const compressed = [];
    let raw = 0;
    let zipped = 0;
    let done;
    gzip.on('data', (chunk) => {
        zipped += chunk.length;
        if (keep)
            compressed.push(chunk);
    });
    const finished = new Promise((resolve, reject) => {
        gzip.once('end', resolve);
        gzip.once('error', reject);
    });
    return {
        write(chunk) {
            raw += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
            if (gzip.write(chunk))
                return undefined;
            return new Promise((resolve) => gzip.once('drain', resolve));
        },
        async commit() {
            gzip.end();
            await finished;
            done = Buffer.concat(compressed);
            compressed.length = 0;
        },
        async abort() {
            gzip.destroy();
            compressed.length = 0;
        },
        rawBytes: () => raw,
        gzipBytes: () => zipped,
        result: () => {
            if (!done)
                throw new Error('gzip output read before it was committed');
            return done;
        },
    };
}
//# sourceMappingURL=prepare-upload.js.map