/**
 * The transform between the assembler and any sink: one per transcript. Every string of every
 * event goes through the profile (content policy, then secrets, personal data, anonymization),
 * leaving receipts on the event; the header gets the same treatment and the `privacy` block.
 */
import { applyContentPolicy, truncateKeepingEnds } from './content-policy.js';
import type { Profile } from './profiles.js';
import type { FindingsCache } from './findings-cache.js';
import { Redactor } from './redactor.js';
import { classifyName, sensitiveValue } from './rules/assignment.js';
import { familiesOf, RULESET_VERSION } from './rules/index.js';
import type { Finding, Span } from './types.js';
import type { Privacy, RedactableEnvironment, RedactableEvent, RedactableHeader, Redaction, Submitter, Withheld } from './transcript-shape.js';
import { JOINED_SEPARATOR, SCANNED_ALONE_LENGTH } from './joined-texts.js';
import { loneSecretToken, readsOneSecret, shellCommandOf } from './secret-reading-commands.js';

/** Event fields that are atx's or the agent's bookkeeping, never free text. */
const EXEMPT_EVENT_KEYS = new Set(['id', 'seq', 'timestamp', 'type', 'role', 'nativeId', 'parentId', 'model', 'synthetic', 'usage', 'redactions', 'withheld']);
const EXEMPT_TOOL_KEYS = new Set(['name', 'callId', 'kind', 'status', 'durationMs', 'exitCode', 'mcp']);
const EXEMPT_META_KEYS = new Set(['kind', 'line', 'recordType']);
const EXEMPT_ATTACHMENT_KEYS = new Set(['kind', 'mime', 'bytes', 'sha256']);
/** The bookkeeping keys of an event's `tool`, `meta` and attachments, which no walker redacts. */
function exemptBelow(depth: number, name: string): ReadonlySet<string> | null {
  if (depth !== 0) return null;
  return name === 'tool' ? EXEMPT_TOOL_KEYS : name === 'meta' ? EXEMPT_META_KEYS : name === 'attachments' ? EXEMPT_ATTACHMENT_KEYS : null;
}

/** A receipt for a secret in an object key: `<object path>#key:<key as written>`. */
const KEY_MARK = '#key:';

function keyField(objectPath: string, key: string): string {
  return `${objectPath}${KEY_MARK}${key}`;
}

function isKeyField(field: string): boolean {
  return field.includes(KEY_MARK);
}

/** How a walk over an event changes its strings: the values, and the keys below the event's own fields. */
interface StringEdits {
  /** `name`: the key the value is held under, when that key is data (below the event's own fields) */
  value(value: string, field: string, name: string | undefined): string;
  /** `siblings`: the members of the object rebuilt so far */
  key(name: string, objectPath: string, siblings: Record<string, unknown>): string;
}

/**
 * Rebuilds a JSON value (an event at depth 0) with its strings edited. The event's exempt fields
 * and the bookkeeping keys of its `tool`, `meta` and attachments stay as they are; a changed key
 * is passed on to its member's path.
 */
function mapStrings(value: unknown, field: string, depth: number, exempt: ReadonlySet<string> | null, edits: StringEdits, name?: string): unknown {
  if (typeof value === 'string') return edits.value(value, field, name);
  if (Array.isArray(value)) {
    const inner = field === 'attachments' ? EXEMPT_ATTACHMENT_KEYS : null;
    return value.map((item, index) => mapStrings(item, `${field}[${index}]`, depth + 1, inner, edits));
  }
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const member in value) {
    const item = (value as Record<string, unknown>)[member];
    if (exempt?.has(member)) {
      out[member] = item;
      continue;
    }
    // the event's own field names are the schema's; below them, a key is data too
    const key = depth > 0 ? edits.key(member, field, out) : member;
    out[key] = mapStrings(item, field === '' ? key : `${field}.${key}`, depth + 1, exemptBelow(depth, member), edits, depth > 0 ? member : undefined);
  }
  return out;
}

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);
/** Shell calls reading a secret whose result has not come yet, at most (see secretReadOut). */
const MAX_PENDING_SECRET_CALLS = 256;

/** The rules' findings in strings of one event, scanned already (never kept past the event). */
type ScannedStrings = Map<string, readonly Finding[]>;

export interface TranscriptRedactorOptions {
  salt: Buffer;
  saltSource: 'per-key' | 'per-transcript';
  submitter?: Submitter;
  /** see RedactorOptions.findingsCache (by default the profile's, shared by a run's transcripts) */
  findingsCache?: FindingsCache | null;
}

export class TranscriptRedactor {
  private readonly redactor: Redactor;
  private readonly sessionRedactions: Redaction[] = [];
  /** receipts written so far (events and header), by rule id */
  private readonly byRule = new Map<string, number>();
  /** events seen so far, and the index of the last one during which a new secret was remembered */
  private eventIndex = 0;
  /** Shell calls whose command reads one secret, by call id, until their result (see secretReadOut). */
  private readonly secretReadingCalls = new Set<string>();
  private lastLearnedAt = -1;

  constructor(readonly profile: Profile, private readonly options: TranscriptRedactorOptions) {
    this.redactor = new Redactor(profile, options.salt, options);
  }

  /** redactions made so far in events and header */
  get count(): number {
    let total = 0;
    for (const n of this.byRule.values()) total += n;
    return total;
  }

  /** the same, by rule id */
  get counts(): ReadonlyMap<string, number> {
    return this.byRule;
  }

  /** For a transcript redacted before: keep its placeholder numbers taken. */
  reserveExisting(text: string): void {
    this.redactor.book.reserveExisting(text);
  }

  /** Session facts as they arrive: the cwd and remote are replaced wherever they appear later. */
  environment(environment: RedactableEnvironment | undefined): void {
    if (!environment || !this.redactor.anonymizer) return;
    this.redactor.anonymizer.learn('cwd', environment.cwd);
    this.redactor.anonymizer.learn('remote', environment.repo?.remote);
  }

  /**
   * Events before this index were written before the last secret was first recognised and may
   * hold a copy of it: a writer that still holds them passes them to `revisit` (0: none do).
   */
  get revisitBefore(): number {
    // the event itself too: its strings before the one the secret was found in
    return this.lastLearnedAt + 1;
  }

  /**
   * The second pass over an event written earlier: copies of secrets recognised later are
   * replaced, and receipts added. Null when nothing changes.
   */
  revisit<E extends RedactableEvent>(event: E): E | null {
    if (this.lastLearnedAt < 0) return null;
    const added: Redaction[] = [];
    const receipts = event.redactions ?? [];
    const moved = new Map<Redaction, Redaction>();
    const replaceCopies = (value: string, field: string): string => {
      const mine = receipts.filter((r) => r.field === field);
      const result = this.redactor.redactCopies(value, field, mine);
      if (!result) return value;
      // a key's receipts name the key as it is now written
      const now = isKeyField(field) ? keyField(field.slice(0, field.indexOf(KEY_MARK)), result.value) : field;
      mine.forEach((receipt, index) => moved.set(receipt, { ...result.moved[index]!, field: now }));
      added.push(...result.added.map((receipt) => ({ ...receipt, field: now })));
      return result.value;
    };
    const out = mapStrings(event, '', 0, EXEMPT_EVENT_KEYS, {
      value: replaceCopies,
      key: (name, objectPath) => (name.length > 0 ? replaceCopies(name, keyField(objectPath, name)) : name),
    }) as E;
    if (added.length === 0) return null;
    this.tally(added);
    return { ...out, redactions: [...receipts.map((r) => moved.get(r) ?? r), ...added] };
  }

  event<E extends RedactableEvent>(event: E): E {
    const index = this.eventIndex++;
    const learned = this.redactor.book.size;
    try {
      return this.redactEvent(event);
    } finally {
      if (this.redactor.book.size > learned) this.lastLearnedAt = index;
    }
  }

  private redactEvent<E extends RedactableEvent>(event: E): E {
    const { event: shaped, withheld } = applyContentPolicy(event, this.profile);
    const redactions: Redaction[] = [];
    let scanned = this.redactor.active ? this.scanForChanges(shaped) : null;
    const readOut = this.profile.secrets ? this.secretReadOut(shaped) : undefined;
    if (readOut) scanned = this.withReadOutSecret(scanned, readOut.output, readOut.span);
    let out = scanned ? (this.walk(shaped, redactions, scanned) as E) : shaped;
    const truncatedBefore = event.withheld?.some((w) => w.field === 'tool.output' && w.reason === 'truncated') ?? false;
    if (this.profile.toolOutput === 'truncated' && typeof out.tool?.output === 'string' && !truncatedBefore) {
      out = this.truncateOutput(out, redactions, withheld);
    }
    // most events: nothing removed, nothing withheld, the event goes on as it came
    if (out === event && redactions.length === 0 && withheld.length === 0) return event;
    const receipts = [...(event.redactions ?? []), ...redactions];
    const allWithheld = [...(event.withheld ?? []), ...withheld];
    this.tally(redactions);
    return {
      ...out,
      ...(receipts.length > 0 ? { redactions: receipts } : {}),
      ...(allWithheld.length > 0 ? { withheld: allWithheld } : {}),
    };
  }

  header<H extends RedactableHeader>(header: H): H {
    this.environment(header.session.environment);
    const session = { ...header.session, environment: this.redactEnvironment(header.session.environment) };
    if (header.session.title) session.title = this.headerString(header.session.title, 'session.title');
    const profile = this.profile;
    const counts = Object.fromEntries([...this.byRule].sort(([a], [b]) => a.localeCompare(b)));
    const submitter = this.options.submitter ?? header.submitter;
    return {
      ...header,
      session,
      submitter: profile.linkIdentity ? submitter : { keyId: submitter.keyId, pseudonym: submitter.pseudonym, identityLinked: false },
      privacy: {
        profile: profile.name,
        redactionApplied: profile.secrets || profile.pii,
        anonymizationApplied: profile.anonymize,
        rulesApplied: familiesOf(this.redactor.rules.rules),
        redactionCount: this.count,
        contentPolicy: {
          includeFileContents: profile.includeFileContents,
          toolOutput: profile.toolOutput,
          includeReasoning: profile.includeReasoning,
          includeAttachments: profile.includeAttachments,
          ...(profile.toolOutput === 'truncated' ? { truncateAt: profile.truncateAt } : {}),
        },
        ...(this.redactor.rules.rules.length > 0 ? { rulesetVersion: RULESET_VERSION } : {}),
        ...(Object.keys(counts).length > 0 ? { redactionsByRule: counts } : {}),
        ...(this.sessionRedactions.length > 0 ? { sessionRedactions: this.sessionRedactions } : {}),
        ...(profile.anonymize ? { anonymizationSalt: this.options.saltSource } : {}),
      },
    };
  }

  private redactEnvironment<V extends RedactableEnvironment>(environment: V): V {
    const out: V = { ...environment };
    for (const key of ['os', 'shell', 'cwd'] as const) {
      const value = environment[key];
      if (typeof value === 'string') out[key] = this.headerString(value, `session.environment.${key}`);
    }
    if (environment.repo) {
      const repo = { ...environment.repo };
      if (repo.remote) repo.remote = this.headerString(repo.remote, 'session.environment.repo.remote');
      if (repo.branch) repo.branch = this.headerString(repo.branch, 'session.environment.repo.branch');
      if (repo.name && this.redactor.anonymizer && !repo.name.startsWith('[ANON:')) {
        const result = this.redactor.anonymizeWhole(repo.name, 'session.environment.repo.name', 'repo');
        this.sessionRedactions.push(...result.redactions);
        this.tally(result.redactions);
        repo.name = result.value;
      } else if (repo.name) {
        repo.name = this.headerString(repo.name, 'session.environment.repo.name');
      }
      out.repo = repo;
    }
    return out;
  }

  private headerString(value: string, field: string): string {
    const before = this.sessionRedactions.length;
    const out = this.redactString(value, field, this.sessionRedactions);
    this.tally(this.sessionRedactions.slice(before));
    return out;
  }

  /** Redacts one string, checks what is left (fail closed) and adds the receipts to `receipts`. */
  private redactString(value: string, field: string, receipts: Redaction[], scanned?: readonly Finding[]): string {
    const result = this.redactor.redact(value, field, scanned);
    if (result.redactions.length === 0) return value;
    this.redactor.checkResidue(result.value, field, result.rulesFoundNothing ? result.redactions : undefined);
    receipts.push(...result.redactions);
    return result.value;
  }

  /**
   * A shell call whose command reads one secret (`gh auth token`, `… apikey get`) is remembered
   * until its result: a result that is one token is that secret, whatever its shape (see
   * secret-reading-commands.ts). Its span in the output, or undefined.
   */
  private secretReadOut(event: RedactableEvent): { output: string; span: Span } | undefined {
    const callId = event.tool?.callId;
    if (typeof callId !== 'string') return undefined;
    if (event.type === 'tool_call') {
      const command = shellCommandOf(event.tool!.input);
      if (command !== undefined && readsOneSecret(command)) {
        this.secretReadingCalls.add(callId);
        // calls that never get a result are forgotten, oldest first
        if (this.secretReadingCalls.size > MAX_PENDING_SECRET_CALLS) this.secretReadingCalls.delete(this.secretReadingCalls.values().next().value!);
      }
      return undefined;
    }
    if (event.type !== 'tool_result' || !this.secretReadingCalls.delete(callId)) return undefined;
    const output = event.tool!.output;
    if (typeof output !== 'string') return undefined;
    const span = loneSecretToken(output);
    return span ? { output, span } : undefined;
  }

  /** The findings to redact the output with: the rules' own, and the read-out secret where no finding covers it. */
  private withReadOutSecret(scanned: ScannedStrings | null, output: string, span: Span): ScannedStrings {
    const strings: ScannedStrings = scanned ?? new Map();
    const found = strings.get(output) ?? this.redactor.rules.scan(output);
    if (found.some((finding) => finding.start < span.end && span.start < finding.end)) {
      strings.set(output, found);
      return strings;
    }
    const readOut: Finding = { ...span, ruleId: 'secret-command-output', type: 'secret', label: 'secret' };
    strings.set(output, [...found, readOut].sort((a, b) => a.start - b.start));
    return strings;
  }

  private tally(receipts: readonly Redaction[]): void {
    for (const receipt of receipts) this.byRule.set(receipt.ruleId, (this.byRule.get(receipt.ruleId) ?? 0) + 1);
  }

  /**
   * The fast path: most events hold nothing to redact. Their short strings are joined and scanned
   * once (one call instead of one per string, and rules that need a keyword run at most once);
   * only when something is found is each string redacted on its own. The separator is one no
   * rule matches across (a line break, a NUL, a line break), so whatever a string alone would
   * show, the joined text shows too. A long string is scanned alone (a call costs little next to
   * its length): its findings are kept for the redaction, which then need not scan it again.
   * Null when nothing would change; else the rules' findings in the strings scanned alone so far.
   */
  private scanForChanges(event: RedactableEvent): ScannedStrings | null {
    const texts: string[] = [];
    const scanned: ScannedStrings = new Map();
    if (this.collect(event, 0, EXEMPT_EVENT_KEYS, texts)) return scanned;
    if (texts.length === 0) return null;
    const short: string[] = [];
    for (const text of texts) {
      if (text.length < SCANNED_ALONE_LENGTH) {
        short.push(text);
      } else if (!scanned.has(text)) {
        const found = this.redactor.rules.scan(text);
        scanned.set(text, found);
        if (found.length > 0) return scanned;
      }
    }
    if (short.length > 0 && this.redactor.rules.scan(short.length === 1 ? short[0]! : short.join(JOINED_SEPARATOR)).length > 0) return scanned;
    // copies of secrets seen before, and what is anonymized, are searched for in all of them
    if (this.redactor.book.size === 0 && !this.redactor.anonymizer) return null;
    if (!this.redactor.mayChangeBeyondRules(texts.length === 1 ? texts[0]! : texts.join(JOINED_SEPARATOR))) return null;
    // the rules found nothing in the joined text, so nothing in each of its strings either
    for (const text of short) scanned.set(text, NO_FINDINGS);
    return scanned;
  }

  /** The strings `walk` would redact; true at once when a value sits under a sensitive key. */
  private collect(value: unknown, depth: number, exempt: ReadonlySet<string> | null, texts: string[]): boolean {
    if (typeof value === 'string') {
      if (value.length > 0) texts.push(value);
      return false;
    }
    if (Array.isArray(value)) {
      for (const item of value) if (this.collect(item, depth + 1, exempt, texts)) return true;
      return false;
    }
    if (!value || typeof value !== 'object') return false;
    for (const name in value) {
      if (exempt?.has(name)) continue;
      if (depth > 0) texts.push(name);
      const item = (value as Record<string, unknown>)[name];
      if (typeof item === 'string') {
        if (depth > 0 && this.profile.secrets && sensitiveValue(name, item)) return true;
        if (item.length > 0) texts.push(item);
      } else {
        // as in walk: the exempt keys of `tool`, `meta` and each attachment
        if (this.collect(item, depth + 1, exemptBelow(depth, name), texts)) return true;
      }
    }
    return false;
  }

  /** Redacts each string of an event; a value under a key such as `password` or `api_key` is a secret whatever it looks like. */
  private walk(event: RedactableEvent, redactions: Redaction[], scanned: ScannedStrings): unknown {
    return mapStrings(event, '', 0, EXEMPT_EVENT_KEYS, {
      value: (value, field, name) => (name !== undefined && this.profile.secrets && sensitiveValue(name, value)
        ? this.redactWholeValue(value, field, name, redactions)
        : this.redactString(value, field, redactions, scanned.get(value))),
      key: (name, objectPath, siblings) => this.redactKey(name, objectPath, siblings, redactions, scanned.get(name)),
    });
  }

  /**
   * A secret used as an object key (`{"ghp_…": {...}}`) is replaced in the key. Its receipt's
   * field is `<object path>#key:<key as written>`, and the offsets are into that key.
   */
  private redactKey(name: string, objectPath: string, siblings: Record<string, unknown>, redactions: Redaction[], scanned?: readonly Finding[]): string {
    if (name.length === 0) return name;
    const result = this.redactor.redact(name, objectPath, scanned);
    if (result.redactions.length === 0) return name;
    let key = result.value;
    // two keys that held the same secret: the second keeps a mark so that neither is lost
    for (let n = 2; Object.hasOwn(siblings, key); n++) key = `${result.value} (${n})`;
    const field = keyField(objectPath, key);
    this.redactor.checkResidue(key, field);
    redactions.push(...result.redactions.map((receipt) => ({ ...receipt, field })));
    return key;
  }

  private redactWholeValue(value: string, path: string, name: string, redactions: Redaction[]): string {
    const result = this.redactor.redactWhole(value, path, 'sensitive-field', classifyName(name) === 'password' ? 'password' : 'secret');
    redactions.push(...result.redactions);
    return result.value;
  }

  private truncateOutput<E extends RedactableEvent>(event: E, redactions: Redaction[], withheld: Withheld[]): E {
    const output = event.tool!.output as string;
    const inOutput = redactions.filter((r) => r.field === 'tool.output');
    const cut = truncateKeepingEnds(output, this.profile.truncateAt, inOutput);
    if (!cut) return event;
    const shift = cut.headEnd + cut.marker.length - cut.tailStart;
    const kept = redactions.filter((r) => r.field !== 'tool.output' || r.end <= cut.headEnd || r.start >= cut.tailStart);
    redactions.length = 0;
    for (const r of kept) redactions.push(r.field === 'tool.output' && r.start >= cut.tailStart ? { ...r, start: r.start + shift, end: r.end + shift } : r);
    withheld.push({ field: 'tool.output', reason: 'truncated', chars: output.length, keptChars: cut.text.length - cut.marker.length });
    return { ...event, tool: { ...event.tool!, output: cut.text } };
  }
}

const OUTPUT_STRICTNESS = ['full', 'truncated', 'metadata-only', 'none'] as const;

/**
 * The receipt of a transcript redacted twice: counts add up, rules and content policy are the
 * union and the stricter of the two, and the profile is the later one.
 */
export function mergePrivacy(before: Privacy, after: Privacy): Privacy {
  if (!before.redactionApplied && !before.anonymizationApplied && before.redactionCount === 0) return after;
  const byRule: Record<string, number> = { ...(before.redactionsByRule ?? {}) };
  for (const [rule, n] of Object.entries(after.redactionsByRule ?? {})) byRule[rule] = (byRule[rule] ?? 0) + n;
  const strictest = Math.max(OUTPUT_STRICTNESS.indexOf(before.contentPolicy.toolOutput), OUTPUT_STRICTNESS.indexOf(after.contentPolicy.toolOutput));
  const sessionRedactions = [...(before.sessionRedactions ?? []), ...(after.sessionRedactions ?? [])];
  const truncateAt = [before.contentPolicy.truncateAt, after.contentPolicy.truncateAt].filter((n): n is number => n !== undefined);
  return {
    ...after,
    redactionApplied: before.redactionApplied || after.redactionApplied,
    anonymizationApplied: before.anonymizationApplied || after.anonymizationApplied,
    rulesApplied: [...new Set([...before.rulesApplied, ...after.rulesApplied])],
    redactionCount: before.redactionCount + after.redactionCount,
    contentPolicy: {
      includeFileContents: before.contentPolicy.includeFileContents && after.contentPolicy.includeFileContents,
      toolOutput: OUTPUT_STRICTNESS[strictest]!,
      includeReasoning: (before.contentPolicy.includeReasoning ?? true) && (after.contentPolicy.includeReasoning ?? true),
      includeAttachments: (before.contentPolicy.includeAttachments ?? true) && (after.contentPolicy.includeAttachments ?? true),
      ...(truncateAt.length > 0 ? { truncateAt: Math.min(...truncateAt) } : {}),
    },
    ...(Object.keys(byRule).length > 0 ? { redactionsByRule: byRule } : {}),
    ...(sessionRedactions.length > 0 ? { sessionRedactions } : {}),
  };
}
