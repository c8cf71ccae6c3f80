const TOOL_EXTRA_FIELDS = ['kind', 'mcp', 'status', 'durationMs', 'exitCode', 'files'];
/** The tool object's fields that ATIF's tool call and observation result have no place for. */
export function toolExtra(tool) {
    const extra = {};
    for (const field of TOOL_EXTRA_FIELDS) {
        if (tool[field] !== undefined)
            extra[field] = tool[field];
    }
    return extra;
}
/**
 * An event's receipts and flags. `text` becomes `into` (the ATIF field the event's text went to),
 * its redaction offsets moved by `shift` (where that text starts in the joined field).
 */
export function eventExtra(event, into = 'text', shift = 0) {
    const extra = {};
    if (event.synthetic)
        extra.synthetic = true;
    if (event.attachments)
        extra.attachments = event.attachments;
    if (event.redactions)
        extra.redactions = event.redactions.map((r) => relocated(r, into, shift));
    if (event.withheld)
        extra.withheld = event.withheld.map((w) => (w.field === 'text' ? { ...w, field: into } : w));
    return extra;
}
function relocated(redaction, into, shift) {
    if (redaction.field !== 'text')
        return redaction;
    return { ...redaction, field: into, start: redaction.start + shift, end: redaction.end + shift };
}
/** Extras of several events that went into one step, merged: lists are concatenated. */
export function mergeExtra(target, more) {
    for (const [key, value] of Object.entries(more)) {
        const had = target[key];
        target[key] = Array.isArray(had) && Array.isArray(value) ? [...had, ...value] : value;
    }
    return target;
}
/** A `meta` event as an entry of a step's `extra.meta` (its text left out when it is the step's message). */
export function metaEntry(event, withText = true) {
    return {
        ...(event.timestamp ? { timestamp: event.timestamp } : {}),
        ...(withText && event.text !== undefined ? { text: event.text } : {}),
        ...event.meta,
    };
}
/** `extra` only when it holds something. */
export function withExtra(value, extra) {
    return Object.keys(extra).length > 0 ? { ...value, extra } : value;
}
export function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
//# sourceMappingURL=extra.js.map