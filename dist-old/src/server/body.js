import { createGunzip } from 'node:zlib';
import { ClientGoneError, HttpError } from './http.js';
/** Content-Encoding: identity or gzip (x-gzip too), else null. */
export function bodyEncoding(header) {
    const value = (header ?? '').trim().toLowerCase();
    if (value === '' || value === 'identity')
        return 'identity';
    if (value === 'gzip' || value === 'x-gzip')
        return 'gzip';
    return null;
}
/** The wire limit for this encoding; a plain body is the document, so both caps apply to it. */
export function wireLimit(limits, encoding) {
    return encoding === 'gzip' ? limits.maxBodyBytes : Math.min(limits.maxBodyBytes, limits.maxTranscriptBytes);
}
export function tooLarge(what, limitBytes, limit = 'body_bytes') {
    return new HttpError('payload_too_large', `${what} is larger than this server accepts (${limitBytes} bytes)`, { limitBytes, limit });
}
/** Thrown into a body read when the server shuts down: the request is abandoned, its socket cut. */
export class ShutdownError extends Error {
    constructor() {
        super('the server is shutting down');
        this.name = 'ShutdownError';
    }
}
export function readBody(req, limits, encoding, onWireBytes, consume, signal) {
    const maxWire = wireLimit(limits, encoding);
    return new Promise((resolve, reject) => {
        let wireBytes = 0;
        let documentBytes = 0;
        let settled = false;
        const gunzip = encoding === 'gzip' ? createGunzip() : null;
        const finish = (error) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            req.off('data', onData);
            req.off('end', onEnd);
            req.off('close', onClose);
            signal.removeEventListener('abort', onAbort);
            if (gunzip) {
                gunzip.removeAllListeners('data');
                if (error)
                    gunzip.destroy();
            }
            if (error)
                reject(error);
            else
                resolve();
        };
        const collect = (chunk) => {
            if (settled)
                return;
            documentBytes += chunk.length;
            if (documentBytes > limits.maxTranscriptBytes) {
                finish(tooLarge(gunzip ? 'the inflated body' : 'the body', limits.maxTranscriptBytes, 'document_bytes'));
                return;
            }
            try {
                consume(chunk);
            }
            catch (error) {
                finish(error);
            }
        };
        const onAbort = () => {
            finish(new ShutdownError());
            req.socket.destroy();
        };
        const onData = (chunk) => {
            if (settled)
                return;
            wireBytes += chunk.length;
            onWireBytes(wireBytes);
            if (wireBytes > maxWire) {
                finish(tooLarge('the body', maxWire));
                return;
            }
            if (gunzip)
                gunzip.write(chunk);
            else
                collect(chunk);
        };
        const onEnd = () => {
            if (gunzip)
                gunzip.end();
            else
                finish(null);
        };
        const onClose = () => {
            if (!req.complete)
                finish(new ClientGoneError());
        };
        const timer = setTimeout(() => {
            finish(new HttpError('request_timeout', `the body did not arrive within ${Math.round(limits.timeoutMs / 1000)} s`));
        }, limits.timeoutMs);
        if (gunzip) {
            gunzip.on('data', collect);
            gunzip.on('end', () => finish(null));
            gunzip.on('error', () => finish(new HttpError('bad_request', 'the body is not valid gzip (Content-Encoding: gzip)')));
        }
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('close', onClose);
        req.on('error', () => finish(new ClientGoneError()));
        if (signal.aborted)
            onAbort();
        else
            signal.addEventListener('abort', onAbort, { once: true });
    });
}
//# sourceMappingURL=body.js.map