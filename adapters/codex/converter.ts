/**
 * Codex records → normalized events. One class reads every native form, telling them apart per
 * record (see README.md):
 *   - rollout lines `{timestamp, type, payload}` (session_meta, turn_context, response_item,
 *     event_msg, compacted, world_state, token_usage_record);
 *   - legacy rollouts (≤ 0.3x): a bare `{id, timestamp, instructions, git}` header, bare response
 *     items and `{record_type: "state"}` lines;
 *   - `codex exec --json` (0.4x and later): thread.* / turn.* / item.* events;
 *   - legacy `codex exec --json` (≤ 0.3x): a config summary line, `{prompt}`, then `{id, msg}` events.
 *
 * In rollouts the response items are the conversation; Codex also writes user, assistant and
 * reasoning text a second time as event_msg records (user_message / agent_message /
 * agent_reasoning, or item_completed UserMessage / AgentMessage / Reasoning in 0.149+). Each text
 * is emitted once: an event text waits (a few records, or until the turn ends) for the response
 * item that repeats it, and is emitted itself only when none comes. Event records about tools
 * (exec_command_end, patch_apply_end, mcp_tool_call_end, item_completed CommandExecution /
 * FileChange / McpToolCall) add exit codes, durations, statuses and diffs to the tool results.
 */
import type { Attachment, FileTouch, Tool, ToolKind, Usage } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import {
  addUsage, asRecord, durationOf, filesFromChanges, filesFromPatch, identifyTool, numberField, parseArguments,
  parseToolOutput, patchFromShellInput, statusOf, stringField, usageOf, type Json, type ParsedOutput,
} from './tools.js';

/** Rollout line types (RolloutItem) that carry nothing for a transcript. */
const SKIPPED_ROLLOUT_TYPES = new Set(['world_state']);
/** Response items that carry nothing for a transcript. */
const SKIPPED_ITEMS = new Set(['ghost_snapshot']);
const COMPACTION_ITEMS = new Set(['compaction', 'compaction_summary', 'context_compaction']);
const CALL_ITEMS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'tool_search_call', 'web_search_call', 'image_generation_call']);
const OUTPUT_ITEMS = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output', 'tool_search_output', 'mcp_tool_call_output']);
/** Response item types a legacy (bare-item) rollout line may have. */
export const RESPONSE_ITEM_TYPES = new Set(['message', 'reasoning', ...CALL_ITEMS, ...OUTPUT_ITEMS, ...SKIPPED_ITEMS, ...COMPACTION_ITEMS]);

/** event_msg kinds that only stream progress, acknowledge requests, or repeat what other records say. */
const SKIPPED_EVENTS = new Set([
  'agent_message_delta', 'agent_reasoning_delta', 'agent_reasoning_raw_content_delta', 'agent_reasoning_section_break',
  'agent_message_content_delta', 'reasoning_content_delta', 'reasoning_raw_content_delta', 'plan_delta',
  'exec_command_output_delta', 'terminal_interaction', 'item_started', 'raw_response_item', 'turn_diff', 'plan_update',
  'session_configured', 'thread_settings_applied', 'mcp_startup_update', 'mcp_startup_complete', 'mcp_list_tools_response',
  'list_custom_prompts_response', 'list_skills_response', 'skills_update_available', 'get_history_entry_response',
  'shutdown_complete', 'undo_started', 'hook_started', 'hook_completed', 'view_image_tool_call', 'web_search_begin',
  'web_search_end', 'context_window_warning',
]);
/** event_msg kinds shown as `system` events, with their meta.kind */
const SYSTEM_EVENTS: Record<string, string> = {
  error: 'error', warning: 'warning', stream_error: 'stream-error', background_event: 'background', deprecation_notice: 'warning',
  entered_review_mode: 'review', exited_review_mode: 'review', undo_completed: 'undo', thread_rolled_back: 'rollback',
  exec_approval_request: 'approval-request', apply_patch_approval_request: 'approval-request', elicitation_request: 'approval-request',
  request_user_input: 'question', model_reroute: 'model-reroute', model_rerouted: 'model-reroute',
};
/** The texts Codex injects as role "user" messages (context, instructions, notices), by their opening. */
const INJECTED_USER = /^\s*(<(environment_context|user_instructions|INSTRUCTIONS|user_shell_command|turn_aborted|subagent_notification|permissions instructions|skills_instructions|collaboration_mode|apps_instructions|personality_spec|context_window|model_switch|goal_context)\b|# AGENTS\.md instructions|Warning: apply_patch was requested via shell|<image name=)/;
const SHELL_TAG = /<shell>([^<]+)<\/shell>/;

/** How long an event text waits for the response item that repeats it (records). */
const PENDING_RECORDS = 32;
/** How long an emitted response-item text may still absorb its event twin (records). */
const RECENT_RECORDS = 256;
/** Tool details kept for results that have not arrived yet. */
const MAX_DETAILS = 512;

interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: { server: string; tool: string };
  files?: FileTouch[];
  startedAt: number | null;
}

/** What Codex's tool events say about a call, beyond its output item. */
interface Details {
  exitCode?: number;
  durationMs?: number;
  itemStatus?: string;
  success?: boolean;
  files?: FileTouch[];
  mcp?: { server: string; tool: string };
}

interface HeldResult {
  callId: string;
  base: DraftEvent;
  call: OpenCall | undefined;
  parsed: ParsedOutput;
  details: Details | undefined;
  fallbackStatus?: string;
}

interface Pending {
  keys: string[];
  at: number;
  recordType: string;
  events: DraftEvent[];
}

interface HeldUser {
  text: string;
  draft: DraftEvent;
}

export class CodexConverter implements Converter {
  private index = 0;
  private model: string | undefined;
  private cwd: string | undefined;
  private readonly calls = new Map<string, OpenCall>();
  private readonly details = new Map<string, Details>();
  private held: HeldResult | undefined;
  private heldUser: HeldUser | undefined;
  /** a user_message event was seen: this rollout writes them, so an unconfirmed user item is injected */
  private sawUserEvents = false;
  /** emitted texts that may still meet their twin, by `<item|event>|<kind>\0<text>`, with the record indexes that emitted them */
  private readonly recentItems = new Map<string, number[]>();
  /** event texts waiting (a few records, or until the turn ends) for the response item that repeats them */
  private readonly pending: Pending[] = [];
  /** legacy exec --json: events are the only record of the conversation */
  private eventsPrimary = false;
  private turnDurationMs = 0;
  private legacyUsage: Usage | undefined;
  private webSearches = 0;
  /** exec --json: tool-like items already started, by item id */
  private readonly streamItems = new Set<string>();

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    this.index += 1;
    const value = record.value;
    this.settleHeld(value);
    if (this.heldUser && !isUserEvent(value)) this.releaseHeldUser();
    this.flushPending(this.index - PENDING_RECORDS);

    const type = typeof value.type === 'string' ? value.type : undefined;
    if (type !== undefined && 'payload' in value) return this.rolloutLine(type, value, record);
    if (type !== undefined && /^(thread|turn|item)\.|^(error|request_user_input)$/.test(type) && !('payload' in value)) {
      if (type !== 'error' || typeof value.message === 'string') return this.streamEvent(type, value, record);
    }
    const msg = asRecord(value.msg);
    if (msg && typeof value.id === 'string') {
      this.eventsPrimary = true;
      return this.eventMsg(msg, { timestamp: null } as DraftEvent, record, 'msg');
    }
    if (type === undefined) return this.untypedLine(value, record);
    if (RESPONSE_ITEM_TYPES.has(type)) return this.responseItem(value, { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent, record, 'item');
    this.out.unknown(record, type, `unknown Codex record type "${type}"`);
  }

  flush(): void {
    this.emitHeld();
    this.releaseHeldUser();
    this.flushPending(Number.POSITIVE_INFINITY);
    if (this.legacyUsage) this.out.session({ totalUsage: this.legacyUsage });
  }

  // ---- rollout lines -------------------------------------------------------------------

  private rolloutLine(type: string, value: Json, record: NativeRecord): void {
    const payload = asRecord(value.payload);
    const base: DraftEvent = { timestamp: stringField(value, 'timestamp') ?? null } as DraftEvent;
    if (!payload) {
      this.out.unknown(record, type, `${type} record without an object payload`);
      return;
    }
    switch (type) {
      case 'session_meta':
        this.flushPending(Number.POSITIVE_INFINITY);
        this.sessionMeta(payload, base);
        this.out.count(type, 'mapped');
        return;
      case 'turn_context':
        this.flushPending(Number.POSITIVE_INFINITY);
        this.turnContext(payload);
        this.out.count(type, 'mapped');
        return;
      case 'response_item':
        return this.responseItem(payload, base, record, 'response_item');
      case 'event_msg':
        return this.eventMsg(payload, base, record, 'event_msg');
      case 'compacted': {
        this.flushPending(Number.POSITIVE_INFINITY);
        const message = stringField(payload, 'message');
        const replaced = Array.isArray(payload.replacement_history) ? payload.replacement_history.length : undefined;
        this.out.emit({
          ...base, type: 'system', role: 'system', text: message ?? 'Conversation compacted',
          meta: { kind: 'compaction-summary', ...(replaced !== undefined ? { replacementItems: replaced } : {}) },
        });
        this.out.count(type, 'mapped');
        return;
      }
      case 'token_usage_record': {
        const usage = usageOf(payload.usage);
        const key = stringField(payload, 'response_id') ?? `record-${this.index}`;
        if (usage) this.out.usage(key, usage);
        this.out.count(type, usage ? 'mapped' : 'skipped');
        return;
      }
      default:
        if (SKIPPED_ROLLOUT_TYPES.has(type)) {
          if (type === 'world_state') this.worldState(payload);
          this.out.count(type, 'skipped');
          return;
        }
        this.out.unknown(record, type, `unknown Codex rollout line type "${type}"`);
    }
  }

  private sessionMeta(payload: Json, base: DraftEvent): void {
    const git = asRecord(payload.git);
    const repo = git
      ? { commit: stringField(git, 'commit_hash') ?? null, branch: stringField(git, 'branch') ?? null, remote: stringField(git, 'repository_url') ?? null }
      : undefined;
    this.cwd ??= stringField(payload, 'cwd');
    this.out.session({
      nativeSessionId: stringField(payload, 'id') ?? stringField(payload, 'session_id'),
      agentVersion: stringField(payload, 'cli_version'),
      environment: { cwd: stringField(payload, 'cwd') ?? null, ...(repo ? { repo } : {}) },
    });
    const source = asRecord(payload.source);
    if (source && 'subagent' in source) {
      const subagent = source.subagent;
      const kind = typeof subagent === 'string' ? subagent : stringField(asRecord(subagent), 'other') ?? Object.keys(asRecord(subagent) ?? {})[0] ?? 'subagent';
      const parent = stringField(payload, 'parent_thread_id') ?? stringField(payload, 'forked_from_id');
      this.out.emit({
        ...base, type: 'system', role: 'system', text: `Subagent session (${kind})${parent ? ` started by thread ${parent}` : ''}`,
        meta: { kind: 'subagent', subagent: kind, ...(parent ? { parentThreadId: parent } : {}) },
      });
    }
    const instructions = stringField(payload, 'instructions');
    if (instructions) this.out.emit({ ...base, type: 'system', role: 'system', text: instructions, meta: { kind: 'instructions' } });
  }

  private turnContext(payload: Json): void {
    const model = stringField(payload, 'model');
    if (model) this.model = model;
    this.cwd = stringField(payload, 'cwd') ?? this.cwd;
    this.out.session({ ...(model ? { model } : {}), environment: { cwd: stringField(payload, 'cwd') ?? null } });
  }

  private worldState(payload: Json): void {
    const local = asRecord(asRecord(asRecord(asRecord(payload.state)?.environments)?.environments)?.local);
    const shell = stringField(local, 'shell');
    if (shell) this.out.session({ environment: { shell } });
  }

  /** Legacy lines without a `type`: the legacy rollout header, legacy exec --json config and prompt lines. */
  private untypedLine(value: Json, record: NativeRecord): void {
    if (typeof value.record_type === 'string') {
      this.out.count(`record_type/${value.record_type}`, 'skipped');
      return;
    }
    if (typeof value.prompt === 'string' && Object.keys(value).length === 1) {
      this.eventsPrimary = true;
      this.emitUserText(value.prompt, [], { timestamp: null } as DraftEvent, 'prompt');
      this.out.count('(prompt)', 'mapped');
      return;
    }
    if (typeof value.id === 'string' && typeof value.timestamp === 'string') {
      this.sessionMeta(value, { timestamp: value.timestamp } as DraftEvent);
      this.out.count('(legacy session header)', 'mapped');
      return;
    }
    if (typeof value.model === 'string' && ('sandbox' in value || 'approval' in value || 'provider' in value || 'workdir' in value)) {
      this.eventsPrimary = true;
      this.model = value.model;
      this.cwd = stringField(value, 'workdir') ?? this.cwd;
      this.out.session({ model: value.model, environment: { cwd: stringField(value, 'workdir') ?? null } });
      const parts = Object.entries(value).map(([key, v]) => `${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
      this.out.emit({ timestamp: null, type: 'system', role: 'system', text: `Configuration: ${parts.join(', ')}`, meta: { kind: 'config', ...value } });
      this.out.count('(config summary)', 'mapped');
      return;
    }
    this.out.unknown(record, '(no type)', 'record has no "type" field');
  }

  // ---- response items ------------------------------------------------------------------

  private responseItem(item: Json, base: DraftEvent, record: NativeRecord, prefix: string): void {
    const type = stringField(item, 'type') ?? '(none)';
    const recordType = `${prefix}/${type}`;
    if (type === 'message') {
      if (!this.message(item, base)) {
        this.out.unknown(record, recordType, 'message without a known role');
        return;
      }
    } else if (type === 'reasoning') {
      this.reasoning(item, base);
    } else if (CALL_ITEMS.has(type)) {
      this.toolCall(type, item, base);
    } else if (OUTPUT_ITEMS.has(type)) {
      this.toolOutput(type, item, base);
    } else if (COMPACTION_ITEMS.has(type)) {
      // The compacted history is encrypted: only the fact that it happened is kept.
      this.out.emit({ ...base, type: 'meta', role: 'system', text: 'Conversation compacted (encrypted summary not copied)', meta: { kind: 'compaction', recordType: type } });
    } else if (SKIPPED_ITEMS.has(type)) {
      this.out.count(recordType, 'skipped');
      return;
    } else {
      this.out.unknown(record, recordType, `unknown Codex response item type "${type}"`);
      return;
    }
    this.out.count(recordType, 'mapped');
  }

  private message(item: Json, base: DraftEvent): boolean {
    const role = stringField(item, 'role');
    const { text, attachments } = messageContent(item.content, role === 'assistant' ? '' : '\n');
    const nativeId = stringField(item, 'id');
    const draft: DraftEvent = { ...base, ...(nativeId ? { nativeId } : {}), ...(attachments.length > 0 ? { attachments } : {}) } as DraftEvent;
    switch (role) {
      case 'assistant': {
        const phase = stringField(item, 'phase');
        this.emitItemTexts([`assistant\0${text}`], [{
          ...draft, type: 'assistant_message', role: 'assistant', text, ...(this.model ? { model: this.model } : {}),
          ...(phase ? { meta: { kind: 'phase', phase } } : {}),
        }]);
        return true;
      }
      case 'developer':
      case 'system':
        this.out.emit({ ...draft, type: 'system', role: 'system', text, meta: { kind: role === 'developer' ? 'developer' : 'injected', recordType: `message/${role}` } });
        return true;
      case 'user':
        this.userItem(item, text, draft);
        return true;
      default:
        return false;
    }
  }

  /** A response item with role "user": the prompt, or context Codex injected as a user message. */
  private userItem(item: Json, text: string, draft: DraftEvent): void {
    const shell = SHELL_TAG.exec(text.length > 4000 ? text.slice(0, 4000) : text)?.[1];
    if (shell) this.out.session({ environment: { shell: shell.trim() } });
    const metadata = asRecord(item.internal_chat_message_metadata_passthrough);
    const kinds = Array.isArray(metadata?.content_item_kinds) ? metadata.content_item_kinds.filter((k): k is string => typeof k === 'string') : [];
    const provenance = Array.isArray(metadata?.content_item_metadata)
      ? metadata.content_item_metadata.map((m) => stringField(asRecord(asRecord(m)?.provenance), 'type')).filter((p): p is string => p !== undefined)
      : [];
    const byMetadata = provenance.includes('harness') || (kinds.length > 0 && kinds.every((k) => !k.startsWith('user.')))
      ? 'injected'
      : provenance.includes('user') || kinds.some((k) => k.startsWith('user.')) ? 'user' : undefined;
    if (byMetadata === 'injected' || (byMetadata === undefined && INJECTED_USER.test(text))) {
      this.out.emit({ ...draft, type: 'system', role: 'system', text, meta: { kind: 'injected', ...injectedTag(text, kinds) } });
      return;
    }
    if (this.matchesRecent('user', text)) return; // its event twin came first (legacy exec --json replays)
    const userDraft: DraftEvent = { ...draft, type: 'user_message', role: 'user', text };
    if (byMetadata === 'user') {
      this.emitItemTexts([`user\0${text}`], [userDraft]);
      return;
    }
    // No metadata (≤ 0.1xx): a prompt is confirmed by the user_message event that follows it.
    this.releaseHeldUser();
    this.heldUser = { text, draft: userDraft };
  }

  private reasoning(item: Json, base: DraftEvent): void {
    const summary = textParts(item.summary);
    const content = textParts(item.content);
    const nativeId = stringField(item, 'id');
    const draft = { ...base, ...(nativeId ? { nativeId } : {}), ...(this.model ? { model: this.model } : {}) } as DraftEvent;
    const events: DraftEvent[] = [];
    if (summary.length > 0) events.push({ ...draft, type: 'reasoning', role: 'assistant', text: summary.join('\n') });
    if (content.length > 0) events.push({ ...draft, type: 'reasoning', role: 'assistant', text: content.join('\n'), meta: { kind: 'raw-reasoning' } });
    if (events.length === 0) {
      // Only encrypted_content: the model reasoned, but nothing readable was kept. Never copied.
      events.push({ ...draft, type: 'reasoning', role: 'assistant', text: '', meta: { kind: 'encrypted-reasoning', reason: 'the model returned only encrypted reasoning' } });
    }
    this.emitItemTexts([...summary.map((t) => `reasoning\0${t}`), ...content.map((t) => `raw\0${t}`)], events);
  }

  private toolCall(type: string, item: Json, base: DraftEvent): void {
    const nativeId = stringField(item, 'id');
    const started = base.timestamp ? Date.parse(base.timestamp) : null;
    const draft = { ...base, ...(nativeId ? { nativeId } : {}), ...(this.model ? { model: this.model } : {}) } as DraftEvent;
    let callId = stringField(item, 'call_id') ?? nativeId ?? `call-${this.index}`;
    let identity = identifyTool(stringField(item, 'name') ?? type, stringField(item, 'namespace'));
    let input: unknown;
    let files: FileTouch[] | undefined;
    switch (type) {
      case 'function_call': {
        input = parseArguments(item.arguments);
        const patch = identity.name === 'apply_patch' ? stringField(asRecord(input), 'input') ?? stringField(asRecord(input), 'patch') : patchFromShellInput(input);
        if (patch) {
          files = filesFromPatch(patch);
          identity = { ...identity, kind: 'edit' };
        }
        break;
      }
      case 'custom_tool_call':
        input = item.input ?? '';
        if (identity.name === 'apply_patch' && typeof item.input === 'string') files = filesFromPatch(item.input);
        break;
      case 'local_shell_call':
        identity = { name: 'local_shell', kind: 'shell' };
        input = item.action ?? {};
        if (patchFromShellInput(input)) {
          files = filesFromPatch(patchFromShellInput(input)!);
          identity = { ...identity, kind: 'edit' };
        }
        break;
      case 'tool_search_call':
        identity = { name: 'tool_search', kind: 'search' };
        input = item.arguments ?? {};
        break;
      case 'web_search_call':
      case 'image_generation_call': {
        // Server-side tools: the call and its result are one item.
        identity = type === 'web_search_call' ? { name: 'web_search', kind: 'web' } : { name: 'image_generation', kind: 'other' };
        callId = nativeId ?? `${identity.name}-${++this.webSearches}`;
        input = type === 'web_search_call' ? item.action ?? {} : { prompt: item.revised_prompt ?? null };
        this.out.emit({ ...draft, type: 'tool_call', role: 'assistant', tool: { name: identity.name, callId, kind: identity.kind, input } });
        const status = stringField(item, 'status');
        const action = asRecord(item.action);
        const output = type === 'web_search_call'
          ? stringField(action, 'query') ?? stringField(action, 'url') ?? stringField(action, 'pattern') ?? ''
          : typeof item.result === 'string' ? `[generated image, ${base64ByteLength(item.result)} bytes]` : '';
        this.out.emit({
          ...base, type: 'tool_result', role: 'tool',
          tool: { name: identity.name, callId, kind: identity.kind, output, status: status === 'failed' ? 'error' : 'ok' },
        });
        return;
      }
      default:
        input = item;
    }
    this.calls.set(callId, { ...identity, ...(files ? { files } : {}), startedAt: Number.isFinite(started) ? started : null });
    const tool: Tool = { name: identity.name, callId, kind: identity.kind, ...(identity.mcp ? { mcp: identity.mcp } : {}), input };
    if (files && files.length > 0) tool.files = files;
    this.out.emit({ ...draft, type: 'tool_call', role: 'assistant', tool });
  }

  private toolOutput(type: string, item: Json, base: DraftEvent): void {
    const callId = stringField(item, 'call_id') ?? stringField(item, 'id') ?? '';
    const call = this.calls.get(callId);
    this.calls.delete(callId);
    const details = this.details.get(callId);
    this.details.delete(callId);
    let parsed: ParsedOutput;
    if (type === 'tool_search_output') {
      parsed = { text: toolSearchSummary(item.tools) };
    } else {
      parsed = parseToolOutput(item.output);
    }
    // images a tool returned (view_image, MCP) are described, never inlined
    const images = Array.isArray(item.output)
      ? item.output.map(asRecord).filter((p): p is Json => p?.type === 'input_image' || p?.type === 'image').map(imageAttachment)
      : [];
    this.emitHeld();
    const withImages = images.length > 0 ? ({ ...base, attachments: images } as DraftEvent) : base;
    this.held = { callId, base: withImages, call, parsed, details, ...(stringField(item, 'status') ? { fallbackStatus: stringField(item, 'status') } : {}) };
  }

  // ---- tool results --------------------------------------------------------------------

  /** A held result is emitted before any record that does not add details to it. */
  private settleHeld(value: Json): void {
    if (!this.held) return;
    const payload = asRecord(value.payload) ?? asRecord(value.msg);
    if (payload && this.enrichmentCallId(payload) === this.held.callId) return;
    this.emitHeld();
  }

  private emitHeld(): void {
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    const { call, parsed, details, callId } = held;
    const kind: ToolKind = call?.kind ?? 'other';
    const status = statusOf({
      text: parsed.text,
      ...(details?.exitCode ?? parsed.exitCode) !== undefined ? { exitCode: details?.exitCode ?? parsed.exitCode } : {},
      ...(details?.itemStatus ?? held.fallbackStatus) !== undefined ? { itemStatus: details?.itemStatus ?? held.fallbackStatus } : {},
      ...(details?.success !== undefined ? { success: details.success } : {}),
    });
    const tool: Tool = { name: call?.name ?? 'unknown', callId, kind, output: parsed.text, status };
    const mcp = call?.mcp ?? details?.mcp;
    if (mcp) tool.mcp = mcp;
    const exitCode = details?.exitCode ?? parsed.exitCode;
    if (exitCode !== undefined && kind === 'shell') tool.exitCode = exitCode;
    const timed = call?.startedAt != null && held.base.timestamp ? Date.parse(held.base.timestamp) - call.startedAt : undefined;
    const durationMs = details?.durationMs ?? parsed.durationMs ?? timed;
    if (durationMs !== undefined && Number.isFinite(durationMs) && durationMs >= 0) tool.durationMs = Math.round(durationMs);
    // Codex's own record of the change has absolute paths; the patch text's are relative to the turn's cwd.
    const files = details?.files ?? call?.files?.map((file) => ({ ...file, path: resolvePath(this.cwd, file.path) }));
    if (files && files.length > 0 && (kind === 'edit' || kind === 'write')) tool.files = files;
    this.out.emit({ ...held.base, type: 'tool_result', role: 'tool', tool });
  }

  /** The call id a tool event record describes, when it is one. */
  private enrichmentCallId(payload: Json): string | undefined {
    const type = stringField(payload, 'type');
    if (type === 'item_completed') {
      const item = asRecord(payload.item);
      const itemType = stringField(item, 'type');
      return itemType === 'CommandExecution' || itemType === 'FileChange' || itemType === 'McpToolCall' ? stringField(item, 'id') : undefined;
    }
    if (type === 'exec_command_end' || type === 'patch_apply_end' || type === 'mcp_tool_call_end') return stringField(payload, 'call_id');
    return undefined;
  }

  /** Details from a tool event: merged into the held result when it is that call's, kept for later otherwise. */
  private addDetails(callId: string | undefined, details: Details): void {
    if (!callId) return;
    if (this.held?.callId === callId) {
      this.held.details = { ...this.held.details, ...details };
      this.emitHeld();
      return;
    }
    if (!this.calls.has(callId)) return; // its result was already written (e.g. a command that outlived its call)
    this.details.set(callId, { ...this.details.get(callId), ...details });
    if (this.details.size > MAX_DETAILS) this.details.delete(this.details.keys().next().value as string);
  }

  // ---- event_msg -----------------------------------------------------------------------

  private eventMsg(payload: Json, base: DraftEvent, record: NativeRecord, prefix: string): void {
    const type = stringField(payload, 'type') ?? '(none)';
    const recordType = `${prefix}/${type}`;
    const primary = this.eventsPrimary;
    switch (type) {
      case 'user_message': {
        this.sawUserEvents = true;
        const text = typeof payload.message === 'string' ? payload.message : '';
        const images = Array.isArray(payload.images) ? payload.images.length : 0;
        return this.userEvent(text, images, base, recordType);
      }
      case 'agent_message': {
        const text = typeof payload.message === 'string' ? payload.message : '';
        return this.eventTexts([`assistant\0${text}`], [{ ...base, type: 'assistant_message', role: 'assistant', text, ...(this.model ? { model: this.model } : {}) }], recordType);
      }
      case 'agent_reasoning':
      case 'agent_reasoning_raw_content': {
        const text = typeof payload.text === 'string' ? payload.text : '';
        const raw = type === 'agent_reasoning_raw_content';
        return this.eventTexts([`${raw ? 'raw' : 'reasoning'}\0${text}`], [{
          ...base, type: 'reasoning', role: 'assistant', text, ...(this.model ? { model: this.model } : {}), ...(raw ? { meta: { kind: 'raw-reasoning' } } : {}),
        }], recordType);
      }
      case 'item_completed':
        return this.itemCompleted(payload, base, record, recordType);
      case 'token_count':
        this.tokenCount(payload, recordType);
        return;
      case 'task_started':
      case 'turn_started':
        this.flushPending(Number.POSITIVE_INFINITY);
        this.out.count(recordType, 'skipped');
        return;
      case 'task_complete':
      case 'turn_complete': {
        this.flushPending(Number.POSITIVE_INFINITY);
        const duration = numberField(payload, 'duration_ms');
        if (duration !== undefined) {
          this.turnDurationMs += duration;
          this.out.session({ durationMs: this.turnDurationMs });
        }
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'turn_aborted': {
        this.flushPending(Number.POSITIVE_INFINITY);
        const reason = stringField(payload, 'reason') ?? 'interrupted';
        this.out.emit({ ...base, type: 'meta', role: 'system', text: `Turn aborted (${reason})`, meta: { kind: 'interrupted', reason } });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'context_compacted':
        this.out.emit({ ...base, type: 'meta', role: 'system', text: 'Conversation compacted', meta: { kind: 'compaction' } });
        this.out.count(recordType, 'mapped');
        return;
      case 'thread_name_updated': {
        const title = stringField(payload, 'thread_name') ?? stringField(payload, 'name');
        if (title) this.out.session({ title });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'exec_command_begin':
      case 'patch_apply_begin':
      case 'mcp_tool_call_begin':
        if (primary) {
          this.eventToolCall(type, payload, base);
          this.out.count(recordType, 'mapped');
        } else {
          this.out.count(recordType, 'skipped');
        }
        return;
      case 'exec_command_end':
      case 'patch_apply_end':
      case 'mcp_tool_call_end':
        if (primary) this.eventToolResult(type, payload, base);
        else this.addDetails(stringField(payload, 'call_id'), detailsFromEndEvent(type, payload));
        this.out.count(recordType, 'mapped');
        return;
      default:
        break;
    }
    const systemKind = SYSTEM_EVENTS[type];
    if (systemKind) {
      const text = stringField(payload, 'message') ?? stringField(payload, 'reason') ?? stringField(payload, 'user_facing_hint')
        ?? stringField(payload, 'summary') ?? type;
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: systemKind, recordType: type } });
      this.out.count(recordType, 'mapped');
      return;
    }
    if (SKIPPED_EVENTS.has(type)) {
      this.out.count(recordType, 'skipped');
      return;
    }
    this.out.unknown(record, recordType, `unknown Codex event_msg type "${type}"`);
  }

  /** 0.149+: turn items; texts duplicate response items, tool items add details to results. */
  private itemCompleted(payload: Json, base: DraftEvent, record: NativeRecord, recordType: string): void {
    const item = asRecord(payload.item);
    const itemType = stringField(item, 'type') ?? '(none)';
    const label = `${recordType}/${itemType}`;
    if (!item) {
      this.out.unknown(record, label, 'item_completed without an item');
      return;
    }
    switch (itemType) {
      case 'UserMessage': {
        this.sawUserEvents = true;
        const parts = Array.isArray(item.content) ? item.content.map(asRecord) : [];
        const text = parts.filter((p) => p?.type === 'text').map((p) => stringField(p, 'text') ?? '').join('\n');
        const images = parts.filter((p) => p && p.type !== 'text').length;
        return this.userEvent(text, images, base, label);
      }
      case 'AgentMessage': {
        const parts = Array.isArray(item.content) ? item.content.map(asRecord) : [];
        const text = parts.map((p) => stringField(p, 'text') ?? '').join('');
        return this.eventTexts([`assistant\0${text}`], [{ ...base, type: 'assistant_message', role: 'assistant', text, ...(this.model ? { model: this.model } : {}) }], label);
      }
      case 'Reasoning': {
        const summary = (Array.isArray(item.summary_text) ? item.summary_text : []).filter((t): t is string => typeof t === 'string');
        const raw = (Array.isArray(item.raw_content) ? item.raw_content : []).filter((t): t is string => typeof t === 'string');
        const model = this.model ? { model: this.model } : {};
        const events: DraftEvent[] = [];
        if (summary.length > 0) events.push({ ...base, type: 'reasoning', role: 'assistant', text: summary.join('\n'), ...model });
        if (raw.length > 0) events.push({ ...base, type: 'reasoning', role: 'assistant', text: raw.join('\n'), ...model, meta: { kind: 'raw-reasoning' } });
        return this.eventTexts([...summary.map((t) => `reasoning\0${t}`), ...raw.map((t) => `raw\0${t}`)], events, label);
      }
      case 'Plan': {
        const text = stringField(item, 'text') ?? '';
        return this.eventTexts([`assistant\0${text}`], [{ ...base, type: 'assistant_message', role: 'assistant', text, meta: { kind: 'plan' } }], label);
      }
      case 'CommandExecution':
        this.addDetails(stringField(item, 'id'), {
          ...(numberField(item, 'exit_code') !== undefined ? { exitCode: numberField(item, 'exit_code') } : {}),
          ...(durationOf(item.duration) !== undefined ? { durationMs: durationOf(item.duration) } : {}),
          ...(stringField(item, 'status') ? { itemStatus: stringField(item, 'status') } : {}),
        });
        break;
      case 'FileChange': {
        const files = filesFromChanges(item.changes);
        this.addDetails(stringField(item, 'id'), { ...(files ? { files } : {}), ...(stringField(item, 'status') ? { itemStatus: stringField(item, 'status') } : {}) });
        break;
      }
      case 'McpToolCall': {
        const server = stringField(item, 'server');
        const tool = stringField(item, 'tool');
        const isError = asRecord(item.result)?.isError === true || item.error != null;
        this.addDetails(stringField(item, 'id'), {
          ...(server && tool ? { mcp: { server, tool } } : {}),
          ...(durationOf(item.duration) !== undefined ? { durationMs: durationOf(item.duration) } : {}),
          itemStatus: isError ? 'failed' : stringField(item, 'status') ?? 'completed',
        });
        break;
      }
      case 'WebSearch':
      case 'ImageGeneration':
      case 'ContextCompaction':
        // the response item (web_search_call, image_generation_call, compaction) is the record of it
        this.out.count(label, 'skipped');
        return;
      default:
        this.out.unknown(record, label, `unknown Codex turn item type "${itemType}"`);
        return;
    }
    this.out.count(label, 'mapped');
  }

  private tokenCount(payload: Json, recordType: string): void {
    const info = asRecord(payload.info);
    if (info) {
      // total_token_usage is cumulative for the thread: the last one is the session total.
      const total = usageOf(info.total_token_usage);
      if (total) this.out.session({ totalUsage: total });
      this.out.count(recordType, total ? 'mapped' : 'skipped');
      return;
    }
    const flat = usageOf(payload);
    if (flat) {
      // ≤ 0.2x exec --json: one count per model response, not cumulative.
      this.legacyUsage = this.legacyUsage ? addUsage(this.legacyUsage, flat) : flat;
      this.out.count(recordType, 'mapped');
      return;
    }
    this.out.count(recordType, 'skipped'); // info: null carries only rate limits
  }

  // ---- legacy exec --json: events are the conversation ---------------------------------

  private eventToolCall(type: string, payload: Json, base: DraftEvent): void {
    const callId = stringField(payload, 'call_id') ?? `call-${this.index}`;
    let tool: Tool;
    if (type === 'exec_command_begin') {
      tool = { name: 'shell', callId, kind: 'shell', input: { command: payload.command ?? null, cwd: payload.cwd ?? null } };
    } else if (type === 'patch_apply_begin') {
      const files = filesFromChanges(payload.changes);
      tool = { name: 'apply_patch', callId, kind: 'edit', input: { changes: Object.keys(asRecord(payload.changes) ?? {}) }, ...(files ? { files } : {}) };
    } else {
      const invocation = asRecord(payload.invocation);
      const server = stringField(invocation, 'server') ?? '';
      const name = stringField(invocation, 'tool') ?? '';
      tool = { name: `mcp__${server}__${name}`, callId, kind: 'mcp', mcp: { server, tool: name }, input: invocation?.arguments ?? {} };
    }
    this.calls.set(callId, { name: tool.name, kind: tool.kind ?? 'other', ...(tool.mcp ? { mcp: tool.mcp } : {}), ...(tool.files ? { files: tool.files } : {}), startedAt: null });
    this.out.emit({ ...base, type: 'tool_call', role: 'assistant', ...(this.model ? { model: this.model } : {}), tool });
  }

  private eventToolResult(type: string, payload: Json, base: DraftEvent): void {
    const callId = stringField(payload, 'call_id') ?? '';
    const call = this.calls.get(callId);
    this.calls.delete(callId);
    const details = detailsFromEndEvent(type, payload);
    let text: string;
    if (type === 'exec_command_end') {
      text = typeof payload.aggregated_output === 'string' ? payload.aggregated_output : `${stringField(payload, 'stdout') ?? ''}${stringField(payload, 'stderr') ?? ''}`;
    } else if (type === 'patch_apply_end') {
      text = `${stringField(payload, 'stdout') ?? ''}${stringField(payload, 'stderr') ?? ''}`;
    } else {
      text = mcpResultText(payload.result);
    }
    this.emitHeld();
    this.held = { callId, base, call, parsed: { text }, details };
    this.emitHeld();
  }

  // ---- exec --json (thread/turn/item) --------------------------------------------------

  private streamEvent(type: string, value: Json, record: NativeRecord): void {
    const base = { timestamp: null } as DraftEvent;
    switch (type) {
      case 'thread.started':
        this.out.session({ nativeSessionId: stringField(value, 'thread_id') });
        break;
      case 'turn.started':
        // exec --json never prints the prompt: the gap is marked, never filled with invented text.
        this.out.emit({
          ...base, type: 'meta', role: 'system', synthetic: true,
          text: 'The user prompt of this turn is not in the codex exec --json output (it is the command-line argument).',
          meta: { kind: 'missing-user-prompt' },
        });
        break;
      case 'turn.completed': {
        // usage is the thread's running total (Codex reports its last cumulative token count).
        const usage = usageOf(value.usage);
        if (usage) this.out.session({ totalUsage: usage });
        break;
      }
      case 'turn.failed':
      case 'error': {
        const message = stringField(asRecord(value.error), 'message') ?? stringField(value, 'message') ?? type;
        this.out.emit({ ...base, type: 'system', role: 'system', text: message, meta: { kind: 'error', recordType: type } });
        break;
      }
      case 'request_user_input':
        this.out.emit({ ...base, type: 'system', role: 'system', text: JSON.stringify(value.questions ?? []), meta: { kind: 'question', recordType: type } });
        break;
      case 'item.started':
      case 'item.updated':
      case 'item.completed': {
        const item = asRecord(value.item);
        if (!item) {
          this.out.unknown(record, type, `${type} without an item`);
          return;
        }
        const itemType = stringField(item, 'type') ?? '(none)';
        const label = `${type}/${itemType}`;
        const outcome = this.streamItem(type, itemType, item, base);
        if (outcome === 'unknown') this.out.unknown(record, label, `unknown codex exec --json item type "${itemType}"`);
        else this.out.count(label, outcome);
        return;
      }
      case 'item.plan.delta':
        this.out.count(type, 'skipped');
        return;
      default:
        this.out.unknown(record, type, `unknown codex exec --json event "${type}"`);
        return;
    }
    this.out.count(type, 'mapped');
  }

  private streamItem(type: string, itemType: string, item: Json, base: DraftEvent): 'mapped' | 'skipped' | 'unknown' {
    const id = stringField(item, 'id') ?? `item-${this.index}`;
    switch (itemType) {
      case 'agent_message':
      case 'reasoning':
      case 'plan':
        if (type !== 'item.completed') return 'skipped';
        this.out.emit({
          ...base, type: itemType === 'reasoning' ? 'reasoning' : 'assistant_message', role: 'assistant', text: stringField(item, 'text') ?? '',
          ...(itemType === 'plan' ? { meta: { kind: 'plan' } } : {}),
        });
        return 'mapped';
      case 'error':
        if (type !== 'item.completed') return 'skipped';
        this.out.emit({ ...base, type: 'system', role: 'system', text: stringField(item, 'message') ?? 'error', meta: { kind: 'warning', recordType: 'item/error' } });
        return 'mapped';
      case 'command_execution':
      case 'file_change':
      case 'mcp_tool_call':
      case 'web_search':
      case 'todo_list':
      case 'collab_tool_call': {
        const started = this.streamItems.has(id);
        if (!started) {
          this.streamItems.add(id);
          this.out.emit({ ...base, type: 'tool_call', role: 'assistant', tool: streamCallTool(itemType, id, item) });
          if (type !== 'item.completed') return 'mapped';
        } else if (type !== 'item.completed') {
          return 'skipped';
        }
        this.streamItems.delete(id);
        this.out.emit({ ...base, type: 'tool_result', role: 'tool', tool: streamResultTool(itemType, id, item) });
        return 'mapped';
      }
      default:
        return 'unknown';
    }
  }

  // ---- texts written twice -------------------------------------------------------------

  /** Texts of a response item: emitted now, absorbing their event twins that came first. */
  private emitItemTexts(keys: string[], events: DraftEvent[]): void {
    const keySet = new Set(keys);
    for (let i = 0; i < this.pending.length; i++) {
      const entry = this.pending[i]!;
      if (entry.keys.length > 0 && entry.keys.every((key) => keySet.has(key))) {
        this.pending.splice(i, 1);
        this.out.count(entry.recordType, 'skipped');
        for (const key of entry.keys) keySet.delete(key);
        i -= 1;
      }
    }
    // keys not absorbed may still meet their twin later
    for (const key of keySet) this.remember(key, 'item');
    for (const event of events) this.out.emit(event);
  }

  /** Remembers an emitted text, so that its twin from the other source (item or event) is not emitted again. */
  private remember(key: string, source: 'item' | 'event'): void {
    const k = `${source}|${key}`;
    const list = this.recentItems.get(k);
    if (list) list.push(this.index);
    else this.recentItems.set(k, [this.index]);
    if (this.recentItems.size > 4 * RECENT_RECORDS) {
      for (const [key2, indices] of this.recentItems) {
        const fresh = indices.filter((i) => i >= this.index - RECENT_RECORDS);
        if (fresh.length === 0) this.recentItems.delete(key2);
        else this.recentItems.set(key2, fresh);
      }
    }
  }

  /** Consumes one remembered text of `source`, when the other source repeats it. */
  private consumeRecent(key: string, source: 'item' | 'event'): boolean {
    const k = `${source}|${key}`;
    const list = this.recentItems.get(k);
    if (!list) return false;
    while (list.length > 0 && list[0]! < this.index - RECENT_RECORDS) list.shift();
    if (list.length === 0) {
      this.recentItems.delete(k);
      return false;
    }
    list.shift();
    if (list.length === 0) this.recentItems.delete(k);
    return true;
  }

  private matchesRecent(kind: string, text: string): boolean {
    return this.consumeRecent(`${kind}\0${text}`, 'event');
  }

  private hasRecent(key: string, source: 'item' | 'event'): boolean {
    return this.recentItems.has(`${source}|${key}`);
  }

  /** Texts of an event record: dropped when a response item said them, else kept until one does. */
  private eventTexts(keys: string[], events: DraftEvent[], recordType: string): void {
    if (events.length === 0) {
      this.out.count(recordType, 'skipped');
      return;
    }
    if (this.eventsPrimary) {
      for (const event of events) this.out.emit(event);
      this.out.count(recordType, 'mapped');
      return;
    }
    if (keys.every((key) => this.hasRecent(key, 'item')) && keys.every((key) => this.consumeRecent(key, 'item'))) {
      this.out.count(recordType, 'skipped');
      return;
    }
    this.pending.push({ keys, at: this.index, recordType, events });
  }

  /** A user_message event (or UserMessage item): confirms the held prompt item, or is the prompt itself. */
  private userEvent(text: string, images: number, base: DraftEvent, recordType: string): void {
    const held = this.heldUser;
    if (held && (held.text === text || held.text.includes(text))) {
      this.heldUser = undefined;
      this.emitItemTexts([], [held.draft]);
      this.out.count(recordType, 'skipped');
      return;
    }
    this.releaseHeldUser();
    if (this.consumeRecent(`user\0${text}`, 'item') || this.consumeRecentContaining(text)) {
      this.out.count(recordType, 'skipped');
      return;
    }
    this.emitUserText(text, images > 0 ? [{ kind: 'image' as const }] : [], base, 'event');
    this.out.count(recordType, 'mapped');
  }

  private consumeRecentContaining(text: string): boolean {
    if (text.length === 0) return false;
    for (const key of this.recentItems.keys()) {
      if (key.startsWith('item|user\0') && key.includes(text)) return this.consumeRecent(key.slice('item|'.length), 'item');
    }
    return false;
  }

  private emitUserText(text: string, attachments: Attachment[], base: DraftEvent, source: 'prompt' | 'event'): void {
    // The legacy exec --json prompt line plays the item's part; a prompt event with no item waits for a late item.
    this.remember(`user\0${text}`, source === 'prompt' ? 'item' : 'event');
    this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments.length > 0 ? { attachments: attachments.map((a) => ({ ...a })) } : {}) });
  }

  private releaseHeldUser(): void {
    const held = this.heldUser;
    this.heldUser = undefined;
    if (!held) return;
    if (this.sawUserEvents) {
      // This rollout writes a user_message event for every prompt: an unconfirmed user item is context Codex injected.
      this.out.emit({ ...held.draft, type: 'system', role: 'system', meta: { kind: 'injected' } });
    } else {
      this.remember(`user\0${held.text}`, 'item');
      this.out.emit(held.draft);
    }
  }

  private flushPending(before: number): void {
    while (this.pending.length > 0 && this.pending[0]!.at < before) {
      const entry = this.pending.shift()!;
      for (const event of entry.events) this.out.emit(event);
      this.out.count(entry.recordType, 'mapped');
    }
  }
}

// ---- helpers -------------------------------------------------------------------------

/** A path of a patch, made absolute against the session's working directory (pure string work). */
function resolvePath(cwd: string | undefined, path: string): string {
  if (!cwd || path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\')) return path;
  const windows = /^[A-Za-z]:\\/.test(cwd) && !cwd.includes('/');
  const sep = windows ? '\\' : '/';
  return `${cwd.endsWith(sep) ? cwd.slice(0, -1) : cwd}${sep}${path.startsWith('./') ? path.slice(2) : path}`;
}

/** A record that may confirm a held user item: user_message / item_completed UserMessage events. */
function isUserEvent(value: Json): boolean {
  const payload = asRecord(value.payload) ?? asRecord(value.msg);
  const type = stringField(payload, 'type');
  return type === 'user_message' || (type === 'item_completed' && stringField(asRecord(payload?.item), 'type') === 'UserMessage');
}

function messageContent(content: unknown, separator: string): { text: string; attachments: Attachment[] } {
  if (typeof content === 'string') return { text: content, attachments: [] };
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  if (Array.isArray(content)) {
    for (const part of content) {
      const p = asRecord(part);
      if (!p) continue;
      if (typeof p.text === 'string') texts.push(p.text);
      else if (p.type === 'input_image' || p.type === 'image') attachments.push(imageAttachment(p));
      else if (typeof p.refusal === 'string') texts.push(p.refusal);
      else texts.push(`[${String(p.type)}]`);
    }
  }
  return { text: texts.join(separator), attachments };
}

/** An image is described (mime, decoded size), never inlined: data URLs stay out of the Transcript. */
function imageAttachment(part: Json): Attachment {
  const url = stringField(part, 'image_url') ?? stringField(asRecord(part.image_url), 'url');
  const attachment: Attachment = { kind: 'image' };
  const data = url ? /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url) : null;
  if (data) {
    if (data[1]) attachment.mime = data[1];
    if (data[2]) attachment.bytes = base64ByteLength(data[3] ?? '');
  } else if (url) {
    attachment.path = url;
  }
  return attachment;
}

function textParts(parts: unknown): string[] {
  if (!Array.isArray(parts)) return [];
  return parts.map((p) => stringField(asRecord(p), 'text')).filter((t): t is string => t !== undefined);
}

function injectedTag(text: string, kinds: string[]): Record<string, unknown> {
  const tag = /^\s*<([\w ]+)>/.exec(text)?.[1];
  return { ...(tag ? { tag } : {}), ...(kinds.length > 0 ? { contentKinds: kinds } : {}) };
}

function toolSearchSummary(tools: unknown): string {
  if (!Array.isArray(tools)) return '';
  const names: string[] = [];
  for (const tool of tools) {
    const t = asRecord(tool);
    const name = stringField(t, 'name') ?? '?';
    const children = Array.isArray(t?.tools) ? t.tools.map((c) => stringField(asRecord(c), 'name') ?? '?') : [];
    names.push(children.length > 0 ? `${name}: ${children.join(', ')}` : name);
  }
  return names.join('\n');
}

function detailsFromEndEvent(type: string, payload: Json): Details {
  const details: Details = {};
  const exit = numberField(payload, 'exit_code');
  if (exit !== undefined) details.exitCode = exit;
  const duration = durationOf(payload.duration);
  if (duration !== undefined) details.durationMs = duration;
  const status = stringField(payload, 'status');
  if (status) details.itemStatus = status;
  if (typeof payload.success === 'boolean') details.success = payload.success;
  if (type === 'patch_apply_end') {
    const files = filesFromChanges(payload.changes);
    if (files) details.files = files;
  }
  if (type === 'mcp_tool_call_end') {
    const invocation = asRecord(payload.invocation);
    const server = stringField(invocation, 'server');
    const tool = stringField(invocation, 'tool');
    if (server && tool) details.mcp = { server, tool };
    const result = asRecord(payload.result);
    if (result && ('Err' in result || asRecord(result.Ok)?.isError === true)) details.success = false;
    else if (result) details.success = true;
  }
  return details;
}

function mcpResultText(result: unknown): string {
  const r = asRecord(result);
  if (!r) return '';
  if ('Err' in r) return typeof r.Err === 'string' ? r.Err : JSON.stringify(r.Err);
  const ok = asRecord(r.Ok) ?? r;
  return contentText(ok.content);
}

function contentText(content: unknown): string {
  if (!Array.isArray(content)) return content == null ? '' : JSON.stringify(content);
  return content.map((c) => {
    const part = asRecord(c);
    return typeof part?.text === 'string' ? part.text : part ? JSON.stringify(part) : '';
  }).join('\n');
}

function streamCallTool(itemType: string, id: string, item: Json): Tool {
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

function streamResultTool(itemType: string, id: string, item: Json): Tool {
  const call = streamCallTool(itemType, id, item);
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
      const error = stringField(asRecord(item.error), 'message');
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
        return `[${entry?.completed === true ? 'x' : ' '}] ${stringField(entry, 'text') ?? ''}`;
      }).join('\n');
      tool.status = 'ok';
      break;
    default:
      tool.output = JSON.stringify(item.agents_states ?? {});
      tool.status = itemStatus === 'failed' ? 'error' : 'ok';
  }
  return tool;
}
