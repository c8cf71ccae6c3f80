/**
 * The native record shapes Amp writes, by field name: `amp --execute --stream-json` lines (shaped
 * like Claude Code's) and the thread file, one document per thread. Read through `Native<…>`: a
 * field name not listed here does not compile; every value is checked where it is read.
 */
export {};
//# sourceMappingURL=records.js.map