// What Pi recordings need beyond servers/anthropic.mjs, without changing it: a front server on
// 127.0.0.1 that answers the first `failFirst` POST /v1/messages with a 529 overloaded error
// (so Pi's auto-retry runs) and passes everything else through to the scripted Anthropic server.

import http from 'node:http';
import fs from 'node:fs';
import { startModelServer } from './anthropic.mjs';

export async function startPiModelServer({ scenario, logFile, failFirst = 0 }) {
  const inner = await startModelServer({ scenario, logFile });
  if (!failFirst) return inner;
  let failed = 0;
  const log = (entry) => logFile && fs.appendFileSync(logFile, JSON.stringify({ t: new Date().toISOString(), ...entry }) + '\n');
  const front = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && req.url.startsWith('/v1/messages') && !req.url.includes('count_tokens') && failed < failFirst) {
        failed++;
        log({ kind: 'injected-failure', status: 529, n: failed });
        const payload = JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded (scripted by the atx fixture recorder)' } });
        res.writeHead(529, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-should-retry': 'false' });
        res.end(payload);
        return;
      }
      const headers = { ...req.headers, host: `127.0.0.1:${inner.port}`, 'content-length': String(body.length) };
      const upstream = http.request({ host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  await new Promise((resolve, reject) => {
    front.on('error', reject);
    front.listen(0, '127.0.0.1', resolve);
  });
  const { port } = front.address();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stats: inner.stats,
    injectedFailures: () => failed,
    close: async () => {
      front.closeAllConnections?.();
      await new Promise((r) => front.close(() => r()));
      await inner.close();
    },
  };
}
