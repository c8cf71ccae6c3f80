/**
 * Where finished events go. Both sinks take events one at a time and never hold them all:
 * the streaming sink writes each as a JSONL line at once; the document sink spools them (in
 * memory while few, else to a private temp file) and, once the header (metrics, times, ids) is
 * known, writes header then events.
 */
import { EventsHash } from '../transcript/index.js';
import { ByteBatch } from './byte-batch.js';
import { Spool } from './spool.js';
/** `--stream`: one JSONL line per event as soon as it is known, then the header line. */
export function streamingSink(output) {
    const hash = new EventsHash();
    return {
        event(event) {
            const line = `${JSON.stringify(event)}\n`;
            hash.addLine(line);
            return output.write(line);
        },
        async end(header) {
            await output.write(`${JSON.stringify(withEventsHash(header, hash))}\n`);
            await output.commit();
        },
        abort: () => output.abort(),
    };
}
/**
 * One Transcript document; `line` puts it on a single line (for `--format jsonl`). Events wait in
 * a private spool (one JSON line each) until the header is known, so they can still be revised.
 * They are encoded into Buffers once; a compact document copies the spool's bytes as they are.
 */
export function documentSink(output, layout) {
    return spooledSink(output, transcriptDocument(layout));
}
/** Writes the Transcript document (header, then the spooled events) in the given layout. */
export function transcriptDocument(layout) {
    return async (header, spool, output) => {
        const { count } = spool;
        const headerText = layout === 'pretty' ? JSON.stringify(header, null, 2) : JSON.stringify(header);
        const open = headerText.slice(0, headerText.lastIndexOf('}')).trimEnd();
        const [before, after] = layout === 'pretty' ? [',\n  "events": [\n', '\n  ]\n}\n']
            : layout === 'compact' ? [',"events":[\n', '\n]}\n']
                : [',"events":[', ']}\n'];
        await output.write(open + (count === 0 ? before.trimEnd() : before));
        if (layout === 'pretty')
            await writePrettyEvents(spool.lines(), output);
        else
            await spool.copy(Buffer.from(layout === 'line' ? ',' : ',\n'), (bytes) => output.write(bytes));
        await output.write(count === 0 ? after.trimStart() : after);
    };
}
/**
 * Events go to a spool (one JSON line each: in memory while small, else a private temp file)
 * until the header is known; then `finish` writes the output from the spool, and the output is
 * committed. Memory holds one batch, never a large session. Every output format other than
 * `--stream` is written this way.
 */
export async function spooledSink(output, finish) {
    let spool = new Spool();
    let count = 0;
    // the spool's bytes are hashed as they are written, so the header can carry metrics.eventsSha256
    let hash = new EventsHash();
    let batch = hashedBatch(hash, (bytes) => spool.write(bytes));
    const closeSpool = async () => {
        await batch.flush();
        await spool.close();
    };
    return {
        event(event) {
            count += 1;
            return batch.add(`${JSON.stringify(event)}\n`);
        },
        async revise(fix, upTo) {
            await closeSpool();
            const revised = new Spool();
            const revisedHash = new EventsHash();
            const revisedBatch = hashedBatch(revisedHash, (bytes) => revised.write(bytes));
            let index = 0;
            let changed = 0;
            try {
                for await (const line of spool.lines()) {
                    const fixed = index < upTo ? fix(JSON.parse(line.toString('utf8')), index) : null;
                    if (fixed)
                        changed += 1;
                    await revisedBatch.add(`${fixed ? JSON.stringify(fixed) : line.toString('utf8')}\n`);
                    index += 1;
                }
            }
            catch (error) {
                await revised.discard();
                throw error;
            }
            await spool.discard();
            spool = revised;
            batch = revisedBatch;
            hash = revisedHash;
            return changed;
        },
        async end(header) {
            try {
                await closeSpool();
                const done = spool;
                await finish(withEventsHash(header, hash), { count, lines: () => done.lines(), events: () => spooledEvents(done), copy: (separator, write) => done.copyTo(separator, write) }, output);
                await output.commit();
            }
            finally {
                await spool.discard();
            }
        },
        async abort() {
            await spool.discard();
            await output.abort();
        },
    };
}
/** A batch whose bytes are hashed as they go to the spool: each event is encoded once. */
function hashedBatch(hash, write) {
    return new ByteBatch((bytes) => {
        hash.addLine(bytes);
        return write(bytes);
    });
}
function withEventsHash(header, hash) {
    return { ...header, metrics: { ...header.metrics, eventsSha256: hash.digest() } };
}
async function* spooledEvents(spool) {
    for await (const line of spool.lines())
        yield JSON.parse(line.toString('utf8'));
}
/** `--pretty`: each spooled event indented as a member of the document's events array. */
async function writePrettyEvents(lines, output) {
    const batch = new ByteBatch((bytes) => output.write(bytes));
    let first = true;
    for await (const line of lines) {
        const pretty = indent(JSON.stringify(JSON.parse(line.toString('utf8')), null, 2), '    ');
        const pending = batch.add(first ? pretty : `,\n${pretty}`);
        if (pending)
            await pending;
        first = false;
    }
    await batch.flush();
}
function indent(text, prefix) {
    return prefix + text.replaceAll('\n', `\n${prefix}`);
}
//# sourceMappingURL=transcript-sinks.js.map