/**
 * OTLP/JSON, as far as atx writes it: attribute values, span ids and times, and the request lines
 * (one `ExportTraceServiceRequest` per line). In OTLP/JSON ids are lowercase hex (not base64),
 * 64-bit integers are decimal strings, enums are their numbers, and field names are lowerCamelCase.
 */
import { createHash } from 'node:crypto';
import { ByteBatch } from '../sinks/byte-batch.js';
/** SpanKind and StatusCode of the OTLP trace proto. */
export const SPAN_KIND = { internal: 1, client: 3 };
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 };
function anyValue(value) {
    if (typeof value === 'string')
        return { stringValue: value };
    if (typeof value === 'boolean')
        return { boolValue: value };
    if (typeof value === 'number')
        return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
    if (value instanceof Map)
        return { kvlistValue: { values: [...value].map(([key, n]) => ({ key, value: anyValue(n) })) } };
    return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
}
/** The attributes in the order given, without the ones that have no value. */
export function attributeList(attributes) {
    const list = [];
    for (const [key, value] of Object.entries(attributes)) {
        if (value === undefined || (Array.isArray(value) && value.length === 0))
            continue;
        list.push({ key, value: anyValue(value) });
    }
    return list;
}
/**
 * Ids derived from the transcript id (and, for a span, what it stands for): the same Transcript
 * always gives the same trace, so sending it twice does not make a second one.
 */
function hashedHex(parts, hexLength) {
    const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, hexLength);
    // an all-zero id is invalid in OTLP; one hash in 2^64 would give it
    return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}
export const traceIdOf = (transcriptId) => hashedHex(['atx-trace', transcriptId], 32);
export const spanIdOf = (transcriptId, ...what) => hashedHex(['atx-span', transcriptId, ...what], 16);
/** An RFC 3339 time as nanoseconds since the epoch (digits past the millisecond are kept). */
export function unixNanos(time) {
    const ms = Date.parse(time);
    if (Number.isNaN(ms))
        return undefined;
    const fraction = /T[\d:]+\.(\d+)/.exec(time)?.[1] ?? '';
    const belowMs = fraction.length > 3 ? Number(fraction.slice(3, 9).padEnd(6, '0')) : 0;
    return BigInt(ms) * 1000000n + BigInt(belowMs);
}
/** a line (one request) stays under the 4 MiB a collector's gRPC receiver takes by default, with a span count backends take at once */
const MAX_SPANS_PER_LINE = 1000;
const MAX_LINE_BYTES = 3 * 1024 * 1024;
/**
 * Writes spans as OTLP JSON lines: each line one complete `ExportTraceServiceRequest` with the
 * session's resource and scope. A session with more spans than a line should hold continues on
 * the next line, so neither a file reader nor an endpoint ever needs the whole session at once.
 */
export class RequestLines {
    batch;
    open;
    spansOnLine = 0;
    bytesOnLine = 0;
    constructor(write, resource, scopeName) {
        this.batch = new ByteBatch(write);
        this.open = `{"resourceSpans":[{"resource":{"attributes":${JSON.stringify(resource)}},"scopeSpans":[{"scope":{"name":${JSON.stringify(scopeName)}},"spans":[`;
    }
    async add(span) {
        const text = JSON.stringify(span);
        const full = this.spansOnLine >= MAX_SPANS_PER_LINE || this.bytesOnLine + Buffer.byteLength(text) > MAX_LINE_BYTES;
        if (this.spansOnLine > 0 && full)
            await this.closeLine();
        const piece = this.spansOnLine === 0 ? this.open + text : `,${text}`;
        this.spansOnLine += 1;
        this.bytesOnLine += Buffer.byteLength(piece);
        await this.batch.add(piece);
    }
    /** Ends the last line and hands on what is gathered. */
    async end() {
        if (this.spansOnLine > 0)
            await this.closeLine();
        await this.batch.flush();
    }
    closeLine() {
        this.spansOnLine = 0;
        this.bytesOnLine = 0;
        return this.batch.add(']}]}]}\n');
    }
}
//# sourceMappingURL=otlp-json.js.map