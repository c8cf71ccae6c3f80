/**
 * The transform between the assembler and any sink: one per transcript. Every string of every
 * event goes through the profile (content policy, then secrets, personal data, anonymization),
 * leaving receipts on the event; the header gets the same treatment and the `privacy` block.
 */
import { applyContentPolicy, truncateKeepingEnds } from './content-policy.js';
import type { Profile } from './profiles.js';
import { Redactor } from './redactor.js';
import { classifyName, sensitiveValue } from './rules/assignment.js';
import { familiesOf, RULESET_VERSION } from './rules/index.js';
import type { Privacy, RedactableEnvironment, RedactableEvent, RedactableHeader, Redaction, Submitter, Withheld } from './transcript-shape.js';

/** Event fields that are atx's or the agent's bookkeeping, never free text. */
const EXEMPT_EVENT_KEYS = new Set(['id', 'seq', 'timestamp', 'type', 'role', 'nativeId', 'parentId', 'model', 'synthetic', 'usage', 'redactions', 'withheld']);
const EXEMPT_TOOL_KEYS = new Set(['name', 'callId', 'kind', 'status', 'durationMs', 'exitCode', 'mcp']);
const EXEMPT_META_KEYS = new Set(['kind', 'line', 'recordType']);
const EXEMPT_ATTACHMENT_KEYS = new Set(['kind', 'mime', 'bytes', 'sha256']);

export interface TranscriptRedactorOptions {
  salt: Buffer;
  saltSource: 'per-key' | 'per-transcript';
  submitter?: Submitter;
}

export class TranscriptRedactor {
  private readonly redactor: Redactor;
  private readonly sessionRedactions: Redaction[] = [];
  /** receipts written so far (events and header), by rule id */
  private readonly byRule = new Map<string, number>();

  constructor(readonly profile: Profile, private readonly options: TranscriptRedactorOptions) {
    this.redactor = new Redactor(profile, options.salt);
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

  event<E extends RedactableEvent>(event: E): E {
    const { event: shaped, withheld } = applyContentPolicy(event, this.profile);
    const redactions: Redaction[] = [];
    let out = this.redactor.active ? (this.walk(shaped, '', redactions, 0) as E) : shaped;
    const truncatedBefore = event.withheld?.some((w) => w.field === 'tool.output' && w.reason === 'truncated') ?? false;
    if (this.profile.toolOutput === 'truncated' && typeof out.tool?.output === 'string' && !truncatedBefore) {
      out = this.truncateOutput(out, redactions, withheld);
    }
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
  private redactString(value: string, field: string, receipts: Redaction[]): string {
    const result = this.redactor.redact(value, field);
    if (result.redactions.length === 0) return value;
    this.redactor.checkResidue(result.value, field);
    receipts.push(...result.redactions);
    return result.value;
  }

  private tally(receipts: readonly Redaction[]): void {
    for (const receipt of receipts) this.byRule.set(receipt.ruleId, (this.byRule.get(receipt.ruleId) ?? 0) + 1);
  }

  /** Walks any JSON value, redacting each string; the keys of the event itself say what is exempt. */
  private walk(value: unknown, field: string, redactions: Redaction[], depth: number): unknown {
    if (typeof value === 'string') return this.redactString(value, field, redactions);
    if (Array.isArray(value)) return value.map((item, index) => this.walk(item, `${field}[${index}]`, redactions, depth + 1));
    if (!value || typeof value !== 'object') return value;
    const exempt = depth === 0 ? EXEMPT_EVENT_KEYS
      : field === 'tool' ? EXEMPT_TOOL_KEYS
      : field === 'meta' ? EXEMPT_META_KEYS
      : /^attachments\[\d+\]$/.test(field) ? EXEMPT_ATTACHMENT_KEYS
      : null;
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      const path = field === '' ? name : `${field}.${name}`;
      if (exempt?.has(name)) {
        out[name] = item;
      } else if (typeof item === 'string' && depth > 0 && this.profile.secrets && sensitiveValue(name, item)) {
        // A value under a key such as `password` or `api_key` is a secret whatever it looks like.
        const result = this.redactor.redactWhole(item, path, 'sensitive-field', classifyName(name) === 'password' ? 'password' : 'secret');
        redactions.push(...result.redactions);
        out[name] = result.value;
      } else {
        out[name] = this.walk(item, path, redactions, depth + 1);
      }
    }
    return out;
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
