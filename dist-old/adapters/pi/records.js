/**
 * The native record shapes Pi writes, by field name: session-file entries (and the header that
 * also opens `--mode json` output), `--mode json` / `--mode rpc` events and RPC replies. Read
 * through `Native<…>`: a field name not listed here does not compile; every value is checked where
 * it is read.
 */
export {};
//# sourceMappingURL=records.js.map