/**
 * Claude Code records → normalized events. One class reads both native forms: session files
 * (camelCase envelope: sessionId, toolUseResult, isSidechain/agentId) and the stream-json
 * stdout of `claude -p` (snake_case: session_id, tool_use_result, parent_tool_use_id, plus
 * system/init, stream_event and result records).
 */
import type { Attachment, Tool, ToolKind, Usage } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import {
  asRecord, diffFromPatch, exitCodeOf, filesFromInput, identifyTool, statusOf, stringField,
} from './tools.js';
import { addUsage } from '../shared/usage.js';

type Json = Record<string, unknown>;

/** Bookkeeping line types that carry nothing for a transcript: counted as skipped. */
const SKIPPED_TYPES = new Set([
  'file-history-snapshot', 'queue-operation', 'atis-latch', 'api-request-shape', 'api-request-blob', 'api-request',
  'tools-used', 'last-prompt', 'cost-state', 'permission-mode', 'mode', 'agent-name', 'pr-link', 'worktree-state',
  'bridge-session', 'progress', 'keep_alive', 'control_request', 'control_response', 'control_cancel_request',
  'rate_limit_event',
]);
const TITLE_TYPES = new Set(['custom-title', 'ai-title', 'summary-title']);
/** system subtypes that only report transient state */
const SKIPPED_SYSTEM_SUBTYPES = new Set([
  'status', 'task_progress', 'task_updated', 'commands_changed', 'turn_duration', 'thinking_tokens', 'background_tasks_changed',
]);
/** attachment types that repeat the system prompt or tool catalogue on every turn */
const SKIPPED_ATTACHMENTS = new Set(['prompt_snapshot']);

/** records whose envelope is searched for session id, version and cwd */
const FACT_RECORDS = 32;

const COMMAND_WRAPPER = /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr)>/;
const INTERRUPTED = /^\[Request interrupted by user/;

interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: { server: string; tool: string };
  startedAt: number | null;
}

interface PartialBlock {
  type: 'text' | 'thinking';
  text: string;
}

export class ClaudeCodeConverter implements Converter {
  private readonly openCalls = new Map<string, OpenCall>();
  /** subagent id → the callId of the Task/Agent call that started it */
  private readonly subagentParents = new Map<string, string>();
  private currentMessageId: string | undefined;
  /** `claude -p` prints one result per prompt turn; each reports the usage and time since the previous one */
  private readonly resultTotals = { usage: { input: 0, output: 0 } as Usage, durationMs: 0 };
  private haveFacts = false;
  private factRecords = 0;
  private streamFormat = false;
  /** stream-json omits the prompt unless --replay-user-messages: the gap is marked, never invented */
  private awaitingPrompt = false;
  /** --include-partial-messages: blocks of the message being streamed, kept until its final line arrives */
  private partial: { messageId: string; model?: string; blocks: Map<number, PartialBlock> } | undefined;

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const value = record.value;
    const type = stringField(value, 'type');
    if (!type) {
      if (record.file.endsWith('.meta.json') && 'agentType' in value) {
        this.out.count('subagent-meta', 'skipped');
      } else {
        this.out.unknown(record, '(no type)', 'record has no "type" field');
      }
      return;
    }
    if (!this.haveFacts) this.noteSessionFacts(value);
    switch (type) {
      case 'user': return this.user(value, record);
      case 'assistant': return this.assistant(value, record);
      case 'system': return this.system(value);
      case 'attachment': return this.attachment(value);
      case 'summary': return this.summary(value);
      case 'result': return this.result(value);
      case 'stream_event': return this.streamEvent(value);
      default:
        if (TITLE_TYPES.has(type)) {
          const title = stringField(value, 'customTitle') ?? stringField(value, 'aiTitle') ?? stringField(value, 'title');
          if (title) this.out.session({ title });
          this.out.count(type, 'mapped');
        } else if (SKIPPED_TYPES.has(type)) {
          this.out.count(type, 'skipped');
        } else {
          this.out.unknown(record, type, `unknown Claude Code record type "${type}"`);
        }
    }
  }

  flush(): void {
    this.emitUnfinishedPartial();
  }

  // ---- records -------------------------------------------------------------------------

  private user(value: Json, record: NativeRecord): void {
    const message = asRecord(value.message);
    const content = message?.content;
    const base = this.envelope(value);
    if (typeof content === 'string') {
      this.userText(value, content, [], base);
    } else if (Array.isArray(content)) {
      const texts: string[] = [];
      const attachments: Attachment[] = [];
      for (const block of content) {
        const b = asRecord(block);
        if (!b) continue;
        if (b.type === 'text' && typeof b.text === 'string') texts.push(b.text);
        else if (b.type === 'image') attachments.push(imageAttachment(b));
        else if (b.type === 'tool_result') this.toolResult(b, value, base);
        else if (b.type === 'document') attachments.push({ kind: 'file', ...mimeOf(b) });
        else texts.push(`[${String(b.type)} block]`);
      }
      if (texts.length > 0 || attachments.length > 0) this.userText(value, texts.join('\n'), attachments, base);
    } else {
      this.out.unknown(record, 'user', 'user record without message content');
      return;
    }
    this.out.count('user', 'mapped');
  }

  private userText(value: Json, text: string, attachments: Attachment[], base: DraftEvent): void {
    const extra = attachments.length > 0 ? { attachments } : {};
    if (value.isCompactSummary === true) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'compaction-summary' }, ...extra });
    } else if (value.isMeta === true || value.isSynthetic === true) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'injected' }, ...extra });
    } else if (COMMAND_WRAPPER.test(text)) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'command' }, ...extra });
    } else if (INTERRUPTED.test(text)) {
      this.out.emit({ ...base, type: 'meta', role: 'system', text, meta: { kind: 'interrupted' } });
    } else {
      if (!base.parentId) this.awaitingPrompt = false;
      this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...extra });
    }
  }

  private toolResult(block: Json, value: Json, base: DraftEvent): void {
    const callId = typeof block.tool_use_id === 'string' ? block.tool_use_id : '';
    const call = this.openCalls.get(callId);
    this.openCalls.delete(callId);
    const { text, attachments } = resultContent(block.content);
    const structured = value.toolUseResult ?? value.tool_use_result;
    const details = asRecord(structured);
    const decision = asRecord(value.permissionDecision);
    const status = statusOf({
      isError: block.is_error === true,
      text,
      denialKind: stringField(value, 'toolDenialKind') ?? stringField(block, 'non_execution_kind')
        ?? stringField(value, 'non_execution_kind') ?? (decision?.decision === 'reject' ? 'rejected' : undefined),
      interrupted: details?.interrupted === true,
    });
    const kind = call?.kind ?? 'other';
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output: text, status };
    if (call?.mcp) tool.mcp = call.mcp;
    const durationMs = typeof details?.durationMs === 'number' ? details.durationMs
      : call?.startedAt != null && base.timestamp ? Date.parse(base.timestamp) - call.startedAt : undefined;
    if (durationMs !== undefined && Number.isFinite(durationMs) && durationMs >= 0) tool.durationMs = Math.round(durationMs);
    const exitCode = exitCodeOf(kind, status, text);
    if (exitCode !== undefined) tool.exitCode = exitCode;
    const path = stringField(details, 'filePath');
    if (path && (kind === 'edit' || kind === 'write')) {
      const diff = diffFromPatch(details?.structuredPatch);
      tool.files = [{ path, action: kind, ...(diff ? { diff } : {}) }];
    }
    const agentId = stringField(details, 'agentId');
    if (agentId && kind === 'task') this.subagentParents.set(agentId, callId);
    this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool, ...(attachments.length > 0 ? { attachments } : {}) });
  }

  private assistant(value: Json, record: NativeRecord): void {
    const message = asRecord(value.message);
    const content = message?.content;
    if (!message || !Array.isArray(content)) {
      this.out.unknown(record, 'assistant', 'assistant record without message content');
      return;
    }
    if (this.awaitingPrompt && !this.parentOf(value)) {
      this.awaitingPrompt = false;
      this.out.emit({
        timestamp: stringField(value, 'timestamp') ?? null, type: 'meta', role: 'system', synthetic: true,
        text: 'The user prompt of this turn is not in the stream (claude -p prints it only with --replay-user-messages).',
        meta: { kind: 'missing-user-prompt' },
      });
    }
    const messageId = stringField(message, 'id');
    const model = stringField(message, 'model');
    const usage = usageOf(message.usage);
    const firstOfMessage = messageId === undefined || messageId !== this.currentMessageId;
    this.currentMessageId = messageId;
    if (messageId && this.partial?.messageId === messageId) this.partial = undefined;
    if (usage && messageId) this.out.usage(messageId, usage);

    const base: DraftEvent = { ...this.envelope(value), ...(messageId ? { nativeId: messageId } : {}), ...(model && model !== '<synthetic>' ? { model } : {}) };
    // Session files write the final usage on every line of a message; stream lines carry a provisional count.
    let usageToAttach = firstOfMessage && !this.streamFormat ? usage : undefined;
    for (const block of content) {
      const b = asRecord(block);
      if (!b) continue;
      const event = this.assistantBlock(b, base, value);
      if (!event) continue;
      if (usageToAttach) {
        event.usage = usageToAttach;
        usageToAttach = undefined;
      }
      this.out.emit(event);
    }
    if (value.isApiErrorMessage === true || stringField(value, 'error')) {
      this.out.emit({ ...base, type: 'system', role: 'system', text: stringField(value, 'error') ?? 'API error', meta: { kind: 'error' } });
    }
    this.out.count('assistant', 'mapped');
  }

  private assistantBlock(block: Json, base: DraftEvent, value: Json): DraftEvent | undefined {
    switch (block.type) {
      case 'text':
        return { ...base, type: 'assistant_message', role: 'assistant', text: String(block.text ?? '') };
      case 'thinking':
        return { ...base, type: 'reasoning', role: 'assistant', text: String(block.thinking ?? '') };
      case 'redacted_thinking':
        return { ...base, type: 'reasoning', role: 'assistant', text: '', meta: { kind: 'redacted-thinking', reason: 'the model returned encrypted thinking' } };
      case 'tool_use':
      case 'server_tool_use': {
        const name = String(block.name ?? 'unknown');
        const callId = String(block.id ?? '');
        const identity = identifyTool(name);
        const timestamp = stringField(value, 'timestamp');
        this.openCalls.set(callId, { name, ...identity, startedAt: timestamp ? Date.parse(timestamp) : null });
        const tool: Tool = { name, callId, ...identity, input: block.input ?? {} };
        const files = filesFromInput(identity.kind, block.input);
        if (files) tool.files = files;
        return { ...base, type: 'tool_call', role: 'assistant', tool };
      }
      default: {
        if (typeof block.type === 'string' && block.type.endsWith('_tool_result')) {
          // server-side tool results (web search) arrive inside the assistant message
          const callId = String(block.tool_use_id ?? '');
          const call = this.openCalls.get(callId);
          this.openCalls.delete(callId);
          const text = JSON.stringify(block.content ?? null);
          return { ...base, type: 'tool_result', role: 'tool', tool: { name: call?.name ?? block.type, callId, kind: call?.kind ?? 'web', output: text, status: 'ok' } };
        }
        return { ...base, type: 'meta', role: 'system', text: `Assistant block of type ${String(block.type)}`, meta: { kind: 'unmapped-block', recordType: String(block.type) } };
      }
    }
  }

  private system(value: Json): void {
    const subtype = stringField(value, 'subtype') ?? '(none)';
    const recordType = `system/${subtype}`;
    const base = this.envelope(value);
    if (subtype === 'init') {
      this.streamFormat = true;
      this.awaitingPrompt = true;
      const tools = Array.isArray(value.tools) ? value.tools.length : 0;
      const version = stringField(value, 'claude_code_version');
      this.out.session({
        nativeSessionId: stringField(value, 'session_id'),
        agentVersion: version,
        model: stringField(value, 'model'),
        environment: { cwd: stringField(value, 'cwd') ?? null },
      });
      const model = stringField(value, 'model');
      this.out.emit({
        ...base, type: 'system', role: 'system',
        text: `Session started${model ? ` with model ${model}` : ''}, ${tools} tools, permission mode ${stringField(value, 'permissionMode') ?? 'unknown'}`,
        meta: { kind: 'init', tools: Array.isArray(value.tools) ? value.tools : [], permissionMode: value.permissionMode ?? null },
      });
      this.out.count(recordType, 'mapped');
      return;
    }
    if (SKIPPED_SYSTEM_SUBTYPES.has(subtype)) {
      this.out.count(recordType, 'skipped');
      return;
    }
    if (subtype === 'compact_boundary') {
      this.out.emit({ ...base, type: 'meta', role: 'system', text: stringField(value, 'content') ?? 'Conversation compacted', meta: { kind: 'compaction', ...compactMetadata(value) } });
      this.out.count(recordType, 'mapped');
      return;
    }
    const text = stringField(value, 'content') ?? stringField(value, 'description') ?? stringField(value, 'summary') ?? stringField(value, 'output')
      ?? stringField(value, 'stdout') ?? stringField(value, 'error') ?? subtype;
    const isError = subtype.includes('error') || value.level === 'error';
    this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: isError ? 'error' : subtype } });
    this.out.count(recordType, 'mapped');
  }

  private attachment(value: Json): void {
    const attachment = asRecord(value.attachment);
    const kind = stringField(attachment, 'type') ?? '(none)';
    const recordType = `attachment/${kind}`;
    if (kind === 'environment') this.environmentFacts(asRecord(attachment?.snapshot));
    if (SKIPPED_ATTACHMENTS.has(kind)) {
      this.out.count(recordType, 'skipped');
      return;
    }
    const rendered = Array.isArray(value.rendered)
      ? value.rendered.map((part) => stringField(asRecord(part), 'content')).filter((part): part is string => part !== undefined)
      : [];
    if (rendered.length === 0) {
      // Nothing of it reached the model: its facts (if any) were taken above.
      this.out.count(recordType, 'skipped');
      return;
    }
    this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text: rendered.join('\n'), meta: { kind: 'attachment', recordType: kind } });
    this.out.count(recordType, 'mapped');
  }

  private summary(value: Json): void {
    const text = stringField(value, 'summary') ?? '';
    this.out.session({ title: text });
    this.out.emit({ type: 'system', role: 'system', text, meta: { kind: 'summary' } });
    this.out.count('summary', 'mapped');
  }

  private result(value: Json): void {
    const usage = usageOf(value.usage);
    const totals = this.resultTotals;
    if (usage) totals.usage = addUsage(totals.usage, usage);
    if (typeof value.duration_ms === 'number') totals.durationMs += value.duration_ms;
    this.out.session({
      nativeSessionId: stringField(value, 'session_id'),
      ...(totals.durationMs > 0 ? { durationMs: totals.durationMs } : {}),
      // total_cost_usd is already cumulative over the session
      ...(typeof value.total_cost_usd === 'number' ? { costUsd: value.total_cost_usd } : {}),
      ...(usage ? { totalUsage: totals.usage } : {}),
    });
    const subtype = stringField(value, 'subtype') ?? 'success';
    if (value.is_error === true || subtype.startsWith('error')) {
      const errors = Array.isArray(value.errors) ? value.errors.filter((e) => typeof e === 'string') : [];
      const text = [stringField(value, 'result'), ...errors].filter(Boolean).join('\n') || subtype;
      this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text, meta: { kind: 'error', recordType: `result/${subtype}` } });
    }
    this.out.count(`result/${subtype}`, 'mapped');
  }

  /** Deltas are kept only until the message's final line arrives; a stream cut short still shows what was said. */
  private streamEvent(value: Json): void {
    const event = asRecord(value.event);
    const type = stringField(event, 'type') ?? '(none)';
    this.out.count(`stream_event/${type}`, 'skipped');
    if (!event) return;
    if (type === 'message_start') {
      this.emitUnfinishedPartial();
      const message = asRecord(event.message);
      const messageId = stringField(message, 'id');
      if (messageId) this.partial = { messageId, model: stringField(message, 'model'), blocks: new Map() };
      return;
    }
    if (!this.partial || typeof event.index !== 'number') return;
    if (type === 'content_block_start') {
      const block = asRecord(event.content_block);
      if (block?.type === 'text' || block?.type === 'thinking') this.partial.blocks.set(event.index, { type: block.type, text: '' });
    } else if (type === 'content_block_delta') {
      const delta = asRecord(event.delta);
      const block = this.partial.blocks.get(event.index);
      if (!block || !delta) return;
      if (delta.type === 'text_delta' && typeof delta.text === 'string') block.text += delta.text;
      if (delta.type === 'thinking_delta' && typeof delta.thinking === 'string') block.text += delta.thinking;
    }
  }

  private emitUnfinishedPartial(): void {
    const partial = this.partial;
    this.partial = undefined;
    if (!partial) return;
    for (const block of partial.blocks.values()) {
      if (block.text.length === 0) continue;
      this.out.emit({
        type: block.type === 'text' ? 'assistant_message' : 'reasoning',
        role: 'assistant',
        text: block.text,
        nativeId: partial.messageId,
        ...(partial.model ? { model: partial.model } : {}),
        meta: { kind: 'incomplete', reason: 'the stream ended before this message was complete' },
      });
    }
  }

  // ---- helpers -------------------------------------------------------------------------

  /** Fields every event of a record shares: time, native id, subagent grouping. */
  private envelope(value: Json): DraftEvent {
    const base = { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent;
    const nativeId = stringField(value, 'uuid');
    if (nativeId) base.nativeId = nativeId;
    const parentId = this.parentOf(value);
    if (parentId) base.parentId = parentId;
    return base;
  }

  private parentOf(value: Json): string | undefined {
    const parentToolUse = stringField(value, 'parent_tool_use_id');
    if (parentToolUse) return parentToolUse;
    if (value.isSidechain !== true) return undefined;
    const agentId = stringField(value, 'agentId');
    return agentId ? this.subagentParents.get(agentId) ?? `agent-${agentId}` : 'sidechain';
  }

  private noteSessionFacts(value: Json): void {
    const sessionId = stringField(value, 'sessionId') ?? stringField(value, 'session_id');
    const version = stringField(value, 'version');
    const cwd = stringField(value, 'cwd');
    if (!sessionId) return;
    this.out.session({
      nativeSessionId: sessionId,
      ...(version ? { agentVersion: version } : {}),
      environment: { cwd: cwd ?? null, ...(stringField(value, 'gitBranch') ? { repo: { branch: stringField(value, 'gitBranch') } } : {}) },
    });
    // Session files name version and cwd on message lines; stream lines never do: stop looking soon.
    this.factRecords += 1;
    this.haveFacts = (version !== undefined && cwd !== undefined) || this.factRecords >= FACT_RECORDS;
  }

  private environmentFacts(snapshot: Json | undefined): void {
    if (!snapshot) return;
    this.out.session({
      environment: {
        cwd: stringField(snapshot, 'workingDirectory') ?? null,
        os: [stringField(snapshot, 'platform'), stringField(snapshot, 'osVersion')].filter(Boolean).join(' ') || null,
        shell: stringField(snapshot, 'shell') ?? null,
      },
    });
  }
}

function usageOf(raw: unknown): Usage | undefined {
  const usage = asRecord(raw);
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return undefined;
  const result: Usage = { input: usage.input_tokens, output: usage.output_tokens };
  if (typeof usage.cache_read_input_tokens === 'number' && usage.cache_read_input_tokens > 0) result.cacheRead = usage.cache_read_input_tokens;
  if (typeof usage.cache_creation_input_tokens === 'number' && usage.cache_creation_input_tokens > 0) result.cacheWrite = usage.cache_creation_input_tokens;
  const thinking = asRecord(usage.output_tokens_details)?.thinking_tokens;
  if (typeof thinking === 'number' && thinking > 0) result.reasoning = thinking;
  return result;
}

function resultContent(content: unknown): { text: string; attachments: Attachment[] } {
  if (typeof content === 'string') return { text: content, attachments: [] };
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  if (Array.isArray(content)) {
    for (const part of content) {
      const p = asRecord(part);
      if (p?.type === 'text' && typeof p.text === 'string') texts.push(p.text);
      else if (p?.type === 'image') attachments.push(imageAttachment(p));
      else if (p) texts.push(JSON.stringify(p));
    }
  }
  return { text: texts.join('\n'), attachments };
}

/** An image is described (mime, decoded size), never inlined: base64 bodies stay out of the Transcript. */
function imageAttachment(block: Json): Attachment {
  const source = asRecord(block.source);
  const data = typeof source?.data === 'string' ? source.data : undefined;
  const attachment: Attachment = { kind: 'image', ...mimeOf(block) };
  if (data) attachment.bytes = base64ByteLength(data);
  const url = stringField(source, 'url');
  if (url) attachment.path = url;
  return attachment;
}

function mimeOf(block: Json): { mime?: string } {
  const mime = stringField(asRecord(block.source), 'media_type');
  return mime ? { mime } : {};
}

function compactMetadata(value: Json): Record<string, unknown> {
  const metadata = asRecord(value.compactMetadata) ?? asRecord(value.compact_metadata);
  if (!metadata) return {};
  const out: Record<string, unknown> = {};
  if (typeof metadata.trigger === 'string') out.trigger = metadata.trigger;
  const tokens = metadata.preTokens ?? metadata.pre_tokens;
  if (typeof tokens === 'number') out.preTokens = tokens;
  return out;
}
