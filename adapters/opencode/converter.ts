/**
 * OpenCode records → normalized events, every record told apart by its shape and counted by the
 * dispatch tables:
 *   - store records from the readers (`{opencode: "session" | "message", store, …}`, see records.ts),
 *   - an `opencode export <id>` document (`{info, messages: [{info, parts}]}`, one record),
 *   - `opencode run --format json` lines (`{type, timestamp, sessionID, part | error}`, run-json.ts).
 * All three carry the same Part objects; the run output only prints finished parts of the
 * assistant (never the user's message).
 */
import type { Attachment, Tool, Usage } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import { type DEFERRED, mapped, RecordDispatch, settle, skipped, unknown, type HandlerResult, type Origin, type Verdict } from '../shared/dispatch.js';
import { asRecord, numberField, stringField, type Json, type Native } from '../shared/json.js';
import { addUsage } from '../shared/usage.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { ExportDocument, StoreLine } from './records.js';
import { isExportDocument } from './detect.js';
import { OPENCODE_FLAVOR, type Flavor } from './flavor.js';
import { isRunLine, RunLines } from './run-json.js';
import { SessionMessages } from './session-message.js';
import { errorText, filesFromInput, isoTime, toolKind, toolStatus, usageOf } from './tools.js';
import { textField } from '../shared/content.js';

interface PartInput {
  part: Json;
  ctx: PartContext;
}

/** Where a part sits: the message it belongs to, and the fallbacks for its time. */
export interface PartContext {
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
  /** `opencode run --format json` lines (run-json.ts); their parts are read by the part table here */
  private readonly runLines: RunLines;

  /** store records from the readers, by their `opencode` kind */
  private readonly store = new RecordDispatch<Native<StoreLine>>({
    session: (value) => {
      const info = asRecord(value.info);
      if (!info) return unknown('unknown OpenCode store record "session"');
      this.session(info, asRecord(value.project));
      return mapped('session');
    },
    message: (value, origin) => {
      const info = asRecord(value.info);
      if (!info) return unknown('unknown OpenCode store record "message"');
      return this.message(info, Array.isArray(value.parts) ? value.parts : [], origin);
    },
    unreadable: (value) => unknown(stringField(value, 'reason') ?? 'could not be read', stringField(value, 'what') ?? 'unreadable'),
    session_message: (value, origin) => {
      const message = asRecord(value.message);
      if (!message) return unknown('session_message record without a message');
      this.enterSession(stringField(message, 'sessionID'));
      return this.sessionMessages.route(message, origin);
    },
    // rows the program itself never reads (no seq)
    unsequenced: () => 'skipped',
  }, { unknownReason: (kind) => `unknown ${this.flavor.product} store record "${kind}"` });

  /** rows of the session_message table */
  private readonly sessionMessages: SessionMessages;

  /** the parts of a message, by type */
  private readonly parts = new RecordDispatch<PartInput>({
    text: ({ part, ctx }) => this.textPart(part, ctx),
    reasoning: ({ part, ctx }) => this.reasoningPart(part, ctx),
    tool: ({ part, ctx }) => this.toolPart(part, ctx),
    'step-finish': ({ part }, { type }) => this.stepFinish(part, type),
    file: ({ part, ctx }) => {
      // in a user message, an attachment of its user_message
      if (ctx.role !== 'user') {
        this.out.emit({ ...this.base(ctx), type: 'system', role: 'system', text: `File ${stringField(part, 'filename') ?? ''}`.trim(), attachments: [fileAttachment(part)], meta: { kind: 'file' } });
      }
    },
    patch: ({ part, ctx }) => {
      const files = Array.isArray(part.files) ? part.files.filter((f): f is string => typeof f === 'string') : [];
      this.out.emit({ ...this.base(ctx), type: 'system', role: 'system', text: `Files changed: ${files.join(', ')}`, meta: { kind: 'patch', files, hash: part.hash ?? null } });
    },
    subtask: ({ part, ctx }) => {
      this.out.emit({
        ...this.base(ctx), type: 'system', role: 'system', text: stringField(part, 'prompt') ?? '',
        meta: { kind: 'subtask', agent: part.agent ?? null, description: part.description ?? null, ...(part.command ? { command: part.command } : {}) },
      });
    },
    agent: ({ part, ctx }) => {
      this.out.emit({ ...this.base(ctx), type: 'system', role: 'system', text: `@${stringField(part, 'name') ?? ''}`, meta: { kind: 'agent', name: part.name ?? null } });
    },
    retry: ({ part, ctx }) => {
      const error = asRecord(part.error);
      this.out.emit({ ...this.base(ctx, asRecord(part.time)?.created), type: 'system', role: 'system', text: errorText(error), meta: { kind: 'retry', attempt: part.attempt ?? null } });
    },
    compaction: ({ part, ctx }) => {
      this.out.emit({ ...this.base(ctx), type: 'meta', role: 'system', text: 'Conversation compacted', meta: { kind: 'compaction', trigger: part.auto === true ? 'auto' : 'manual' } });
    },
  }, {
    // step boundaries and snapshot hashes (OpenCode's own git tree ids, for undo) carry nothing else
    skip: new Set(['step-start', 'snapshot']),
    unknownReason: (type) => `unknown OpenCode part type "${type}"`,
  });

  constructor(private readonly out: ConverterOutput, private readonly flavor: Flavor = OPENCODE_FLAVOR) {
    this.runLines = new RunLines(out, (part, ctx, origin, lineType) => this.part(part, ctx, origin, lineType), flavor);
    this.sessionMessages = new SessionMessages(out, {
      parentId: () => this.parentId,
      addCost: (usd) => this.addCost(usd),
      childStarted: (sessionId, callId) => this.childParents.set(sessionId, callId),
    });
  }

  push(record: NativeRecord): void {
    const value = record.value;
    const origin = { out: this.out, record };
    const type = stringField(value, 'type');
    settle(origin, this.route(value, type, origin), type ?? '(no type)');
  }

  flush(): void {}

  // ---- the three forms -------------------------------------------------------------------

  private route(value: Json, type: string | undefined, origin: Origin): Verdict | typeof DEFERRED {
    if (typeof value.opencode === 'string') return this.store.route(value.opencode, value, origin, `store/${value.opencode}`);
    if (isExportDocument(value)) return this.exportDocument(value, origin);
    if (type && isRunLine(type, value)) return this.runLines.route(type, value, origin);
    return unknown(type ? `unknown OpenCode record type "${type}"` : 'not an OpenCode record', type ?? '(no type)');
  }

  /** The session, then each message and its parts, each counted on its own. */
  private exportDocument(value: Native<ExportDocument>, origin: Origin): Verdict {
    this.session(asRecord(value.info)!, undefined);
    return {
      ...mapped('session'),
      after: () => {
        for (const entry of value.messages as unknown[]) {
          const message = asRecord(entry);
          const info = asRecord(message?.info);
          if (!message || !info) settle(origin, unknown('export entry without message info'), 'message');
          else settle(origin, this.message(info, Array.isArray(message.parts) ? message.parts : [], origin), 'message');
        }
        if (Array.isArray(value.todos)) settle(origin, skipped('todos'), 'todos');
      },
    };
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
        text: `Session "${stringField(info, 'title') ?? ''}" in ${stringField(info, 'directory') ?? 'an unknown folder'}${stringField(info, 'version') ? ` (${this.flavor.product} ${stringField(info, 'version')})` : ''}`,
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

  /** A message: counted itself, then its parts are read and counted one by one. */
  private message(info: Json, parts: unknown[], origin: Origin): Verdict {
    const role = stringField(info, 'role');
    if (role !== 'user' && role !== 'assistant') return unknown(`message with role "${String(role)}"`, `message/${role ?? '(none)'}`);
    return { ...mapped(`message/${role}`), after: () => this.messageParts(info, role, parts, origin) };
  }

  private messageParts(info: Json, role: 'user' | 'assistant', parts: unknown[], origin: Origin): void {
    const sessionId = stringField(info, 'sessionID');
    // a saved API body has no session record: its messages name the session
    if (this.mainSession === undefined && sessionId) {
      this.mainSession = sessionId;
      this.out.session({ nativeSessionId: sessionId });
    }
    this.enterSession(sessionId);
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
        this.out.usage(`message:${ctx.messageId ?? origin.record.line}`, own);
      }
      if (usage) ctx.usage = usage;
    } else {
      const attachments: Attachment[] = [];
      for (const part of objects) if (part?.type === 'file') attachments.push(fileAttachment(part));
      if (attachments.length > 0) ctx.attachments = attachments;
    }
    for (const [index, part] of objects.entries()) {
      if (!part) settle(origin, unknown(`part ${index} of message ${ctx.messageId ?? '?'} is not an object`), 'part/(not an object)');
      else settle(origin, this.part(part, ctx, origin), 'part');
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

  /** The events that follow belong to this session (the main one, or a subagent's). */
  private enterSession(sessionId: string | undefined): void {
    if (sessionId && this.sessionParents.has(sessionId)) this.parentId = this.sessionParents.get(sessionId);
  }

  // ---- parts ------------------------------------------------------------------------------

  /** One part, counted as `part/<type>` (or as the run line that carried it). */
  private part(part: Json, ctx: PartContext, origin: Origin, lineType?: string): Verdict | typeof DEFERRED {
    const type = stringField(part, 'type') ?? '(none)';
    const label = lineType ?? `part/${type}`;
    const id = stringField(part, 'id');
    if (type !== 'tool' && id) {
      if (this.seenParts.has(id)) return skipped(label); // the same part again (updates re-send it whole)
      this.seenParts.add(id);
    }
    return this.parts.route(type, { part, ctx }, origin, label);
  }

  private textPart(part: Json, ctx: PartContext): void {
    const text = textField(part, 'text') ?? '';
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
  }

  private reasoningPart(part: Json, ctx: PartContext): void {
    const text = textField(part, 'text') ?? '';
    const base = this.base(ctx, asRecord(part.time)?.start, part);
    // provider metadata (encrypted reasoning, signatures) is never copied
    this.assistantEvent(ctx, {
      ...base, type: 'reasoning', role: 'assistant', text,
      ...(text.length === 0 ? { meta: { kind: 'redacted-thinking', reason: 'the model returned no readable reasoning text' } } : {}),
    });
  }

  private toolPart(part: Json, ctx: PartContext): void {
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
  }

  private stepFinish(part: Json, recordType: string): HandlerResult {
    const usage = usageOf(part.tokens);
    const id = stringField(part, 'id');
    if (usage) this.out.usage(id ? `step:${id}` : `step:${recordType}:${this.seenParts.size}`, usage);
    if (typeof part.cost === 'number' && Number.isFinite(part.cost)) this.addCost(part.cost);
    return usage || this.sawCost ? 'mapped' : 'skipped';
  }

  private addCost(usd: number): void {
    this.costUsd += usd;
    this.sawCost = true;
    this.out.session({ costUsd: this.costUsd });
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

/** Files a finished tool touched, with the unified diff OpenCode keeps in `metadata.diff` (edit; Kilo: `metadata.filediff.patch`) or `metadata.files` (apply_patch). */
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
  // Kilo's store keeps the diff only as `filediff.patch` (its run output has both)
  const diff = stringField(metadata, 'diff') ?? stringField(asRecord(metadata?.filediff), 'patch');
  if (files && diff && kind === 'edit') return files.map((f) => ({ ...f, diff }));
  return files;
}
