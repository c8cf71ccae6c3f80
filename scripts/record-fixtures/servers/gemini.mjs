// Scripted Gemini API (Generative Language API, v1beta) server for recording real agent fixtures.
//
// Listens on 127.0.0.1 (random port). Speaks just enough of the Gemini API for Gemini CLI
// (@google/genai under GOOGLE_GEMINI_BASE_URL):
//   POST /v1beta/models/{model}:streamGenerateContent?alt=sse   SSE, one GenerateContentResponse per `data:` line
//   POST /v1beta/models/{model}:streamGenerateContent            (no alt=sse) one JSON array of responses
//   POST /v1beta/models/{model}:generateContent                  one GenerateContentResponse
//   POST /v1beta/models/{model}:countTokens                      { totalTokens }
//   GET  /v1beta/models, /v1beta/models/{model}                  a small model list
// (the same under /v1/ and /v1alpha/). Everything else gets a harmless JSON answer. Every request
// is logged (one JSON line each) to a log file for debugging: agents probe endpoints you did not
// expect.
//
// A scenario is a list of "conversations" (usually one: the main agent). Each conversation has a
// `match(body)` predicate and a list of scripted model turns. Which turn to answer is decided from
// the request history alone: count the functionResponse parts the agent sends back (it resends
// the whole history on every call) and pick the first turn whose preceding turns asked for
// exactly that many function calls. Requests that match no conversation or offer no tools
// (side calls: next-speaker checks, loop detection, routing, summaries) are answered with a
// short text, or, when the request asks for JSON (responseMimeType application/json), with an
// object built from its response schema; they never advance anything.
//
// Turn shape: { parts: [part, ...], finishReason?, awaits? } where a part is
//   { text }                         answer text (streamed in small chunks)
//   { thought }                      a thought summary (sent as { text, thought: true })
//   { functionCall: { name, args } } a tool call (sent whole, in its own chunk)
//   { error: { code, status, message } }   the whole turn fails with this HTTP error instead
// `awaits` (optional) overrides how many steps (function responses) the turn waits for;
// `usage` (optional) overrides fields of the turn's usageMetadata.

import { chunks, countPath, createJsonServer, estimateTokens, jsonLinesLogger, listenOnLoopback, pickTurnBySteps, promptInLog, sendJson as sendJsonAs, sendRootOrNotFound, shortHash, startEventStream } from './common.mjs';

const SIDE_CALL_TEXT = 'Scripted side answer.';
export const DEFAULT_MODEL = 'gemini-2.5-pro';

/** All text of a Content's parts (thoughts excluded). */
export function partsText(parts) {
  if (!Array.isArray(parts)) return '';
  return parts.map((p) => (p && typeof p.text === 'string' && !p.thought ? p.text : '')).join('');
}

/** Every user text in the request, joined: where a conversation's marker is looked for. */
export function userTexts(contents) {
  return (contents ?? []).filter((c) => c?.role === 'user').map((c) => partsText(c.parts)).join('\n');
}

export function countFunctionResponses(contents) {
  let n = 0;
  for (const c of contents ?? []) for (const p of c?.parts ?? []) if (p?.functionResponse) n++;
  return n;
}


function toolNames(tools) {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) => (Array.isArray(t?.functionDeclarations) ? t.functionDeclarations.map((f) => f.name) : Object.keys(t ?? {})));
}

/** `name(param, ...)` of every declared function: parameter names change between releases. */
function toolSignatures(tools) {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) =>
    Array.isArray(t?.functionDeclarations)
      ? t.functionDeclarations.map((f) => {
          const schema = f.parametersJsonSchema ?? f.parameters;
          return `${f.name}(${Object.keys(schema?.properties ?? {}).join(',')})`;
        })
      : Object.keys(t ?? {}),
  );
}

function summarize(body) {
  if (!body || typeof body !== 'object') return undefined;
  const contents = body.contents ?? [];
  const last = contents[contents.length - 1];
  const gc = body.generationConfig ?? {};
  return {
    contents: contents.length,
    functionResponses: countFunctionResponses(contents),
    tools: toolSignatures(body.tools),
    ...promptInLog('system', partsText(body.systemInstruction?.parts)),
    firstUser: partsText(contents.find((c) => c.role === 'user')?.parts).slice(0, 200),
    last: last
      ? { role: last.role, text: partsText(last.parts).slice(0, 200), kinds: (last.parts ?? []).map((p) => Object.keys(p ?? {}).join('+')) }
      : undefined,
    generationConfig: {
      thinkingConfig: gc.thinkingConfig,
      responseMimeType: gc.responseMimeType,
      schema: gc.responseJsonSchema || gc.responseSchema ? Object.keys((gc.responseJsonSchema ?? gc.responseSchema).properties ?? {}) : undefined,
    },
  };
}

/** The turn for a conversation, given how many function responses the history already holds. */
export function pickTurn(turns, steps) {
  return pickTurnBySteps(turns, steps, turnAwaits);
}

function turnAwaits(turn) {
  return turn.awaits ?? turn.parts.filter((p) => p.functionCall).length;
}

/** A JSON value that satisfies a (small) JSON or OpenAPI schema: enums take their first value. */
export function valueFromSchema(schema, key = '') {
  if (!schema || typeof schema !== 'object') return SIDE_CALL_TEXT;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const type = String(Array.isArray(schema.type) ? schema.type[0] : schema.type ?? 'string').toLowerCase();
  if (type === 'object' || schema.properties) {
    const out = {};
    for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = valueFromSchema(v, k);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'boolean') return false;
  return key ? `Scripted ${key}.` : SIDE_CALL_TEXT;
}

/** Side answers the CLI's helper calls need, by the schema property that identifies them. */
function sideJson(schema) {
  const value = valueFromSchema(schema);
  if (value && typeof value === 'object') {
    if ('next_speaker' in value) value.next_speaker = 'user'; // never make the CLI continue on its own
    if ('unproductive_state_confidence' in value) value.unproductive_state_confidence = 0; // no loop
  }
  return value;
}

/**
 * Start the server. Options:
 *   scenario: { name, conversations: [{ name, match(body) => bool, turns, countSteps?(body), toolless? }] }
 *     (`toolless`: matched also by requests that offer no tools, before they are taken as side calls)
 *   logFile: path for the request log (JSON lines)
 * Resolves to { port, url, close(), stats }.
 */
export function startModelServer({ scenario, logFile } = {}) {
  const stats = { requests: 0, scripted: 0, side: 0, pastEnd: 0, errors: 0, byConversation: {}, paths: {} };
  let seq = 0;
  const log = jsonLinesLogger(logFile);

  function classify(body) {
    const gc = body.generationConfig ?? {};
    const schema = gc.responseJsonSchema ?? gc.responseSchema;
    if (gc.responseMimeType === 'application/json' || schema) return { kind: 'side', reason: 'JSON helper call', json: schema ?? {} };
    // a conversation marked `toolless` is the CLI's own request without tools (a chat compression)
    for (const conv of scenario?.conversations ?? []) if (conv.toolless && conv.match(body)) return { kind: 'scripted', conv };
    if (toolNames(body.tools).length === 0) return { kind: 'side', reason: 'no tools offered' };
    for (const conv of scenario?.conversations ?? []) if (!conv.toolless && conv.match(body)) return { kind: 'scripted', conv };
    return { kind: 'side', reason: 'matches no scripted conversation' };
  }

  function answerFor(body) {
    const c = classify(body);
    if (c.kind === 'side') {
      stats.side++;
      const text = c.json ? JSON.stringify(sideJson(c.json)) : SIDE_CALL_TEXT;
      return { kind: 'side', reason: c.reason, parts: [{ text }], finishReason: 'STOP' };
    }
    const steps = c.conv.countSteps ? c.conv.countSteps(body) : countFunctionResponses(body.contents);
    const picked = pickTurn(c.conv.turns, steps);
    if (!picked) {
      stats.pastEnd++;
      return { kind: 'past-end', conv: c.conv.name, parts: [{ text: 'Done.' }], finishReason: 'STOP' };
    }
    stats.scripted++;
    stats.byConversation[c.conv.name] = (stats.byConversation[c.conv.name] ?? 0) + 1;
    const error = picked.turn.parts.find((p) => p.error)?.error;
    const parts = picked.turn.parts.filter((p) => !p.error).map((p) => (p.thought !== undefined ? { text: p.thought, thought: true } : p));
    return { kind: 'scripted', conv: c.conv.name, turn: picked.index, parts, error, usage: picked.turn.usage, finishReason: picked.turn.finishReason ?? 'STOP' };
  }

  function usageFor(body, parts) {
    const prompt = estimateTokens(body.contents) + estimateTokens(body.systemInstruction) + estimateTokens(body.tools);
    const thoughtParts = parts.filter((p) => p.thought);
    const candidates = Math.max(1, estimateTokens(parts.filter((p) => !p.thought)) - 4);
    // Later requests resend a prefix the real API would serve from its implicit cache.
    const cached = (body.contents?.length ?? 0) > 2 ? Math.floor(prompt / 2) : 0;
    const thoughts = thoughtParts.length ? estimateTokens(thoughtParts) : 0;
    return {
      promptTokenCount: prompt,
      candidatesTokenCount: candidates,
      totalTokenCount: prompt + candidates + thoughts,
      ...(cached ? { cachedContentTokenCount: cached } : {}),
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
    };
  }

  const sendJson = (res, status, obj) => sendJsonAs(res, status, obj, { 'content-type': 'application/json; charset=UTF-8' });

  /** The response split into the chunks a streaming answer is made of. */
  function responseChunks(ans, model, responseId, usage) {
    const pieces = [];
    for (const p of ans.parts) {
      if (p.functionCall) pieces.push([{ functionCall: { name: p.functionCall.name, args: p.functionCall.args ?? {} } }]);
      // a thought summary arrives whole, in its own chunk, as the real API sends it
      else if (p.thought) pieces.push([{ text: p.text, thought: true }]);
      else for (const c of chunks(p.text, 24)) pieces.push([{ text: c }]);
    }
    if (pieces.length === 0) pieces.push([{ text: '' }]);
    return pieces.map((parts, i) => {
      const last = i === pieces.length - 1;
      return {
        candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: ans.finishReason } : {}) }],
        usageMetadata: last ? usage : { promptTokenCount: usage.promptTokenCount, totalTokenCount: usage.promptTokenCount },
        modelVersion: model,
        responseId,
      };
    });
  }

  function handleGenerate(res, body, model, method, sse) {
    const ans = answerFor(body);
    seq++;
    const responseId = shortHash(`${scenario?.name}:${seq}`, 22);
    log({ kind: 'answer', seq, method, model, answer: ans.kind, reason: ans.reason, conv: ans.conv, turn: ans.turn, parts: ans.parts.map((p) => (p.functionCall ? `functionCall:${p.functionCall.name}` : p.thought ? 'thought' : 'text')), error: ans.error });
    if (ans.error) {
      stats.errors++;
      return sendJson(res, ans.error.code ?? 500, { error: { code: ans.error.code ?? 500, message: ans.error.message ?? 'scripted error', status: ans.error.status ?? 'INTERNAL' } });
    }
    // a turn may override counts, e.g. a huge promptTokenCount that makes the CLI compress its history
    const usage = { ...usageFor(body, ans.parts), ...(ans.usage ?? {}) };
    if (method === 'generateContent') {
      const parts = ans.parts.map((p) => (p.functionCall ? { functionCall: { name: p.functionCall.name, args: p.functionCall.args ?? {} } } : p));
      return sendJson(res, 200, { candidates: [{ content: { role: 'model', parts }, finishReason: ans.finishReason, index: 0 }], usageMetadata: usage, modelVersion: model, responseId });
    }
    const pieces = responseChunks(ans, model, responseId, usage);
    if (sse) {
      startEventStream(res);
      for (const piece of pieces) res.write(`data: ${JSON.stringify(piece)}\r\n\r\n`);
      return res.end();
    }
    // streamGenerateContent without alt=sse: one JSON array, its elements written as they come.
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.write('[');
    pieces.forEach((piece, i) => res.write(`${i ? ',\r\n' : ''}${JSON.stringify(piece)}`));
    res.write(']');
    return res.end();
  }

  const modelInfo = (id) => ({
    name: `models/${id}`,
    version: '001',
    displayName: id,
    description: 'scripted model',
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    thinking: true,
  });

  const server = createJsonServer(
    { stats, log, serverErrorBody: { error: { code: 500, message: 'scripted server error', status: 'INTERNAL' } }, send: sendJson },
    {
      onRequest: (req, { raw, body, url }) => {
        countPath(stats, `${req.method} ${url.pathname.replace(/models\/[^/:]+/, 'models/*')}`);
        // the API key travels in a header (x-goog-api-key) or ?key=: neither is logged
        const query = [...url.searchParams.keys()].filter((k) => k !== 'key').map((k) => `${k}=${url.searchParams.get(k)}`).join('&');
        log({ kind: 'request', method: req.method, path: url.pathname, query: query || undefined, bytes: raw.length, body: summarize(body) });
      },
      route: (req, res, { body, url }) => {
      const m = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(url.pathname);
      if (req.method === 'POST' && m) {
        const model = decodeURIComponent(m[2]);
        if (m[3] === 'countTokens') {
          const request = body?.generateContentRequest ?? body ?? {};
          return sendJson(res, 200, { totalTokens: estimateTokens(request.contents) + estimateTokens(request.systemInstruction) });
        }
        return handleGenerate(res, body ?? {}, model, m[3], url.searchParams.get('alt') === 'sse');
      }
      if (req.method === 'GET' && /^\/(v1beta|v1|v1alpha)\/models\/?$/.test(url.pathname)) {
        return sendJson(res, 200, { models: [DEFAULT_MODEL, 'gemini-2.5-flash', 'gemini-2.5-flash-lite'].map(modelInfo) });
      }
      const one = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) return sendJson(res, 200, modelInfo(decodeURIComponent(one[2])));
      return sendRootOrNotFound(req, res, url, (message) => ({ error: { code: 404, message, status: 'NOT_FOUND' } }), sendJson);
      },
    },
  );

  return listenOnLoopback(server, { log, stats, scenario });
}
