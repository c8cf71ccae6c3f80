/**
 * Submission keys (../shared/spec/upload-api.md): `atx_<keyId>_<secret>`. The key id is public;
 * the secret only ever leaves through the Authorization header. The pseudonym and the
 * anonymization salt are keyed hashes of the secret: stable for one key, no way back to it.
 */
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { refuseIfOthersCanChange, refuseIfReadableByOthers } from './config.js';
import { fileError, usageError } from './errors.js';
import { maskKeys } from './mask.js';
const KEY_PATTERN = /^atx_([A-Za-z0-9]{4,64})_([A-Za-z0-9_-]{16,256})$/;
export function parseKey(text, where) {
    const match = KEY_PATTERN.exec(text.trim());
    if (!match)
        throw usageError(`${where}: not a submission key (expected atx_<keyId>_<secret>)`);
    const key = { keyId: match[1], secret: match[2] };
    Object.defineProperty(key, 'toString', { value: () => `atx_${key.keyId}_…`, enumerable: false });
    Object.defineProperty(key, 'toJSON', { value: () => ({ keyId: key.keyId }), enumerable: false });
    return key;
}
/** A key file's text, after checking that only its owner can read it and nobody else can change it. */
export async function readKeyFile(path) {
    await refuseIfReadableByOthers(path, 'is a key file');
    await refuseIfOthersCanChange(path, 'the key file');
    return readFile(path, 'utf8').catch((error) => { throw fileError(path, error); });
}
/** `anon_` + HMAC-SHA-256 of a fixed label under the key's secret, truncated to 96 bits. */
export function pseudonymFor(key) {
    return `anon_${createHmac('sha256', key.secret).update('atx/pseudonym/v1').digest('hex').slice(0, 24)}`;
}
/** The salt for anonymization hashes: the same person's transcripts get the same tokens. */
export function anonymizationSaltFor(key) {
    return createHmac('sha256', key.secret).update('atx/anonymize/v1').digest().subarray(0, 16);
}
/**
 * The submitter block. `identity` (from the config file) is linked here; the redactor keeps it
 * only under a profile that links identity (team).
 */
export function submitterFor(key, identity) {
    const linked = identity && Object.keys(identity).length > 0 ? { identityLinked: true, identity } : { identityLinked: false };
    return key ? { keyId: key.keyId, pseudonym: pseudonymFor(key), ...linked } : { keyId: null, pseudonym: null, ...linked };
}
/** Sending needs a key: the key, or a usage error that says where to put one. */
export function requireKey(key) {
    if (!key)
        throw usageError('no submission key: give --key-file <file>, set ATX_KEY, or save one with atx login');
    return key;
}
/**
 * The key from `--key-file`, else `ATX_KEY`, else the config file's `upload.key` (written by
 * `atx login`), else none. A key file that others can read is refused: the key is a password.
 */
export async function loadKey(options) {
    if (options.keyFile)
        return parseKey(await readKeyFile(options.keyFile), maskKeys(options.keyFile));
    if (options.env.ATX_KEY)
        return parseKey(options.env.ATX_KEY, 'ATX_KEY');
    const saved = options.config?.upload.key;
    if (saved)
        return parseKey(saved, 'the config file\'s upload.key');
    return null;
}
//# sourceMappingURL=keys.js.map