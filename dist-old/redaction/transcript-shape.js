/**
 * The part of a Transcript this module reads and writes, said here so that `redaction/` stands
 * alone (it imports nothing from `src/`). `src/transcript/schema.ts` is the full model; a type
 * test (`test/redaction-shape.test.ts`) keeps the two in agreement.
 */
export {};
//# sourceMappingURL=transcript-shape.js.map