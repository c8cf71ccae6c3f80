/**
 * Amp records → normalized events. One class reads both native forms:
 * - the stdout of `amp --execute --stream-json` (JSON lines shaped like Claude Code's stream-json:
 *   system/init, user, assistant, result; message content is a block array), and
 * - a thread file `~/.local/share/amp/threads/T-<uuid>.json`: ONE JSON document holding the whole
 *   thread (messages with content blocks, per-message usage, a usage ledger, the workspace).
 *   The pipeline hands it over as a single record; its messages are counted one by one.
 */
import type { Attachment, Tool, ToolKind, ToolStatus, Usage } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import { base64Image, contentToText } from '../shared/content.js';
import { mapped, RecordDispatch, settle, unknown, type HandlerResult, type Origin, type Verdict } from '../shared/dispatch.js';
import { asRecord, stringField, type Json, type Native } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import type { McpTool } from '../shared/tools.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import {
  errorText, filesFromInput, identifyTool, ledgerUsageOf, resultPayload, toolStatus, usageOf, type ResultPayload,
} from './tools.js';
import type { Line } from './records.js';

/** a stream line or thread document, by the fields Amp writes */
type AmpLine = Native<Line>;

/** `run.status` values of a tool that has finished; others (`in-progress`, `blocked-on-user`, ...) are still running. */
const FINISHED_RUNS = new Set(['done', 'error', 'cancelled', 'rejected-by-user']);

interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: McpTool;
  path?: string;
}

interface ThreadMessage {
  message: Json;
  index: number;
  ledger: Map<string, Usage>;
  /** the thread's creation time, for its first message */
  fallbackTime: string | undefined;
}

export class AmpConverter implements Converter {
  private readonly calls = new CallTracker<OpenCall>();
  private lastMessageId: string | undefined;
  /** stream responses without a message id, numbered so each is counted once */
  private anonymousResponses = 0;
  private durationMs = 0;
  private haveSessionId = false;

  private readonly records = new RecordDispatch<AmpLine>({
    '(no type)': (value, context) => (Array.isArray(value.messages)
      ? this.thread(value, context)
      : unknown('record has no "type" field and is not an Amp thread')),
    system: (value) => this.system(value),
    user: (value, context) => this.streamUser(value, context),
    assistant: (value, context) => this.streamAssistant(value, context),
    result: (value) => this.result(value),
  }, { unknownReason: (type) => `unknown Amp stream record type "${type}"` });

  private readonly threadMessages = new RecordDispatch<ThreadMessage>({
    user: ({ message, fallbackTime }, context) => this.threadUser(blocksOf(message.content), messageBase(message, fallbackTime), context),
    assistant: ({ message, index, ledger, fallbackTime }, context) => {
      const base = messageBase(message, fallbackTime);
      this.threadAssistant(message, blocksOf(message.content), base, context, ledger, base.nativeId ?? `#${index}`);
    },
    info: ({ message, fallbackTime }, context) => this.threadInfo(blocksOf(message.content), messageBase(message, fallbackTime), context),
  }, { unknownReason: (role) => `unknown Amp thread message role "${role}"` });

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const value = record.value;
    const type = stringField(value, 'type');
    if (type && !this.haveSessionId) {
      const sessionId = stringField(value, 'session_id');
      if (sessionId) {
        this.out.session({ nativeSessionId: sessionId });
        this.haveSessionId = true;
      }
    }
    this.records.dispatch(this.out, record, type ?? '(no type)', value);
  }

  flush(): void {
    // Events are emitted as soon as their record is read: nothing is held back.
  }

  // ---- stream records -------------------------------------------------------------------

  private system(value: AmpLine): Verdict {
    const subtype = stringField(value, 'subtype') ?? '(none)';
    if (subtype !== 'init') return unknown(`unknown Amp system record subtype "${subtype}"`, `system/${subtype}`);
    const cwd = stringField(value, 'cwd');
    this.out.session({ nativeSessionId: stringField(value, 'session_id'), environment: { cwd: cwd ?? null } });
    const tools = Array.isArray(value.tools) ? value.tools : [];
    const servers = Array.isArray(value.mcp_servers) ? value.mcp_servers : [];
    const serverNames = servers.map((server) => stringField(asRecord(server), 'name')).filter((name): name is string => name !== undefined);
    this.out.emit({
      ...this.streamEnvelope(value), type: 'system', role: 'system',
      text: `Session started${cwd ? ` in ${cwd}` : ''}, ${tools.length} tools, ${serverNames.length > 0 ? `MCP servers: ${serverNames.join(', ')}` : 'no MCP servers'}`,
      meta: { kind: 'init', tools, mcpServers: servers },
    });
    return mapped('system/init');
  }

  private streamUser(value: AmpLine, origin: Origin): HandlerResult {
    const content = asRecord(value.message)?.content;
    if (typeof content !== 'string' && !Array.isArray(content)) return unknown('user record without message content');
    this.userBlocks(blocksOf(content), this.streamEnvelope(value), origin, (block, base) => this.streamToolResult(block, base));
  }

  /** A user message's blocks: text and images are the user's message, tool results answer calls, any other block is unparsed. */
  private userBlocks(blocks: Json[], base: DraftEvent, origin: Origin, toolResult: (block: Json, base: DraftEvent) => void): void {
    let texts = 0;
    const { text, attachments } = contentToText(blocks, {
      text: (block) => {
        if (block.type !== 'text' || typeof block.text !== 'string') return undefined;
        texts += 1;
        return block.text;
      },
      attachment: (block) => (block.type === 'image' ? imageAttachment(block) : undefined),
      other: (block) => {
        if (block.type === 'tool_result') toolResult(block, base);
        else this.unknownBlock(origin, block);
        return undefined;
      },
    });
    if (texts > 0 || attachments.length > 0) {
      this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) });
    }
  }

  private streamToolResult(block: Json, base: DraftEvent): void {
    const callId = stringField(block, 'tool_use_id') ?? stringField(block, 'toolUseID') ?? '';
    const payload = resultPayload(block.content);
    const status = toolStatus({ isError: block.is_error === true, text: payload.text, exitCode: payload.exitCode });
    this.emitResult(callId, payload, status, base);
  }

  private streamAssistant(value: AmpLine, origin: Origin): HandlerResult {
    const message = asRecord(value.message);
    const content = message?.content;
    if (!message || (typeof content !== 'string' && !Array.isArray(content))) return unknown('assistant record without message content');
    const messageId = stringField(message, 'id');
    const firstOfMessage = messageId === undefined || messageId !== this.lastMessageId;
    this.lastMessageId = messageId;
    // Amp prints each response whole, with its final usage; a repeated id replaces, never adds.
    const usage = usageOf(message.usage);
    if (usage) this.out.usage(messageId ?? `response-${++this.anonymousResponses}`, usage);
    const model = stringField(message, 'model');
    const base: DraftEvent = { ...this.streamEnvelope(value), ...(messageId ? { nativeId: messageId } : {}), ...(model ? { model } : {}) };
    this.assistantBlocks(origin, blocksOf(content), base, firstOfMessage ? usage : undefined);
  }

  private result(value: AmpLine): Verdict {
    const subtype = stringField(value, 'subtype') ?? (value.is_error === true ? 'error' : 'success');
    if (typeof value.duration_ms === 'number' && value.duration_ms >= 0) {
      // one result per run of the agent loop; each reports its own duration
      this.durationMs += value.duration_ms;
      this.out.session({ durationMs: Math.round(this.durationMs) });
    }
    const base = this.streamEnvelope(value);
    if (value.is_error === true || subtype.startsWith('error')) {
      const text = [stringField(value, 'error'), stringField(value, 'result')].filter(Boolean).join('\n') || subtype;
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${subtype}` } });
    }
    const denials = Array.isArray(value.permission_denials) ? value.permission_denials : [];
    if (denials.length > 0) {
      const names = denials.map((d) => (typeof d === 'string' ? d : stringField(asRecord(d), 'tool_name') ?? JSON.stringify(d)));
      this.out.emit({
        ...base, type: 'system', role: 'system',
        text: `Permission denied for: ${names.join(', ')}`,
        meta: { kind: 'permission-denials', denials },
      });
    }
    return mapped(`result/${subtype}`);
  }

  // ---- thread files ---------------------------------------------------------------------

  private thread(doc: AmpLine, origin: Origin): Verdict {
    const threadId = stringField(doc, 'id');
    const title = stringField(doc, 'title');
    this.out.session({
      ...(threadId ? { nativeSessionId: threadId } : {}),
      ...(title ? { title } : {}),
      environment: threadEnvironment(doc),
    });
    const messages = doc.messages as unknown[];
    const ledger = ledgerByMessage(doc, messages);
    const created = timeOf(doc.created);
    // each message of the thread is counted as a record of its own, under thread/message/<role>
    messages.forEach((raw, index) => {
      const message = asRecord(raw);
      if (!message) {
        settle(origin, unknown(`message ${index} is not an object`), 'thread/message');
        return;
      }
      const role = stringField(message, 'role') ?? '(none)';
      const label = `thread/message/${role}`;
      if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
        settle(origin, unknown(`message ${index} has no content`), label);
        return;
      }
      const fallbackTime = index === 0 ? created : undefined;
      this.threadMessages.dispatch(this.out, origin.record, role, { message, index, ledger: ledger.byMessage, fallbackTime }, label);
    });
    // ledger entries for responses that have no message in the file still count as tokens
    for (const [key, usage] of ledger.orphans) this.out.usage(key, usage);
    return mapped('thread');
  }

  private threadUser(blocks: Json[], base: DraftEvent, origin: Origin): void {
    this.userBlocks(blocks, base, origin, (block, blockBase) => this.threadToolResult(block, blockBase));
  }

  /** `{toolUseID, run: {status, result | error | reason}}`; an older shape carries `tool_use_id`, `content`, `is_error`. */
  private threadToolResult(block: Json, base: DraftEvent): void {
    const callId = stringField(block, 'toolUseID') ?? stringField(block, 'tool_use_id') ?? '';
    const run = asRecord(block.run);
    if (!run) {
      const payload = resultPayload(block.content);
      this.emitResult(callId, payload, toolStatus({ isError: block.is_error === true, text: payload.text, exitCode: payload.exitCode }), base);
      return;
    }
    const runStatus = stringField(run, 'status') ?? '(none)';
    if (!FINISHED_RUNS.has(runStatus)) {
      // the thread was saved while the tool still ran (or waited for approval): no result yet
      this.out.emit({
        ...base, type: 'meta', role: 'system',
        text: `Tool call ${callId} had not finished when the thread was saved (status ${runStatus})`,
        meta: { kind: 'tool-unfinished', callId, runStatus },
      });
      return;
    }
    const payload: ResultPayload = runStatus === 'done'
      ? resultPayload(run.result ?? run.progress)
      : { text: errorText(run.error) ?? stringField(run, 'reason') ?? '' };
    const status = toolStatus({ runStatus, isError: runStatus === 'error', text: payload.text, exitCode: payload.exitCode });
    this.emitResult(callId, payload, status, base);
  }

  private threadAssistant(message: Json, blocks: Json[], base: DraftEvent, origin: Origin, ledger: Map<string, Usage>, key: string): void {
    const rawUsage = asRecord(message.usage);
    const usage = usageOf(rawUsage) ?? ledger.get(key);
    if (usage) this.out.usage(`message:${key}`, usage);
    const model = stringField(rawUsage, 'model') ?? stringField(message, 'model');
    const timestamp = base.timestamp ?? timeOf(rawUsage?.timestamp) ?? null;
    const withModel: DraftEvent = { ...base, timestamp, ...(model ? { model } : {}) };
    this.assistantBlocks(origin, blocks, withModel, usage);
    const state = asRecord(message.state);
    const stateType = stringField(state, 'type');
    if (stateType === 'cancelled') {
      this.out.emit({ ...withModel, type: 'meta', role: 'system', text: 'The response was cancelled', meta: { kind: 'interrupted' } });
    } else if (stateType === 'error') {
      this.out.emit({ ...withModel, type: 'system', role: 'system', text: errorText(state?.error) ?? 'The response ended with an error', meta: { kind: 'error' } });
    } else if (stateType === 'streaming') {
      this.out.emit({ ...withModel, type: 'meta', role: 'system', text: 'The thread was saved while this response was still streaming', meta: { kind: 'incomplete' } });
    }
  }

  /** `info` messages: summaries that stand in for compacted history, and other notices. */
  private threadInfo(blocks: Json[], base: DraftEvent, origin: Origin): void {
    for (const block of blocks) {
      if (block.type === 'summary') {
        const summary = asRecord(block.summary);
        const text = stringField(summary, 'summary') ?? (stringField(summary, 'thread') ? `Summary thread ${stringField(summary, 'thread')}` : undefined);
        this.out.emit({ ...base, type: 'system', role: 'system', text: text ?? '', meta: { kind: 'summary', recordType: stringField(summary, 'type') ?? 'summary' } });
      } else if (block.type === 'text' && typeof block.text === 'string') {
        this.out.emit({ ...base, type: 'system', role: 'system', text: block.text, meta: { kind: 'info' } });
      } else {
        this.unknownBlock(origin, block);
      }
    }
  }

  // ---- shared ---------------------------------------------------------------------------

  private assistantBlocks(origin: Origin, blocks: Json[], base: DraftEvent, usage: Usage | undefined): void {
    let usageToAttach = usage;
    for (const block of blocks) {
      const event = this.assistantBlock(block, base);
      if (!event) {
        this.unknownBlock(origin, block);
        continue;
      }
      if (usageToAttach) {
        event.usage = usageToAttach;
        usageToAttach = undefined;
      }
      this.out.emit(event);
    }
  }

  private assistantBlock(block: Json, base: DraftEvent): DraftEvent | undefined {
    switch (block.type) {
      case 'text':
        return { ...base, type: 'assistant_message', role: 'assistant', text: String(block.text ?? '') };
      case 'thinking':
        return { ...base, type: 'reasoning', role: 'assistant', text: String(block.thinking ?? block.text ?? '') };
      case 'redacted_thinking':
        return { ...base, type: 'reasoning', role: 'assistant', text: '', meta: { kind: 'redacted-thinking', reason: 'the model returned encrypted thinking' } };
      case 'tool_use': {
        const name = String(block.name ?? 'unknown');
        const callId = String(block.id ?? '');
        const identity = identifyTool(name);
        const input = block.input ?? {};
        const files = filesFromInput(identity.kind, input);
        const path = files?.[0]?.path;
        this.calls.call(callId, { name, ...identity, ...(path ? { path } : {}) }, base.timestamp);
        const tool: Tool = { name, callId, ...identity, input };
        if (files) tool.files = files;
        return { ...base, type: 'tool_call', role: 'assistant', tool };
      }
      default:
        return undefined;
    }
  }

  private emitResult(callId: string, payload: ResultPayload, status: ToolStatus, base: DraftEvent): void {
    const { call, elapsedMs } = this.calls.answer(callId, base.timestamp);
    const kind = call?.kind ?? 'other';
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output: payload.text, status };
    if (call?.mcp) tool.mcp = call.mcp;
    if (payload.exitCode !== undefined) tool.exitCode = payload.exitCode;
    if (call?.path && (kind === 'edit' || kind === 'write')) {
      tool.files = [{ path: call.path, action: kind, ...(payload.diff ? { diff: payload.diff } : {}) }];
    }
    if (elapsedMs !== undefined) tool.durationMs = elapsedMs;
    this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool });
  }

  /** A content block of a type this adapter does not know: visible and counted, never dropped. */
  private unknownBlock(origin: Origin, block: Json): void {
    const type = typeof block.type === 'string' ? block.type : '(no type)';
    settle(origin, unknown(`unknown Amp content block type "${type}"`), `block/${type}`);
  }

  private streamEnvelope(value: AmpLine): DraftEvent {
    const base = { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent;
    const parentId = stringField(value, 'parent_tool_use_id');
    if (parentId) base.parentId = parentId;
    return base;
  }
}

/** Message content as blocks: a bare string is one text block. */
function blocksOf(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.map((block) => (typeof block === 'string' ? { type: 'text', text: block } : asRecord(block) ?? { type: '(not an object)' }));
}

/** Epoch milliseconds or an RFC 3339 string → RFC 3339, or undefined. */
function timeOf(value: unknown): string | undefined {
  return isoTime(value, { checkStrings: true });
}

/** A thread message's time and id; the first message without a time of its own takes the thread's creation time. */
function messageBase(message: Json, fallbackTime: string | undefined): DraftEvent {
  const messageId = idOf(message.messageId) ?? idOf(message.id);
  return {
    timestamp: messageTime(message) ?? fallbackTime ?? null,
    ...(messageId !== undefined ? { nativeId: messageId } : {}),
  } as DraftEvent;
}

function messageTime(message: Json): string | undefined {
  return timeOf(asRecord(message.meta)?.sentAt) ?? timeOf(message.createdAt) ?? timeOf(message.timestamp);
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * `usageLedger.events` repeats the tokens of responses whose message already carries `usage`;
 * only the entries for messages without usage of their own are used, so nothing counts twice.
 */
function ledgerByMessage(doc: AmpLine, messages: unknown[]): { byMessage: Map<string, Usage>; orphans: Map<string, Usage> } {
  const byMessage = new Map<string, Usage>();
  const orphans = new Map<string, Usage>();
  const events = asRecord(doc.usageLedger)?.events;
  if (!Array.isArray(events)) return { byMessage, orphans };
  const withUsage = new Set<string>();
  const known = new Set<string>();
  messages.forEach((raw, index) => {
    const message = asRecord(raw);
    if (message?.role !== 'assistant') return;
    const key = idOf(message.messageId) ?? idOf(message.id) ?? `#${index}`;
    known.add(key);
    if (usageOf(message.usage)) withUsage.add(key);
  });
  events.forEach((raw, index) => {
    const event = asRecord(raw);
    const usage = ledgerUsageOf(event?.tokens);
    if (!event || !usage) return;
    const target = idOf(event.toMessageId);
    if (target !== undefined && withUsage.has(target)) return;
    const map = target !== undefined && known.has(target) ? byMessage : orphans;
    const key = target !== undefined && known.has(target) ? target : `ledger:${idOf(event.id) ?? index}`;
    const previous = map.get(key);
    map.set(key, previous ? { input: previous.input + usage.input, output: previous.output + usage.output } : usage);
  });
  return { byMessage, orphans };
}

/** The workspace of the thread: `env.initial.cwd`, else the first tree's `file://` URI. */
function threadEnvironment(doc: AmpLine): { cwd: string | null; repo?: { name?: string; remote?: string; commit?: string; branch?: string } } {
  const initial = asRecord(asRecord(doc.env)?.initial);
  const trees = Array.isArray(initial?.trees) ? initial.trees : [];
  const tree = asRecord(trees[0]);
  let cwd = stringField(initial, 'cwd');
  const uri = stringField(tree, 'uri');
  if (!cwd && uri) cwd = pathOfUri(uri);
  const repository = asRecord(tree?.repository);
  const remote = stringField(repository, 'url');
  const commit = stringField(repository, 'sha');
  const ref = stringField(repository, 'ref');
  const repo = remote || commit || ref
    ? {
      ...(stringField(tree, 'displayName') ? { name: stringField(tree, 'displayName') } : {}),
      ...(remote ? { remote } : {}),
      ...(commit ? { commit } : {}),
      ...(ref ? { branch: ref.replace(/^refs\/heads\//, '') } : {}),
    }
    : undefined;
  return { cwd: cwd ?? null, ...(repo ? { repo } : {}) };
}

function pathOfUri(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri.slice('file://'.length);
  }
}

/** An image is described (mime, decoded size), never inlined. */
function imageAttachment(block: Json): Attachment {
  const source = asRecord(block.source);
  const attachment = base64Image(stringField(source, 'media_type') ?? stringField(source, 'mediaType'), source?.data);
  const url = stringField(source, 'url');
  if (url) attachment.path = url;
  return attachment;
}
