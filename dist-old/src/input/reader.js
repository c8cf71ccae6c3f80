import { AtxError, invalidInputError } from '../errors.js';
import { openInput } from '../pipeline/convert.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import { emptyNotes, resolveInputs } from '../pipeline/sources.js';
import { EVENT_TYPES } from '../transcript/wire-constants.js';
import { discoveredSources, peekStdin } from './discover-input.js';
import { mayBeTranscriptDocument, placeholdersFrom, streamedValues, surveyFile } from './transcript-stream.js';
/** Resolves INPUT arguments (files, folders, stores, "-") into sources, before anything is read. */
export async function resolveSources(args, adapters, stdin) {
    const notes = emptyNotes();
    if (!args.includes('-'))
        return { sources: await resolveInputs(args, adapters, stdin, notes), notes };
    // stdin may hold `atx discover --json` lines: a list of inputs instead of a log
    const peeked = await peekStdin(stdin);
    if (peeked.kind === 'stream')
        return { sources: await resolveInputs(args, adapters, peeked.stream, notes), notes };
    const sources = [];
    for (const arg of args) {
        if (arg === '-')
            sources.push(...(await discoveredSources(peeked.lines, adapters, stdin, notes)));
        else
            sources.push(...(await resolveInputs([arg], adapters, stdin, notes)));
    }
    return { sources, notes };
}
/** How many items are looked at to find the first JSON record, which tells the input's kind. */
const CLASSIFY_ITEMS = 64;
/**
 * The units of one source, in order. A native unit must be consumed (converted) before the
 * next unit is asked for: it holds the source's open byte stream.
 */
export async function* unitsOf(source, options) {
    const fromFolder = Boolean(source.fromFolder);
    const name = source.main.name;
    const path = source.main.path;
    if (path && !source.main.records && (await mayBeTranscriptDocument(path).catch(() => false))) {
        let bytesRead = 0;
        // however the command reads, a Transcript read as a stream keeps its memory flat
        const memory = options.memory ?? new MemoryGovernor();
        const values = streamedValues(path, name, (chunk) => {
            memory.read(chunk.length);
            bytesRead += chunk.length;
            options.onProgress?.(bytesRead, source.main);
        });
        // A file that is broken, not a document in atx's order, or holds several values (Transcript
        // JSONL: the line reader reads each line by itself, and goes on after a broken one) is left
        // to the line reader.
        const first = await values.next().catch(() => undefined);
        if (first && !first.done && first.value.kind === 'document') {
            const survey = await surveyFile(path);
            if (survey.boundaries.length === 0) {
                const { header, events, trailing, line, offset } = first.value;
                try {
                    yield { kind: 'transcript', name, fromFolder, line, streamed: { header, events, trailing, placeholders: placeholdersFrom(survey, offset) } };
                    const after = await values.next().then((next) => next.done, () => false);
                    if (!after)
                        yield unreadable(`${name}:${line}`, fromFolder, 'more after the Transcript document (a second value, or bytes that are not JSON)');
                }
                finally {
                    await values.return(undefined);
                }
                return;
            }
        }
        await values.return(undefined);
    }
    const opened = openInput(source, options);
    let first;
    try {
        while (opened.seen.length < CLASSIFY_ITEMS) {
            const next = await opened.items.next();
            if (next.done)
                break;
            opened.seen.push(next.value);
            if (next.value.kind === 'record') {
                first = next.value;
                break;
            }
        }
    }
    catch (error) {
        await opened.items.return(undefined);
        yield { kind: 'unreadable', name, fromFolder, error: asAtxError(error, name) };
        return;
    }
    const value = first?.kind === 'record' ? first.record.value : undefined;
    if (source.main.records || !value || (!isTranscriptDocument(value) && !isTranscriptEvent(value))) {
        yield { kind: 'native', name, fromFolder, session: source, opened };
        return;
    }
    try {
        yield* transcriptUnits(name, fromFolder, opened);
    }
    finally {
        await opened.items.return(undefined);
    }
}
/**
 * Transcripts in one input: a document, Transcript JSONL (one per line, as `--format jsonl`
 * writes), or `--stream` output (event lines, then the header line; several runs may follow each
 * other). Each Transcript is held once it is read; the next is read only when it is asked for,
 * except for one look-ahead that tells whether the file holds one Transcript or several.
 */
async function* transcriptUnits(name, fromFolder, opened) {
    // One unit is held back until the next is known, so a file holding one Transcript is named
    // by the file alone and each of several by `file:line`.
    let held;
    let unitCount = 0;
    const release = function* (next) {
        unitCount += 1;
        if (held)
            yield held;
        held = next;
    };
    const stream = new StreamRun(name, fromFolder);
    for await (const item of withSeenItems(opened)) {
        const line = item.kind === 'record' ? item.record.line : item.line;
        if (item.kind === 'bad') {
            if (stream.open)
                stream.break(line, item.reason);
            else
                yield* release(unreadable(`${name}:${line}`, fromFolder, `${item.reason} (expected a Transcript)`));
            continue;
        }
        const value = item.record.value;
        if (isTranscriptEvent(value)) {
            stream.add(line, value);
        }
        else if (!isTranscriptDocument(value)) {
            yield* release(unreadable(`${name}:${line}`, fromFolder, 'not a Transcript, while the lines before it are'));
        }
        else if (stream.open || !Array.isArray(value.events)) {
            yield* release(stream.close(line, value));
        }
        else {
            yield* release({ kind: 'transcript', name: `${name}:${line}`, fromFolder, document: value, line });
        }
    }
    if (stream.open)
        yield* release(stream.cutShort());
    if (held)
        yield unitCount === 1 && held.kind === 'transcript' ? { ...held, name } : held;
}
/** The event lines of one `--stream` run, until its header line closes them. */
class StreamRun {
    name;
    fromFolder;
    events = [];
    from = 0;
    broken;
    constructor(name, fromFolder) {
        this.name = name;
        this.fromFolder = fromFolder;
    }
    get open() {
        return this.events.length > 0 || this.broken !== undefined;
    }
    add(line, event) {
        if (!this.open)
            this.from = line;
        this.events.push(event);
    }
    break(line, reason) {
        if (!this.open)
            this.from = line;
        this.broken ??= { line, reason };
    }
    close(line, header) {
        const first = this.open ? this.from : line;
        const unit = this.broken
            ? unreadable(`${this.name}:${this.broken.line}`, this.fromFolder, `${this.broken.reason}, inside the event lines of a Transcript`)
            : { kind: 'transcript', name: `${this.name}:${first}`, fromFolder: this.fromFolder, document: { ...header, events: this.events }, line: first };
        this.reset();
        return unit;
    }
    cutShort() {
        const unit = unreadable(`${this.name}:${this.from}`, this.fromFolder, `${this.events.length} Transcript event line(s) with no header line after them (cut short?)`);
        this.reset();
        return unit;
    }
    reset() {
        this.events = [];
        this.from = 0;
        this.broken = undefined;
    }
}
async function* withSeenItems(opened) {
    yield* opened.seen.splice(0);
    yield* opened.items;
}
const unreadable = (name, fromFolder, reason) => ({
    kind: 'unreadable', name, fromFolder, error: invalidInputError(`${name}: ${reason}`),
});
function asAtxError(error, name) {
    if (error instanceof AtxError)
        return error;
    return invalidInputError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
}
/** A Transcript document (or a `--stream` header line): the top-level fields atx writes first. */
export function isTranscriptDocument(value) {
    return typeof value.schemaVersion === 'string' && typeof value.transcriptId === 'string'
        && typeof value.source === 'object' && value.source !== null && typeof value.metrics === 'object';
}
const EVENT_TYPE_NAMES = new Set(EVENT_TYPES);
/** One event line of `atx convert --stream` output. */
export function isTranscriptEvent(value) {
    return typeof value.id === 'string' && typeof value.seq === 'number' && typeof value.role === 'string'
        && typeof value.type === 'string' && EVENT_TYPE_NAMES.has(value.type) && !('schemaVersion' in value);
}
//# sourceMappingURL=reader.js.map