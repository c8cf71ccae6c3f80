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

/** The schema first; a document that passes it is then checked for parts that disagree. */
export function checkTranscript(document: unknown): CheckedTranscript {
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

function describeIssue(issue: z.core.$ZodIssue): TranscriptIssue {
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    '',
  );
  return { path: path || '(document)', message: issue.message };
}
