/**
 * The one conversion path for every source: bytes → lines → records → adapter → finalised
 * events → sink. Files, stdin and child processes differ only in how their bytes arrive.
 */
import { createHash } from 'node:crypto';
import { AtxError, ExitCode, fileError, invalidInputError } from '../errors.js';
import { TranscriptAssembler } from './assembler.js';
import { describeDetection, detectFormat } from './detect.js';
import { decodeByBom } from './encoding.js';
import { DEFAULT_MAX_LINE_BYTES, frameLines } from './framer.js';
import { discoverCompanions } from './sources.js';
/** Detection looks at up to this many parsed records, or this many lines, whichever comes first. */
const SAMPLE_RECORDS = 8;
const SAMPLE_LINES = 64;
/** A detection this confident ends sampling at once. */
const CERTAIN = 0.9;
/** A whole-document input larger than this is read line by line instead (and reported as such). */
const MAX_DOCUMENT_CHARS = 128 * 1024 * 1024;
/**
 * A secret first recognised at event N is also removed from events before N when the sink still
 * holds them (a document being written or uploaded): a second pass over the spool, before the
 * header and its counts are made. A stream (`--stream`, `atx run --stream`) has sent them already.
 */
export async function reviseEarlierEvents(transform, sink) {
    const upTo = transform?.revisitBefore ?? 0;
    if (!transform?.revisit || upTo <= 0 || !sink.revise)
        return;
    await sink.revise((event) => transform.revisit(event), upTo);
}
/** The input is not in any format atx reads (exit 3). */
export class UnknownFormatError extends AtxError {
    constructor(message, code = 'unknown_format') {
        super(ExitCode.invalidInput, message, { code });
    }
}
/** Starts reading a session's main input (the hash covers every byte read, for --id-from-content). */
export function openInput(input, options) {
    const hash = options.idFromContent ? createHash('sha256') : undefined;
    return { items: readItems(input.main, options, hash), seen: [], hash };
}
export async function convertSession(input, makeSink, options, opened = openInput(input, options)) {
    const { hash } = opened;
    const pickOptions = input.adapter ? { ...options, forced: input.adapter } : options;
    const { adapter, format, replay } = await pickAdapter(opened, input.main, pickOptions).catch(async (error) => {
        await opened.items.return(undefined); // closes the file: a folder walk may skip thousands of them
        throw error;
    });
    options.onDetected?.(adapter, format, input.main);
    const sink = await makeSink(adapter);
    const session = new SessionRun(adapter, sink, options);
    try {
        session.assembler.session({ format });
        for (const item of replay)
            await session.take(item);
        for (const item of opened.seen.splice(0))
            await session.take(item);
        for await (const item of opened.items)
            await session.take(item);
        const companions = input.companions === 'discover' ? await discoverCompanions(adapter, input.main.name) : input.companions;
        for (const companion of companions) {
            for await (const item of readItems(companion, options, hash))
                await session.take(item);
        }
        await session.finish();
        const { eventCount, unparsedCount } = session.assembler;
        if (eventCount === unparsedCount) {
            const what = unparsedCount > 0 ? `all ${unparsedCount} records were unparsable` : `the input has no records that ${adapter.label} writes`;
            throw invalidInputError(`${input.main.name}: no events: ${what}${forcedHint(options, input, session)}`);
        }
        const counted = countRecords(session.assembler.recordTypes);
        if (options.forced && !input.adapter && counted.unknown * 2 > counted.total) {
            throw invalidInputError(`${input.main.name}: --from ${adapter.id}: ${counted.unknown} of ${counted.total} records could not be read as ${adapter.label}${forcedHint(options, input, session)}`);
        }
        const assembled = session.assembler.header(options.context.ids.transcriptId(hash?.digest('hex')));
        await reviseEarlierEvents(session.transform, sink);
        const header = session.transform ? session.transform.header(assembled) : assembled;
        await sink.end(header);
        return { input: input.main.name, adapter, header, recordTypes: session.assembler.recordTypes };
    }
    catch (error) {
        await sink.abort();
        throw error;
    }
}
function countRecords(recordTypes) {
    let total = 0;
    let unknown = 0;
    for (const counts of recordTypes.values()) {
        total += counts.mapped + counts.skipped + counts.unknown;
        unknown += counts.unknown;
    }
    return { total, unknown };
}
/** With --from, what auto-detection makes of the same records: the likely right choice. */
function forcedHint(options, input, session) {
    if (!options.forced || input.adapter)
        return '';
    const detected = detectFormat(options.adapters, session.sample);
    if (detected.kind === 'none')
        return '; auto-detection recognises no known format in it either';
    if (detected.kind === 'adapter' && detected.adapter === options.forced)
        return '';
    const advice = detected.kind === 'adapter' ? `: try --from ${detected.adapter.id} or leave --from out` : '';
    return `; auto-detection says it is ${describeDetection(detected)}${advice}`;
}
/** Holds one session's converter and assembler, and moves events from one to the sink. */
class SessionRun {
    sink;
    assembler;
    transform;
    /** the first records read, for a second opinion from auto-detection */
    sample = [];
    converter;
    ready = [];
    /** the native record being converted, so a transform can say where an event came from */
    origin;
    constructor(adapter, sink, options) {
        this.sink = sink;
        this.assembler = new TranscriptAssembler({
            agent: adapter.agent,
            adapterId: adapter.id,
            adapterVersion: adapter.version,
            capturedAt: options.context.clock.now(),
        });
        const assembler = this.assembler;
        const ready = this.ready;
        const transform = (this.transform = options.transform?.());
        const out = {
            emit: (draft) => { ready.push(...assembler.addAll(draft)); },
            session: (facts) => {
                assembler.session(facts);
                transform?.environment(facts.environment);
            },
            usage: (key, usage) => assembler.usage(key, usage),
            count: (recordType, outcome) => assembler.count(recordType, outcome),
            unknown: (record, recordType, reason) => {
                assembler.count(recordType, 'unknown');
                ready.push(assembler.add(unparsedEvent(record.line, record.file, reason, recordType)));
            },
        };
        this.converter = adapter.createConverter(out);
    }
    async take(item) {
        this.origin = item.kind === 'record' ? { file: item.record.file, line: item.record.line } : { file: item.file, line: item.line };
        if (item.kind === 'record' && this.sample.length < SAMPLE_RECORDS)
            this.sample.push(item.record.value);
        if (item.kind === 'record') {
            this.pushGuarded(item.record);
        }
        else {
            this.assembler.count(item.recordType, 'unknown');
            this.ready.push(this.assembler.add(unparsedEvent(item.line, item.file, item.reason, item.recordType)));
        }
        await this.drain();
    }
    /**
     * An adapter that throws on a record it did not expect (a field of another type, say) loses
     * that record, not the run: it becomes an unparsed event, and the reason never quotes it.
     */
    pushGuarded(record) {
        try {
            this.converter.push(record);
        }
        catch (error) {
            if (error instanceof AtxError)
                throw error;
            // what the adapter emitted before it threw is kept: it was numbered and counted already
            const type = typeof record.value.type === 'string' ? record.value.type : '(record)';
            const reason = `adapter error: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown'}`;
            this.assembler.count(type, 'unknown');
            this.ready.push(this.assembler.add(unparsedEvent(record.line, record.file, reason, type)));
        }
    }
    async finish() {
        this.converter.flush();
        await this.drain();
    }
    async drain() {
        if (this.ready.length === 0)
            return;
        for (const event of this.ready) {
            const pending = this.sink.event(this.transform ? this.transform.event(event, this.origin) : event);
            if (pending)
                await pending;
        }
        this.ready.length = 0;
    }
}
function unparsedEvent(line, file, reason, recordType) {
    return {
        type: 'meta',
        role: 'system',
        text: `Unparsed native record at ${file}:${line}: ${reason}`,
        meta: { kind: 'unparsed', line, file, reason, recordType },
    };
}
/**
 * Reads records until an adapter is sure of the format (a live stream must not wait for more
 * input), or until the sample is full, then picks one. The records read are replayed.
 */
async function pickAdapter(opened, input, options) {
    const replay = [];
    const sample = [];
    const values = [];
    let outcome = { kind: 'none' };
    while (sample.length < SAMPLE_RECORDS && replay.length < SAMPLE_LINES) {
        const held = opened.seen.shift();
        const next = held ? { done: false, value: held } : await opened.items.next();
        if (next.done)
            break;
        replay.push(next.value);
        if (next.value.kind !== 'record') {
            if (next.value.value !== undefined)
                values.push(next.value.value);
            continue;
        }
        sample.push(next.value.record.value);
        if (options.forced)
            break;
        outcome = detectFormat(options.adapters, sample, values);
        if (outcome.kind === 'lookalike' || (outcome.kind === 'adapter' && outcome.confidence >= CERTAIN))
            break;
    }
    if (options.forced) {
        const format = options.forced.detect(sample)?.format ?? options.forced.formats[0]?.id ?? options.forced.id;
        return { adapter: options.forced, format, replay };
    }
    if (replay.length === 0) {
        throw new UnknownFormatError(`${input.name}: the input is empty`);
    }
    if (sample.length === 0)
        outcome = detectFormat(options.adapters, sample, values);
    const known = options.adapters.map((adapter) => adapter.id).join(', ');
    switch (outcome.kind) {
        case 'adapter':
            return { adapter: outcome.adapter, format: outcome.format, replay };
        case 'lookalike':
            throw new UnknownFormatError(`${input.name}: looks like ${describeDetection(outcome)} (atx reads: ${known})`, 'unsupported_format');
        case 'ambiguous':
            throw new UnknownFormatError(`${input.name}: could be ${describeDetection(outcome)}: say which with --from ${outcome.candidates.map((c) => c.adapter.id).join(' or --from ')}`, 'ambiguous_format');
        case 'none': {
            const why = sample.length === 0 ? 'no line of it is a JSON record' : 'its records match no known agent format';
            throw new UnknownFormatError(`${input.name}: not a known format (${why}); known formats: ${known}. Use --from to force one.`);
        }
    }
}
async function* readItems(input, options, hash) {
    if (input.records) {
        yield* readRecords(input, hash);
        return;
    }
    let bytesRead = 0;
    const chunks = tap(input.open(), (chunk) => {
        hash?.update(chunk);
        options.memory?.read(chunk.length);
        bytesRead += chunk.length;
        options.onProgress?.(bytesRead, input);
    }, input.name);
    const lines = frameLines(decodeByBom(chunks), options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    const first = await lines.next();
    if (first.done)
        return;
    if (first.value.kind === 'line' && opensDocument(first.value.text)) {
        yield* readDocument(first.value, lines, input.name);
        return;
    }
    yield toItem(first.value, input.name);
    for await (const framed of lines)
        yield toItem(framed, input.name);
}
/** Records a container reader produced (a database row, a file of a tree) rather than lines. */
async function* readRecords(input, hash) {
    let index = 0;
    try {
        for await (const value of input.records()) {
            hash?.update(JSON.stringify(value));
            yield recordItem(++index, input.name, value);
        }
    }
    catch (error) {
        // a store that is damaged or not what its name says (a table missing, say) is bad input, not a bug
        if (error instanceof AtxError)
            throw error;
        throw invalidInputError(`${input.name}: cannot read this session from its store: ${error instanceof Error ? error.message : String(error)}`);
    }
}
/**
 * A pretty-printed JSON document (a legacy chat file, `gemini --output-format json`, an export)
 * is not JSONL: when the first line opens a document and is not a whole record, the lines are
 * joined and parsed as one record. If that fails, or the document is too big to hold, each line
 * is reported as usual.
 */
async function* readDocument(first, rest, file) {
    const held = [first];
    let chars = first.text.length;
    for await (const framed of rest) {
        held.push(framed);
        chars += framed.kind === 'line' ? framed.text.length : framed.bytes;
        if (framed.kind === 'oversized' || chars > MAX_DOCUMENT_CHARS) {
            for (const line of held)
                yield toItem(line, file);
            for await (const more of rest)
                yield toItem(more, file);
            return;
        }
    }
    const text = held.map((line) => (line.kind === 'line' ? line.text : '')).join('\n');
    try {
        const value = JSON.parse(text);
        yield recordItem(first.line, file, value);
    }
    catch {
        for (const line of held)
            yield toItem(line, file);
    }
}
/** `{`, `[`, or a first line such as `{"a": 1,` that only makes sense as the start of a document. */
function opensDocument(text) {
    const line = text.trim();
    if (!line.startsWith('{') && !line.startsWith('['))
        return false;
    if (line === '{' || line === '[')
        return true;
    if (!/[,{[]$/.test(line))
        return false;
    try {
        JSON.parse(line);
        return false;
    }
    catch {
        return true;
    }
}
/** Sees every chunk as it is read; a read that fails (permission, I/O) is the input's error, not a bug. */
async function* tap(chunks, see, name) {
    try {
        for await (const chunk of chunks) {
            const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
            see(buffer);
            yield buffer;
        }
    }
    catch (error) {
        if (typeof error?.code === 'string')
            throw fileError(name, error);
        throw error;
    }
}
/** Every adapter reads JSON objects: any other JSON value is reported here, once, for all of them. */
function recordItem(line, file, value) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        return { kind: 'record', record: { line, file, value: value } };
    }
    const recordType = `(${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value})`;
    return { kind: 'bad', line, file, recordType, reason: 'a JSON value that is not an object', value };
}
function toItem(framed, file) {
    if (framed.kind === 'oversized') {
        return { kind: 'bad', line: framed.line, file, recordType: '(oversized line)', reason: `line of ${framed.bytes} bytes exceeds the line size limit` };
    }
    let value;
    try {
        value = JSON.parse(framed.text);
    }
    catch (error) {
        return { kind: 'bad', line: framed.line, file, recordType: '(not JSON)', reason: describeJsonFailure(framed.text, error) };
    }
    return recordItem(framed.line, file, value);
}
/** A short reason that never quotes the line itself: it may hold a secret. */
function describeJsonFailure(text, error) {
    if (text.includes('\u0000') || text.includes('\ufffd'))
        return 'binary or non-UTF-8 data, not a JSON record';
    const message = error instanceof Error ? error.message : '';
    if (/end of JSON input|Unterminated/i.test(message))
        return `truncated JSON record (${text.length} characters)`;
    return `not a JSON record (${text.length} characters)`;
}
//# sourceMappingURL=convert.js.map