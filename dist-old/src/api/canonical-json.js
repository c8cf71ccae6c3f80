/**
 * Canonical JSON text for parsed JSON values, in the manner of RFC 8785 (JCS): object members
 * sorted by the UTF-16 code units of their names, no whitespace, numbers in ECMAScript's
 * shortest round-trip form (so 1, 1.0, 1e0 and 10E-1, once parsed, are all written "1", and -0
 * is "0"), strings escaped as JSON.stringify escapes them. Two documents that differ only in key
 * order or in how a number was spelled get the same text.
 *
 * Written without recursion: a hostile document may nest thousands of levels deep, and this runs
 * on both sides of the upload (the client and the server compute the same digest).
 */
/** Thrown for values that have no JSON form (NaN, Infinity, bigint). */
export class NotJsonError extends TypeError {
    constructor(what) {
        super(`not a JSON value: ${what}`);
        this.name = 'NotJsonError';
    }
}
export function canonicalJson(value) {
    const out = [];
    const stack = [{ value }];
    while (stack.length > 0) {
        const work = stack.pop();
        if (typeof work === 'string') {
            out.push(work);
            continue;
        }
        const current = work.value;
        if (Array.isArray(current)) {
            out.push('[');
            stack.push(']');
            for (let index = current.length - 1; index >= 0; index--) {
                stack.push({ value: inArray(current[index]) });
                if (index > 0)
                    stack.push(',');
            }
        }
        else if (current !== null && typeof current === 'object') {
            const record = current;
            // the default sort compares UTF-16 code units, which is what JCS asks for
            const names = Object.keys(record).filter((name) => isPresent(record[name])).sort();
            out.push('{');
            stack.push('}');
            for (let index = names.length - 1; index >= 0; index--) {
                const name = names[index];
                stack.push({ value: record[name] });
                stack.push(`${JSON.stringify(name)}:`);
                if (index > 0)
                    stack.push(',');
            }
        }
        else {
            out.push(scalar(current));
        }
    }
    return out.join('');
}
function scalar(value) {
    switch (typeof value) {
        case 'string':
            return JSON.stringify(value);
        case 'boolean':
            return value ? 'true' : 'false';
        case 'number':
            if (!Number.isFinite(value))
                throw new NotJsonError(String(value));
            return Object.is(value, -0) ? '0' : String(value);
        case 'bigint':
            throw new NotJsonError('a bigint');
        default:
            // null, and the undefined/function/symbol that JSON.stringify writes as null in arrays
            return 'null';
    }
}
/** Members JSON.stringify would leave out of an object. */
function isPresent(value) {
    return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}
function inArray(value) {
    return isPresent(value) ? value : null;
}
//# sourceMappingURL=canonical-json.js.map