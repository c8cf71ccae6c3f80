/**
 * The content digest of a body as sent, which the server's Stored answer must repeat
 * (verify.ts). Taken where the body is prepared, often a worker thread: this module loads no
 * HTTP client.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { contentSha256 } from '../api/contract.js';
const gunzipAsync = promisify(gunzip);
/** The digest of an outbox body (gzipped JSON); throws when it is not a JSON document. */
export async function sentContent(transcriptId, gzipped) {
    const text = (await gunzipAsync(gzipped)).toString('utf8');
    return { transcriptId, digest: contentSha256(JSON.parse(text)) };
}
//# sourceMappingURL=sent-content.js.map