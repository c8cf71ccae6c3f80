/**
 * What can be checked of a Transcript someone hands atx: the schema, then whether its parts
 * agree with each other. Every command that reads Transcripts refuses one that fails here.
 */
import type { z } from 'zod';
import { invalidInputError, type AtxError } from '../errors.js';
import {
  checkConsistency, ConsistencyCheck, EventSchema, TranscriptSchema, type Transcript, type TranscriptEvent,
} from '../transcript/index.js';

export interface TranscriptIssue {
  path: string;
  message: string;
}

export type CheckedTranscript = { ok: true; transcript: Transcript } | { ok: false; issues: TranscriptIssue[] };

/**
 * Deeper than this, a document is refused by every command alike (validate, redact, convert,
 * upload): the steps that walk a Transcript recurse, and a value nested thousands of levels deep
 * would overflow their stack in one command and pass in another.
 */
export const MAX_TRANSCRIPT_DEPTH = 512;

/** The schema first; a document that passes it is then checked for parts that disagree. */
export function checkTranscript(document: unknown): CheckedTranscript {
  const tooDeep = deeperThan(document, MAX_TRANSCRIPT_DEPTH);
  if (tooDeep !== null) return { ok: false, issues: [tooDeepIssue(tooDeep)] };
  const parsed = TranscriptSchema.safeParse(document);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((issue) => describeIssue(issue)) };
  const disagreements = checkConsistency(parsed.data);
  if (disagreements.length > 0) return { ok: false, issues: disagreements };
  return { ok: true, transcript: parsed.data };
}

/** The error for a Transcript that failed its checks: the first disagreement, with its path. */
export function invalidTranscriptError(name: string, issues: readonly TranscriptIssue[]): AtxError {
  const first = issues[0];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more; see atx validate)` : ' (see atx validate)';
  return invalidInputError(`${name}: invalid Transcript: ${first ? `${first.path}: ${first.message}` : 'invalid'}${more}`);
}

function tooDeepIssue(path: string): TranscriptIssue {
  return { path: path.length > 80 ? `${path.slice(0, 80)}…` : path, message: `nested deeper than ${MAX_TRANSCRIPT_DEPTH} levels` };
}

export type TranscriptHeaderPart = Omit<Transcript, 'events'>;
const HeaderSchema = TranscriptSchema.omit({ events: true });

/**
 * The same checks as checkTranscript for a Transcript read as a stream: its header (every
 * top-level member but the events), then each event as it comes, holding none of them. The
 * issues come in the same order: a value nested too deep alone, else the schema's (header, then
 * events), else, when the schema holds, the disagreements.
 */
export class StreamedTranscriptCheck {
  private readonly schemaIssues: TranscriptIssue[] = [];
  private tooDeep: TranscriptIssue | undefined;
  /** the header as the schema gives it, when it passed */
  readonly header: TranscriptHeaderPart | undefined;
  private readonly consistency: ConsistencyCheck | undefined;
  private index = 0;

  constructor(header: Record<string, unknown>) {
    const deep = deeperThan(header, MAX_TRANSCRIPT_DEPTH);
    if (deep !== null) this.tooDeep = tooDeepIssue(deep);
    const parsed = HeaderSchema.safeParse(header);
    if (parsed.success) {
      this.header = parsed.data;
      this.consistency = new ConsistencyCheck(parsed.data);
    } else {
      this.schemaIssues.push(...parsed.error.issues.map((issue) => describeIssue(issue)));
    }
  }

  get failed(): boolean {
    return this.tooDeep !== undefined || this.schemaIssues.length > 0;
  }

  /** the event as the schema gives it, or null once anything has failed (the rest is only checked) */
  event(value: unknown): TranscriptEvent | null {
    const index = this.index++;
    const at = `events[${index}]`;
    const deep = this.tooDeep ? null : deeperThan(value, MAX_TRANSCRIPT_DEPTH, at, 2);
    if (deep !== null) this.tooDeep = tooDeepIssue(deep);
    const parsed = EventSchema.safeParse(value);
    if (!parsed.success) {
      this.schemaIssues.push(...parsed.error.issues.map((issue) => describeIssue(issue, ['events', index])));
      return null;
    }
    if (this.failed) return null;
    this.consistency!.event(parsed.data);
    return parsed.data;
  }

  finish(): { ok: true; header: TranscriptHeaderPart; eventCount: number } | { ok: false; issues: TranscriptIssue[] } {
    if (this.tooDeep) return { ok: false, issues: [this.tooDeep] };
    if (this.schemaIssues.length > 0) return { ok: false, issues: this.schemaIssues };
    const disagreements = this.consistency!.finish();
    if (disagreements.length > 0) return { ok: false, issues: disagreements };
    return { ok: true, header: this.header!, eventCount: this.index };
  }
}

/**
 * The path of a value nested deeper than `limit`, or null; without recursion. Paths are built
 * only for the containers on the way down, not for every value of a large document.
 */
function deeperThan(document: unknown, limit: number, basePath = '', baseDepth = 0): string | null {
  const values: unknown[] = [document];
  const depths: number[] = [baseDepth];
  const paths: string[] = [basePath];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    const path = paths.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return path || '(document)';
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (item === null || typeof item !== 'object') continue;
        values.push(item);
        depths.push(depth + 1);
        paths.push(`${path}[${index}]`);
      }
    } else {
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        if (item === null || typeof item !== 'object') continue;
        values.push(item);
        depths.push(depth + 1);
        paths.push(path ? `${path}.${key}` : key);
      }
    }
  }
  return null;
}

function describeIssue(issue: z.core.$ZodIssue, prefix: PropertyKey[] = []): TranscriptIssue {
  const path = [...prefix, ...issue.path].reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    '',
  );
  return { path: path || '(document)', message: issue.message };
}
