/**
 * Rules are data: an id, a type, cheap keywords, a pattern (or a named detector), optional
 * validator, entropy floor and allowlist, and the examples that must and must not match.
 * `test/redaction-rules.test.ts` runs every rule's examples.
 */
import type { LiteralGroups } from './literal-groups.js';

export type FindingType = 'secret' | 'pii';
export type ShieldLevel = 'values' | 'identifiers';

/** Where a secret sits in a string: [start, end) in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/**
 * A detector for what one regex cannot say (decode base64 and look for a key, parse a JWT
 * header, ...). It yields the spans of the secrets it is sure of. For a rule with
 * `keywordStarts`, the scanner also passes where the rule's keywords start in the text
 * (ascending), so that a detector whose matches begin at a keyword need not search for them.
 */
export type Detector = (text: string, keywordStarts?: readonly number[]) => Iterable<Span>;

/** A predicate tried where one of a rule's keywords occurs: the text, and the keyword's [start, end). */
export type KeywordGate = (text: string, start: number, end: number) => boolean;

/** Named checks a candidate must pass (see validators.ts): checksums turn weak patterns into certain ones. */
export type ValidatorName =
  | 'generated-secret'
  | 'luhn'
  | 'iban'
  | 'github-checksum'
  | 'npm-checksum'
  | 'us-ssn'
  | 'jwt-header'
  | 'base64-private-key'
  | 'public-ipv4'
  | 'public-ipv6'
  | 'email-not-bot'
  | 'phone'
  | 'uk-nino'
  | 'de-tax-id'
  | 'aws-account-id'
  | 'discord-token'
  | 'basic-credential'
  | 'credential-shaped'
  | 'password-shaped'
  | 'letters-and-digits'
  | 'letters-and-digits-or-symbols'
  | 'quoted-password';

export interface RuleExamples {
  /** texts in which the rule must find a secret */
  readonly match: readonly string[];
  /** texts in which it must find nothing (the hard negatives it is meant to leave alone) */
  readonly noMatch: readonly string[];
}

export interface Rule {
  /** stable, kebab-case; appears in receipts and placeholders (`[REDACTED:<label>#n]`) */
  readonly id: string;
  readonly type: FindingType;
  readonly description: string;
  /**
   * Lower-case literals; the rule runs on a string only when one of them occurs in it
   * (case-insensitively). An empty list means the rule always runs: keep those few and cheap.
   */
  readonly keywords: readonly string[];
  /**
   * A regular expression (the scanner makes it global). The secret is the named group
   * `secret` (or `secret2`, ... in other alternatives: the one that took part in the match),
   * or the whole match when the pattern has no `secret` group.
   */
  readonly pattern?: RegExp;
  /** instead of a pattern: a function for what one regex cannot say */
  readonly detector?: Detector;
  /**
   * Every match begins where one of the keywords begins: the pattern is tried at those places
   * only (or the detector is told them, see Detector), instead of searching the whole text.
   */
  readonly keywordStarts?: boolean;
  /**
   * A cheap necessary condition of every match, tried where each of the rule's keywords starts (a
   * sticky regular expression, or a predicate): the rule runs on a text only when it holds at one
   * of them. Prove it from the pattern (a text the rule finds anything in must pass it); it
   * changes how fast a rule is, never what it finds (test/redaction-engine.test.ts checks examples).
   */
  readonly keywordGate?: RegExp | KeywordGate;
  /**
   * Every match starts where one of the rule's keywords starts a whole word that is one of these
   * (lower case; the word as `\b` reads it, any case, see keyword-words.ts): the rule runs only on
   * a text with such a hit, and is tried (or its detector told) there only. What the hit starts is
   * read once per hit for every rule behind the keyword. For rules with keywordStarts whose
   * keywords are ASCII and start with a word character; not with a keywordGate. Prove it from the
   * pattern; it changes how fast a rule is, never what it finds (test/redaction-engine.test.ts).
   */
  readonly keywordWords?: readonly string[];
  /**
   * For a detector with keywordStarts: lower-case ASCII literals that do not select the rule but
   * whose places it is told too, in one ascending list with its keywords' (words a match may end
   * at that would select it too often as keywords: `pw`). The keyword scan finds them on its way,
   * where a search of its own cost the detector a pass over the text each run.
   */
  readonly startLiterals?: readonly string[];
  /**
   * The word groups its detector looks up (literal-groups.ts): the rule set's keyword scan finds
   * their ASCII words on its way, so that the detector's look-up need not lower-case the text and
   * scan it again. It changes how fast a rule is, never what it finds.
   */
  readonly literalGroups?: LiteralGroups;
  /**
   * Every match lies inside a run of at least this many base64 characters (32 or more; a Bitcoin
   * key is 51 base58 ones), and the pattern matches the run alone as it matches it in the text:
   * the pattern searches those runs only, which the keyword scan notes for the decoder anyway.
   */
  readonly inBase64Run?: number;
  /**
   * Every match holds a run of at least this many base64 characters (BASE64_CHARS; 24 or more,
   * see NOTED_BASE64_RUN): the rule runs only on a text that has one, which the keyword scan notes
   * on its way. For a rule without keywords, which would otherwise run on every string.
   */
  readonly needsBase64Run?: number;
  /**
   * Every match holds an ASCII digit: the rule runs only on a text that has one, which the
   * keyword scan notes on its way. For a rule without keywords.
   */
  readonly needsDigit?: boolean;
  /** checks the secret must pass */
  readonly validator?: ValidatorName;
  /** minimum Shannon entropy (bits per character) of the secret */
  readonly entropy?: number;
  /** a secret matching any of these is left alone (documentation examples, templates, ...) */
  readonly allow?: readonly RegExp[];
  /**
   * Rules that find a value by its position rather than its format go through the negative
   * shields (shields.ts): `values` skips words, numbers, versions, paths; `identifiers` also
   * skips hashes, digests, UUIDs and agent ids. Vendor formats with a fixed prefix need neither.
   * A shielded rule is generic: a specific rule wins when their findings overlap.
   */
  readonly shield?: ShieldLevel;
  /** label in the placeholder; defaults to the id */
  readonly label?: string;
  readonly examples: RuleExamples;
}

/** One thing to redact in one string. Never carries the secret itself. */
export interface Finding extends Span {
  readonly ruleId: string;
  readonly type: FindingType;
  readonly label: string;
}
