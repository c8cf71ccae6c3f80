/**
 * Left edge of a token: no word character just before it, except the `n`/`r`/`t` of an escaped
 * `\n`, `\r`, `\t` (tool output is often JSON-escaped, so a token can follow a literal `\n`).
 */
export const L = String.raw `(?<![A-Za-z0-9_](?<!\\[nrt]))`;
/** Right edges: for tokens of word characters, of word characters and `-`, of base64. */
export const R = String.raw `(?![A-Za-z0-9_])`;
export const RD = String.raw `(?![A-Za-z0-9_-])`;
export const RB = String.raw `(?![A-Za-z0-9+/=])`;
/**
 * Between a name and its value: spaces, quotes (plain or JSON-escaped), `=`, `:`, `:=`, `=>`,
 * an escaped newline (`KEY:\n  value` in JSON-escaped YAML), opening brackets.
 */
export const SEP = String.raw `(?:\\[nrt]|[\s"'\x60\\:=>,(\[{]){1,8}`;
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A prefixed token: the whole match is the secret. */
export function token(body, flags = '') {
    return new RegExp(L + body, flags);
}
/**
 * A vendor's token known by its own format, the whole match being the secret: one line of facts,
 * one of examples.
 */
export function vendorToken(id, description, facts, examples) {
    const { keywords, body, flags, allow = DOC_RUNS, ...checks } = facts;
    return { id, type: 'secret', description, keywords, pattern: token(body, flags), ...checks, allow, examples };
}
/** A vendor's secret that a pattern of its own (a `secret` group, several forms) or a detector finds. */
export function vendorPattern(id, description, facts, locate, examples) {
    const { allow = DOC_RUNS, ...rest } = facts;
    const how = locate instanceof RegExp ? { pattern: locate } : { detector: locate };
    return { id, type: 'secret', description, ...rest, ...how, allow, examples };
}
/**
 * A value without a prefix, found after a name that says what it is (`DATADOG_API_KEY=`,
 * `"snyk_token": "`, `Authorization: SSWS `). `name` must contain one of the rule's keywords; a
 * short tail (`_PROD`, `_V2`) may follow it. Case-insensitive.
 */
export function named(name, value, end) {
    return new RegExp(String.raw `(?:${name})[\w.-]{0,12}${SEP}(?<secret>${value})${end}`, 'i');
}
/** A vendor's value without a prefix, found after a name that says what it is (see named()). */
export function namedValue(id, description, facts, examples) {
    const { keywords, name, value, end, allow = DOC_RUNS, ...checks } = facts;
    return { id, type: 'secret', description, keywords, pattern: named(name, value, end), ...checks, allow, examples };
}
/**
 * A token known by its prefix alone (no name needed): the vendor's prefix, then its body, found
 * anywhere (prose, a bare argument, a log line). One true example each; each must not match the
 * prefix alone.
 */
export function prefixed(id, description, keyword, body, example) {
    const keywords = typeof keyword === 'string' ? [keyword] : keyword;
    return {
        id,
        type: 'secret',
        description,
        keywords,
        pattern: new RegExp(String.raw `(?<![A-Za-z0-9_.-])(?<secret>${body})(?![A-Za-z0-9_-])`),
        entropy: 3,
        allow: DOC_RUNS,
        examples: { match: [example], noMatch: [`${keywords[0]} alone`, `the ${keywords[0]}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx prefix`] },
    };
}
/** Documentation placeholders, templates in disguise and keyboard-walk bodies. */
export const DOC = [
    /EXAMPLE|PLACEHOLDER|REDACTED|CHANGEME|DUMMY|SAMPLE|YOUR[_-]?(?:API|TOKEN|KEY|SECRET)/i,
    /0123456789|123456789|1234567890|abcdefghij|ABCDEFGHIJ|qwertyuiop/,
];
/** DOC plus runs of one character (`xxxxxxxx`, `00000000`); not for base64 bodies that may hold zero bytes. */
export const DOC_RUNS = [...DOC, /(.)\1{7,}/];
//# sourceMappingURL=shared.js.map