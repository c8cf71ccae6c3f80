import { ERROR_STATUS, ErrorBodySchema } from '../api/contract.js';
export class HttpError extends Error {
    code;
    details;
    headers;
    status;
    constructor(code, message, details, headers = {}) {
        super(message);
        this.code = code;
        this.details = details;
        this.headers = headers;
        this.name = 'HttpError';
        this.status = ERROR_STATUS[code];
    }
}
/** The client went away before its request was complete: there is nobody to answer. */
export class ClientGoneError extends Error {
    constructor() {
        super('the client closed the connection');
        this.name = 'ClientGoneError';
    }
}
export function sendJson(req, res, status, schema, body, headers = {}) {
    const text = JSON.stringify(schema.parse(body));
    send(req, res, status, text, headers);
}
export function sendError(req, res, error) {
    const body = { error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) } };
    sendJson(req, res, error.status, ErrorBodySchema, body, error.headers);
}
function send(req, res, status, text, headers) {
    if (res.headersSent || res.destroyed)
        return;
    const bodyUnread = !req.complete;
    res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(text)),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...(bodyUnread ? { connection: 'close' } : {}),
        ...headers,
    });
    res.end(text);
    if (bodyUnread)
        lingerThenClose(req);
}
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 2_000;
/**
 * An answer sent before the request body was read (401, 413, 415, ...): keep reading and
 * discarding a bounded amount so a client still sending gets to read the answer instead of a
 * connection reset, then close. Never reads an unbounded body.
 */
function lingerThenClose(req) {
    const socket = req.socket;
    let discarded = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    req.removeAllListeners('data');
    req.on('data', (chunk) => {
        discarded += chunk.length;
        if (discarded > LINGER_BYTES)
            socket.destroy();
    });
    req.on('end', () => clearTimeout(timer));
    req.on('error', () => { });
    req.resume();
}
//# sourceMappingURL=http.js.map