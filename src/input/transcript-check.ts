/**
 * What can be checked of a Transcript someone hands atx: the schema, then whether its parts
 * agree with each other. Every command that reads Transcripts refuses one that fails here.
 */
import type { z } from 'zod';
import { invalidInputError, type AtxError } from '../errors.js';
import { checkConsistency, TranscriptSchema, type Transcript } from '../transcript/index.js';

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
  if (tooDeep !== null) {
    const path = tooDeep.length > 80 ? `${tooDeep.slice(0, 80)}…` : tooDeep;
    return { ok: false, issues: [{ path, message: `nested deeper than ${MAX_TRANSCRIPT_DEPTH} levels` }] };
  }
  const parsed = TranscriptSchema.safeParse(document);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.map(describeIssue) };
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

/**
 * The path of a value nested deeper than `limit`, or null; without recursion. Paths are built
 * only for the containers on the way down, not for every value of a large document.
 */
function deeperThan(document: unknown, limit: number): string | null {
  const values: unknown[] = [document];
  const depths: number[] = [0];
  const paths: string[] = [''];
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

function describeIssue(issue: z.core.$ZodIssue): TranscriptIssue {
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    '',
  );
  return { path: path || '(document)', message: issue.message };
}
