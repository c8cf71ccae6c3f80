/**
 * The content digest of a body as sent, which the server's Stored answer must repeat
 * (verify.ts). Taken where the body is prepared, often a worker thread: this module loads no
 * HTTP client.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { contentSha256 } from '../api/wire.js';

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

/** sentContent from the uncompressed document, when it is still in hand. */
export function documentContent(transcriptId: string, document: Buffer): SentContent {
  return { transcriptId, digest: contentSha256(JSON.parse(document.toString('utf8')) as unknown) };
}
