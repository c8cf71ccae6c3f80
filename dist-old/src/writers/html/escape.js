/**
 * What the HTML page needs to keep session text inert: text escaped for markup, and JSON made
 * safe inside a `<script type="application/json">` block.
 */
const MARKUP_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (char) => MARKUP_ESCAPES[char]);
}
const LESS_THAN = 0x3c;
const ESCAPED_LESS_THAN = Buffer.from('\\u003c');
/**
 * One serialized JSON value, safe inside a script element: every `<` becomes `\u003c`, so neither
 * `</script` nor `<!--` can appear. In JSON a `<` only occurs inside strings, where the escape
 * means the same character, so the bytes still parse to the same value.
 */
export function jsonForScript(json) {
    let at = json.indexOf(LESS_THAN);
    if (at === -1)
        return json;
    const pieces = [];
    let start = 0;
    while (at !== -1) {
        pieces.push(json.subarray(start, at), ESCAPED_LESS_THAN);
        start = at + 1;
        at = json.indexOf(LESS_THAN, start);
    }
    pieces.push(json.subarray(start));
    return Buffer.concat(pieces);
}
/** The same for a string (the header's JSON). */
export function jsonTextForScript(json) {
    return json.replaceAll('<', '\\u003c');
}
//# sourceMappingURL=escape.js.map