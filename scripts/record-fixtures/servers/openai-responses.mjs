// Scripted OpenAI Responses API server for recording real agent fixtures (Codex and any other
// agent that speaks `wire_api = "responses"`).
//
// Listens on 127.0.0.1 (random port). Speaks just enough of the OpenAI API:
//   POST /v1/responses        streaming SSE (and a plain JSON answer when `stream` is false)
//   GET  /v1/models[/<id>]    a small model list
// everything else gets a JSON 404. Every request and every answer is logged (one JSON line each).
//
// A scenario is a list of "conversations" (usually one), each with a `match(body)` predicate and
// a list of scripted model turns. Which turn to answer is decided from the request alone: count
// the tool outputs (`function_call_output`, `custom_tool_call_output`, `local_shell_call_output`,
// `mcp_tool_call_output`) in the resent `input`, and pick the first turn whose preceding turns
// asked for exactly that many tool calls. Requests matching no conversation are side calls and
// get a short plain text that advances nothing.
//
// Turn shape: { output: [item, ...] | (body) => [item, ...], usage?, awaits? } where an item is
//   { type: 'text', text }                                   → message (role assistant, output_text)
//   { type: 'reasoning', summary: [text, ...], content?: [text, ...] }
//                                                            → reasoning item with summary_text parts
//                                                              (+ reasoning_text content when given) and
//                                                              a fake encrypted_content
//   { type: 'function_call', name, arguments: object|string, id? }
//   { type: 'custom_tool_call', name, input: string, id? }   → freeform tool (apply_patch)
//   { type: 'web_search_call', query }                       → server-side web search (awaits nothing)
//   { type: 'raw', item, idPrefix?, withCallId? }            → any other output item, passed through
//                                                              (withCallId: give it a call_id and await its output)
// A function_call may carry `namespace` (tools found by tool_search, e.g. MCP namespaces).
// SSE order per item: output_item.added, its deltas (output_text / reasoning_summary_text /
// reasoning_text / function_call_arguments / custom_tool_call_input), the matching *.done events,
// output_item.done; the stream starts with response.created + response.in_progress and ends with
// response.completed carrying usage {input_tokens, input_tokens_details.cached_tokens,
// output_tokens, output_tokens_details.reasoning_tokens, total_tokens}.

import fs from 'node:fs';
import { bodyFields, chunks, createJsonServer, estimateTokens, jsonLinesLogger, listenOnLoopback, logOpenAiRequest, OPENAI_SERVER_ERROR, openAiContentText, openAiNotFound, pickTurnBySteps, promptInLog, sendJson, sendOpenAiModels, sendRootOrNotFound, shortHash, startEventStream } from './common.mjs';

const SIDE_CALL_TEXT = 'Scripted side answer.';
export const TOOL_OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output', 'mcp_tool_call_output', 'tool_search_output']);

/** Deterministic OpenAI-looking ids derived from a seed. */
export const fakeId = (prefix, seed, n = 32) => `${prefix}${shortHash(seed, n)}`;

/** Text of a Responses message content (string or parts). */
export const contentText = openAiContentText;

/** All text of the user messages of a request (the prompt and the injected context blocks). */
export function userTexts(body) {
  const input = Array.isArray(body?.input) ? body.input : typeof body?.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : [];
  return input.filter((i) => i && (i.type === 'message' || i.type === undefined) && i.role === 'user').map((i) => contentText(i.content)).join('\n');
}

export function countToolOutputs(body) {
  const input = Array.isArray(body?.input) ? body.input : [];
  return input.filter((i) => i && TOOL_OUTPUT_TYPES.has(i.type)).length;
}


function summarize(body) {
  if (!body || typeof body !== 'object') return undefined;
  const input = Array.isArray(body.input) ? body.input : [];
  const last = input[input.length - 1];
  return {
    ...bodyFields(body, 'model', 'stream', 'reasoning', 'include', 'store', 'parallel_tool_calls', 'tool_choice'),
    tools: Array.isArray(body.tools) ? body.tools.map((t) => `${t.type}:${t.name ?? ''}`) : undefined,
    ...(typeof body.instructions === 'string' ? promptInLog('instructions', body.instructions) : {}),
    inputItems: input.map((i) => `${i.type ?? 'message'}${i.role ? `:${i.role}` : ''}`),
    toolOutputs: countToolOutputs(body),
    userText: userTexts(body).slice(-300),
    last: last ? JSON.stringify(last).slice(0, 300) : undefined,
    keys: Object.keys(body),
  };
}

/** The turn for a conversation given the tool outputs already in the history (see header). */
export function pickTurn(turns, outputs) {
  return pickTurnBySteps(turns, outputs, turnAwaits);
}

function turnAwaits(turn) {
  if (turn.awaits !== undefined) return turn.awaits;
  if (typeof turn.output === 'function') throw new Error('a turn whose output is a function must say how many tool outputs it awaits');
  return turn.output.filter((b) => b.type === 'function_call' || b.type === 'custom_tool_call' || (b.type === 'raw' && b.withCallId)).length;
}

/** Scripted blocks → Responses output items with deterministic ids. `turn.output` may be a function of the request body. */
function materialize(turn, seed, body) {
  const blocks = typeof turn.output === 'function' ? turn.output(body) : turn.output;
  return blocks.map((b, k) => {
    const s = `${seed}:${k}`;
    switch (b.type) {
      case 'text':
        return { id: fakeId('msg_', s), type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', annotations: [], logprobs: [], text: b.text }] };
      case 'reasoning':
        return {
          id: fakeId('rs_', s),
          type: 'reasoning',
          summary: (b.summary ?? []).map((text) => ({ type: 'summary_text', text })),
          ...(b.content ? { content: b.content.map((text) => ({ type: 'reasoning_text', text })) } : {}),
          encrypted_content: `gAAAAAB${Buffer.from(`atx-fake-encrypted-reasoning:${s}`).toString('base64')}`,
        };
      case 'function_call':
        return {
          id: fakeId('fc_', s),
          type: 'function_call',
          status: 'completed',
          call_id: b.id ?? fakeId('call_', s, 24),
          ...(b.namespace ? { namespace: b.namespace } : {}),
          name: b.name,
          arguments: typeof b.arguments === 'string' ? b.arguments : JSON.stringify(b.arguments ?? {}),
        };
      case 'custom_tool_call':
        return { id: fakeId('ctc_', s), type: 'custom_tool_call', status: 'completed', call_id: b.id ?? fakeId('call_', s, 24), name: b.name, input: b.input };
      case 'web_search_call':
        return { id: fakeId('ws_', s), type: 'web_search_call', status: 'completed', action: { type: 'search', query: b.query, ...(b.sources ? { sources: b.sources } : {}) } };
      case 'raw':
        return { id: fakeId(b.idPrefix ?? 'item_', s), ...b.item, ...(b.callId !== false && b.item.call_id === undefined && b.withCallId ? { call_id: fakeId('call_', s, 24) } : {}) };
      default:
        throw new Error(`unknown scripted item type ${b.type}`);
    }
  });
}

/**
 * Start the server. Options:
 *   scenario: { name, conversations: [{ name, match(body) => bool, turns }] }
 *   logFile: path for the request log (JSON lines)
 *   firstBodyFile: optional path where the raw body of the first /responses request is saved
 *   bodyDir: optional folder where every raw request body is saved (debugging)
 *   models: ids listed by GET /v1/models
 * Resolves to { port, url, close(), stats }.
 */
export function startModelServer({ scenario, logFile, firstBodyFile, bodyDir, models = ['gpt-5.5', 'gpt-5.4', 'gpt-5.4-mini'] } = {}) {
  const stats = { requests: 0, responses: 0, scripted: 0, side: 0, pastEnd: 0, byConversation: {}, paths: {} };
  let seq = 0;
  const log = jsonLinesLogger(logFile);

  function answerFor(body) {
    const conv = (scenario?.conversations ?? []).find((c) => c.match(body));
    if (!conv) {
      stats.side++;
      return { kind: 'side', reason: 'matches no scripted conversation', output: materialize({ output: [{ type: 'text', text: SIDE_CALL_TEXT }] }, `side:${seq}`) };
    }
    const n = conv.countSteps ? conv.countSteps(body) : countToolOutputs(body);
    const picked = pickTurn(conv.turns, n);
    if (!picked) {
      stats.pastEnd++;
      return { kind: 'past-end', conv: conv.name, output: materialize({ output: [{ type: 'text', text: 'Done.' }] }, `past-end:${seq}`) };
    }
    stats.scripted++;
    stats.byConversation[conv.name] = (stats.byConversation[conv.name] ?? 0) + 1;
    const seed = `${scenario?.name}:${conv.name}:${picked.index}`;
    return { kind: 'scripted', conv: conv.name, turn: picked.index, seed, output: materialize(picked.turn, seed, body), usage: picked.turn.usage };
  }

  function usageFor(body, output, scripted) {
    const input = estimateTokens(body.input) + estimateTokens(body.instructions) + estimateTokens(body.tools);
    const reasoning = output.filter((i) => i.type === 'reasoning').reduce((n, i) => n + estimateTokens(i.summary) + estimateTokens(i.content), 0);
    const outputTokens = Math.max(1, estimateTokens(output.filter((i) => i.type !== 'reasoning')) - 8) + reasoning;
    // Pretend the stable prefix (instructions + tools) was served from the prompt cache after the first call.
    const cached = seq > 1 ? Math.min(input - 1, estimateTokens(body.instructions) + estimateTokens(body.tools)) : 0;
    const usage = {
      input_tokens: input,
      input_tokens_details: { cached_tokens: Math.max(0, cached) },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: reasoning },
      total_tokens: input + outputTokens,
    };
    return scripted ? { ...usage, ...scripted } : usage;
  }

  function handleResponses(req, res, body) {
    seq++;
    stats.responses++;
    const ans = answerFor(body);
    const responseId = fakeId('resp_', `${scenario?.name}:${seq}:${ans.seed ?? ans.kind}`);
    const model = body.model || 'gpt-5.5';
    const usage = usageFor(body, ans.output, ans.usage);
    log({ kind: 'answer', seq, answer: ans.kind, reason: ans.reason, conv: ans.conv, turn: ans.turn, items: ans.output.map((i) => i.type + (i.name ? `:${i.name}` : '')), usage });
    const createdAt = 1767225600 + seq; // 2026-01-01T00:00:00Z + seq seconds
    const base = {
      id: responseId,
      object: 'response',
      created_at: createdAt,
      model,
      parallel_tool_calls: body.parallel_tool_calls ?? true,
      tool_choice: body.tool_choice ?? 'auto',
      tools: [],
      reasoning: body.reasoning ?? null,
      store: body.store ?? false,
      error: null,
      incomplete_details: null,
    };
    const headers = { 'x-request-id': fakeId('req_', `${scenario?.name}:${seq}`), 'openai-processing-ms': '1' };
    if (body.stream === false) {
      return sendJson(res, 200, { ...base, status: 'completed', output: ans.output, usage }, headers);
    }
    startEventStream(res, headers);
    let sequence = 0;
    const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
    ev('response.created', { response: { ...base, status: 'in_progress', output: [], usage: null } });
    ev('response.in_progress', { response: { ...base, status: 'in_progress', output: [], usage: null } });
    ans.output.forEach((item, output_index) => {
      const item_id = item.id;
      if (item.type === 'message') {
        ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
        item.content.forEach((part, content_index) => {
          ev('response.content_part.added', { item_id, output_index, content_index, part: { ...part, text: '' } });
          for (const delta of chunks(part.text, 24)) ev('response.output_text.delta', { item_id, output_index, content_index, delta, logprobs: [] });
          ev('response.output_text.done', { item_id, output_index, content_index, text: part.text, logprobs: [] });
          ev('response.content_part.done', { item_id, output_index, content_index, part });
        });
      } else if (item.type === 'reasoning') {
        ev('response.output_item.added', { output_index, item: { ...item, summary: [], ...(item.content ? { content: [] } : {}) } });
        item.summary.forEach((part, summary_index) => {
          ev('response.reasoning_summary_part.added', { item_id, output_index, summary_index, part: { type: 'summary_text', text: '' } });
          for (const delta of chunks(part.text, 24)) ev('response.reasoning_summary_text.delta', { item_id, output_index, summary_index, delta });
          ev('response.reasoning_summary_text.done', { item_id, output_index, summary_index, text: part.text });
          ev('response.reasoning_summary_part.done', { item_id, output_index, summary_index, part });
        });
        (item.content ?? []).forEach((part, content_index) => {
          for (const delta of chunks(part.text, 24)) ev('response.reasoning_text.delta', { item_id, output_index, content_index, delta });
          ev('response.reasoning_text.done', { item_id, output_index, content_index, text: part.text });
        });
      } else if (item.type === 'function_call') {
        ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
        for (const delta of chunks(item.arguments, 20)) ev('response.function_call_arguments.delta', { item_id, output_index, delta });
        ev('response.function_call_arguments.done', { item_id, output_index, arguments: item.arguments });
      } else if (item.type === 'custom_tool_call') {
        ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', input: '' } });
        for (const delta of chunks(item.input, 20)) ev('response.custom_tool_call_input.delta', { item_id, output_index, delta });
        ev('response.custom_tool_call_input.done', { item_id, output_index, input: item.input });
      } else if (item.type === 'web_search_call') {
        ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress' } });
        for (const phase of ['in_progress', 'searching', 'completed']) ev(`response.web_search_call.${phase}`, { item_id, output_index });
      } else {
        ev('response.output_item.added', { output_index, item: { ...item, status: 'in_progress' } });
      }
      ev('response.output_item.done', { output_index, item });
    });
    ev('response.completed', { response: { ...base, status: 'completed', output: ans.output, usage } });
    res.end();
  }

  const server = createJsonServer(
    { stats, log, serverErrorBody: OPENAI_SERVER_ERROR },
    {
      onRequest: (req, request) => {
        const { raw, body, url } = request;
        logOpenAiRequest(log, stats, req, request, url.pathname.endsWith('/responses') ? summarize(body) : raw.slice(0, 500));
        if (firstBodyFile && url.pathname.endsWith('/responses') && stats.responses === 0) fs.writeFileSync(firstBodyFile, raw);
        if (bodyDir) fs.writeFileSync(`${bodyDir}/${String(stats.requests).padStart(4, '0')}.json`, raw);
      },
      route: (req, res, { body, url }) => {
        if (req.method === 'POST' && /\/responses$/.test(url.pathname)) return handleResponses(req, res, body ?? {});
        if (sendOpenAiModels(req, res, url, models)) return;
        return sendRootOrNotFound(req, res, url, openAiNotFound);
      },
    },
  );

  return listenOnLoopback(server, { log, stats, scenario });
}
