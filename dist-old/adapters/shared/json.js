/** Small, safe accessors for native records of unknown shape, shared by every adapter. */
export function asRecord(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
/** A non-empty string field, else undefined. */
export function stringField(record, key) {
    const value = record?.[key];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
}
/** A finite number field, else undefined. */
export function numberField(record, key) {
    const value = record?.[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
/** A value as a native record of this shape, when it is an object. */
export function nativeOf(value) {
    return asRecord(value);
}
/** The records of a detection sample that have a non-empty string `type`, with it. */
export function* typedRecords(sample) {
    for (const item of sample) {
        const record = asRecord(item);
        const type = stringField(record, 'type');
        if (record && type)
            yield { record, type };
    }
}
/** A value some releases write as a JSON string: the string parsed, kept as written when it is not JSON; any other value as it is. */
export function parsedJson(value) {
    if (typeof value !== 'string')
        return value;
    try {
        return JSON.parse(value);
    }
    catch {
        return value;
    }
}
/** A function call's arguments, usually a JSON string (see `parsedJson`); none → an empty object. */
export const callArguments = (value) => parsedJson(value ?? {});
//# sourceMappingURL=json.js.map