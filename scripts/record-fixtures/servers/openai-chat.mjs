// Scripted OpenAI Chat Completions server for recording real agent fixtures (OpenCode through
// `@ai-sdk/openai-compatible`, and any other agent that speaks Chat Completions).
//
// Listens on 127.0.0.1 (random port). Speaks just enough of the OpenAI API:
//   POST /v1/chat/completions   streaming SSE (`chat.completion.chunk`) and a plain JSON answer
//                               when `stream` is not true
//   GET  /v1/models[/<id>]      a small model list
// everything else gets a JSON 404. Every request and every answer is logged (one JSON line each).
//
// A scenario is a list of "conversations" (usually one), each with a `match(body)` predicate and
// a list of scripted model turns. Which turn to answer is decided from the request alone: count
// the `role: "tool"` messages in the resent history, and pick the first turn whose preceding
// turns asked for exactly that many tool calls. Requests that offer no tools, or match no
// conversation, are side calls (titles, summaries) and get a short plain text that advances
// nothing.
//
// Turn shape: { content: [block, ...], usage?, awaits?, finishReason?, httpError? } where `httpError`
// ({ status, body }) answers the request with that HTTP error instead of a completion, and a block is
//   { type: 'text', text }
//   { type: 'reasoning', text }               → `delta.reasoning_content` (DeepSeek / vLLM style,
//                                               read by @ai-sdk/openai-compatible)
//   { type: 'tool_call', name, arguments: object|string, id? }
// SSE order: a role chunk, reasoning deltas, text deltas, then each tool call (the first delta
// carries index, id, type, function.name and the start of the arguments; later deltas only
// argument pieces), a chunk with `finish_reason`, then a final chunk with `choices: []` and
// `usage` {prompt_tokens, completion_tokens, total_tokens, prompt_tokens_details.cached_tokens,
// completion_tokens_details.reasoning_tokens}, then `data: [DONE]`. Usage is sent whether or not
// the request asked for it with `stream_options.include_usage`.

import { bodyFields, chunks, createJsonServer, estimateTokens, jsonLinesLogger, listenOnLoopback, logOpenAiRequest, OPENAI_SERVER_ERROR, openAiContentText, openAiNotFound, pickTurnBySteps, promptInLog, sendJson, sendOpenAiModels, sendRootOrNotFound, shortHash, startEventStream } from './common.mjs';

const SIDE_CALL_TEXT = 'Scripted side answer';

/** Deterministic OpenAI-looking ids derived from a seed. */
export const fakeId = (prefix, seed, n = 24) => `${prefix}${shortHash(seed, n)}`;

/** Text of a Chat Completions message content (string or parts). */
export const contentText = openAiContentText;

/** All user text of a request (the prompt and whatever the agent injected as user messages). */
export function userTexts(body) {
  return (body?.messages ?? []).filter((m) => m?.role === 'user').map((m) => contentText(m.content)).join('\n');
}

export function countToolMessages(body) {
  return (body?.messages ?? []).filter((m) => m?.role === 'tool').length;
}


function summarize(body) {
  if (!body || typeof body !== 'object') return undefined;
  const messages = body.messages ?? [];
  const last = messages[messages.length - 1];
  const system = messages.filter((m) => m.role === 'system').map((m) => contentText(m.content)).join('\n');
  return {
    ...bodyFields(body, 'model', 'stream', 'stream_options'),
    max_tokens: body.max_tokens ?? body.max_completion_tokens,
    ...bodyFields(body, 'reasoning_effort', 'tool_choice'),
    tools: Array.isArray(body.tools) ? body.tools.map((t) => t.function?.name ?? t.type) : undefined,
    ...promptInLog('system', system),
    messages: messages.map((m) => `${m.role}${m.tool_calls ? `(${m.tool_calls.length} calls)` : ''}`),
    toolMessages: countToolMessages(body),
    userText: userTexts(body).slice(0, 300),
    last: last ? JSON.stringify(last).slice(0, 300) : undefined,
    keys: Object.keys(body),
  };
}

/** The turn for a conversation given the tool results already in the history (see header). */
export function pickTurn(turns, results) {
  return pickTurnBySteps(turns, results, turnAwaits);
}

function turnAwaits(turn) {
  return turn.awaits ?? turn.content.filter((b) => b.type === 'tool_call').length;
}

/** Scripted blocks with deterministic tool-call ids and string arguments. */
function materialize(turn, seed) {
  return turn.content.map((b, k) => {
    if (b.type === 'tool_call') {
      return { type: 'tool_call', id: b.id ?? fakeId('call_', `${seed}:${k}`), name: b.name, arguments: typeof b.arguments === 'string' ? b.arguments : JSON.stringify(b.arguments ?? {}) };
    }
    if (b.type === 'text' || b.type === 'reasoning') return { type: b.type, text: b.text };
    throw new Error(`unknown scripted block type ${b.type}`);
  });
}

/**
 * Start the server. Options:
 *   scenario: { name, conversations: [{ name, match(body) => bool, turns, countSteps?(body), textTools? }] }
 *   logFile: path for the request log (JSON lines)
 *   models: ids listed by GET /v1/models
 *   delayMs: optional pause between SSE chunks (lets an agent persist partial parts)
 * Resolves to { port, url, close(), stats }.
 */
/** The model the server lists unless told otherwise, and the one the recorders configure their agents with. */
export const CHAT_MODEL = 'atx-coder';

export function startModelServer({ scenario, logFile, models = [CHAT_MODEL], delayMs = 0 } = {}) {
  const stats = { requests: 0, completions: 0, scripted: 0, side: 0, pastEnd: 0, byConversation: {}, paths: {} };
  let seq = 0;
  const log = jsonLinesLogger(logFile);

  function answerFor(body) {
    const tools = Array.isArray(body.tools) ? body.tools : [];
    // a conversation of XML tool use in text (`textTools`, Cline 2.x) offers no tools and is still scripted
    const conv = (scenario?.conversations ?? []).find((c) => (tools.length > 0 || c.textTools) && c.match(body));
    if (!conv) {
      stats.side++;
      return { kind: 'side', reason: tools.length === 0 ? 'no tools offered' : 'matches no scripted conversation', blocks: [{ type: 'text', text: SIDE_CALL_TEXT }] };
    }
    const n = conv.countSteps ? conv.countSteps(body) : countToolMessages(body);
    const picked = pickTurn(conv.turns, n);
    if (!picked) {
      stats.pastEnd++;
      return { kind: 'past-end', conv: conv.name, blocks: [{ type: 'text', text: 'Done.' }] };
    }
    stats.scripted++;
    stats.byConversation[conv.name] = (stats.byConversation[conv.name] ?? 0) + 1;
    const seed = `${scenario?.name}:${conv.name}:${picked.index}`;
    return { kind: 'scripted', conv: conv.name, turn: picked.index, seed, blocks: materialize(picked.turn, seed), usage: picked.turn.usage, finishReason: picked.turn.finishReason, httpError: picked.turn.httpError };
  }

  function usageFor(body, blocks, scripted) {
    const prompt = estimateTokens(body.messages) + estimateTokens(body.tools);
    const reasoning = blocks.filter((b) => b.type === 'reasoning').reduce((n, b) => n + estimateTokens(b.text), 0);
    const completion = Math.max(1, estimateTokens(blocks.filter((b) => b.type !== 'reasoning')) - 4) + reasoning;
    // Pretend the stable prefix (system prompt + tools) was served from the prompt cache after the first call.
    const system = (body.messages ?? []).filter((m) => m.role === 'system');
    const cached = seq > 1 ? Math.min(prompt - 1, estimateTokens(system) + estimateTokens(body.tools)) : 0;
    const usage = {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: Math.max(0, cached) },
      completion_tokens_details: { reasoning_tokens: reasoning },
    };
    return scripted ? { ...usage, ...scripted } : usage;
  }

  async function handleCompletions(req, res, body) {
    seq++;
    stats.completions++;
    const ans = answerFor(body);
    const id = fakeId('chatcmpl-', `${scenario?.name}:${seq}:${ans.seed ?? ans.kind}`);
    const model = body.model || models[0];
    const usage = usageFor(body, ans.blocks, ans.usage);
    const calls = ans.blocks.filter((b) => b.type === 'tool_call');
    const finishReason = ans.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
    const created = 1767225600 + seq; // 2026-01-01T00:00:00Z + seq seconds
    log({ kind: 'answer', seq, answer: ans.kind, reason: ans.reason, conv: ans.conv, turn: ans.turn, blocks: ans.blocks.map((b) => b.type + (b.name ? `:${b.name}` : '')), usage });
    const headers = { 'x-request-id': fakeId('req_', `${scenario?.name}:${seq}`), 'openai-processing-ms': '1' };
    if (ans.httpError) return sendJson(res, ans.httpError.status, ans.httpError.body, headers);

    if (body.stream !== true) {
      const text = ans.blocks.filter((b) => b.type === 'text').map((b) => b.text).join('');
      const reasoning = ans.blocks.filter((b) => b.type === 'reasoning').map((b) => b.text).join('');
      const message = {
        role: 'assistant',
        content: text || null,
        ...(reasoning ? { reasoning_content: reasoning } : {}),
        ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
      };
      return sendJson(res, 200, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }], usage }, headers);
    }

    startEventStream(res, headers);
    const pause = () => (delayMs > 0 ? new Promise((r) => setTimeout(r, delayMs)) : undefined);
    const chunk = async (delta, extra = {}) => {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_atx', choices: [{ index: 0, delta, logprobs: null, finish_reason: null }], ...extra })}\n\n`);
      await pause();
    };
    await chunk({ role: 'assistant', content: '' });
    for (const b of ans.blocks.filter((x) => x.type === 'reasoning')) for (const piece of chunks(b.text, 24)) await chunk({ reasoning_content: piece });
    for (const b of ans.blocks.filter((x) => x.type === 'text')) for (const piece of chunks(b.text, 24)) await chunk({ content: piece });
    for (const [index, call] of calls.entries()) {
      const pieces = chunks(call.arguments, 20);
      await chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: pieces[0] } }] });
      for (const piece of pieces.slice(1)) await chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_atx', choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }] })}\n\n`);
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_atx', choices: [], usage })}\n\n`);
    res.write('data: [DONE]\n\n');
    res.end();
  }

  const server = createJsonServer(
    { stats, log, serverErrorBody: OPENAI_SERVER_ERROR },
    {
      onRequest: (req, request) =>
        logOpenAiRequest(log, stats, req, request, /\/chat\/completions$/.test(request.url.pathname) ? summarize(request.body) : request.raw.slice(0, 500)),
      route: async (req, res, { body, url }) => {
        if (req.method === 'POST' && /\/chat\/completions$/.test(url.pathname)) return await handleCompletions(req, res, body ?? {});
        if (sendOpenAiModels(req, res, url, models)) return;
        return sendRootOrNotFound(req, res, url, openAiNotFound);
      },
    },
  );

  return listenOnLoopback(server, { log, stats, scenario });
}
