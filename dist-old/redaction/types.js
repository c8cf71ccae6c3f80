/**
 * Rules are data: an id, a type, cheap keywords, a pattern (or a named detector), optional
 * validator, entropy floor and allowlist, and the examples that must and must not match.
 * `test/redaction-rules.test.ts` runs every rule's examples.
 */
export {};
//# sourceMappingURL=types.js.map