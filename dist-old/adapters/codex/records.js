/**
 * The native record shapes Codex writes, by field name (see README.md for the generations). The
 * converters read them through `Native<…>`: a field name not listed here does not compile, and every
 * value is checked where it is read.
 */
export {};
//# sourceMappingURL=records.js.map