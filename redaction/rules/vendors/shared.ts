/**
 * Vendor token formats: a fixed prefix or shape that makes them near-certain. Each keyword is
 * the prefix (lower-case), so the rule only runs on strings that contain it. Formats without a
 * prefix (Datadog, Twilio auth tokens, Heroku UUIDs, ...) only match right after a name that
 * says what they are, and list that name as their keyword.
 *
 * Patterns are written for V8's backtracking engine: every quantifier is bounded, no quantified
 * group contains another unbounded one, and token edges are lookarounds. The example tokens are
 * random characters of the right alphabet and length, not real credentials.
 *
 * This file holds what the vendor rule files share: token edges, the name-value separator, the
 * pattern builders and the documentation-placeholder allowlists.
 */
import type { Detector, Rule, RuleExamples, ValidatorName } from '../../types.js';

/**
 * Left edge of a token: no word character just before it, except the `n`/`r`/`t` of an escaped
 * `\n`, `\r`, `\t` (tool output is often JSON-escaped, so a token can follow a literal `\n`).
 */
export const L = String.raw`(?<![A-Za-z0-9_](?<!\\[nrt]))`;
/** Right edges: for tokens of word characters, of word characters and `-`, of base64. */
export const R = String.raw`(?![A-Za-z0-9_])`;
export const RD = String.raw`(?![A-Za-z0-9_-])`;
export const RB = String.raw`(?![A-Za-z0-9+/=])`;
/**
 * The end of a base64 body: its padding (after which a `/` is a path's or a URL's, as in
 * `…/<token>==/push`), or the right edge of base64 when it has none.
 */
export const B64_END = String.raw`(?:={1,3}(?![A-Za-z0-9+=])|${RB})`;
/** Left edge of a prefixed() token: no token character just before it, except an escaped `\n`'s `n`. */
const PREFIXED_L = String.raw`(?<![A-Za-z0-9_.-](?<!\\[nrt]))`;
/**
 * Between a name and its value: spaces, quotes (plain or JSON-escaped), `=`, `:`, `:=`, `=>`,
 * an escaped newline (`KEY:\n  value` in JSON-escaped YAML), opening brackets.
 */
export const SEP = String.raw`(?:\\[nrt]|[\s"'\x60\\:=>,(\[{]){1,8}`;
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A prefixed token: the whole match is the secret. */
export function token(body: string, flags = ''): RegExp {
  return new RegExp(L + body, flags);
}

/** What tells one vendor token rule from another; the rest are the defaults of vendorToken(). */
export interface TokenFacts {
  /** lower-case literals; the rule runs only where one occurs (usually the prefix) */
  readonly keywords: readonly string[];
  /** the token's pattern after its left edge (token() adds the edge), with its right edge */
  readonly body: string;
  readonly flags?: string;
  readonly entropy?: number;
  /** documentation placeholders to leave alone: DOC_RUNS unless said */
  readonly allow?: readonly RegExp[];
  readonly validator?: ValidatorName;
  readonly label?: string;
}

/**
 * A vendor's token known by its own format, the whole match being the secret: one line of facts,
 * one of examples.
 */
export function vendorToken(id: string, description: string, facts: TokenFacts, examples: RuleExamples): Rule {
  const { keywords, body, flags, allow = DOC_RUNS, ...checks } = facts;
  return { id, type: 'secret', description, keywords, pattern: token(body, flags), ...checks, allow, examples };
}

/** What a vendor rule with its own pattern or detector says besides them; DOC_RUNS unless `allow` says. */
export interface PatternFacts {
  readonly keywords: readonly string[];
  readonly keywordStarts?: boolean;
  readonly entropy?: number;
  readonly allow?: readonly RegExp[];
  readonly validator?: ValidatorName;
  readonly label?: string;
}

/** A vendor's secret that a pattern of its own (a `secret` group, several forms) or a detector finds. */
export function vendorPattern(id: string, description: string, facts: PatternFacts, locate: RegExp | Detector, examples: RuleExamples): Rule {
  const { allow = DOC_RUNS, ...rest } = facts;
  const how = locate instanceof RegExp ? { pattern: locate } : { detector: locate };
  return { id, type: 'secret', description, ...rest, ...how, allow, examples };
}

/**
 * A value without a prefix, found after a name that says what it is (`DATADOG_API_KEY=`,
 * `"snyk_token": "`, `Authorization: SSWS `). `name` must contain one of the rule's keywords; a
 * short tail (`_PROD`, `_V2`) may follow it. Case-insensitive.
 */
export function named(name: string, value: string, end: string): RegExp {
  return new RegExp(String.raw`(?:${name})[\w.-]{0,12}${SEP}(?<secret>${value})${end}`, 'i');
}

/** What tells one rule for a value found after its name from another; the rest are the defaults of namedValue(). */
export interface NamedFacts {
  readonly keywords: readonly string[];
  /** the name (see named()): it must contain one of the keywords */
  readonly name: string;
  readonly value: string;
  /** the value's right edge */
  readonly end: string;
  readonly entropy?: number;
  /** DOC_RUNS unless said */
  readonly allow?: readonly RegExp[];
  readonly validator?: ValidatorName;
  readonly label?: string;
}

/** A vendor's value without a prefix, found after a name that says what it is (see named()). */
export function namedValue(id: string, description: string, facts: NamedFacts, examples: RuleExamples): Rule {
  const { keywords, name, value, end, allow = DOC_RUNS, ...checks } = facts;
  return { id, type: 'secret', description, keywords, pattern: named(name, value, end), ...checks, allow, examples };
}

/**
 * A token known by its prefix alone (no name needed): the vendor's prefix, then its body, found
 * anywhere (prose, a bare argument, a log line). One true example each; each must not match the
 * prefix alone.
 */
export function prefixed(id: string, description: string, keyword: string | string[], body: string, example: string): Rule {
  const keywords = typeof keyword === 'string' ? [keyword] : keyword;
  return {
    id,
    type: 'secret',
    description,
    keywords,
    pattern: new RegExp(String.raw`${PREFIXED_L}(?<secret>${body})(?![A-Za-z0-9_-])`),
    entropy: 3,
    allow: DOC_RUNS,
    examples: { match: [example], noMatch: [`${keywords[0]} alone`, `the ${keywords[0]}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx prefix`] },
  };
}

/** Documentation placeholders, templates in disguise and keyboard-walk bodies. */
export const DOC: readonly RegExp[] = [
  /EXAMPLE|PLACEHOLDER|REDACTED|CHANGEME|DUMMY|SAMPLE|YOUR[_-]?(?:API|TOKEN|KEY|SECRET)/i,
  /0123456789|123456789|1234567890|abcdefghij|ABCDEFGHIJ|qwertyuiop/,
];
/** DOC plus runs of one character (`xxxxxxxx`, `00000000`); not for base64 bodies that may hold zero bytes. */
export const DOC_RUNS: readonly RegExp[] = [...DOC, /(.)\1{7,}/];
