/**
 * The content digest of a body as sent, which the server's Stored answer must repeat
 * (verify.ts). Taken where the body is prepared, often a worker thread: this module loads no
 * HTTP client.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { textContentDigest } from '../api/text-digests.js';

export interface SentContent {
  transcriptId: string;
  /** contentSha256 of the document sent */
  digest: string;
}

const gunzipAsync = promisify(gunzip);

/** The digest of an outbox body (gzipped JSON); throws when it is not a JSON document. */
export async function sentContent(transcriptId: string, gzipped: Buffer): Promise<SentContent> {
  return documentContent(transcriptId, await gunzipAsync(gzipped));
}

/**
 * sentContent from the uncompressed document, when it is still in hand: taken from its bytes as
 * the server takes it (api/text-digests.ts), which costs about half of parsing the document and
 * writing its canonical text again.
 */
export function documentContent(transcriptId: string, document: Buffer): SentContent {
  return { transcriptId, digest: textContentDigest(document) };
}
