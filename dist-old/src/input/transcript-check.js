import { invalidInputError } from '../errors.js';
import { checkConsistency, ConsistencyCheck, EventSchema, TranscriptSchema, } from '../transcript/index.js';
/**
 * Deeper than this, a document is refused by every command alike (validate, redact, convert,
 * upload): the steps that walk a Transcript recurse, and a value nested thousands of levels deep
 * would overflow their stack in one command and pass in another.
 */
export const MAX_TRANSCRIPT_DEPTH = 512;
/** The schema first; a document that passes it is then checked for parts that disagree. */
export function checkTranscript(document) {
    const tooDeep = deeperThan(document, MAX_TRANSCRIPT_DEPTH);
    if (tooDeep !== null)
        return { ok: false, issues: [tooDeepIssue(tooDeep)] };
    const parsed = TranscriptSchema.safeParse(document);
    if (!parsed.success)
        return { ok: false, issues: parsed.error.issues.map((issue) => describeIssue(issue)) };
    const disagreements = checkConsistency(parsed.data);
    if (disagreements.length > 0)
        return { ok: false, issues: disagreements };
    return { ok: true, transcript: parsed.data };
}
/** The error for a Transcript that failed its checks: the first disagreement, with its path. */
export function invalidTranscriptError(name, issues) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more; see atx validate)` : ' (see atx validate)';
    return invalidInputError(`${name}: invalid Transcript: ${first ? `${first.path}: ${first.message}` : 'invalid'}${more}`);
}
function tooDeepIssue(path) {
    return { path: path.length > 80 ? `${path.slice(0, 80)}…` : path, message: `nested deeper than ${MAX_TRANSCRIPT_DEPTH} levels` };
}
const HeaderSchema = TranscriptSchema.omit({ events: true });
/**
 * The same checks as checkTranscript for a Transcript read as a stream: its header (every
 * top-level member but the events), then each event as it comes, holding none of them. The
 * issues come in the same order: a value nested too deep alone, else the schema's (header, then
 * events), else, when the schema holds, the disagreements.
 */
export class StreamedTranscriptCheck {
    schemaIssues = [];
    tooDeep;
    /** the header as the schema gives it, when it passed */
    header;
    consistency;
    index = 0;
    constructor(header) {
        const deep = deeperThan(header, MAX_TRANSCRIPT_DEPTH);
        if (deep !== null)
            this.tooDeep = tooDeepIssue(deep);
        const parsed = HeaderSchema.safeParse(header);
        if (parsed.success) {
            this.header = parsed.data;
            this.consistency = new ConsistencyCheck(parsed.data);
        }
        else {
            this.schemaIssues.push(...parsed.error.issues.map((issue) => describeIssue(issue)));
        }
    }
    get failed() {
        return this.tooDeep !== undefined || this.schemaIssues.length > 0;
    }
    /** the event as the schema gives it, or null once anything has failed (the rest is only checked) */
    event(value) {
        const index = this.index++;
        const at = `events[${index}]`;
        const deep = this.tooDeep ? null : deeperThan(value, MAX_TRANSCRIPT_DEPTH, at, 2);
        if (deep !== null)
            this.tooDeep = tooDeepIssue(deep);
        const parsed = EventSchema.safeParse(value);
        if (!parsed.success) {
            this.schemaIssues.push(...parsed.error.issues.map((issue) => describeIssue(issue, ['events', index])));
            return null;
        }
        if (this.failed)
            return null;
        this.consistency.event(parsed.data);
        return parsed.data;
    }
    finish() {
        if (this.tooDeep)
            return { ok: false, issues: [this.tooDeep] };
        if (this.schemaIssues.length > 0)
            return { ok: false, issues: this.schemaIssues };
        const disagreements = this.consistency.finish();
        if (disagreements.length > 0)
            return { ok: false, issues: disagreements };
        return { ok: true, header: this.header, eventCount: this.index };
    }
}
/**
 * The path of a value nested deeper than `limit`, or null; without recursion. Paths are built
 * only for the containers on the way down, not for every value of a large document.
 */
function deeperThan(document, limit, basePath = '', baseDepth = 0) {
    const values = [document];
    const depths = [baseDepth];
    const paths = [basePath];
    while (values.length > 0) {
        const value = values.pop();
        const depth = depths.pop();
        const path = paths.pop();
        if (value === null || typeof value !== 'object')
            continue;
        if (depth >= limit)
            return path || '(document)';
        if (Array.isArray(value)) {
            for (let index = 0; index < value.length; index++) {
                const item = value[index];
                if (item === null || typeof item !== 'object')
                    continue;
                values.push(item);
                depths.push(depth + 1);
                paths.push(`${path}[${index}]`);
            }
        }
        else {
            for (const key in value) {
                const item = value[key];
                if (item === null || typeof item !== 'object')
                    continue;
                values.push(item);
                depths.push(depth + 1);
                paths.push(path ? `${path}.${key}` : key);
            }
        }
    }
    return null;
}
function describeIssue(issue, prefix = []) {
    const path = [...prefix, ...issue.path].reduce((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
    return { path: path || '(document)', message: issue.message };
}
//# sourceMappingURL=transcript-check.js.map