// Scripted Anthropic Messages API server for recording real agent fixtures.
//
// Listens on 127.0.0.1 (random port). Speaks just enough of the Anthropic API
// for Claude Code: POST /v1/messages (streaming SSE and non-streaming),
// POST /v1/messages/count_tokens, GET /v1/models; everything else gets a
// harmless JSON answer. Every request is logged (one JSON line each) to a log
// file for debugging.
//
// A scenario is a list of "conversations" (usually one: the main agent; a
// second one for a subagent). Each conversation has a `match(req)` predicate
// and a list of scripted model turns. Which turn to answer is decided from the
// request history alone: count the tool_result blocks the agent sends back
// (agents resend the whole history every call) and pick the first turn whose
// preceding turns asked for exactly that many tool calls. Requests that match
// no conversation, or that offer no tools (title / topic / suggestion side
// calls), are answered with a short plain text and do not advance anything.
//
// Turn shape: { content: [block, ...], stopReason?, usage? } where a block is
//   { type: 'text', text }
//   { type: 'thinking', thinking, signature? }
//   { type: 'tool_use', name, input, id? }
// `awaits` (optional) overrides how many steps the turn waits for; a
// conversation may supply `countSteps(body)` (default: countToolResults) when
// something other than tool results moves it on (e.g. a background-task
// notification).

import crypto from 'node:crypto';
import { bodyFields, chunks, createJsonServer, estimateTokens, jsonLinesLogger, listenOnLoopback, pickTurnBySteps, promptInLog, sendJson, sendRootOrNotFound, startEventStream } from './common.mjs';

const SIDE_CALL_TEXT = 'Scripted side answer.';

/** Deterministic Anthropic-looking ids derived from a seed. */
function fakeId(prefix, seed) {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';
  const bytes = crypto.createHash('sha256').update(String(seed)).digest();
  let out = '';
  for (let i = 0; i < 24; i++) out += alphabet[bytes[i] % alphabet.length];
  return `${prefix}01${out}`;
}

/** All text of a message content (string or block array), tool results included. */
export function contentText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => {
      if (!b || typeof b !== 'object') return '';
      if (b.type === 'text') return b.text ?? '';
      if (b.type === 'tool_result') return contentText(b.content);
      return '';
    })
    .join('\n');
}

function systemText(system) {
  if (typeof system === 'string') return system;
  if (Array.isArray(system)) return system.map((b) => b?.text ?? '').join('\n');
  return '';
}

export function countToolResults(messages) {
  let n = 0;
  for (const m of messages ?? []) {
    if (m.role !== 'user' || !Array.isArray(m.content)) continue;
    for (const b of m.content) if (b?.type === 'tool_result') n++;
  }
  return n;
}

export function firstUserText(messages) {
  const m = (messages ?? []).find((x) => x.role === 'user');
  return m ? contentText(m.content) : '';
}


function summarize(body) {
  if (!body || typeof body !== 'object') return undefined;
  const msgs = body.messages ?? [];
  const last = msgs[msgs.length - 1];
  return {
    ...bodyFields(body, 'model', 'stream', 'max_tokens', 'thinking'),
    tools: Array.isArray(body.tools) ? body.tools.map((t) => t.name) : undefined,
    ...promptInLog('system', systemText(body.system)),
    messages: msgs.length,
    toolResults: countToolResults(msgs),
    firstUser: firstUserText(msgs).slice(0, 200),
    last: last ? { role: last.role, text: contentText(last.content).slice(0, 200) } : undefined,
  };
}

/**
 * Pick the turn for a conversation given the number of tool results already in
 * the history. Returns { index, turn } or null when past the end.
 */
export function pickTurn(turns, toolResults) {
  return pickTurnBySteps(turns, toolResults, turnAwaits);
}

/** How many steps (tool results, by default) a turn waits for before the next turn. */
function turnAwaits(turn) {
  return turn.awaits ?? turn.content.filter((b) => b.type === 'tool_use').length;
}

function materialize(turn, seed) {
  // Resolve ids and default signatures deterministically.
  let k = 0;
  return turn.content.map((b) => {
    k++;
    if (b.type === 'tool_use') return { type: 'tool_use', id: b.id ?? fakeId('toolu_', `${seed}:${k}`), name: b.name, input: b.input ?? {} };
    if (b.type === 'thinking')
      return { type: 'thinking', thinking: b.thinking, signature: b.signature ?? Buffer.from(`atx-fake-signature:${seed}:${k}`).toString('base64') };
    return { type: 'text', text: b.text };
  });
}

/**
 * Start the server. Options:
 *   scenario: { name, conversations: [{ name, match(body) => bool, turns }] }; a turn with
 *     `failFirst: { status, type, message }` answers the first request that reaches it with that
 *     HTTP error (an overloaded API, say), and the retry with its content
 *   logFile: path for the request log (JSON lines)
 *   model: default model name to echo when the request has none
 * Resolves to { port, url, close(), stats }.
 */
export function startModelServer({ scenario, logFile, model = 'claude-sonnet-4-5' } = {}) {
  const stats = { requests: 0, scripted: 0, side: 0, pastEnd: 0, byConversation: {} };
  let seq = 0;
  const log = jsonLinesLogger(logFile);

  function classify(body) {
    const tools = Array.isArray(body.tools) ? body.tools : [];
    if (tools.length === 0) return { kind: 'side', reason: 'no tools offered' };
    for (const conv of scenario?.conversations ?? []) {
      if (conv.match(body)) return { kind: 'scripted', conv };
    }
    return { kind: 'side', reason: 'matches no scripted conversation' };
  }

  function answerFor(body) {
    const c = classify(body);
    if (c.kind === 'side') {
      stats.side++;
      return { kind: 'side', reason: c.reason, blocks: [{ type: 'text', text: SIDE_CALL_TEXT }], stopReason: 'end_turn' };
    }
    const n = c.conv.countSteps ? c.conv.countSteps(body) : countToolResults(body.messages);
    const picked = pickTurn(c.conv.turns, n);
    if (!picked) {
      stats.pastEnd++;
      return { kind: 'past-end', conv: c.conv.name, blocks: [{ type: 'text', text: 'Done.' }], stopReason: 'end_turn' };
    }
    stats.scripted++;
    stats.byConversation[c.conv.name] = (stats.byConversation[c.conv.name] ?? 0) + 1;
    const seed = `${scenario?.name}:${c.conv.name}:${picked.index}`;
    const blocks = materialize(picked.turn, seed);
    const stopReason = picked.turn.stopReason ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
    return { kind: 'scripted', conv: c.conv.name, turn: picked.index, seed, blocks, stopReason, failFirst: picked.turn.failFirst };
  }

  function usageFor(body, blocks) {
    const inputTokens = estimateTokens(body.messages) + estimateTokens(body.system);
    const outputTokens = Math.max(1, estimateTokens(blocks) - 4);
    return { inputTokens, outputTokens };
  }

  /** turns whose scripted failure was sent already (`<conversation>#<turn>`) */
  const failedOnce = new Set();

  function handleMessages(req, res, body) {
    const ans = answerFor(body);
    seq++;
    const failKey = `${ans.conv}#${ans.turn}`;
    if (ans.failFirst && !failedOnce.has(failKey)) {
      failedOnce.add(failKey);
      const { status, type, message } = ans.failFirst;
      log({ kind: 'answer', seq, answer: 'scripted-error', conv: ans.conv, turn: ans.turn, status });
      return sendJson(res, status, { type: 'error', error: { type, message } }, { 'request-id': fakeId('req_', `${scenario?.name}:${seq}`) });
    }
    const msgId = fakeId('msg_', `${scenario?.name}:${seq}:${ans.seed ?? 'side'}`);
    const requestId = fakeId('req_', `${scenario?.name}:${seq}`);
    const model = body.model || 'claude-sonnet-4-5';
    const { inputTokens, outputTokens } = usageFor(body, ans.blocks);
    log({ kind: 'answer', seq, answer: ans.kind, reason: ans.reason, conv: ans.conv, turn: ans.turn, blocks: ans.blocks.map((b) => b.type + (b.name ? `:${b.name}` : '')) });
    const usageStart = {
      input_tokens: inputTokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 1,
      service_tier: 'standard',
    };
    const headers = { 'request-id': requestId, 'anthropic-organization-id': '00000000-0000-4000-8000-000000000000' };

    if (!body.stream) {
      return sendJson(
        res,
        200,
        {
          id: msgId,
          type: 'message',
          role: 'assistant',
          model,
          content: ans.blocks,
          stop_reason: ans.stopReason,
          stop_sequence: null,
          usage: { ...usageStart, output_tokens: outputTokens },
        },
        headers,
      );
    }

    startEventStream(res, headers);
    const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    ev('message_start', {
      message: { id: msgId, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: usageStart },
    });
    ev('ping', {});
    ans.blocks.forEach((b, index) => {
      if (b.type === 'text') {
        ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const c of chunks(b.text, 24)) ev('content_block_delta', { index, delta: { type: 'text_delta', text: c } });
      } else if (b.type === 'thinking') {
        ev('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
        for (const c of chunks(b.thinking, 24)) ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: c } });
        ev('content_block_delta', { index, delta: { type: 'signature_delta', signature: b.signature } });
      } else if (b.type === 'tool_use') {
        ev('content_block_start', { index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
        for (const c of chunks(JSON.stringify(b.input), 20)) ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: c } });
      }
      ev('content_block_stop', { index });
    });
    ev('message_delta', {
      delta: { stop_reason: ans.stopReason, stop_sequence: null },
      usage: { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: outputTokens },
    });
    ev('message_stop', {});
    res.end();
  }

  const server = createJsonServer(
    { stats, log, serverErrorBody: { type: 'error', error: { type: 'api_error', message: 'scripted server error' } } },
    {
      onRequest: (req, { raw, body, url }) =>
        log({ kind: 'request', method: req.method, path: url.pathname, query: url.search || undefined, bytes: raw.length, body: summarize(body) }),
      route: (req, res, { body, url }) => {
        if (req.method === 'POST' && url.pathname === '/v1/messages') return handleMessages(req, res, body ?? {});
        if (req.method === 'POST' && url.pathname === '/v1/messages/count_tokens')
          return sendJson(res, 200, { input_tokens: estimateTokens(body?.messages) + estimateTokens(body?.system) + estimateTokens(body?.tools) });
        if (req.method === 'GET' && url.pathname === '/v1/models') {
          const ids = ['claude-opus-4-5', 'claude-sonnet-4-5', 'claude-haiku-4-5'];
          return sendJson(res, 200, {
            data: ids.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
            has_more: false,
            first_id: ids[0],
            last_id: ids[ids.length - 1],
          });
        }
        if (req.method === 'GET' && url.pathname.startsWith('/v1/models/')) {
          const id = decodeURIComponent(url.pathname.slice('/v1/models/'.length));
          return sendJson(res, 200, { type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' });
        }
        return sendRootOrNotFound(req, res, url, (message) => ({ type: 'error', error: { type: 'not_found_error', message } }));
      },
    },
  );

  return listenOnLoopback(server, { log, stats, scenario });
}
