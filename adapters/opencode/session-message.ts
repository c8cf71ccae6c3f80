/**
 * `session_message` rows (records.ts StoreSessionMessageRecord) → events. Each row is one whole
 * Session.Message of the newer session runner, final as stored:
 *   user {text, files?, agents?}, synthetic {text}, system {text}, shell {callID, command, output},
 *   assistant {agent, model, content: [text | reasoning | tool], tokens?, cost?, error?},
 *   agent-switched {agent}, model-switched {model}, compaction {reason, summary, recent};
 * every one with `time.created` (and `completed` where it ends). A tool's state is pending
 * {input: raw text}, running, completed {content, structured, attachments?} or error {error}.
 */
import { withBlockProse } from '../shared/prose.js';
import type { Attachment, Tool, Usage } from '../../src/transcript/index.js';
import { RecordDispatch, settle, unknown, type Origin, type Verdict, type DEFERRED } from '../shared/dispatch.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { elapsedMs, isoTime, timeMs } from '../shared/time.js';
import type { ConverterOutput, DraftEvent } from '../types.js';
import { filesFromInput, toolKind, toolStatus, usageOf } from './tools.js';
import { textField } from '../shared/content.js';

/** What the converter shares with this reader: subagent grouping and the session's cost. */
export interface SessionMessageHost {
  parentId(): string | undefined;
  addCost(usd: number): void;
  /** a task call started this child session (for subagent grouping) */
  childStarted(sessionId: string, callId: string): void;
}

interface Row {
  message: Json;
  time: string | null;
  origin: Origin;
}

export class SessionMessages {
  private readonly table: RecordDispatch<Row>;

  constructor(private readonly out: ConverterOutput, private readonly host: SessionMessageHost) {
    this.table = new RecordDispatch<Row>({
      user: ({ message, time }) => {
        const attachments = (Array.isArray(message.files) ? message.files : []).map((file) => attachmentOf(asRecord(file) ?? {}));
        const agents = (Array.isArray(message.agents) ? message.agents : []).map((a) => stringField(asRecord(a), 'name')).filter(Boolean);
        this.emit(message, time, {
          type: 'user_message', role: 'user', text: textField(message, 'text') ?? '',
          ...(attachments.length > 0 ? { attachments } : {}),
          ...(agents.length > 0 ? { meta: { kind: 'agents', agents } } : {}),
        });
      },
      synthetic: ({ message, time }) => this.emit(message, time, { type: 'system', role: 'system', text: textField(message, 'text') ?? '', meta: { kind: 'injected' } }),
      system: ({ message, time }) => this.emit(message, time, { type: 'system', role: 'system', text: textField(message, 'text') ?? '', meta: { kind: 'system-message' } }),
      shell: ({ message, time }) => this.shell(message, time),
      assistant: ({ message, time, origin }) => this.assistant(message, time, origin),
      'agent-switched': ({ message, time }) => this.emit(message, time, { type: 'system', role: 'system', text: `@${stringField(message, 'agent') ?? ''}`, meta: { kind: 'agent-switched', agent: message.agent ?? null } }),
      'model-switched': ({ message, time }) => {
        const model = modelId(message.model);
        this.emit(message, time, { type: 'system', role: 'system', text: `Model: ${model ?? 'unknown'}`, meta: { kind: 'model-switched', model: model ?? null } });
      },
      compaction: ({ message, time }) => this.emit(message, time, {
        type: 'system', role: 'system', text: textField(message, 'summary') ?? '',
        meta: { kind: 'compaction-summary', trigger: message.reason ?? null, ...(stringField(message, 'recent') ? { recent: stringField(message, 'recent') } : {}) },
      }),
    }, { unknownReason: (type) => `unknown session_message type "${type}"` });
  }

  route(message: Json, origin: Origin): Verdict | typeof DEFERRED {
    const type = stringField(message, 'type') ?? '(none)';
    const time = isoTime(asRecord(message.time)?.created) ?? null;
    return this.table.route(type, { message, time, origin }, origin, `session_message/${type}`);
  }

  private emit(message: Json, time: string | null, event: Omit<DraftEvent, 'timestamp'> & { timestamp?: string | null }): void {
    const parentId = this.host.parentId();
    const nativeId = stringField(message, 'id');
    this.out.emit({ timestamp: time, ...(nativeId ? { nativeId } : {}), ...(parentId ? { parentId } : {}), ...event } as DraftEvent);
  }

  /** A command the user ran in the shell (`!ls`): a call and its result. */
  private shell(message: Json, time: string | null): void {
    const callId = stringField(message, 'callID') ?? stringField(message, 'id') ?? '';
    const input = { command: stringField(message, 'command') ?? '' };
    this.emit(message, time, { type: 'tool_call', role: 'user', tool: { name: 'shell', callId, kind: 'shell', input }, meta: { kind: 'user-shell' } });
    const completed = isoTime(asRecord(message.time)?.completed);
    const output = textField(message, 'output') ?? '';
    const tool: Tool = { name: 'shell', callId, kind: 'shell', output, status: completed ? 'ok' : 'error' };
    this.emit(message, completed ?? time, { type: 'tool_result', role: 'tool', tool });
  }

  private assistant(message: Json, time: string | null, origin: Origin): void {
    const model = modelId(message.model);
    let usage: Usage | undefined = usageOf(message.tokens);
    if (usage) this.out.usage(`session_message:${stringField(message, 'id') ?? time}`, usage);
    if (typeof message.cost === 'number' && Number.isFinite(message.cost)) this.host.addCost(message.cost);
    const withModel = (event: Omit<DraftEvent, 'timestamp'> & { timestamp?: string | null }) => {
      const complete = { ...event, ...(model ? { model } : {}), ...(usage ? { usage } : {}) };
      usage = undefined; // the message's tokens go on its first event
      return complete;
    };
    for (const item of Array.isArray(message.content) ? message.content : []) {
      const content = asRecord(item);
      const type = stringField(content, 'type');
      if (type === 'text') this.emit(message, time, withModel({ type: 'assistant_message', role: 'assistant', text: textField(content, 'text') ?? '' }));
      else if (type === 'reasoning') this.emit(message, isoTime(asRecord(content!.time)?.created) ?? time, withModel({ type: 'reasoning', role: 'assistant', text: textField(content, 'text') ?? '' }));
      else if (type === 'tool') this.tool(message, content!, time, withModel);
      else settle(origin, unknown(`unknown assistant content "${type ?? '(none)'}"`), `session_message/assistant/${type ?? '(none)'}`);
    }
    const error = asRecord(message.error);
    if (error) this.emit(message, isoTime(asRecord(message.time)?.completed) ?? time, { type: 'system', role: 'system', text: textField(error, 'message') ?? 'error', meta: { kind: 'error', recordType: `error/${stringField(error, 'type') ?? 'unknown'}` } });
  }

  private tool(message: Json, content: Json, time: string | null, withModel: (e: Omit<DraftEvent, 'timestamp'>) => Omit<DraftEvent, 'timestamp'>): void {
    const name = stringField(content, 'name') ?? 'unknown';
    const callId = stringField(content, 'id') ?? '';
    const kind = toolKind(name);
    const state = asRecord(content.state) ?? {};
    const status = stringField(state, 'status') ?? 'pending';
    const times = asRecord(content.time);
    const input = state.input ?? {};
    const call: Tool = { name, callId, kind, input };
    const files = filesFromInput(kind, input);
    if (files) call.files = files;
    const pending = status === 'pending' || status === 'running';
    this.emit(message, isoTime(times?.created) ?? time, withModel({
      type: 'tool_call', role: 'assistant', tool: call,
      ...(pending ? { meta: { kind: 'incomplete', reason: `the tool was still ${status} when this was written` } } : {}),
    }));
    if (pending) return;
    const structured = asRecord(state.structured);
    const { text, attachments } = toolContent(state);
    const exit = structured?.exit;
    const output = status === 'error' ? textField(asRecord(state.error), 'message') ?? text : text;
    const result: Tool = { name, callId, kind, output, status: toolStatus({ state: status, text: output, exit: typeof exit === 'number' ? exit : undefined }) };
    const took = elapsedMs(timeMs(isoTime(times?.ran) ?? isoTime(times?.created)), isoTime(times?.completed));
    if (took !== undefined) result.durationMs = took;
    if (kind === 'shell' && typeof exit === 'number') result.exitCode = exit;
    if (files) result.files = files;
    const child = stringField(structured, 'sessionId') ?? stringField(structured, 'sessionID');
    if (kind === 'task' && child) this.host.childStarted(child, callId);
    this.emit(message, isoTime(times?.completed) ?? time, { type: 'tool_result', role: 'tool', tool: result, ...(attachments.length > 0 ? { attachments } : {}) });
  }
}

function modelId(model: unknown): string | undefined {
  const ref = asRecord(model);
  return stringField(ref, 'id') ?? stringField(ref, 'modelID');
}

/** A tool's content blocks (text, or a file by URI) and its attachments → one text and attachments. */
function toolContent(state: Json): { text: string; attachments: Attachment[] } {
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  for (const item of Array.isArray(state.content) ? state.content : []) {
    const block = asRecord(item);
    if (block?.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block?.type === 'file') attachments.push(attachmentOf(block));
    // 1.18.33 writes only text and file blocks: a newer kind is named with its prose, never dropped
    else if (block) texts.push(withBlockProse(`[${stringField(block, 'type') ?? 'untyped'} block]`, block));
  }
  for (const file of Array.isArray(state.attachments) ? state.attachments : []) attachments.push(attachmentOf(asRecord(file) ?? {}));
  return { text: texts.join('\n'), attachments };
}

/** A file by `uri`, `mime` and `name` (a `data:` URI is measured, never copied). */
function attachmentOf(file: Json): Attachment {
  const mime = stringField(file, 'mime');
  const uri = stringField(file, 'uri');
  const attachment: Attachment = { kind: mime?.startsWith('image/') ? 'image' : 'file' };
  if (mime) attachment.mime = mime;
  const path = stringField(file, 'name') ?? (uri?.startsWith('file://') ? decodeURIComponent(uri.slice('file://'.length)) : undefined);
  if (path) attachment.path = path;
  else if (uri && !uri.startsWith('data:')) attachment.path = uri;
  return attachment;
}
