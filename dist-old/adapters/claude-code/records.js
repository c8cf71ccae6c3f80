/**
 * The native record shapes Claude Code writes, by field name: session files (camelCase envelope)
 * and `claude -p --output-format stream-json` lines (snake_case). Read through `Native<…>`: a field
 * name not listed here does not compile; every value is checked where it is read.
 */
export {};
//# sourceMappingURL=records.js.map