/**
 * A subagent's activity as the parent chat keeps it: the `invoke_agent` call's `resultDisplay`
 * (`isSubagentProgress`, `agentName`, `recentActivity`: thoughts and tool calls with their status,
 * `state`, `result`). 0.61 also writes the subagent's own chat (`chats/<parent id>/<agentId>.jsonl`);
 * when that file is read too it is the full record and this summary is dropped, else the summary
 * is what is left of the subagent and becomes its events, grouped under the invoking call.
 * The CLI keeps only the latest few items in some modes, and never a tool's output.
 */
import type { ToolStatus } from '../../src/transcript/index.js';
import { asRecord, callArguments, stringField, type Json } from '../shared/json.js';
import type { DraftEvent } from '../types.js';
import { identifyTool } from './tools.js';
import { textField } from '../shared/content.js';
import { withBlockProse } from '../shared/prose.js';

interface HeldActivity {
  callId: string;
  agentName: string;
  items: Json[];
  timestamp: string | null;
}

const STATUS: Record<string, ToolStatus> = { completed: 'ok', error: 'error', cancelled: 'error' };
const NOTE = 'the parent chat keeps the subagent\'s recent activity only: no tool output';

export class SubagentActivity {
  /** agentId (the subagent's session id) → what the parent chat shows of it; the latest rewrite wins */
  private readonly held = new Map<string, HeldActivity>();

  /** A finished `toolCalls` entry: notes the subagent progress it shows, if any. */
  note(agentId: string | undefined, callId: string, display: unknown, timestamp: string | null): void {
    const progress = asRecord(display);
    if (!agentId || progress?.isSubagentProgress !== true) return;
    const items = Array.isArray(progress.recentActivity) ? progress.recentActivity.map(asRecord).filter((i): i is Json => i !== undefined) : [];
    this.held.set(agentId, { callId, agentName: stringField(progress, 'agentName') ?? 'subagent', items, timestamp });
  }

  /** The subagent's own chat is being read: it says everything the summary would. */
  ownChatRead(agentId: string): void {
    this.held.delete(agentId);
  }

  /** Events for the subagents whose own chat was not read. */
  *drain(): Generator<DraftEvent> {
    for (const [agentId, activity] of this.held) {
      const base = { timestamp: activity.timestamp, parentId: activity.callId };
      for (const item of activity.items) yield* itemEvents(item, base, agentId, activity.agentName);
    }
    this.held.clear();
  }
}

function* itemEvents(item: Json, base: { timestamp: string | null; parentId: string }, agentId: string, agentName: string): Generator<DraftEvent> {
  const status = stringField(item, 'status') ?? 'running';
  const meta = { kind: 'subagent-activity', agentId, agentName, status, note: NOTE };
  const content = textField(item, 'content') ?? '';
  if (item.type === 'thought') {
    yield { ...base, type: 'reasoning', role: 'assistant', text: content, meta };
    return;
  }
  if (item.type !== 'tool_call') {
    yield { ...base, type: 'meta', role: 'system', text: withBlockProse(`Subagent activity of type ${String(item.type)}`, item), meta: { ...meta, kind: 'unmapped-block' } };
    return;
  }
  const callId = stringField(item, 'id') ?? `${agentId}#${content}`;
  const identity = identifyTool(content);
  const tool = { name: content, callId, ...identity };
  yield { ...base, type: 'tool_call', role: 'assistant', tool: { ...tool, input: callArguments(item.args) }, meta };
  yield {
    ...base, type: 'tool_result', role: 'tool', synthetic: true,
    tool: { ...tool, output: null, status: STATUS[status] ?? 'error' },
    meta: status === 'running' ? { ...meta, reason: 'still running when the chat was last written' } : meta,
  };
}
