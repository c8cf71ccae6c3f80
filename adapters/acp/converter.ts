/**
 * ACP JSON-RPC messages → normalized events. Two native forms share this converter:
 *   - the two-way capture `atx run --acp` writes: {"ts", "dir": "client->agent"|"agent->client", "msg"};
 *   - an agent's bare stdout: the agent's messages only, no times, and none of the client's
 *     (so the user's prompt is missing: each turn starts with a visible gap event instead).
 * Requests are remembered by direction and id so that their responses (which carry no method)
 * can be read; without the request (bare stdout) a response is recognised by its shape.
 */
import type { Usage } from '../../src/transcript/index.js';
import { asRecord, numberField, stringField, type Json } from '../shared/json.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { blocksText } from './content.js';
import { OrderedEvents } from './ordered-events.js';
import { ToolCalls } from './tool-calls.js';
import { SessionUpdates } from './updates.js';
import { textField } from '../shared/content.js';

type Direction = 'client->agent' | 'agent->client';

interface Envelope {
  dir: Direction;
  msg: Json;
  timestamp: string | null;
  /** a capture line (both directions present) rather than bare agent stdout */
  captured: boolean;
}

interface PendingRequest {
  method: string;
  params: Json | undefined;
}

/** Agent→client requests for services whose effect the agent reports in its tool calls anyway. */
const CLIENT_SERVICES = new Set([
  'fs/read_text_file', 'fs/write_text_file', 'terminal/create', 'terminal/output', 'terminal/release', 'terminal/wait_for_exit', 'terminal/kill',
]);
/**
 * ACP's own methods (requests or notifications, either side; SDK 2.4.0, schema v1 and v2 with
 * their unstable parts) that carry nothing of the conversation: sign-in, the provider menu, session
 * housekeeping, MCP messages relayed over ACP, next-edit suggestions and the editor's documents,
 * and a proxy chain's plumbing.
 */
const SIDE_CHANNEL = new Set([
  'authenticate', 'logout', 'auth/login', 'auth/logout', 'auth/status', 'auth/status_update',
  'providers/list', 'providers/set', 'providers/disable',
  'session/list', 'session/close', 'session/delete', 'session/archive', 'session/unarchive', 'session/status', 'session/set_config_option', 'session/set_model',
  'mcp/connect', 'mcp/disconnect', 'mcp/message',
  'nes/start', 'nes/suggest', 'nes/accept', 'nes/reject', 'nes/close',
  'document/didOpen', 'document/didChange', 'document/didClose', 'document/didSave', 'document/didFocus',
  'proxy/initialize', 'proxy/successor',
]);

/** the namespaces of ACP's methods: a method in any other is a vendor's own */
const ACP_NAMESPACES = new Set(['session', 'fs', 'terminal', 'elicitation', 'auth', 'providers', 'mcp', 'nes', 'document', 'proxy', 'tool_call', '$']);

/**
 * A vendor's own method: ACP reserves names starting with "_" for extensions, and agents also use
 * namespaces of their own (Qwen Code's craft/..., qwen/notify/...). They carry agent-specific
 * bookkeeping, not the conversation, and are counted as skipped. A bare name ACP does not define
 * is not one of them: it may be a newer protocol's method, and is reported unparsed.
 */
export function isExtensionMethod(method: string): boolean {
  if (method.startsWith('_')) return true;
  const slash = method.indexOf('/');
  return slash !== -1 && !ACP_NAMESPACES.has(method.slice(0, slash));
}

export class AcpConverter implements Converter {
  private readonly events: OrderedEvents;
  private readonly calls: ToolCalls;
  private readonly updates: SessionUpdates;
  private readonly pending = new Map<string, PendingRequest>();
  /** permission request key → the tool call it asked about */
  private readonly permissions = new Map<string, { toolCallId?: string; options: Json[]; title?: string }>();
  private turns = 0;
  private turnOpen = false;

  constructor(private readonly out: ConverterOutput) {
    this.events = new OrderedEvents((event) => out.emit(event));
    this.calls = new ToolCalls(this.events, (id) => this.updates.terminalOutput(id));
    this.updates = new SessionUpdates(out, this.events, this.calls, (timestamp, captured) => this.turnActivity(timestamp, captured), (timestamp, stopReason) => this.endTurn(timestamp, stopReason));
  }

  push(record: NativeRecord): void {
    const envelope = this.unwrap(record);
    if (!envelope) return;
    const { msg } = envelope;
    const method = stringField(msg, 'method');
    const hasId = msg.id !== undefined && msg.id !== null;
    if (method && hasId) return this.request(record, envelope, method);
    if (method) return this.notification(record, envelope, method);
    if (hasId && ('result' in msg || 'error' in msg)) return this.response(envelope);
    this.out.unknown(record, 'jsonrpc', 'a JSON-RPC message with neither a method nor a result or error');
  }

  flush(): void {
    this.updates.closeMessage();
    this.calls.closeOpen(null, 'the session ended before the agent reported a result');
    this.events.flush();
  }

  private unwrap(record: NativeRecord): Envelope | undefined {
    const value = record.value;
    if (value.dir === 'client->agent' || value.dir === 'agent->client') {
      const msg = asRecord(value.msg);
      if (!msg) {
        this.out.unknown(record, 'capture', 'capture line without a JSON-RPC message in "msg"');
        return undefined;
      }
      const ts = stringField(value, 'ts');
      return { dir: value.dir, msg, timestamp: ts && Number.isFinite(Date.parse(ts)) ? ts : null, captured: true };
    }
    if (value.jsonrpc === '2.0') return { dir: 'agent->client', msg: value, timestamp: null, captured: false };
    this.out.unknown(record, '(not json-rpc)', 'neither a capture line nor a JSON-RPC 2.0 message');
    return undefined;
  }

  private request(record: NativeRecord, env: Envelope, method: string): void {
    const params = asRecord(env.msg.params);
    this.pending.set(`${env.dir}#${JSON.stringify(env.msg.id)}`, { method, params });
    const type = `${method} (request)`;
    if (isExtensionMethod(method) || SIDE_CHANNEL.has(method)) {
      this.out.count(type, 'skipped');
      return;
    }
    if (env.dir === 'client->agent') {
      switch (method) {
        case 'initialize': {
          this.out.count(type, 'mapped');
          return;
        }
        case 'session/new':
        case 'session/load':
        case 'session/resume': {
          const cwd = stringField(params, 'cwd');
          if (cwd) this.out.session({ environment: { cwd } });
          const sessionId = stringField(params, 'sessionId');
          if (sessionId) this.out.session({ nativeSessionId: sessionId });
          this.out.count(type, 'mapped');
          return;
        }
        case 'session/fork': {
          this.out.count(type, 'mapped'); // shown with its answer, which names the new session
          return;
        }
        case 'session/set_title': {
          const title = stringField(params, 'title');
          if (title) this.out.session({ title });
          this.out.count(type, 'mapped');
          return;
        }
        case 'tool_call/cancel':
        case 'terminal/cancel': {
          const target = method === 'tool_call/cancel' ? stringField(params, 'toolCallId') : stringField(params, 'terminalId');
          const what = method === 'tool_call/cancel' ? 'tool call' : 'terminal';
          if (method === 'tool_call/cancel' && target) this.calls.deny(target, 'cancelled by the user');
          this.emit({ timestamp: env.timestamp, type: 'system', role: 'user', text: `The user cancelled the ${what}${target ? ` ${target}` : ''}`, meta: { kind: 'cancel', method, target: target ?? null } });
          this.out.count(type, 'mapped');
          return;
        }
        case 'session/prompt': return this.prompt(env, params, type);
        case 'session/set_mode': {
          this.emit({ timestamp: env.timestamp, type: 'system', role: 'user', text: `Mode set to ${stringField(params, 'modeId') ?? 'unknown'}`, meta: { kind: 'mode-change', modeId: stringField(params, 'modeId') ?? null } });
          this.out.count(type, 'mapped');
          return;
        }
        default:
          // any other may hold what a newer protocol added, and is reported rather than counted as read
          this.out.unknown(record, type, 'a request this converter does not know');
          return;
      }
    }
    if (method === 'session/request_permission') {
      const toolCall = asRecord(params?.toolCall);
      const options = Array.isArray(params?.options) ? params.options.map(asRecord).filter((o): o is Json => o !== undefined) : [];
      if (toolCall) {
        this.turnActivity(env.timestamp, env.captured);
        this.updates.closeMessage();
        this.calls.update(toolCall, env.timestamp);
      }
      const toolCallId = stringField(toolCall, 'toolCallId');
      const title = stringField(toolCall, 'title');
      this.permissions.set(`${env.dir}#${JSON.stringify(env.msg.id)}`, { ...(toolCallId ? { toolCallId } : {}), options, ...(title ? { title } : {}) });
      // bare stdout never holds the answer: say what was asked now
      if (!env.captured) this.emitPermission(env.timestamp, { toolCallId, options, title }, null);
      this.out.count(type, 'mapped');
      return;
    }
    if (CLIENT_SERVICES.has(method)) {
      this.out.count(type, 'skipped'); // the tool call that needed it reports its input and output
      return;
    }
    if (method === 'elicitation/create') {
      this.emit({ timestamp: env.timestamp, type: 'system', role: 'assistant', text: `The agent asked: ${textField(params, 'message') ?? ''}`.trim(), meta: { kind: 'question' } });
      this.out.count(type, 'mapped');
      return;
    }
    this.out.unknown(record, type, 'a request ACP does not define');
  }

  private prompt(env: Envelope, params: Json | undefined, type: string): void {
    this.updates.closeMessage();
    this.turnOpen = true;
    this.turns += 1;
    const text = blocksText(params?.prompt);
    this.emit({ timestamp: env.timestamp, type: 'user_message', role: 'user', text });
    this.out.count(type, 'mapped');
  }

  private notification(record: NativeRecord, env: Envelope, method: string): void {
    const params = asRecord(env.msg.params);
    switch (method) {
      case 'session/update': return this.updates.handle(record, params, env.timestamp, env.captured);
      case 'session/cancel': {
        this.updates.closeMessage();
        this.emit({ timestamp: env.timestamp, type: 'system', role: 'user', text: 'The user cancelled the turn', meta: { kind: 'cancel' } });
        this.out.count(method, 'mapped');
        return;
      }
      case '$/cancel_request':
      case 'elicitation/complete':
        this.out.count(method, 'skipped'); // bookkeeping of requests already shown
        return;
      default:
        if (isExtensionMethod(method) || SIDE_CHANNEL.has(method)) {
          this.out.count(method, 'skipped');
          return;
        }
        this.out.unknown(record, method, 'a notification ACP does not define');
    }
  }

  private response(env: Envelope): void {
    const requestDir: Direction = env.dir === 'agent->client' ? 'client->agent' : 'agent->client';
    const key = `${requestDir}#${JSON.stringify(env.msg.id)}`;
    const request = this.pending.get(key);
    this.pending.delete(key);
    const result = asRecord(env.msg.result);
    const method = request?.method ?? guessMethod(result);
    const type = `${method ?? 'unknown'} (response)`;
    if (method !== undefined && isExtensionMethod(method)) {
      this.out.count(type, 'skipped'); // the answer to a vendor's own request, whatever it was
      return;
    }
    const error = asRecord(env.msg.error);
    if (error) {
      this.updates.closeMessage();
      const code = numberField(error, 'code');
      this.emit({
        timestamp: env.timestamp, type: 'system', role: 'system',
        text: `Error${method ? ` in ${method}` : ''}: ${errorText(error)}${code !== undefined ? ` (${code})` : ''}`,
        meta: { kind: 'error', recordType: type, ...(code !== undefined ? { code } : {}) },
      });
      if (method === 'session/prompt') this.endTurn(env.timestamp, 'error');
      if (method === 'session/request_permission') this.answerPermission(key, env.timestamp, null);
      this.out.count(type, 'mapped');
      return;
    }
    if (method !== undefined && SIDE_CHANNEL.has(method)) {
      this.out.count(type, 'skipped'); // housekeeping answered: nothing of the conversation
      return;
    }
    switch (method) {
      case 'initialize': {
        const info = asRecord(result?.agentInfo);
        const name = stringField(info, 'name');
        const version = stringField(info, 'version');
        this.out.session({ ...(name ? { agent: name } : {}), ...(version ? { agentVersion: version } : {}) });
        break;
      }
      case 'session/fork': {
        // what follows goes to the new session; the transcript keeps the first session's id
        const from = stringField(request?.params, 'sessionId');
        const to = stringField(result, 'sessionId');
        const cwd = stringField(request?.params, 'cwd');
        this.emit({
          timestamp: env.timestamp, type: 'system', role: 'user', text: `The session ${from ?? ''} was forked into ${to ?? 'a new session'}`.replace('  ', ' '),
          meta: { kind: 'fork', fromSessionId: from ?? null, sessionId: to ?? null, cwd: cwd ?? null },
        });
        const model = stringField(asRecord(result?.models), 'currentModelId') ?? this.updates.modelFromConfig(result?.configOptions);
        if (model) this.out.session({ model });
        break;
      }
      case 'session/new':
      case 'session/load':
      case 'session/resume': {
        const sessionId = stringField(result, 'sessionId');
        if (sessionId) this.out.session({ nativeSessionId: sessionId });
        const model = stringField(asRecord(result?.models), 'currentModelId') ?? this.updates.modelFromConfig(result?.configOptions);
        if (model) this.out.session({ model });
        break;
      }
      case 'session/prompt': {
        const usage = usageOf(asRecord(result?.usage)) ?? quotaUsage(asRecord(result?._meta));
        if (usage) this.out.usage(`turn-${this.turns}`, usage);
        // v1 ends the turn here; v2 answers at once (a messageId) and ends it with state_update idle
        const stopReason = stringField(result, 'stopReason');
        if (stopReason) this.endTurn(env.timestamp, stopReason);
        break;
      }
      case 'session/request_permission': {
        this.answerPermission(key, env.timestamp, asRecord(result?.outcome) ?? null);
        break;
      }
      default:
        break; // acknowledgements (set_mode, set_title, the cancels, fs/*, terminal/*): nothing to show
    }
    this.out.count(type, method === undefined ? 'skipped' : 'mapped');
  }

  private answerPermission(key: string, timestamp: string | null, outcome: Json | null): void {
    const asked = this.permissions.get(key);
    this.permissions.delete(key);
    if (!asked) return;
    this.emitPermission(timestamp, asked, outcome ?? { outcome: 'cancelled' });
  }

  /** The permission question and, when known, its answer; a rejection makes the call's result `denied`. */
  private emitPermission(timestamp: string | null, asked: { toolCallId?: string | undefined; options: Json[]; title?: string | undefined }, outcome: Json | null): void {
    const optionId = stringField(outcome ?? undefined, 'optionId');
    const chosen = asked.options.find((o) => o.optionId === optionId);
    const kind = outcome === null ? null : outcome.outcome === 'cancelled' ? 'cancelled' : stringField(chosen, 'kind') ?? 'selected';
    const what = asked.title ?? asked.toolCallId ?? 'a tool call';
    const answer = kind === null ? 'the answer is not in this stream' : kind === 'cancelled' ? 'cancelled' : `${stringField(chosen, 'name') ?? optionId ?? ''} (${kind})`;
    if (asked.toolCallId && (kind === 'cancelled' || kind?.startsWith('reject'))) {
      this.calls.deny(asked.toolCallId, `permission ${kind === 'cancelled' ? 'request cancelled' : 'denied'}`);
    }
    this.emit({
      timestamp, type: 'system', role: 'user',
      text: `Permission for ${what}: ${answer}`,
      meta: {
        kind: 'permission', toolCallId: asked.toolCallId ?? null, outcome: kind, optionId: optionId ?? null,
        options: asked.options.map((o) => ({ optionId: o.optionId ?? null, kind: o.kind ?? null })),
      },
    });
  }

  /** Something the agent did in a turn: in bare stdout the turn's prompt is missing, so mark the gap once. */
  private turnActivity(timestamp: string | null, captured: boolean): void {
    if (this.turnOpen) return;
    this.turnOpen = true;
    this.turns += 1;
    if (captured) return;
    this.emit({
      timestamp, type: 'meta', role: 'system', synthetic: true,
      text: "The user's prompt is not in the agent's stdout: it was sent to the agent on stdin",
      meta: { kind: 'gap', reason: 'user prompt not recorded' },
    });
  }

  private endTurn(timestamp: string | null, stopReason: string): void {
    this.updates.closeMessage();
    this.calls.closeOpen(timestamp, `the turn ended (${stopReason}) before the agent reported a result`);
    if (stopReason !== 'end_turn' && stopReason !== 'error') { // an error has its own event
      this.emit({ timestamp, type: 'system', role: 'system', text: `The turn stopped: ${stopReason}`, meta: { kind: 'stop', stopReason } });
    }
    this.turnOpen = false;
  }

  private emit(draft: DraftEvent): void {
    this.updates.closeMessage();
    this.events.add(draft);
  }
}

/** Which request a response answers, from its shape (bare stdout has no requests). */
function guessMethod(result: Json | undefined): string | undefined {
  if (!result) return undefined;
  if ('protocolVersion' in result && ('agentCapabilities' in result || 'agentInfo' in result || 'authMethods' in result)) return 'initialize';
  if (typeof result.stopReason === 'string') return 'session/prompt';
  if (typeof result.sessionId === 'string') return 'session/new';
  return undefined;
}

function usageOf(usage: Json | undefined): Usage | undefined {
  if (!usage) return undefined;
  const input = numberField(usage, 'inputTokens');
  const output = numberField(usage, 'outputTokens');
  if (input === undefined && output === undefined) return undefined;
  const result: Usage = { input: input ?? 0, output: output ?? 0 };
  const cacheRead = numberField(usage, 'cachedReadTokens');
  const cacheWrite = numberField(usage, 'cachedWriteTokens');
  const reasoning = numberField(usage, 'thoughtTokens');
  if (cacheRead) result.cacheRead = cacheRead;
  if (cacheWrite) result.cacheWrite = cacheWrite;
  if (reasoning) result.reasoning = reasoning;
  return result;
}

/** Gemini CLI and Qwen Code put the turn's tokens in the prompt response's _meta.quota.token_count. */
function quotaUsage(meta: Json | undefined): Usage | undefined {
  const tokens = asRecord(asRecord(meta?.quota)?.token_count);
  const input = numberField(tokens, 'input_tokens');
  const output = numberField(tokens, 'output_tokens');
  return input === undefined && output === undefined ? undefined : { input: input ?? 0, output: output ?? 0 };
}

/** A JSON-RPC error's message, with the detail agents put in `data` (a string, or data.message / data.details). */
function errorText(error: Json): string {
  const message = textField(error, 'message') ?? 'unknown error';
  const data = error.data;
  const detail = typeof data === 'string' ? data : textField(asRecord(data), 'message') ?? stringField(asRecord(data), 'details');
  return detail && detail !== message ? `${message}: ${detail}` : message;
}
