/**
 * Redacts one string at a time under a profile: rule findings, copies of secrets already found,
 * and anonymized values are replaced, and each replacement is reported with its offsets in the
 * redacted text. A second scan of what changed (the residue check) must find nothing.
 */
import { Anonymizer, type AnonKind, type AnonSpan } from './anonymize.js';
import { cachedRuleSet, FindingsCache } from './findings-cache.js';
import { PlaceholderBook } from './placeholders.js';
import type { Profile } from './profiles.js';
import { BUILTIN_RULES } from './rules/index.js';
import { compileRules, type RuleSet } from './scanner.js';
import type { Redaction } from './transcript-shape.js';
import { layerWindows } from './layer-windows.js';
import type { Finding, Rule, Span } from './types.js';

export interface RedactedString {
  value: string;
  redactions: Redaction[];
  /** the rules found nothing in the text: what was replaced were copies of secrets seen before, or anonymized values */
  rulesFoundNothing?: boolean;
}

/**
 * A value still looks secret after redaction: the write is refused rather than risk it (fail
 * closed). The CLI turns it into exit 1 (`src/errors.ts`).
 */
export class ResidueError extends Error {
  constructor(readonly field: string, readonly ruleId: string) {
    super(`residue check failed: ${field} still matches rule ${ruleId} after redaction; nothing was written (please report this)`);
    this.name = 'ResidueError';
  }
}

type Replacement = Finding & { anon?: AnonSpan };

/** The rules a profile runs: built-in ones of the types it redacts, minus disabled, plus its own. */
export function rulesFor(profile: Profile): Rule[] {
  const disabled = new Set(profile.disabledRules);
  const wanted = (rule: Rule) => !disabled.has(rule.id) && ((rule.type === 'secret' && profile.secrets) || (rule.type === 'pii' && profile.pii));
  return [...BUILTIN_RULES, ...profile.extraRules].filter(wanted);
}

/**
 * One compiled rule set per profile, shared by the redactors of a run (one per transcript):
 * compiling costs more than redacting a small transcript, and V8 compiles a regular expression
 * to machine code only after its first runs.
 */
interface CompiledProfile {
  rules: RuleSet;
  /** the same rules through the profile's findings cache */
  cached: RuleSet;
}

const compiledByProfile = new WeakMap<Profile, CompiledProfile>();

function compiledRulesFor(profile: Profile): CompiledProfile {
  let compiled = compiledByProfile.get(profile);
  if (!compiled) {
    const rules = compileRules(rulesFor(profile), { allowValues: profile.allow });
    compiled = { rules, cached: cachedRuleSet(rules, new FindingsCache()) };
    compiledByProfile.set(profile, compiled);
  }
  return compiled;
}

export interface RedactorOptions {
  /**
   * Where the rules' findings in long strings are kept (findings-cache.ts): by default one cache
   * per profile, shared by the redactors of a run (a batch's sessions repeat strings); null for none.
   */
  findingsCache?: FindingsCache | null;
}

export class Redactor {
  /** the profile's rules; their scans go through the findings cache */
  readonly rules: RuleSet;
  /** the same rules, scanning every time (the residue check reads new text only) */
  private readonly uncached: RuleSet;
  readonly anonymizer: Anonymizer | null;
  readonly book = new PlaceholderBook();

  constructor(readonly profile: Profile, salt: Buffer, options: RedactorOptions = {}) {
    const compiled = compiledRulesFor(profile);
    const cache = options.findingsCache;
    this.uncached = compiled.rules;
    this.rules = cache === undefined ? compiled.cached : cache === null ? compiled.rules : cachedRuleSet(compiled.rules, cache);
    this.anonymizer = profile.anonymize ? new Anonymizer(salt) : null;
  }

  get active(): boolean {
    return this.rules.rules.length > 0 || this.anonymizer !== null;
  }

  /** Would `redact` change anything in this text? (Learns nothing, numbers nothing.) */
  mayChange(text: string): boolean {
    return this.rules.scan(text).length > 0 || this.mayChangeBeyondRules(text);
  }

  /** The same, leaving out the rules: a copy of a secret seen before, or something to anonymize. */
  mayChangeBeyondRules(text: string): boolean {
    return this.book.occurrences(text).length > 0 || (this.anonymizer?.find(text).length ?? 0) > 0;
  }

  /**
   * `scanned`: the rules' findings in `value` when the caller has them already (`rules.scan` of
   * this very string), so that it is not scanned again.
   */
  redact(value: string, field: string, scanned?: readonly Finding[]): RedactedString {
    if (!this.active || value.length === 0) return { value, redactions: [] };
    const byRules = scanned ?? this.rules.scan(value);
    const found: Replacement[] = [...byRules, ...this.book.occurrences(value)];
    for (const span of this.anonymizer?.find(value) ?? []) {
      found.push({ start: span.start, end: span.end, ruleId: `anonymize-${span.kind}`, type: 'pii', label: span.kind, anon: span });
    }
    if (found.length === 0) return { value, redactions: [] };
    const learned = this.book.size;
    const result = this.replace(value, field, resolve(found));
    if (byRules.length === 0) result.rulesFoundNothing = true;
    // A secret first seen in this very string may occur in it again where no rule saw it.
    return this.book.size === learned ? result : this.replaceCopies(result, field);
  }

  private replaceCopies(result: RedactedString, field: string): RedactedString {
    const copies = resolve(this.book.occurrences(result.value));
    if (copies.length === 0) return result;
    const again = this.replace(result.value, field, copies);
    // Receipts of the first pass move by the length change of the copies replaced before them.
    const moved = result.redactions.map((receipt) => {
      let shift = 0;
      copies.forEach((copy, index) => {
        if (copy.end <= receipt.start) shift += again.redactions[index]!.placeholder.length - (copy.end - copy.start);
      });
      return { ...receipt, start: receipt.start + shift, end: receipt.end + shift };
    });
    return { ...result, value: again.value, redactions: [...moved, ...again.redactions].sort((a, b) => a.start - b.start) };
  }

  /**
   * The second look at a string written before a secret was first recognised: only copies of
   * remembered secrets are replaced. `existing` are the string's earlier receipts, returned moved
   * by the length change of the copies replaced before them. Null when there is no copy.
   */
  redactCopies(value: string, field: string, existing: readonly Redaction[]): { value: string; moved: Redaction[]; added: Redaction[] } | null {
    const copies = resolve(this.book.occurrences(value)).filter((copy) => !existing.some((r) => copy.start < r.end && r.start < copy.end));
    if (copies.length === 0) return null;
    const again = this.replace(value, field, copies);
    const moved = existing.map((receipt) => {
      let shift = 0;
      copies.forEach((copy, index) => {
        if (copy.end <= receipt.start) shift += again.redactions[index]!.placeholder.length - (copy.end - copy.start);
      });
      return { ...receipt, start: receipt.start + shift, end: receipt.end + shift };
    });
    return { value: again.value, moved, added: again.redactions };
  }

  /** Replaces a whole value (a sensitive JSON field) under the given rule. */
  redactWhole(value: string, field: string, ruleId: string, label: string): RedactedString {
    return this.replace(value, field, [{ start: 0, end: value.length, ruleId, type: 'secret', label }]);
  }

  /** Anonymizes a whole value (the repository name in the header). */
  anonymizeWhole(value: string, field: string, kind: AnonKind): RedactedString {
    const span: AnonSpan = { start: 0, end: value.length, kind, value };
    return this.replace(value, field, [{ ...span, ruleId: `anonymize-${kind}`, type: 'pii', label: kind, anon: span }]);
  }

  /**
   * The residue check: a redacted value must not match any rule, or hold a secret seen before.
   * `changes`: where it was changed (sorted), when the rules found nothing in it before (see
   * RedactedString.rulesFoundNothing). Away from them it is the text the rules found clean, so the
   * stretches around them are read first (as a decoded layer is, layer-windows.ts), and the whole
   * value only when they hold something: with `research`, anonymized paths in long tool outputs
   * had every such output scanned twice whole.
   */
  checkResidue(value: string, field: string, changes?: readonly Span[]): void {
    // The scanner never reports a span that touches a placeholder, so anything left is real.
    const left = this.residueByRules(value, changes) ?? this.book.occurrences(value)[0];
    if (left) throw new ResidueError(field, left.ruleId);
  }

  private residueByRules(value: string, changes: readonly Span[] | undefined): Finding | undefined {
    const windows = changes?.length ? layerWindows(value, changes) : null;
    if (windows?.every((window) => this.uncached.scan(value.slice(window.start, window.end)).length === 0)) return undefined;
    return this.uncached.scan(value)[0];
  }

  private replace(value: string, field: string, findings: readonly Replacement[]): RedactedString {
    const parts: string[] = [];
    const redactions: Redaction[] = [];
    let cursor = 0;
    let length = 0;
    for (const finding of findings) {
      const before = value.slice(cursor, finding.start);
      parts.push(before);
      length += before.length;
      const original = value.slice(finding.start, finding.end);
      const placeholder = finding.anon
        ? this.anonymizer!.token(finding.anon.kind, original)
        : this.book.placeholder(finding, original);
      parts.push(placeholder);
      redactions.push({ field, ruleId: finding.ruleId, type: finding.type, placeholder, start: length, end: length + placeholder.length });
      length += placeholder.length;
      cursor = finding.end;
    }
    parts.push(value.slice(cursor));
    return { value: parts.join(''), redactions };
  }
}

/**
 * Sorted, non-overlapping replacements. A replacement that contains another absorbs it (an
 * anonymized remote that holds a password removes the password too); two that only overlap
 * become one redaction over both, named after the secret or personal datum among them.
 */
function resolve(found: Replacement[]): Replacement[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const result: Replacement[] = [];
  for (const next of found) {
    const last = result[result.length - 1];
    if (!last || next.start >= last.end) {
      result.push(next);
    } else if (next.end > last.end) {
      const named = last.anon && !next.anon ? next : last;
      const { anon: _anon, ...finding } = named;
      result[result.length - 1] = { ...finding, start: last.start, end: next.end };
    }
  }
  return result;
}
