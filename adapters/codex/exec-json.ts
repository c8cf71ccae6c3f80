/**
 * Format `codex/exec-json`: the stdout of `codex exec --json` (0.4x and later). thread.* and turn.*
 * events, and items that start, update and complete; a tool-like item is a call when it starts and
 * a result when it completes.
 */
import type { Tool } from '../../src/transcript/index.js';
import { byType, RecordDispatch, unknown, type HandlerResult } from '../shared/dispatch.js';
import { asRecord, nativeOf, numberField, stringField, type Native } from '../shared/json.js';
import type { DraftEvent } from '../types.js';
import { contentText } from './exec-json-legacy.js';
import type { ExecEvent, ExecItem } from './records.js';
import { timed, type CodexSession } from './session.js';
import { filesFromChanges, statusOf, usageOf } from './tools.js';
import { textField } from '../shared/content.js';

/** Event types of this format; `error` is one only with a message (else it is an unknown record). */
export function isExecEvent(type: string, line: Native<ExecEvent>): boolean {
  return /^(thread|turn|item)\.|^(error|request_user_input)$/.test(type) && (type !== 'error' || typeof line.message === 'string');
}

interface ItemInput {
  /** the item.* event it came in */
  event: string;
  item: Native<ExecItem>;
  base: DraftEvent;
}

const TOOL_ITEMS = ['command_execution', 'file_change', 'mcp_tool_call', 'web_search', 'todo_list', 'collab_tool_call'];

export function execEventTable(s: CodexSession): RecordDispatch<Native<ExecEvent>> {
  const items = execItemTable(s);
  const error = (type: string) => (line: Native<ExecEvent>): HandlerResult => {
    const message = textField(asRecord(line.error), 'message') ?? textField(line, 'message') ?? type;
    s.out.emit({ ...timed(null), type: 'system', role: 'system', text: message, meta: { kind: 'error', recordType: type } });
  };
  return new RecordDispatch<Native<ExecEvent>>({
    'thread.started': (line) => {
      s.out.session({ nativeSessionId: stringField(line, 'thread_id') });
    },
    'turn.started': () => {
      // exec --json never prints the prompt: the gap is marked, never filled with invented text.
      s.out.emit({
        ...timed(null), type: 'meta', role: 'system', synthetic: true,
        text: 'The user prompt of this turn is not in the codex exec --json output (it is the command-line argument).',
        meta: { kind: 'missing-user-prompt' },
      });
    },
    'turn.completed': (line) => {
      // usage is the thread's running total (Codex reports its last cumulative token count).
      const usage = usageOf(line.usage);
      if (usage) s.out.session({ totalUsage: usage });
    },
    'turn.failed': error('turn.failed'),
    error: error('error'),
    request_user_input: (line) => {
      s.out.emit({ ...timed(null), type: 'system', role: 'system', text: JSON.stringify(line.questions ?? []), meta: { kind: 'question', recordType: 'request_user_input' } });
    },
    ...byType(['item.started', 'item.updated', 'item.completed'], (event) => (line, context) => {
      const item = nativeOf<ExecItem>(line.item);
      if (!item) return unknown(`${event} without an item`);
      const itemType = stringField(item, 'type') ?? '(none)';
      return items.route(itemType, { event, item, base: timed(null) }, context, `${event}/${itemType}`);
    }),
    'item.plan.delta': () => 'skipped',
  }, { unknownReason: (type) => `unknown codex exec --json event "${type}"` });
}

function execItemTable(s: CodexSession): RecordDispatch<ItemInput> {
  /** exec --json: tool-like items already started, by item id */
  const started = new Set<string>();
  return new RecordDispatch<ItemInput>({
    ...byType(['agent_message', 'reasoning', 'plan'], (itemType) => ({ event, item, base }) => {
      if (event !== 'item.completed') return 'skipped';
      s.out.emit({
        ...base, type: itemType === 'reasoning' ? 'reasoning' : 'assistant_message', role: 'assistant', text: textField(item, 'text') ?? '',
        ...(itemType === 'plan' ? { meta: { kind: 'plan' } } : {}),
      });
    }),
    error: ({ event, item, base }) => {
      if (event !== 'item.completed') return 'skipped';
      s.out.emit({ ...base, type: 'system', role: 'system', text: textField(item, 'message') ?? 'error', meta: { kind: 'warning', recordType: 'item/error' } });
    },
    ...byType(TOOL_ITEMS, (itemType) => ({ event, item, base }) => {
      const id = stringField(item, 'id') ?? `item-${s.index}`;
      if (!started.has(id)) {
        started.add(id);
        s.out.emit({ ...base, type: 'tool_call', role: 'assistant', tool: callTool(itemType, id, item) });
        if (event !== 'item.completed') return 'mapped';
      } else if (event !== 'item.completed') {
        return 'skipped';
      }
      started.delete(id);
      s.out.emit({ ...base, type: 'tool_result', role: 'tool', tool: resultTool(itemType, id, item) });
    }),
  }, { unknownReason: (type) => `unknown codex exec --json item type "${type}"` });
}

function callTool(itemType: string, id: string, item: Native<ExecItem>): Tool {
  switch (itemType) {
    case 'command_execution':
      return { name: 'command_execution', callId: id, kind: 'shell', input: { command: item.command ?? null } };
    case 'file_change': {
      const files = filesFromChanges(item.changes);
      return { name: 'file_change', callId: id, kind: 'edit', input: { changes: item.changes ?? [] }, ...(files ? { files } : {}) };
    }
    case 'mcp_tool_call': {
      const server = stringField(item, 'server') ?? '';
      const tool = stringField(item, 'tool') ?? '';
      return { name: `mcp__${server}__${tool}`, callId: id, kind: 'mcp', mcp: { server, tool }, input: item.arguments ?? {} };
    }
    case 'web_search':
      return { name: 'web_search', callId: id, kind: 'web', input: item.action ?? { query: item.query ?? null } };
    case 'todo_list':
      return { name: 'todo_list', callId: id, kind: 'plan', input: { items: item.items ?? [] } };
    default:
      return { name: stringField(item, 'tool') ?? itemType, callId: id, kind: 'task', input: { prompt: item.prompt ?? null, receivers: item.receiver_thread_ids ?? [] } };
  }
}

function resultTool(itemType: string, id: string, item: Native<ExecItem>): Tool {
  const call = callTool(itemType, id, item);
  const itemStatus = stringField(item, 'status');
  const tool: Tool = { name: call.name, callId: id, kind: call.kind!, ...(call.mcp ? { mcp: call.mcp } : {}) };
  switch (itemType) {
    case 'command_execution': {
      const exit = numberField(item, 'exit_code');
      tool.output = stringField(item, 'aggregated_output') ?? '';
      tool.status = statusOf({ text: '', ...(exit !== undefined ? { exitCode: exit } : {}), ...(itemStatus ? { itemStatus } : {}) });
      if (exit !== undefined) tool.exitCode = exit;
      break;
    }
    case 'file_change':
      tool.output = '';
      tool.status = itemStatus === 'failed' ? 'error' : itemStatus === 'declined' ? 'denied' : 'ok';
      if (call.files) tool.files = call.files;
      break;
    case 'mcp_tool_call': {
      const error = textField(asRecord(item.error), 'message');
      tool.output = error ?? contentText(asRecord(item.result)?.content);
      tool.status = itemStatus === 'failed' || error ? 'error' : 'ok';
      break;
    }
    case 'web_search':
      tool.output = stringField(item, 'query') ?? '';
      tool.status = 'ok';
      break;
    case 'todo_list':
      tool.output = (Array.isArray(item.items) ? item.items : []).map((i) => {
        const entry = asRecord(i);
        return `[${entry?.completed === true ? 'x' : ' '}] ${textField(entry, 'text') ?? ''}`;
      }).join('\n');
      tool.status = 'ok';
      break;
    default:
      tool.output = JSON.stringify(item.agents_states ?? {});
      tool.status = itemStatus === 'failed' ? 'error' : 'ok';
  }
  return tool;
}
