/**
 * The preparing half of `atx upload`, run by the main thread or a worker thread (upload-worker.ts):
 * one input unit converted or read, redacted and gzipped, with the content digest of its body
 * taken there and then (the check of the server's Stored answer needs it), or the reason it could
 * not be prepared. What comes out is plain data, so it can cross threads.
 */
import { AtxError } from '../errors.js';
import type { InputUnit } from '../input/reader.js';
import { prepareUnitWithDigest, type PrepareOptions, type PreparedTranscript } from '../pipeline/prepare-upload.js';
import { documentContent, sentContent, type SentContent } from '../upload/sent-content.js';

export type PreparedUnit =
  | { input: string; prepared: PreparedTranscript; sent?: SentContent; notes?: string[] }
  | { input: string; failure: { message: string; exitCode: number } };

/** `withDigest`: take the body's content digest too (not for a dry run, which sends nothing). */
export async function prepareOrFail(unit: InputUnit, options: PrepareOptions, withDigest: boolean): Promise<PreparedUnit> {
  let prepared: PreparedTranscript;
  let digest: string | undefined;
  let document: Buffer | undefined;
  let notes: string[];
  try {
    ({ prepared, digest, document, notes } = await prepareUnitWithDigest(unit, options, withDigest));
  } catch (error) {
    if (unit.kind === 'native') await unit.opened.items.return(undefined);
    if (!(error instanceof AtxError)) throw error;
    return { input: unit.name, failure: { message: error.message, exitCode: error.exitCode } };
  }
  const said = notes.length > 0 ? { notes } : {};
  if (!withDigest) return { input: unit.name, prepared, ...said };
  const sent = digest !== undefined ? { transcriptId: prepared.transcriptId, digest }
    : document ? documentContent(prepared.transcriptId, document) : await sentContent(prepared.transcriptId, prepared.gzipped);
  return { input: unit.name, prepared, sent, ...said };
}
