/**
 * The ruleset version of the built-in rules, written down: redaction/rules/ruleset-version.ts
 * derives it from the rule data, which means loading the 100+ rule modules, and what only shows
 * the version (atx --help, through the rules command's description) must not pay for that.
 * Receipts take the version from the rules themselves. sync plans with this one (so that a sync
 * with nothing due loads no rule); the test below keeps the two equal.
 * test/ruleset-version.test.ts fails when this drifts from the rules; regenerate: npm run ruleset:write.
 */
export const BUILTIN_RULESET_VERSION = '21.385542cb6eb9';
