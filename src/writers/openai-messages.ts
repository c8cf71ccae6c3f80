/**
 * A session's main line as OpenAI chat messages, one at a time: system, user and assistant
 * messages; an assistant's text and the tool calls that follow it merged into one assistant
 * message, then one `tool` message per call (a call with no recorded result gets a tool message
 * saying so, so every tool_call id is answered exactly once). Reasoning, meta events and
 * subagent events (those with a parentId) have no place in a chat conversation and are left out.
 */
import type { TranscriptEvent } from '../transcript/index.js';

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** OpenAI accepts function names of letters, digits, `_` and `-`, at most 64 characters. */
export const functionName = (name: string): string => name.replace(/[^\w-]/g, '_').slice(0, 64) || 'tool';

/** Arguments are a JSON object, as a string; any other input is wrapped as `{"input": …}`. */
function argumentsOf(input: unknown): string {
  if (input === undefined || input === null) return '{}';
  return JSON.stringify(typeof input === 'object' && !Array.isArray(input) ? input : { input });
}

function resultContent(event: TranscriptEvent): string {
  const tool = event.tool!;
  const withheld = event.withheld?.some((w) => w.field === 'tool.output' && w.reason !== 'truncated');
  const output = tool.output ?? (withheld ? '(output withheld by the redaction profile)' : '(no output)');
  const failed = tool.status && tool.status !== 'ok' ? `[${tool.status}${tool.exitCode === undefined ? '' : `, exit ${tool.exitCode}`}]\n` : '';
  return `${failed}${output}`;
}

const NO_RESULT = '(no result was recorded for this call)';

/** One assistant message being gathered: its text, its calls, and the results that came back. */
interface PendingTurn {
  texts: string[];
  calls: ChatToolCall[];
  /** results by the call id used in the output */
  results: Map<string, string>;
  /** the session's callId → the id used in the output (unique within the session) */
  ids: Map<string, string>;
}

export async function* chatMessages(events: AsyncIterable<TranscriptEvent>): AsyncGenerator<ChatMessage> {
  const usedIds = new Set<string>();
  let pending: PendingTurn | undefined;

  function* flush(): Generator<ChatMessage> {
    if (!pending) return;
    const { texts, calls, results } = pending;
    pending = undefined;
    yield { role: 'assistant', content: texts.length > 0 ? texts.join('\n\n') : null, ...(calls.length > 0 ? { tool_calls: calls } : {}) };
    for (const call of calls) yield { role: 'tool', tool_call_id: call.id, content: results.get(call.id) ?? NO_RESULT };
  }
  const assistantTurn = (): PendingTurn => {
    pending ??= { texts: [], calls: [], results: new Map(), ids: new Map() };
    return pending;
  };
  /** text or a call after every call of the gathered message was answered starts a new message */
  const answeredTurn = () => pending !== undefined && pending.calls.length > 0 && pending.calls.every((call) => pending!.results.has(call.id));

  for await (const event of events) {
    if (event.parentId !== undefined) continue;
    switch (event.type) {
      case 'system':
      case 'user_message':
        if (!event.text) break;
        yield* flush();
        yield { role: event.type === 'system' ? 'system' : 'user', content: event.text };
        break;
      case 'assistant_message':
        if (!event.text) break;
        if (answeredTurn()) yield* flush();
        assistantTurn().texts.push(event.text);
        break;
      case 'tool_call': {
        if (answeredTurn()) yield* flush();
        const turn = assistantTurn();
        const tool = event.tool!;
        let id = tool.callId || 'call';
        for (let n = 2; usedIds.has(id); n++) id = `${tool.callId}_${n}`;
        usedIds.add(id);
        turn.ids.set(tool.callId, id);
        turn.calls.push({ id, type: 'function', function: { name: functionName(tool.name), arguments: argumentsOf(tool.input) } });
        break;
      }
      case 'tool_result': {
        // a result for a call of this assistant message, answered once; any other (a late or unknown one) is left out
        const id = pending?.ids.get(event.tool!.callId);
        if (id !== undefined && !pending!.results.has(id)) pending!.results.set(id, resultContent(event));
        break;
      }
      default:
        break;
    }
  }
  yield* flush();
}
