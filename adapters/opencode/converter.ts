/**
 * OpenCode records → normalized events. One class reads every native form, told apart per record:
 *   - store records from the readers (`{opencode: "session" | "message", store, …}`, see records.ts),
 *   - an `opencode export <id>` document (`{info, messages: [{info, parts}]}`, one record),
 *   - `opencode run --format json` lines (`{type, timestamp, sessionID, part | error}`).
 * All three carry the same Part objects; the run output only prints finished parts of the
 * assistant (never the user's message).
 */
import type { Attachment, Tool, Usage } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import {
  addUsage, asRecord, filesFromInput, isoTime, numberField, stringField, toolKind, toolStatus, usageOf,
} from './tools.js';

type Json = Record<string, unknown>;

/** `opencode run --format json` line types (run.ts `emit(...)`). */
const RUN_TYPES = new Set(['step_start', 'step_finish', 'text', 'reasoning', 'tool_use', 'error', 'done']);

/** Where a part sits: the message it belongs to, and the fallbacks for its time. */
interface PartContext {
  role: 'user' | 'assistant';
  messageId?: string;
  /** fallback time (message creation, or the run line's own timestamp) */
  time?: string;
  model?: string;
  parentId?: string;
  /** an assistant message's tokens, given to its first event */
  usage?: Usage;
  /** a compaction summary message (`summary: true`) */
  summary?: boolean;
  /** file parts of a user message, given to its user_message */
  attachments?: Attachment[];
}

interface CallState {
  called: boolean;
  answered: boolean;
}

export class OpenCodeConverter implements Converter {
  /** ids of parts already turned into events (text parts may be re-sent whole on every update) */
  private readonly seenParts = new Set<string>();
  private readonly calls = new Map<string, CallState>();
  /** child session id → callID of the task call that started it */
  private readonly childParents = new Map<string, string>();
  private mainSession: string | undefined;
  /** parentId for the events of the child session being read */
  private parentId: string | undefined;
  /** session id → the parentId its events carry (undefined for the main session) */
  private readonly sessionParents = new Map<string, string | undefined>();
  private costUsd = 0;
  private sawCost = false;
  private runStarted = false;

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    const value = record.value;
    if (typeof value.opencode === 'string') return this.storeRecord(value, record);
    if (isExportDocument(value)) return this.exportDocument(value, record);
    const type = stringField(value, 'type');
    if (type && RUN_TYPES.has(type) && typeof value.sessionID === 'string') return this.runLine(type, value, record);
    this.out.unknown(record, type ?? '(no type)', type ? `unknown OpenCode record type "${type}"` : 'not an OpenCode record');
  }

  flush(): void {}

  // ---- the three forms -------------------------------------------------------------------

  private storeRecord(value: Json, record: NativeRecord): void {
    const kind = String(value.opencode);
    const info = asRecord(value.info);
    if (kind === 'session' && info) {
      this.session(info, asRecord(value.project));
      this.out.count('session', 'mapped');
    } else if (kind === 'message' && info) {
      this.message(info, Array.isArray(value.parts) ? value.parts : [], record);
    } else if (kind === 'unreadable') {
      this.out.unknown(record, stringField(value, 'what') ?? 'unreadable', stringField(value, 'reason') ?? 'could not be read');
    } else {
      this.out.unknown(record, `store/${kind}`, `unknown OpenCode store record "${kind}"`);
    }
  }

  private exportDocument(value: Json, record: NativeRecord): void {
    this.session(asRecord(value.info)!, undefined);
    this.out.count('session', 'mapped');
    for (const entry of value.messages as unknown[]) {
      const message = asRecord(entry);
      const info = asRecord(message?.info);
      if (!message || !info) {
        this.out.unknown(record, 'message', 'export entry without message info');
        continue;
      }
      this.message(info, Array.isArray(message.parts) ? message.parts : [], record);
    }
    if (Array.isArray(value.todos)) this.out.count('todos', 'skipped');
  }

  private runLine(type: string, value: Json, record: NativeRecord): void {
    const time = isoTime(value.timestamp);
    if (!this.runStarted) {
      this.runStarted = true;
      this.out.session({ nativeSessionId: stringField(value, 'sessionID') });
      this.out.emit({
        timestamp: time ?? null, type: 'meta', role: 'system', synthetic: true,
        text: 'The user prompt of this run is not in the output (opencode run --format json does not print it).',
        meta: { kind: 'missing-user-prompt' },
      });
    }
    if (type === 'error') {
      const error = asRecord(value.error);
      this.out.emit({ timestamp: time ?? null, type: 'system', role: 'system', text: errorText(error), meta: { kind: 'error', recordType: `error/${stringField(error, 'name') ?? 'unknown'}` } });
      this.out.count('error', 'mapped');
      return;
    }
    if (type === 'done') {
      this.out.count('done', 'skipped');
      return;
    }
    const part = asRecord(value.part);
    if (!part) {
      this.out.unknown(record, type, `"${type}" line without a part`);
      return;
    }
    const ctx: PartContext = { role: 'assistant', ...(time ? { time } : {}), ...(stringField(part, 'messageID') ? { messageId: stringField(part, 'messageID') } : {}) };
    this.part(part, ctx, record, type);
  }

  // ---- sessions and messages -------------------------------------------------------------

  private session(info: Json, project: Json | undefined): void {
    const id = stringField(info, 'id');
    const parentSession = stringField(info, 'parentID');
    const time = isoTime(asRecord(info.time)?.created);
    if (this.mainSession === undefined || !parentSession) {
      this.mainSession ??= id;
      this.parentId = undefined;
      if (id) this.sessionParents.set(id, undefined);
      const model = asRecord(info.model);
      this.out.session({
        nativeSessionId: id,
        agentVersion: stringField(info, 'version'),
        title: stringField(info, 'title'),
        model: stringField(model, 'id') ?? stringField(model, 'modelID'),
        environment: {
          cwd: stringField(info, 'directory') ?? null,
          ...(stringField(project, 'name') ? { repo: { name: stringField(project, 'name') } } : {}),
        },
      });
      this.out.emit({
        timestamp: time ?? null, type: 'system', role: 'system',
        text: `Session "${stringField(info, 'title') ?? ''}" in ${stringField(info, 'directory') ?? 'an unknown folder'}${stringField(info, 'version') ? ` (OpenCode ${stringField(info, 'version')})` : ''}`,
        ...(id ? { nativeId: id } : {}),
        meta: { kind: 'session', slug: info.slug ?? null, projectID: info.projectID ?? null, ...(parentSession ? { parentSessionID: parentSession } : {}) },
      });
      return;
    }
    // a child session (task subagent) read after its parent: its events are grouped under the task call
    this.parentId = (id && this.childParents.get(id)) ?? `session:${id ?? 'unknown'}`;
    if (id) this.sessionParents.set(id, this.parentId);
    this.out.emit({
      timestamp: time ?? null, type: 'system', role: 'system', parentId: this.parentId,
      text: `Subagent session "${stringField(info, 'title') ?? ''}"`,
      ...(id ? { nativeId: id } : {}),
      meta: { kind: 'subagent-session', parentSessionID: parentSession },
    });
  }

  private message(info: Json, parts: unknown[], record: NativeRecord): void {
    const role = stringField(info, 'role');
    if (role !== 'user' && role !== 'assistant') {
      this.out.unknown(record, `message/${role ?? '(none)'}`, `message with role "${String(role)}"`);
      return;
    }
    this.out.count(`message/${role}`, 'mapped');
    const sessionId = stringField(info, 'sessionID');
    if (sessionId && this.sessionParents.has(sessionId)) this.parentId = this.sessionParents.get(sessionId);
    const times = asRecord(info.time);
    const model = role === 'assistant' ? stringField(info, 'modelID') : stringField(asRecord(info.model), 'modelID');
    const ctx: PartContext = {
      role,
      ...(stringField(info, 'id') ? { messageId: stringField(info, 'id') } : {}),
      ...(isoTime(times?.created) ? { time: isoTime(times?.created) } : {}),
      ...(model && role === 'assistant' ? { model } : {}),
      ...(this.parentId ? { parentId: this.parentId } : {}),
      ...(info.summary === true ? { summary: true } : {}),
    };
    const objects = parts.map(asRecord);
    if (role === 'assistant') {
      const root = stringField(asRecord(info.path), 'root');
      // OpenCode sets path.root to the git worktree, or "/" outside a repository
      if (root && root !== '/' && !this.parentId) this.out.session({ environment: { repo: { name: root.split('/').filter(Boolean).pop() ?? root } } });
      let usage: Usage | undefined;
      for (const part of objects) {
        const step = part?.type === 'step-finish' ? usageOf(part.tokens) : undefined;
        if (step) usage = addUsage(usage, step);
      }
      const own = usageOf(info.tokens);
      if (!usage && own && (own.input > 0 || own.output > 0)) {
        // no step-finish parts (an interrupted or very old message): the message's own count
        usage = own;
        this.out.usage(`message:${ctx.messageId ?? record.line}`, own);
      }
      if (usage) ctx.usage = usage;
    } else {
      const attachments: Attachment[] = [];
      for (const part of objects) if (part?.type === 'file') attachments.push(fileAttachment(part));
      if (attachments.length > 0) ctx.attachments = attachments;
    }
    for (const [index, part] of objects.entries()) {
      if (!part) {
        this.out.unknown(record, 'part/(not an object)', `part ${index} of message ${ctx.messageId ?? '?'} is not an object`);
        continue;
      }
      this.part(part, ctx, record);
    }
    if (ctx.attachments) {
      // file parts with no typed text beside them still reach the transcript
      this.out.emit({ ...this.base(ctx), type: 'user_message', role: 'user', text: '', attachments: ctx.attachments });
    }
    const error = asRecord(info.error);
    if (error) {
      const name = stringField(error, 'name') ?? 'error';
      this.out.emit({
        ...this.base({ ...ctx, time: isoTime(times?.completed) ?? ctx.time }), type: 'system', role: 'system', text: errorText(error),
        meta: { kind: name === 'MessageAbortedError' ? 'interrupted' : 'error', recordType: `error/${name}` },
      });
    }
  }

  // ---- parts ------------------------------------------------------------------------------

  private part(part: Json, ctx: PartContext, record: NativeRecord, lineType?: string): void {
    const type = stringField(part, 'type') ?? '(none)';
    const recordType = lineType ?? `part/${type}`;
    const id = stringField(part, 'id');
    if (type !== 'tool' && id) {
      if (this.seenParts.has(id)) {
        this.out.count(recordType, 'skipped'); // the same part again (updates re-send it whole)
        return;
      }
      this.seenParts.add(id);
    }
    switch (type) {
      case 'text': return this.textPart(part, ctx, recordType);
      case 'reasoning': return this.reasoningPart(part, ctx, recordType);
      case 'tool': return this.toolPart(part, ctx, recordType);
      case 'step-finish': return this.stepFinish(part, recordType);
      case 'step-start':
      case 'snapshot':
        // step boundaries and snapshot hashes (OpenCode's own git tree ids, for undo) carry nothing else
        this.out.count(recordType, 'skipped');
        return;
      case 'file':
        if (ctx.role === 'user') {
          this.out.count(recordType, 'mapped'); // an attachment of the user message
        } else {
          this.out.emit({ ...this.base(ctx), type: 'system', role: 'system', text: `File ${stringField(part, 'filename') ?? ''}`.trim(), attachments: [fileAttachment(part)], meta: { kind: 'file' } });
          this.out.count(recordType, 'mapped');
        }
        return;
      case 'patch': {
        const files = Array.isArray(part.files) ? part.files.filter((f): f is string => typeof f === 'string') : [];
        this.out.emit({ ...this.base(ctx), type: 'system', role: 'system', text: `Files changed: ${files.join(', ')}`, meta: { kind: 'patch', files, hash: part.hash ?? null } });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'subtask':
        this.out.emit({
          ...this.base(ctx), type: 'system', role: 'system', text: stringField(part, 'prompt') ?? '',
          meta: { kind: 'subtask', agent: part.agent ?? null, description: part.description ?? null, ...(part.command ? { command: part.command } : {}) },
        });
        this.out.count(recordType, 'mapped');
        return;
      case 'agent':
        this.out.emit({ ...this.base(ctx), type: 'system', role: 'system', text: `@${stringField(part, 'name') ?? ''}`, meta: { kind: 'agent', name: part.name ?? null } });
        this.out.count(recordType, 'mapped');
        return;
      case 'retry': {
        const error = asRecord(part.error);
        this.out.emit({ ...this.base(ctx, asRecord(part.time)?.created), type: 'system', role: 'system', text: errorText(error), meta: { kind: 'retry', attempt: part.attempt ?? null } });
        this.out.count(recordType, 'mapped');
        return;
      }
      case 'compaction':
        this.out.emit({ ...this.base(ctx), type: 'meta', role: 'system', text: 'Conversation compacted', meta: { kind: 'compaction', trigger: part.auto === true ? 'auto' : 'manual' } });
        this.out.count(recordType, 'mapped');
        return;
      default:
        this.out.unknown(record, recordType, `unknown OpenCode part type "${type}"`);
    }
  }

  private textPart(part: Json, ctx: PartContext, recordType: string): void {
    const text = typeof part.text === 'string' ? part.text : '';
    const base = this.base(ctx, asRecord(part.time)?.start, part);
    if (ctx.role === 'user') {
      if (part.synthetic === true) {
        this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'injected' } });
      } else if (part.ignored === true) {
        this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'ignored', reason: 'not sent to the model' } });
      } else {
        const attachments = ctx.attachments;
        ctx.attachments = undefined;
        this.out.emit({ ...base, type: 'user_message', role: 'user', text, ...(attachments ? { attachments } : {}) });
      }
    } else if (ctx.summary) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'compaction-summary' } });
    } else if (part.synthetic === true) {
      this.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'injected' } });
    } else {
      this.assistantEvent(ctx, { ...base, type: 'assistant_message', role: 'assistant', text });
    }
    this.out.count(recordType, 'mapped');
  }

  private reasoningPart(part: Json, ctx: PartContext, recordType: string): void {
    const text = typeof part.text === 'string' ? part.text : '';
    const base = this.base(ctx, asRecord(part.time)?.start, part);
    // provider metadata (encrypted reasoning, signatures) is never copied
    this.assistantEvent(ctx, {
      ...base, type: 'reasoning', role: 'assistant', text,
      ...(text.length === 0 ? { meta: { kind: 'redacted-thinking', reason: 'the model returned no readable reasoning text' } } : {}),
    });
    this.out.count(recordType, 'mapped');
  }

  private toolPart(part: Json, ctx: PartContext, recordType: string): void {
    const name = stringField(part, 'tool') ?? 'unknown';
    const callId = stringField(part, 'callID') ?? stringField(part, 'id') ?? '';
    const state = asRecord(part.state) ?? {};
    const status = stringField(state, 'status') ?? 'pending';
    const times = asRecord(state.time);
    const kind = toolKind(name);
    const call = this.calls.get(callId) ?? { called: false, answered: false };
    this.calls.set(callId, call);
    const nativeId = stringField(part, 'id');
    const input = state.input ?? (typeof state.raw === 'string' ? state.raw : {});
    if (!call.called) {
      call.called = true;
      const tool: Tool = { name, callId, kind, input };
      const files = filesFromInput(kind, input);
      if (files) tool.files = files;
      const event: DraftEvent = { ...this.base(ctx, times?.start), type: 'tool_call', role: 'assistant', tool, ...(nativeId ? { nativeId } : {}) };
      if (status === 'pending' || status === 'running') event.meta = { kind: 'incomplete', reason: `the tool was still ${status} when this was written` };
      this.assistantEvent(ctx, event);
    }
    if ((status === 'completed' || status === 'error') && !call.answered) {
      call.answered = true;
      const metadata = asRecord(state.metadata);
      const output = status === 'completed' ? (typeof state.output === 'string' ? state.output : JSON.stringify(state.output ?? null)) : errorText(state.error);
      const exit = metadata?.exit;
      const tool: Tool = { name, callId, kind, output, status: toolStatus({ state: status, text: output, exit: typeof exit === 'number' ? exit : exit === null ? null : undefined }) };
      const start = numberField(times, 'start');
      const end = numberField(times, 'end');
      if (start !== undefined && end !== undefined && end >= start) tool.durationMs = Math.round(end - start);
      if (kind === 'shell' && typeof exit === 'number') tool.exitCode = exit;
      const files = resultFiles(kind, input, metadata);
      if (files) tool.files = files;
      const attachments = Array.isArray(state.attachments) ? state.attachments.map((a) => fileAttachment(asRecord(a) ?? {})) : [];
      const sessionId = stringField(metadata, 'sessionId') ?? /^task_id: (ses_\S+)/m.exec(output)?.[1] ?? /<task id="(ses_[^"]+)"/.exec(output)?.[1];
      if (kind === 'task' && sessionId) this.childParents.set(sessionId, callId);
      this.out.emit({
        ...this.base(ctx, times?.end ?? times?.start), type: 'tool_result', role: 'tool', tool,
        ...(nativeId ? { nativeId } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    }
    this.out.count(recordType, 'mapped');
  }

  private stepFinish(part: Json, recordType: string): void {
    const usage = usageOf(part.tokens);
    const id = stringField(part, 'id');
    if (usage) this.out.usage(id ? `step:${id}` : `step:${recordType}:${this.seenParts.size}`, usage);
    if (typeof part.cost === 'number' && Number.isFinite(part.cost)) {
      this.costUsd += part.cost;
      this.sawCost = true;
      this.out.session({ costUsd: this.costUsd });
    }
    this.out.count(recordType, usage || this.sawCost ? 'mapped' : 'skipped');
  }

  // ---- helpers ---------------------------------------------------------------------------

  /** Time, message id, model and subagent grouping shared by the events of a part. */
  private base(ctx: PartContext, ms?: unknown, part?: Json): DraftEvent {
    const base = { timestamp: isoTime(ms) ?? ctx.time ?? null } as DraftEvent;
    const nativeId = stringField(part, 'id');
    if (nativeId) base.nativeId = nativeId;
    if (ctx.parentId) base.parentId = ctx.parentId;
    return base;
  }

  /** The message's model on every assistant event, its tokens on the first one. */
  private assistantEvent(ctx: PartContext, event: DraftEvent): void {
    if (ctx.model) event.model = ctx.model;
    if (ctx.usage) {
      event.usage = ctx.usage;
      ctx.usage = undefined;
    }
    this.out.emit(event);
  }
}

export function isExportDocument(value: Json): boolean {
  const info = asRecord(value.info);
  return Array.isArray(value.messages) && !!info && typeof info.id === 'string' && info.id.startsWith('ses') && 'time' in info;
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  const record = asRecord(error);
  const data = asRecord(record?.data);
  return stringField(data, 'message') ?? stringField(record, 'message') ?? stringField(record, 'name') ?? 'error';
}

/** A file part described (mime, name, decoded size of a data: URL), never inlined. */
function fileAttachment(part: Json): Attachment {
  const mime = stringField(part, 'mime');
  const url = stringField(part, 'url');
  const source = asRecord(part.source);
  const attachment: Attachment = { kind: mime?.startsWith('image/') ? 'image' : 'file' };
  if (mime) attachment.mime = mime;
  const path = stringField(source, 'path') ?? (url?.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : undefined) ?? stringField(part, 'filename');
  if (path) attachment.path = path;
  if (url?.startsWith('data:')) {
    const comma = url.indexOf(',');
    if (comma > 0 && url.slice(0, comma).endsWith(';base64')) attachment.bytes = base64ByteLength(url.slice(comma + 1));
  }
  return attachment;
}

/** Files a finished tool touched, with the unified diff OpenCode keeps in `metadata.diff` (edit) or `metadata.files` (apply_patch). */
function resultFiles(kind: string, input: unknown, metadata: Json | undefined): Tool['files'] {
  const patched = Array.isArray(metadata?.files) ? metadata.files.map(asRecord).filter((f): f is Json => !!f) : [];
  if (kind === 'edit' && patched.length > 0) {
    const files = patched.flatMap((f) => {
      const path = stringField(f, 'filePath') ?? stringField(f, 'file') ?? stringField(f, 'path');
      if (!path) return [];
      const type = stringField(f, 'type');
      const action = type === 'delete' ? 'delete' as const : type === 'add' ? 'write' as const : 'edit' as const;
      const diff = stringField(f, 'diff') ?? stringField(f, 'patch');
      return [{ path, action, ...(diff ? { diff } : {}) }];
    });
    if (files.length > 0) return files;
  }
  const files = filesFromInput(kind as Parameters<typeof filesFromInput>[0], input);
  const diff = stringField(metadata, 'diff');
  if (files && diff && kind === 'edit') return files.map((f) => ({ ...f, diff }));
  return files;
}
