/**
 * Finds secrets and personal data in one string. One case-insensitive pass over the text finds
 * which rule keywords occur (keyword-index.ts); only the rules behind those keywords run their
 * patterns (the prefilter gitleaks and trufflehog use), so the number of rules costs little speed.
 */
import { shannonEntropy } from './entropy.js';
import { matchesAt, matchesReaching } from './anchored.js';
import { BASE64_CHARS, base64Watch, CARRIER_MARKERS, encodedLayers, NOTED_BASE64_RUN, type EncodedLayer } from './encodings.js';
import { KeywordIndex, type RunWatch } from './keyword-index.js';
import type { LiteralGroups } from './literal-groups.js';
import { prebuiltKeywordTables } from './keyword-tables.js';
import { keywordWordSet, wordStartingAt } from './keyword-words.js';
import { clearOfCuts, layerWindows, nearChange } from './layer-windows.js';
import type { KeywordReach } from './pattern-start.js';
import { readPattern } from './pattern-readings.js';
import { isShielded, PLACEHOLDER_PATTERN } from './shields.js';
import { isStoredHashOrDigest } from './secret-policy.js';
import type { Finding, KeywordGate, Rule, Span } from './types.js';
import { VALIDATORS } from './validators.js';
import { continuedValueEnd } from './value-runs.js';
import { withWrappedContinuations } from './wrapped-continuations.js';

/** base64 of a URL-encoded value is decoded twice; deeper nesting is not looked into. */
const MAX_DECODING_DEPTH = 2;

type RankedFinding = Finding & { rank: number };

interface CompiledRule {
  readonly rule: Rule;
  /** its place in the compiled list */
  readonly index: number;
  readonly pattern?: RegExp;
  /** it is given where its keywords start: a detector with keywordStarts, or a pattern tried there only */
  readonly atKeywords: boolean;
  /**
   * A pattern whose every match starts with one of these literals (read from it, see
   * literalStarts), though its keywords are not them: selected by its keywords as any rule, it is
   * tried where these literals start, which the keyword scan also finds. A detector's
   * (Rule.startLiterals) are told to it with its keywords' starts.
   */
  readonly startLiterals?: readonly string[];
  /**
   * A pattern whose every match reaches one of its keywords a few characters in (keywordReach):
   * tried at the places that far before where its keywords start.
   */
  readonly reach?: KeywordReach;
  /** the pattern, tried at one position (rules with keywordStarts, patterns that start with a keyword or their start literals) */
  readonly sticky?: RegExp;
  /**
   * A case-sensitive pattern tried where its start literals (or keywords) start: the literals as
   * written. The keyword scan ignores case, so a place is first checked to hold one of them
   * (`SK` of a Twilio key where the text says `sketch`): a check costs less than a try.
   */
  readonly exactStarts?: readonly string[];
  /** a pattern searched in long runs of base64 characters only (see Rule.inBase64Run) */
  readonly inRuns: boolean;
  /** tried where its keywords start: the rule runs only when one passes (see Rule.keywordGate) */
  readonly gate?: KeywordGate;
  /** tried only where its keywords start one of these words: it runs only when one does (see Rule.keywordWords) */
  readonly words?: ReadonlySet<string>;
  /** it runs only when its gate opened (a keyword gate passed, or a keyword started one of its words) */
  readonly gated: boolean;
  /** it runs only on a text where the keyword scan noted a run of base64 characters (see Rule.needsBase64Run) */
  readonly needsRun: boolean;
  /** it runs only on a text where the keyword scan saw a digit (see Rule.needsDigit) */
  readonly needsDigit: boolean;
  readonly label: string;
  /** a more specific rule wins an overlap against a generic one */
  readonly rank: number;
  /** a password or secret read by a grammar that may stop inside it (value-runs.ts) */
  readonly continuesValue: boolean;
}

/**
 * Told of each string scanned (its length; a decoded layer is one too) and then of each rule run
 * on it: the rule, the time it took (wall time, ms) and how many candidate spans it gave (before
 * the checks). For the engine-speed bench's `--rules`; while none is set, a run costs one
 * comparison more.
 */
export interface RuleRunObserver {
  scanned(chars: number): void;
  /** `places`: how many keyword (or start literal) places it was given to try (0 for a rule not tried at them) */
  ran(ruleId: string, chars: number, ms: number, candidates: number, places: number): void;
  /** a rule selected by its keywords that its keyword gate kept from running (see Rule.keywordGate) */
  gated?(ruleId: string): void;
}

let ruleRunObserver: RuleRunObserver | null = null;

/** Sets (or with null, removes) the observer of every compiled rule set's rule runs. */
export function observeRuleRuns(observer: RuleRunObserver | null): void {
  ruleRunObserver = observer;
}

export interface RuleSet {
  readonly rules: readonly Rule[];
  scan(text: string): readonly Finding[];
}

export interface CompiledRuleSet extends RuleSet {
  /** the automaton of the rules' keywords (for the build, which writes its tables: keyword-tables.ts) */
  readonly keywordIndex: KeywordIndex;
}

export interface RuleSetOptions {
  allowValues?: Iterable<string>;
  /** build the keyword automaton even when the build wrote its tables (false: the build itself, and tests that compare the two) */
  prebuiltKeywordTables?: boolean;
}

export function compileRules(rules: readonly Rule[], options: RuleSetOptions = {}): CompiledRuleSet {
  const allowValues = new Set(options.allowValues ?? []);
  const compiled: CompiledRule[] = rules.map((rule, index) => {
    const pattern = rule.pattern ? globalWithIndices(rule.pattern) : undefined;
    const reading = pattern && !rule.detector && rule.keywordStarts !== true ? readPattern(pattern, rule.keywords) : null;
    const starts = reading?.starts ?? null;
    const atKeywords = rule.keywordStarts === true || reading?.atKeyword === true;
    const startLiterals = rule.detector ? detectorStartLiterals(rule) : starts && !atKeywords && rule.keywords.length > 0 ? usableStartLiterals(starts) : undefined;
    const reach = reading && !atKeywords && !startLiterals && rule.keywords.length > 0 ? reading.reach : null;
    return {
      rule,
      index,
      label: rule.label ?? rule.id,
      // shielded generic rules, then rules that name a class (`password`, `secret`), then a format's own rule
      rank: rule.shield ? 0 : rule.label !== undefined && rule.label !== rule.id ? 1 : 2,
      continuesValue: rule.type === 'secret' && (rule.label === 'password' || rule.label === 'secret'),
      atKeywords,
      inRuns: pattern !== undefined && !rule.detector && rule.inBase64Run !== undefined,
      needsRun: needsBase64Run(rule),
      needsDigit: rule.needsDigit === true,
      ...(startLiterals ? { startLiterals } : {}),
      ...(reach ? { reach } : {}),
      ...(pattern ? { pattern } : {}),
      ...(pattern && (atKeywords || startLiterals || reach) ? { sticky: new RegExp(pattern.source, pattern.flags.replace('g', 'y')) } : {}),
      ...(starts && (atKeywords || startLiterals) && !pattern!.flags.includes('i') ? { exactStarts: starts } : {}),
      ...(rule.keywordGate ? { gate: keywordGate(rule) } : {}),
      ...(rule.keywordWords ? { words: wordsOf(rule) } : {}),
      gated: rule.keywordGate !== undefined || rule.keywordWords !== undefined,
    };
  });
  // Rules by index: those without keywords run on every string, the others when a keyword occurs.
  // A rule tried at its keywords' starts (or its start literals') is told where they start.
  const alwaysIndexes: number[] = [];
  const selects = new Map<string, number[]>();
  const startsFor = new Map<string, number[]>();
  /** the rules tried only where a keyword starts one of their words (Rule.keywordWords), by keyword */
  const wordsFor = new Map<string, number[]>();
  const addTo = (map: Map<string, number[]>, literal: string, ruleIndex: number) => {
    const key = literal.toLowerCase();
    const list = map.get(key) ?? [];
    if (!list.includes(ruleIndex)) list.push(ruleIndex);
    map.set(key, list);
  };
  compiled.forEach((entry, ruleIndex) => {
    if (entry.rule.keywords.length === 0) alwaysIndexes.push(ruleIndex);
    for (const keyword of entry.rule.keywords) {
      addTo(selects, keyword, ruleIndex);
      if (entry.words) addTo(wordsFor, keyword, ruleIndex);
      else if (entry.atKeywords || entry.reach) addTo(startsFor, keyword, ruleIndex);
    }
    for (const literal of entry.startLiterals ?? []) addTo(startsFor, literal, ruleIndex);
  });
  // the detectors' word groups (Rule.literalGroups): their ASCII words are found in the same pass
  const literalGroups = [...new Set(compiled.flatMap((entry) => (entry.rule.literalGroups ? [entry.rule.literalGroups] : [])))];
  const groupWords = new Map<string, Array<[LiteralGroups, number]>>();
  for (const groups of literalGroups) {
    for (const [word, id] of groups.asciiWords()) groupWords.set(word, [...(groupWords.get(word) ?? []), [groups, id]]);
  }
  // One pass of an Aho-Corasick automaton finds the keywords and start literals (every
  // occurrence, also one inside another).
  const literals = [...new Set([...selects.keys(), ...startsFor.keys(), ...groupWords.keys()])];
  const ascii = literals.filter((keyword) => /^[\x00-\x7f]+$/.test(keyword));
  const other = [...selects.keys()].filter((keyword) => !/^[\x00-\x7f]+$/.test(keyword));
  // the same pass notes which carriers' markers occur (see encodedLayers)
  const keywords = [...ascii, ...other, ...CARRIER_MARKERS];
  const prebuilt = options.prebuiltKeywordTables === false ? null : prebuiltKeywordTables(keywords, BASE64_CHARS);
  const index = prebuilt ? new KeywordIndex(keywords, BASE64_CHARS, prebuilt) : new KeywordIndex(keywords, BASE64_CHARS);
  const firstMarker = ascii.length + other.length;
  const selectsByAsciiId = ascii.map((keyword) => selects.get(keyword) ?? []);
  const startsByAsciiId = ascii.map((keyword) => startsFor.get(keyword) ?? []);
  const gatedByAsciiId = selectsByAsciiId.map((ruleIndexes) => ruleIndexes.filter((ruleIndex) => compiled[ruleIndex]!.gate));
  const wordRulesByAsciiId = ascii.map((keyword) => wordsFor.get(keyword) ?? []);
  const groupWordsByAsciiId = ascii.map((keyword) => groupWords.get(keyword));
  const otherFound = new OtherKeywords(other, ascii.length);
  const wantsStarts = Uint8Array.from(compiled, (entry) => (entry.atKeywords ? 1 : 0));
  // Marks which rules were selected for the current string, without allocating a set per string,
  // and which gated rules' gates passed at one of their keywords.
  const mark = new Uint32Array(compiled.length);
  const gateOpen = new Uint32Array(compiled.length);
  let generation = 0;
  /** the string the keyword scan is reading (for the gates) */
  let scanning = '';

  // What one scan collects as the automaton reports keywords. The report callback is made once
  // (not per string) and writes here; a decoded layer is scanned only after its text's scan is done.
  let selected: CompiledRule[] = [];
  let startsOf = new StartsByRule(compiled.length);
  const select = (ruleIndex: number) => {
    if (mark[ruleIndex] !== generation) {
      mark[ruleIndex] = generation;
      selected.push(compiled[ruleIndex]!);
    }
  };
  let carrierMarks = 0;
  // the word the last hit read starts (see keyword-words.ts): hits of several keywords at one place read it once
  let wordStart = -1;
  let word: string | null = null;
  const tryGate = (ruleIndex: number, start: number, end: number) => {
    if (gateOpen[ruleIndex] !== generation && compiled[ruleIndex]!.gate!(scanning, start, end)) gateOpen[ruleIndex] = generation;
  };
  // a hit's start and end as the index reports them: a keyword's space may have taken a run of blanks
  const onKeyword = (id: number, end: number, start: number) => {
    if (id >= ascii.length) {
      if (id >= firstMarker) carrierMarks |= 1 << (id - firstMarker);
      else otherFound.add(id, start, end);
      return;
    }
    const selectedBy = selectsByAsciiId[id]!;
    for (let k = 0; k < selectedBy.length; k++) select(selectedBy[k]!);
    const startOf = startsByAsciiId[id]!;
    for (let k = 0; k < startOf.length; k++) startsOf.add(startOf[k]!, start);
    const gatedBy = gatedByAsciiId[id]!;
    for (let k = 0; k < gatedBy.length; k++) tryGate(gatedBy[k]!, start, end + 1);
    const inGroups = groupWordsByAsciiId[id];
    if (inGroups !== undefined) for (const [groups, word] of inGroups) groups.noteHit(word, start, end);
    const wordRules = wordRulesByAsciiId[id]!;
    if (wordRules.length === 0) return;
    if (start !== wordStart) {
      wordStart = start;
      word = wordStartingAt(scanning, start);
    }
    if (word === null) return;
    for (let k = 0; k < wordRules.length; k++) {
      const ruleIndex = wordRules[k]!;
      if (compiled[ruleIndex]!.words!.has(word)) {
        gateOpen[ruleIndex] = generation;
        startsOf.add(ruleIndex, start);
      }
    }
  };

  function selectRules(text: string, runs: RunWatch, keywordStarts: StartsByRule): CompiledRule[] {
    generation += 1;
    selected = [];
    startsOf = keywordStarts;
    for (const ruleIndex of alwaysIndexes) {
      mark[ruleIndex] = generation;
      selected.push(compiled[ruleIndex]!);
    }
    otherFound.clear();
    carrierMarks = 0;
    wordStart = -1;
    scanning = text;
    for (const groups of literalGroups) groups.beginScan(text);
    index.forEachFound(text, onKeyword, runs);
    if (runs.nonAscii) for (const groups of literalGroups) groups.dropScan();
    // the keywords outside ASCII count only in a text that has a letter outside ASCII
    if (runs.nonAscii) {
      otherFound.forEachMatch((keyword, at, after) => {
        for (const ruleIndex of selects.get(keyword) ?? []) {
          select(ruleIndex);
          if (wantsStarts[ruleIndex] === 1) startsOf.add(ruleIndex, at);
          if (compiled[ruleIndex]!.gate) tryGate(ruleIndex, at, after);
        }
      });
    }
    scanning = '';
    return selected;
  }

  // A string is often scanned twice in a row (an event with one string: the fast path, then the
  // redaction), so the last answer is kept. Findings are never mutated by the callers.
  let lastText: string | null = null;
  let lastFindings: readonly Finding[] = [];

  // one watch and one store of keyword starts per decoding depth, reused from string to string
  const watches = Array.from({ length: MAX_DECODING_DEPTH + 1 }, () => base64Watch());
  const startStores = Array.from({ length: MAX_DECODING_DEPTH + 1 }, () => new StartsByRule(compiled.length));

  function find(text: string, depth: number): readonly Finding[] {
    // made when the first finding is: most strings hold none
    let found: RankedFinding[] | null = null;
    const base64Runs = watches[depth]!;
    if (base64Runs.starts.length !== 0) base64Runs.starts.length = 0;
    base64Runs.nonAscii = false;
    base64Runs.digit = false;
    const keywordStarts = startStores[depth]!;
    keywordStarts.clear();
    const rules = selectRules(text, base64Runs, keywordStarts);
    if (ruleRunObserver !== null) ruleRunObserver.scanned(text.length);
    const marks = carrierMarks;
    const scan = generation;
    let runs: Span[] | undefined;
    for (const entry of rules) {
      if ((entry.gated && gateOpen[entry.index] !== scan) || (entry.needsRun && base64Runs.starts.length === 0) || (entry.needsDigit && !base64Runs.digit)) {
        ruleRunObserver?.gated?.(entry.rule.id);
        continue;
      }
      const started = ruleRunObserver === null ? 0 : performance.now();
      let spans = entry.inRuns ? spansInRuns(entry, text, (runs ??= base64RunsOf(text, base64Runs.starts))) : candidateSpans(entry, text, keywordStarts.of(entry.index));
      if (ruleRunObserver !== null) {
        if (!Array.isArray(spans)) spans = [...spans];
        ruleRunObserver.ran(entry.rule.id, text.length, performance.now() - started, (spans as readonly Span[]).length, keywordStarts.of(entry.index)?.length ?? 0);
      }
      if (Array.isArray(spans)) {
        const list = spans as readonly Span[];
        for (let k = 0; k < list.length; k++) if (accepts(entry, text, list[k]!, allowValues)) (found ??= []).push(rankedFinding(entry, list[k]!, text));
      } else {
        for (const span of spans) if (accepts(entry, text, span, allowValues)) (found ??= []).push(rankedFinding(entry, span, text));
      }
    }
    // What is found in a decoded stretch is removed where it is written: in its encoded form.
    if (depth < MAX_DECODING_DEPTH) {
      for (const layer of encodedLayers(text, base64Runs.starts, marks)) {
        for (const inner of findInLayer(layer, depth + 1)) {
          const span = layer.toOriginal(inner.start, inner.end);
          if (span) (found ??= []).push({ ...inner, start: span.start, end: span.end, rank: 2 });
        }
      }
    }
    return found === null ? NO_FINDINGS : withWrappedContinuations(text, resolveOverlaps(withoutPlaceholders(text, found)));
  }

  /** A decoded layer's findings: around its changes only when it says where they are (see layer-windows.ts). */
  function findInLayer(layer: EncodedLayer, depth: number): readonly Finding[] {
    const windows = layer.changed ? layerWindows(layer.decoded, layer.changed) : null;
    if (!windows) return find(layer.decoded, depth);
    const found: Finding[] = [];
    for (const window of windows) {
      for (const inner of find(layer.decoded.slice(window.start, window.end), depth)) {
        const span = { start: inner.start + window.start, end: inner.end + window.start };
        if (!clearOfCuts(window, layer.decoded.length, span)) return find(layer.decoded, depth);
        if (nearChange(window, span)) found.push({ ...inner, ...span });
      }
    }
    return found;
  }

  return {
    rules,
    keywordIndex: index,
    scan(text: string): readonly Finding[] {
      if (text.length === 0) return NO_FINDINGS;
      if (text === lastText) return lastFindings;
      lastFindings = find(text, 0);
      lastText = text;
      return lastFindings;
    },
  };
}

/**
 * The keywords outside ASCII found in a string, read as one search for any of them would read
 * them (a regular expression alternation, the longest first): from left to right, at each place
 * the longest keyword that occurs there, and none that starts inside the one taken.
 */
class OtherKeywords {
  /** found so far: keyword ids (id - firstId), where they start and where they end (after), three numbers each */
  private readonly found: number[] = [];
  /** per keyword: its place in the alternation (longest first) */
  private readonly order: Int32Array;

  constructor(private readonly keywords: readonly string[], private readonly firstId: number) {
    const byLength = keywords.map((_, index) => index).sort((a, b) => keywords[b]!.length - keywords[a]!.length);
    this.order = new Int32Array(keywords.length);
    byLength.forEach((keyword, place) => { this.order[keyword] = place; });
  }

  clear(): void {
    if (this.found.length !== 0) this.found.length = 0;
  }

  /** `start`, `end`: the indexes of the occurrence's first and last characters, as the automaton reports them */
  add(id: number, start: number, end: number): void {
    this.found.push(id - this.firstId, start, end + 1);
  }

  /** Calls `match` with each occurrence taken (the keyword, where it starts and where it ends), from left to right. */
  forEachMatch(match: (keyword: string, at: number, after: number) => void): void {
    const found = this.found;
    if (found.length === 0) return;
    const hits: Array<{ keyword: number; at: number; after: number }> = [];
    for (let k = 0; k < found.length; k += 3) hits.push({ keyword: found[k]!, at: found[k + 1]!, after: found[k + 2]! });
    hits.sort((a, b) => a.at - b.at || this.order[a.keyword]! - this.order[b.keyword]!);
    let after = 0;
    for (const hit of hits) {
      if (hit.at < after) continue;
      after = hit.after;
      match(this.keywords[hit.keyword]!, hit.at, hit.after);
    }
  }
}

/**
 * Where each rule's keywords start in the string being scanned. A rule's list is made when its
 * first keyword is found and dropped when the next string is scanned (emptying kept arrays, by
 * setting their length, cost more than making new ones): most strings select few rules.
 */
class StartsByRule {
  private readonly lists: Array<number[] | undefined>;
  /** the rules whose list is not empty */
  private used: number[] = [];

  constructor(rules: number) {
    this.lists = new Array<number[] | undefined>(rules).fill(undefined);
  }

  clear(): void {
    const used = this.used;
    if (used.length === 0) return;
    for (let k = 0; k < used.length; k++) this.lists[used[k]!] = undefined;
    this.used = [];
  }

  add(rule: number, start: number): void {
    const list = this.lists[rule];
    if (list === undefined) {
      this.lists[rule] = [start];
      this.used.push(rule);
    } else list.push(start);
  }

  /** the rule's keyword starts, or undefined when none of its keywords occurs */
  of(rule: number): number[] | undefined {
    return this.lists[rule];
  }
}

const PLACEHOLDERS = new RegExp(PLACEHOLDER_PATTERN.source, 'g');

/** Drops findings that touch a placeholder atx wrote before: redacting twice changes nothing. */
function withoutPlaceholders<T extends Span>(text: string, found: T[]): T[] {
  if (found.length === 0 || (!text.includes('[REDACTED:') && !text.includes('[ANON:'))) return found;
  const placeholders: Span[] = [];
  PLACEHOLDERS.lastIndex = 0;
  for (let match = PLACEHOLDERS.exec(text); match; match = PLACEHOLDERS.exec(text)) {
    placeholders.push({ start: match.index, end: match.index + match[0].length });
  }
  return found.filter((f) => !placeholders.some((p) => f.start < p.end && p.start < f.end));
}

/**
 * A rule's candidate spans in `text`: a detector's as it gives them (an array or a generator,
 * read once), a pattern's in an array (a shared empty one when it matches nothing, as most do).
 */
function candidateSpans(entry: CompiledRule, text: string, keywordStarts: number[] | undefined): Iterable<Span> {
  const starts = entry.atKeywords || entry.startLiterals || entry.reach ? inAscendingOrder(keywordStarts ?? []) : undefined;
  if (entry.rule.detector) return entry.rule.detector(text, starts);
  if (starts) {
    const matches = entry.reach
      ? matchesReaching(entry.sticky!, text, starts, entry.reach)
      : matchesAt(entry.sticky!, text, entry.exactStarts ? startingWithOneOf(text, starts, entry.exactStarts) : starts);
    return matches.length === 0 ? NO_SPANS : matches.map(secretSpan);
  }
  const pattern = entry.pattern!;
  pattern.lastIndex = 0;
  let spans: Span[] | null = null;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex += 1;
      continue;
    }
    (spans ??= []).push(secretSpan(match));
  }
  return spans ?? NO_SPANS;
}

const NO_SPANS: readonly Span[] = Object.freeze([]);

function rankedFinding(entry: CompiledRule, span: Span, text: string): RankedFinding {
  const end = entry.continuesValue ? continuedValueEnd(text, span.start, span.end) : span.end;
  return { start: span.start, end, ruleId: entry.rule.id, type: entry.rule.type, label: entry.label, rank: entry.rank };
}
const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** The places where one of `literals` starts, as written (the same array when all do). */
function startingWithOneOf(text: string, places: number[], literals: readonly string[]): number[] {
  const holds = (at: number) => {
    for (let k = 0; k < literals.length; k++) if (text.startsWith(literals[k]!, at)) return true;
    return false;
  };
  let k = 0;
  while (k < places.length && holds(places[k]!)) k += 1;
  if (k === places.length) return places;
  const kept = places.slice(0, k);
  for (k += 1; k < places.length; k++) if (holds(places[k]!)) kept.push(places[k]!);
  return kept;
}

/** Base64 characters by code (see BASE64_CHARS). */
const IS_BASE64 = Uint8Array.from({ length: 128 }, (_, code) => (BASE64_CHARS.includes(String.fromCharCode(code)) ? 1 : 0));

/** The runs of base64 characters that start at `starts` (where the keyword scan saw runs long enough to decode). */
function base64RunsOf(text: string, starts: readonly number[]): Span[] {
  const runs: Span[] = [];
  for (const start of starts) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) < 128 && IS_BASE64[text.charCodeAt(end)] === 1) end += 1;
    runs.push({ start, end });
  }
  return runs;
}

/** A rule's pattern searched in each long enough run alone (see Rule.inBase64Run): its matches in the text. */
function spansInRuns(entry: CompiledRule, text: string, runs: readonly Span[]): Span[] {
  const spans: Span[] = [];
  const pattern = entry.pattern!;
  for (const run of runs) {
    if (run.end - run.start < entry.rule.inBase64Run!) continue;
    const stretch = text.slice(run.start, run.end);
    pattern.lastIndex = 0;
    for (let match = pattern.exec(stretch); match; match = pattern.exec(stretch)) {
      if (match[0].length === 0) {
        pattern.lastIndex += 1;
        continue;
      }
      const span = secretSpan(match);
      spans.push({ start: span.start + run.start, end: span.end + run.start });
    }
  }
  return spans;
}

/** Keyword starts mostly come in order already; sorting copies the array, so it is done only when needed. */
function inAscendingOrder(starts: number[]): number[] {
  for (let i = 1; i < starts.length; i++) {
    if (starts[i]! < starts[i - 1]!) return starts.sort((a, b) => a - b);
  }
  return starts;
}

/** The secret is the `secret…` group that took part in the match (`secret`, or `secret2` in another alternative), else the match. */
function secretSpan(match: RegExpExecArray): Span {
  const groups = match.groups && 'secret' in match.groups ? match.indices?.groups : undefined;
  if (groups) {
    for (const name in groups) {
      const range = groups[name];
      if (range && name.startsWith('secret')) return { start: range[0], end: range[1] };
    }
  }
  return { start: match.index, end: match.index + match[0].length };
}

function accepts(entry: CompiledRule, text: string, span: Span, allowValues: ReadonlySet<string>): boolean {
  if (span.end <= span.start) return false;
  const secret = text.slice(span.start, span.end);
  const { rule } = entry;
  if (allowValues.has(secret)) return false;
  if (rule.allow?.some((pattern) => pattern.test(secret))) return false;
  if (rule.entropy !== undefined && shannonEntropy(secret) < rule.entropy) return false;
  if (rule.validator && !VALIDATORS[rule.validator](secret)) return false;
  return !isShielded(secret, rule.shield) && !insideADigest(text, span);
}

/**
 * A finding inside a digest or a stored hash (`sha256:<hex>` with only the hex found, a piece of a
 * `sha512-<base64>` between slashes): the whole run of characters around it says it is one
 * (secret-policy.ts, rule 3).
 */
function insideADigest(text: string, span: Span): boolean {
  let start = span.start;
  while (start > 0 && span.start - start < 200 && DIGEST_CHAR[text.charCodeAt(start - 1)] === 1) start--;
  let end = span.end;
  while (end < text.length && end - span.end < 200 && DIGEST_CHAR[text.charCodeAt(end)] === 1) end++;
  if (start === span.start && end === span.end) return false;
  // the run may begin with a name and its operator (`--digest=sha256:…`): each start after one is tried too
  for (let at = start; at <= span.start; at++) {
    if ((at === start || text[at - 1] === '=' || text[at - 1] === ',') && isStoredHashOrDigest(text.slice(at, end))) return true;
  }
  return false;
}
/** What digests and stored hashes are written with: base64, hex, `$`, `:`, `{}`, `.`, `-`, `,`, `=`. */
const DIGEST_CHAR = Uint8Array.from({ length: 128 }, (_, code) => (/[A-Za-z0-9+/=_:$.{},-]/.test(String.fromCharCode(code)) ? 1 : 0));

/**
 * Overlapping findings become one: the union of their spans (so no piece of either secret is
 * left), labelled by the more specific rule.
 */
function resolveOverlaps(found: RankedFinding[]): readonly Finding[] {
  if (found.length === 0) return NO_FINDINGS;
  if (found.length > 1) found.sort((a, b) => a.start - b.start || b.end - a.end || b.rank - a.rank);
  const result: RankedFinding[] = [];
  for (const next of found) {
    const last = result[result.length - 1];
    if (!last || next.start >= last.end) {
      result.push(next);
      continue;
    }
    const winner = next.rank > last.rank || (next.rank === last.rank && next.end - next.start > last.end - last.start) ? next : last;
    result[result.length - 1] = { ...winner, start: last.start, end: Math.max(last.end, next.end) };
  }
  return result.map(({ start, end, ruleId, type, label }) => ({ start, end, ruleId, type, label }));
}

/** Start literals shorter than this would be found at too many places to save anything. */
const MIN_START_LITERAL = 2;

/** A pattern's start literals (see CompiledRule.startLiterals), when all are ASCII and long enough to be worth finding. */
function usableStartLiterals(starts: readonly string[]): readonly string[] | undefined {
  return starts.some((start) => start.length < MIN_START_LITERAL || !/^[\x00-\x7f]+$/.test(start)) ? undefined : starts;
}

/** A detector's own start literals (Rule.startLiterals), checked against what they need. */
function detectorStartLiterals(rule: Rule): readonly string[] | undefined {
  const literals = rule.startLiterals;
  if (literals === undefined) return undefined;
  if (rule.keywordStarts !== true || rule.keywordWords !== undefined) throw new Error(`rule ${rule.id}: start literals need keywordStarts and no keyword words`);
  for (const literal of literals) {
    if (!/^[\x00-\x7f]+$/.test(literal) || literal !== literal.toLowerCase()) throw new Error(`rule ${rule.id}: start literal ${JSON.stringify(literal)} is not lower-case ASCII`);
  }
  return literals;
}

/** Whether a rule runs only on texts with a run of base64 characters (Rule.needsBase64Run): one the keyword scan notes. */
function needsBase64Run(rule: Rule): boolean {
  if (rule.needsBase64Run === undefined) return false;
  if (rule.needsBase64Run < NOTED_BASE64_RUN) throw new Error(`rule ${rule.id}: the keyword scan notes runs of ${NOTED_BASE64_RUN} base64 characters or more`);
  return true;
}

/** A rule's keyword words (Rule.keywordWords), checked against what they need. */
function wordsOf(rule: Rule): ReadonlySet<string> {
  if (rule.keywordStarts !== true || rule.keywordGate !== undefined) throw new Error(`rule ${rule.id}: keyword words need keywordStarts and no keyword gate`);
  return keywordWordSet(rule.id, rule.keywords, rule.keywordWords!);
}

/** A rule's keyword gate as a predicate (a regular expression is tried sticky at the keyword's start). */
function keywordGate(rule: Rule): KeywordGate {
  const gate = rule.keywordGate!;
  if (rule.keywords.length === 0) throw new Error(`rule ${rule.id}: a keyword gate needs keywords`);
  if (typeof gate === 'function') return gate;
  const sticky = new RegExp(gate.source, gate.flags.replace('g', '') + (gate.sticky ? '' : 'y'));
  return (text, start) => {
    sticky.lastIndex = start;
    return sticky.test(text);
  };
}

function globalWithIndices(pattern: RegExp): RegExp {
  let flags = pattern.flags;
  if (!flags.includes('g')) flags += 'g';
  if (!flags.includes('d') && /\(\?<[A-Za-z]/.test(pattern.source)) flags += 'd';
  return new RegExp(pattern.source, flags);
}
