// Pieces every scripted model server shares: which scripted turn a request is at, splitting text
// into stream deltas, reading and answering requests, and listening on loopback.

import http from 'node:http';
import fs from 'node:fs';
import crypto from 'node:crypto';

/**
 * The turn a request is at, given how many steps (tool results) its history holds. `awaits(turn)`
 * says how many steps a turn waits for before the next one; partial results resend the same turn.
 */
export function pickTurnBySteps(turns, steps, awaits) {
  let expected = 0;
  for (let i = 0; i < turns.length; i++) {
    if (expected === steps) return { index: i, turn: turns[i] };
    expected += awaits(turns[i]);
    if (expected > steps) return { index: i, turn: turns[i] };
  }
  return null;
}

/** A string cut into stream deltas of `size` characters (one empty delta for an empty string). */
export function chunks(s, size) {
  const out = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length ? out : [''];
}

/** Listens on 127.0.0.1 (random port); resolves to { port, url, stats, close() }. */
export function listenOnLoopback(server, { log, stats, scenario }) {
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      log({ kind: 'listening', port, scenario: scenario?.name });
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        stats,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}

/** A logger appending timestamped JSON lines to `logFile` (a no-op without one). */
export function jsonLinesLogger(logFile) {
  return (entry) => {
    if (!logFile) return;
    fs.appendFileSync(logFile, JSON.stringify({ t: new Date().toISOString(), ...entry }) + '\n');
  };
}

/** Writes `obj` as a whole JSON response; `headers` may also replace the content type. */
export function sendJson(res, status, obj, headers = {}) {
  const s = JSON.stringify(obj);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(s), ...headers });
  res.end(s);
}

/** Starts a server-sent-events response. */
export function startEventStream(res, headers = {}) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers });
}

/** Counts one request under `key` in `stats.paths`. */
export function countPath(stats, key) {
  stats.paths[key] = (stats.paths[key] ?? 0) + 1;
}

/** The request's headers without the ones that carry credentials (fit for the log). */
export const loggableHeaders = (req) => Object.fromEntries(Object.entries(req.headers).filter(([k]) => !/authorization|api-key|cookie/i.test(k)));

/** `GET /` and `HEAD` answer ok (health checks); anything else is a 404 with `notFoundBody`. */
export function sendRootOrNotFound(req, res, url, notFoundBody, send = sendJson) {
  if (req.method === 'HEAD' || (req.method === 'GET' && url.pathname === '/')) return send(res, 200, { ok: true });
  return send(res, 404, notFoundBody(`Not found: ${req.method} ${url.pathname}`));
}

/**
 * An HTTP server that reads each request whole, counts it in `stats.requests` and hands
 * { raw, body (parsed JSON or undefined), url } first to `onRequest` (logging), then to `route`.
 * An error thrown by `route` is logged and answered 500 with `serverErrorBody` when still possible.
 */
export function createJsonServer({ stats, log, serverErrorBody, send = sendJson }, { onRequest, route }) {
  return http.createServer((req, res) => {
    const chunksIn = [];
    req.on('data', (c) => chunksIn.push(c));
    req.on('end', async () => {
      stats.requests++;
      const raw = Buffer.concat(chunksIn).toString('utf8');
      let body;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const request = { raw, body, url: new URL(req.url, 'http://127.0.0.1') };
      onRequest(req, request);
      try {
        return await route(req, res, request);
      } catch (err) {
        log({ kind: 'error', message: String(err?.stack ?? err) });
        if (!res.headersSent) send(res, 500, serverErrorBody);
        else res.end();
      }
    });
  });
}

/** Answers the OpenAI-style model listing (`GET …/models`, `GET …/models/<id>`); false when the request is neither. */
export function sendOpenAiModels(req, res, url, models) {
  if (req.method !== 'GET') return false;
  const entry = (id) => ({ id, object: 'model', created: 1767225600, owned_by: 'atx-fixtures' });
  if (/\/models$/.test(url.pathname)) sendJson(res, 200, { object: 'list', data: models.map(entry) });
  else if (/\/models\//.test(url.pathname)) sendJson(res, 200, entry(decodeURIComponent(url.pathname.replace(/^.*\/models\//, ''))));
  else return false;
  return true;
}

/** The error bodies of the OpenAI-style APIs (Chat Completions, Responses). */
export const openAiNotFound = (message) => ({ error: { message, type: 'invalid_request_error', code: 'not_found' } });
export const OPENAI_SERVER_ERROR = { error: { message: 'scripted server error', type: 'server_error' } };

/** The first `n` hex digits of the SHA-256 of `s` (stable ids and short hashes for the log). */
export const shortHash = (s, n = 24) => crypto.createHash('sha256').update(String(s)).digest('hex').slice(0, n);

/** The named fields of a request body, as the request log shows them. */
export const bodyFields = (body, ...keys) => Object.fromEntries(keys.map((key) => [key, body[key]]));

/** A long prompt text (a system prompt) in the request log: its start under `key`, a short hash of the whole under `<key>Hash`. */
export const promptInLog = (key, text) => ({ [key]: text.slice(0, 160), [`${key}Hash`]: shortHash(text, 12) });

/** Rough token estimate so usage numbers look plausible. */
export function estimateTokens(obj) {
  return Math.max(1, Math.ceil(JSON.stringify(obj ?? '').length / 4));
}

/** Text of an OpenAI-style message content (a string or parts with `text`). */
export function openAiContentText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p && typeof p === 'object' && typeof p.text === 'string' ? p.text : '')).join('\n');
}

/** Counts and logs one request to an OpenAI-style server; `body` is what the log shows of its body. */
export function logOpenAiRequest(log, stats, req, { raw, url }, body) {
  countPath(stats, `${req.method} ${url.pathname}`);
  log({ kind: 'request', method: req.method, path: url.pathname, query: url.search || undefined, bytes: raw.length, headers: loggableHeaders(req), body });
}
