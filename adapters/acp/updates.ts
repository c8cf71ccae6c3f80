/**
 * `session/update` notifications, every kind of ACP v1 (stable and unstable) and v2:
 * message chunks are joined into whole messages, tool calls are paired, the rest become
 * system events or session facts, or are counted as skipped with the reason below.
 */
import type { Role } from '../../src/transcript/index.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { blockText, blocksText } from './content.js';
import type { OrderedEvents } from './ordered-events.js';
import type { ToolCalls } from './tool-calls.js';
import { textField } from '../shared/content.js';

type MessageType = 'user_message' | 'assistant_message' | 'reasoning';

const CHUNKS: Record<string, { type: MessageType; role: Role }> = {
  user_message_chunk: { type: 'user_message', role: 'user' },
  agent_message_chunk: { type: 'assistant_message', role: 'assistant' },
  agent_thought_chunk: { type: 'reasoning', role: 'assistant' },
};
/** v2 whole messages, created and then replaced under their messageId */
const WHOLE: Record<string, { type: MessageType; role: Role }> = {
  user_message: { type: 'user_message', role: 'user' },
  agent_message: { type: 'assistant_message', role: 'assistant' },
  agent_thought: { type: 'reasoning', role: 'assistant' },
};
/** updates that are the agent's work in a turn (in bare stdout the first one follows a missing prompt) */
const TURN_WORK = new Set(['agent_message_chunk', 'agent_thought_chunk', 'agent_message', 'agent_thought', 'tool_call', 'tool_call_update', 'tool_call_content_chunk', 'plan', 'plan_update']);

interface OpenMessage {
  type: MessageType;
  role: Role;
  text: string;
  messageId?: string;
  timestamp: string | null;
}

export class SessionUpdates {
  private open: OpenMessage | undefined;
  private readonly terminals = new Map<string, string>();
  private readonly compactions = new Map<string, string>();

  constructor(
    private readonly out: ConverterOutput,
    private readonly events: OrderedEvents,
    private readonly calls: ToolCalls,
    private readonly turnActivity: (timestamp: string | null, captured: boolean) => void,
    private readonly turnEnded: (timestamp: string | null, stopReason: string) => void,
  ) {}

  terminalOutput(id: string): string | undefined {
    return this.terminals.get(id);
  }

  /** The model named by a `model` config option (its current value). */
  modelFromConfig(options: unknown): string | undefined {
    if (!Array.isArray(options)) return undefined;
    const model = options.map(asRecord).find((o) => o?.category === 'model' || o?.id === 'model');
    const value = model?.currentValue;
    return typeof value === 'string' && value ? value : undefined;
  }

  /** Ends the message being joined: it goes out as one event. */
  closeMessage(): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    if (open.text === '') return; // agents send empty chunks (Qwen Code after a tool call): nothing was said
    this.events.add({
      timestamp: open.timestamp, type: open.type, role: open.role, text: open.text,
      ...(open.messageId ? { nativeId: open.messageId } : {}),
    });
  }

  handle(record: NativeRecord, params: Json | undefined, timestamp: string | null, captured: boolean): void {
    const update = asRecord(params?.update);
    const kind = stringField(update, 'sessionUpdate');
    if (!update || !kind) {
      this.out.unknown(record, 'session/update', 'no update.sessionUpdate');
      return;
    }
    const type = `session/update:${kind}`;
    if (TURN_WORK.has(kind)) this.turnActivity(timestamp, captured);
    const chunk = CHUNKS[kind];
    if (chunk) {
      this.chunk(chunk, blockText(update.content), stringField(update, 'messageId'), timestamp);
      this.out.count(type, 'mapped');
      return;
    }
    const whole = WHOLE[kind];
    if (whole) {
      this.whole(whole, blocksText(update.content), stringField(update, 'messageId'), timestamp);
      this.out.count(type, 'mapped');
      return;
    }
    switch (kind) {
      case 'tool_call':
      case 'tool_call_update':
        this.closeMessage();
        this.calls.update(update, timestamp);
        break;
      case 'tool_call_content_chunk': {
        const id = stringField(update, 'toolCallId');
        if (!id) return this.out.unknown(record, type, 'no toolCallId');
        this.closeMessage();
        this.calls.appendContent(id, update.content, timestamp);
        break;
      }
      case 'plan':
        this.system(timestamp, 'assistant', planText(update.entries), { kind: 'plan', entries: planEntries(update.entries) });
        break;
      case 'plan_update': {
        const plan = asRecord(update.plan) ?? update;
        const text = plan.type === 'markdown' ? textField(plan, 'content') ?? '' : plan.type === 'file' ? `Plan: ${stringField(plan, 'uri') ?? ''}` : planText(plan.entries);
        this.system(timestamp, 'assistant', text, { kind: 'plan', planId: stringField(plan, 'planId') ?? null, entries: planEntries(plan.entries) });
        break;
      }
      case 'plan_removed':
        this.system(timestamp, 'assistant', 'Plan removed', { kind: 'plan-removed', planId: stringField(update, 'planId') ?? null });
        break;
      case 'current_mode_update': {
        const mode = stringField(update, 'currentModeId') ?? 'unknown';
        this.system(timestamp, 'system', `Mode set to ${mode}`, { kind: 'mode-change', modeId: mode });
        break;
      }
      case 'config_option_update': {
        const model = this.modelFromConfig(update.configOptions);
        if (model) this.out.session({ model });
        this.out.count(type, model ? 'mapped' : 'skipped'); // the client's option menu: only the model matters here
        return;
      }
      case 'available_commands_update':
        this.out.count(type, 'skipped'); // the slash commands the client may offer: menu state, not conversation
        return;
      case 'session_info_update': {
        const title = stringField(update, 'title');
        if (title) this.out.session({ title });
        break;
      }
      case 'usage_update': {
        // context-window fill (used/size), not tokens of one response; the cost is the session's running total
        const cost = asRecord(update.cost);
        const amount = numberField(cost, 'amount');
        if (amount !== undefined && (stringField(cost, 'currency') ?? 'USD').toUpperCase() === 'USD') this.out.session({ costUsd: amount });
        break;
      }
      case 'state_update':
        this.state(update, timestamp);
        break;
      case 'terminal_update': {
        const id = stringField(update, 'terminalId');
        const output = asRecord(update.output);
        if (id && typeof output?.output === 'string') this.terminals.set(id, output.output);
        break;
      }
      case 'terminal_output_chunk': {
        const id = stringField(update, 'terminalId');
        const data = stringField(update, 'data');
        if (id && data) this.terminals.set(id, (this.terminals.get(id) ?? '') + Buffer.from(data, 'base64').toString('utf8'));
        break;
      }
      case 'notice': {
        const severity = stringField(update, 'severity') ?? 'info';
        const text = [stringField(update, 'title'), stringField(update, 'description')].filter(Boolean).join(': ');
        this.system(timestamp, 'system', text, { kind: 'notice', severity });
        break;
      }
      case 'compaction_summary_chunk': {
        const id = stringField(update, 'compactionId') ?? '';
        this.compactions.set(id, (this.compactions.get(id) ?? '') + blockText(update.content));
        break;
      }
      case 'compaction_update': {
        const id = stringField(update, 'compactionId') ?? '';
        const status = stringField(update, 'status') ?? 'unknown';
        const summary = blocksText(update.summary) || this.compactions.get(id) || '';
        if (status !== 'in_progress' && status !== 'started') this.compactions.delete(id);
        const error = stringField(update, 'error');
        this.events.add({
          timestamp, type: 'meta', role: 'system', text: summary || `Context compaction ${status}${error ? `: ${error}` : ''}`,
          meta: { kind: 'compaction', compactionId: id, status, ...(error ? { error } : {}) },
        });
        break;
      }
      case 'subagent_update': {
        const state = stringField(asRecord(update.state), 'state');
        this.system(timestamp, 'assistant', `Subagent ${stringField(update, 'title') ?? stringField(update, 'sessionId') ?? ''}${state ? `: ${state}` : ''}`.trim(), {
          kind: 'subagent', sessionId: stringField(update, 'sessionId') ?? null, state: state ?? null,
        });
        break;
      }
      case 'session_message':
        this.system(timestamp, 'assistant', blocksText(update.content), {
          kind: 'session-message', senderSessionId: stringField(update, 'senderSessionId') ?? null, recipientSessionId: stringField(update, 'recipientSessionId') ?? null,
        });
        break;
      case 'session_message_chunk':
        this.chunk({ type: 'assistant_message', role: 'assistant' }, blockText(update.content), stringField(update, 'messageId'), timestamp);
        break;
      // Qwen Code's own kinds (its JS, 0.24.4): live output of a shell the user or a tool ran, and UI payloads
      case 'shell_output':
      case 'tool_output': {
        const output = textField(update, 'output') ?? stringField(update, 'chunk') ?? '';
        const source = stringField(asRecord(update._meta), 'source') ?? null;
        this.system(timestamp, 'tool', output, { kind: 'shell-output', source, toolCallId: stringField(update, 'toolCallId') ?? null });
        break;
      }
      case 'a2ui':
        this.out.count(type, 'skipped'); // a widget for Qwen Code's own web UI: no conversation in it
        return;
      default:
        this.out.unknown(record, type, 'an update kind ACP does not define');
        return;
    }
    this.out.count(type, 'mapped');
  }

  private chunk(kind: { type: MessageType; role: Role }, text: string, messageId: string | undefined, timestamp: string | null): void {
    const open = this.open;
    if (open && open.type === kind.type && (!messageId || !open.messageId || open.messageId === messageId)) {
      open.text += text;
      if (messageId) open.messageId = messageId;
      return;
    }
    this.closeMessage();
    this.open = { ...kind, text, timestamp, ...(messageId ? { messageId } : {}) };
  }

  /** A v2 whole message: the same messageId again replaces what it said. */
  private whole(kind: { type: MessageType; role: Role }, text: string, messageId: string | undefined, timestamp: string | null): void {
    if (this.open && this.open.type === kind.type && messageId && this.open.messageId === messageId) {
      this.open.text = text;
      return;
    }
    this.closeMessage();
    this.open = { ...kind, text, timestamp, ...(messageId ? { messageId } : {}) };
  }

  /** v2 state_update: `idle` carries the turn's stopReason (the prompt response no longer does). */
  private state(update: Json, timestamp: string | null): void {
    const state = stringField(update, 'state');
    if (state !== 'idle') return; // running / requires_action: the events themselves show it
    this.closeMessage();
    const stopReason = stringField(update, 'stopReason');
    const error = textField(asRecord(update.error), 'message');
    if (error) this.system(timestamp, 'system', `Error: ${error}`, { kind: 'error', recordType: 'state_update' });
    this.turnEnded(timestamp, stopReason ?? (error ? 'error' : 'end_turn'));
  }

  private system(timestamp: string | null, role: Role, text: string, meta: DraftEvent['meta'] & object): void {
    this.closeMessage();
    this.events.add({ timestamp, type: 'system', role, text, meta });
  }
}

function planEntries(entries: unknown): { content: string; status: string | null; priority: string | null }[] {
  if (!Array.isArray(entries)) return [];
  return entries.map(asRecord).filter((e): e is Json => e !== undefined).map((e) => ({
    content: textField(e, 'content') ?? '', status: stringField(e, 'status') ?? null, priority: stringField(e, 'priority') ?? null,
  }));
}

function planText(entries: unknown): string {
  const marks: Record<string, string> = { completed: '[x]', in_progress: '[~]', pending: '[ ]' };
  return planEntries(entries).map((e) => `${marks[e.status ?? ''] ?? '[ ]'} ${e.content}`).join('\n');
}
