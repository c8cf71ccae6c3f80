/**
 * The native record shapes Gemini CLI writes, by field name: chat JSONL lines (metadata, messages,
 * `$set` patches, `$rewindTo`), the legacy chat document, `--output-format stream-json` lines and
 * the `--output-format json` object. Read through `Native<…>`: a field name not listed here does
 * not compile; every value is checked where it is read.
 */
export {};
//# sourceMappingURL=records.js.map