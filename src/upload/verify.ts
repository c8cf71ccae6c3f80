/**
 * What makes a 2xx a delivery: a Stored answer (StoredSchema) for this transcript id, whose
 * status agrees with the HTTP status and whose content digest, when the server gives one, is the
 * digest of what was sent. A wrong endpoint (a proxy's 201 {}, a web page's 200, a 204) answers
 * 2xx too, and taking that as delivered would drop the transcript from the outbox unseen.
 */
import type { Stored } from '../api/contract.js';
import { surelyStored } from './answer-bodies.js';
import { oneLine, type Answer } from './http-client.js';
import type { SentContent } from './sent-content.js';

export type StoredVerdict = { ok: true; stored: Stored } | { ok: false; reason: string };

const STATUS_FOR: Readonly<Record<Stored['status'], number>> = { stored: 201, replayed: 200 };

export async function verifyStored(answer: Extract<Answer, { kind: 'http' }>, sent: SentContent): Promise<StoredVerdict> {
  if (answer.status !== 201 && answer.status !== 200) {
    return { ok: false, reason: `the upload API answers 201 or 200 to a stored transcript, not ${answer.status}` };
  }
  if (answer.body === null) {
    return { ok: false, reason: answer.text === undefined ? 'the answer is empty' : `the answer is not JSON (it begins "${oneLine(answer.text, 40)}")` };
  }
  // the schema (and zod with it) is loaded only for an answer the hand-written check is not sure of
  let stored = surelyStored(answer.body);
  if (stored === null) {
    const { StoredSchema } = await import('../api/contract.js');
    const parsed = StoredSchema.safeParse(answer.body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || '(answer)'))];
      return { ok: false, reason: `the answer is not a Stored answer (missing or wrong: ${oneLine(fields.slice(0, 6).join(', '), 120)})` };
    }
    stored = parsed.data;
  }
  if (stored.transcriptId !== sent.transcriptId) {
    return { ok: false, reason: `the answer is about transcript ${oneLine(stored.transcriptId, 80)}, not this one` };
  }
  if (STATUS_FOR[stored.status] !== answer.status) {
    return { ok: false, reason: `the answer says "${stored.status}" with status ${answer.status}` };
  }
  // Servers that predate the digest field are trusted on the id; one that gives it must agree.
  if (stored.digest !== undefined && stored.digest !== sent.digest) {
    return { ok: false, reason: `the server's content digest ${stored.digest.slice(0, 12)}… is not that of what was sent (${sent.digest.slice(0, 12)}…)` };
  }
  return { ok: true, stored };
}
