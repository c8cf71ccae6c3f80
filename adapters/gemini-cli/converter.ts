/**
 * Gemini CLI records → normalized events, every record routed by its shape and counted by the
 * dispatch table here. This module reads the chat forms; `stream-json.ts` and `json-output.ts`
 * read the stdout forms (see README.md):
 *
 * - chat JSONL (0.39+): a metadata line, message lines (a message re-appended under the same id
 *   replaces the earlier one), `{"$set": {...}}` patches (a `messages` array is a checkpoint of
 *   the whole conversation) and `{"$rewindTo": id}` (drop that message and all after it);
 * - the legacy chat document (≤ 0.38): one ConversationRecord `{sessionId, projectHash, messages}`;
 * - `gemini -p --output-format stream-json`: init / message / tool_use / tool_result / error / result;
 * - `gemini -p --output-format json`: one `{session_id, response, stats, error?}` object.
 *
 * Streaming with bounded buffers: the CLI only ever re-appends the *latest* model message (it
 * adds the token count, then the finished tool calls), so that one `gemini` message is held
 * until a record with another id arrives; every other message is emitted at once. A message
 * that changes after it was emitted (a later re-append, a `$set` checkpoint) is compared with a
 * small summary of what was emitted for it (text fingerprint, number of thoughts, token count;
 * kept for the last SUMMARY_WINDOW messages) and only what is new is emitted. Messages that a
 * checkpoint or `$rewindTo` removes stay in the transcript where they happened, followed by a
 * `meta` event (`rollback` / `rewind`) naming them. Beyond the held message, memory holds the ids
 * of the messages and tool calls seen (strings, for de-duplication), never their content.
 */
import type { Attachment, Tool, ToolKind } from '../../src/transcript/index.js';
import { CallTracker } from '../shared/calls.js';
import { CodeExecutionPairs, codeExecutionEvents } from '../shared/code-execution.js';
import { unansweredResults } from '../shared/unanswered.js';
import { mapped, RecordDispatch, skipped, unknown, type Verdict } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Json, type Native } from '../shared/json.js';
import type { McpTool } from '../shared/tools.js';
import type { Converter, ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import {
  exitCodeOf, filesOf, fingerprint, identifyTool, inlineAttachment, responseText, splitContent, statusFromChat, usageOf,
} from './tools.js';
import { readJsonOutput } from './json-output.js';
import type { Line, Patch } from './records.js';
import { GeminiStream } from './stream-json.js';
import { SubagentActivity } from './subagent-activity.js';
import { textField } from '../shared/content.js';
import { blockProse } from '../shared/prose.js';

/** a line of any form, by the fields Gemini CLI writes */
export type GeminiLine = Native<Line>;

/** How many emitted messages keep a summary, so that a late re-append emits only what is new. */
const SUMMARY_WINDOW = 256;
/** Removed message ids named on a rollback/rewind marker (the count is always complete). */
const MAX_NAMED_IDS = 20;

/** the model's messages: `gemini`, or `qwen` in the legacy document of Qwen Code before 0.5 (a fork of this CLI) */
const MODEL_TYPES = new Set(['gemini', 'qwen']);
const MESSAGE_TYPES = new Set(['user', ...MODEL_TYPES, 'info', 'error', 'warning']);
const STREAM_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result', 'error', 'result']);
/** user content the CLI injects itself (it also skips these when resuming) */
const INJECTED = /^\s*<(session_context|hook_context|state_snapshot)>/;
/** a checkpoint holding a compression summary replaces the history it summarizes */
const SNAPSHOT = /^\s*<state_snapshot>/;

/** What was emitted for one message. */
interface Emitted {
  text?: string;
  reasoning: number;
  tokens?: string;
  /** code execution parts already emitted */
  code?: number;
}

/** Tool calls open and answered, shared by the chat and stream-json readers. */
export interface SharedCalls {
  calls: CallTracker<OpenCall>;
  closed: Set<string>;
  /** code execution parts, paired across both readers */
  code: CodeExecutionPairs;
}

interface OpenCall {
  name: string;
  kind: ToolKind;
  mcp?: McpTool;
}

export class GeminiCliConverter implements Converter {
  // ---- chat files ----
  /** the latest gemini message, which the CLI may still re-append */
  private held: Json | undefined;
  /** ids of every message emitted, and a summary for the most recent ones */
  private readonly emitted = new Set<string>();
  private readonly summaries = new Map<string, Emitted>();
  /** messages that had no id of their own (see keyed) */
  private readonly idless = new WeakSet<Json>();
  /** the conversation as the CLI sees it: message ids in order of first appearance */
  private current = new Set<string>();
  /** ids a `$set` checkpoint dropped; reported once the next record shows the drop was not undone */
  private readonly pendingRemoved = new Set<string>();
  /** the checkpoint that dropped them carried a compression summary (`<state_snapshot>`) */
  private pendingCompaction = false;
  /** model messages a compression wrote after its snapshot (the CLI's fixed acknowledgement, never the model's words) */
  private readonly acknowledgements = new Set<string>();
  private sessionId: string | undefined;
  /** events of a subagent chat read after its parent carry the call that started it */
  private parentId: string | undefined;
  private readonly agentCalls = new Map<string, string>();
  /** what the parent chat shows of each subagent: its events when the subagent's own chat is not read */
  private readonly subagentActivity = new SubagentActivity();

  // ---- tool calls of every form ----
  private readonly calls = new CallTracker<OpenCall>();
  private readonly closedCalls = new Set<string>();
  /** the call an id-less functionResponse answered, by its place ("<message id>#response<n>"): a re-appended message answers it again */
  private readonly idlessResponses = new Map<string, string>();
  /** the same calls, as the stream-json reader sees them */
  private readonly shared: SharedCalls = { calls: this.calls, closed: this.closedCalls, code: new CodeExecutionPairs() };

  // ---- the stdout forms (stream-json.ts, json-output.ts) ----
  private readonly streamJson: GeminiStream;

  /** events emitted so far (tells whether a record added anything) */
  private eventsOut = 0;

  constructor(private readonly out: ConverterOutput) {
    this.streamJson = new GeminiStream(out, (event) => this.emit(event), this.shared);
  }

  private emit(event: DraftEvent): void {
    this.eventsOut += 1;
    this.out.emit(event);
  }

  /** Records by what their shape says they are (see `kindOf`); each handler names the type it counts. */
  private readonly records = new RecordDispatch<GeminiLine>({
    $rewindTo: (value) => this.rewind(value.$rewindTo as string),
    $set: (value) => this.set(nativeOf<Patch>(value.$set)!),
    message: (value) => {
      const type = stringField(value, 'type');
      if (!type || !MESSAGE_TYPES.has(type)) return unknown(`chat message of unknown type "${type ?? ''}"`, `message/${type ?? '(no type)'}`);
      this.beforeRecord();
      return this.message(value);
    },
    // a message with no id (hand-edited, or written by another tool): kept, keyed by its line
    'message (no id)': (value, { record }) => {
      this.beforeRecord();
      return this.message(this.keyed(value, `line ${record.line}`));
    },
    metadata: (value) => this.metadata(value),
    stream: (value) => this.streamJson.read(stringField(value, 'type')!, value),
    'json-output': (value) => readJsonOutput(this.out, (event) => this.emit(event), value),
  }, {
    unknownReason: () => 'not a Gemini CLI chat, stream-json or json record',
    fallback: (value) => {
      const type = stringField(value, 'type');
      return unknown(type ? `unknown Gemini CLI record type "${type}"` : 'not a Gemini CLI chat, stream-json or json record', type ?? '(no type)');
    },
  });

  push(record: NativeRecord): void {
    this.records.dispatch(this.out, record, kindOf(record.value) ?? '(other)', record.value);
  }

  flush(): void {
    this.streamJson.flushText();
    this.beforeRecord();
    this.releaseHeld();
    for (const event of this.subagentActivity.drain()) this.emit(event);
    // calls the log never answers are closed as unfinished
    for (const event of unansweredResults(this.calls, 'the log ends before this call\'s result was recorded', { extra: this.parent() })) this.emit(event);
  }

  // ---- chat files: records ---------------------------------------------------------------

  /** The first line of a JSONL chat (written again on every resume), or the legacy whole-session document. */
  private metadata(value: GeminiLine): Verdict {
    this.beforeRecord();
    this.releaseHeld();
    const sessionId = stringField(value, 'sessionId')!;
    const document = Array.isArray(value.messages);
    if (this.sessionId && sessionId !== this.sessionId && value.kind === 'subagent') {
      // a subagent's chat, read after its parent's: its own conversation, grouped under the call
      this.parentId = this.agentCalls.get(sessionId) ?? `agent-${sessionId}`;
      this.subagentActivity.ownChatRead(sessionId);
      this.current = new Set();
    } else if (!this.sessionId) {
      this.sessionId = sessionId;
      this.out.session({ nativeSessionId: sessionId });
    }
    this.sessionFacts(value);
    const before = this.eventsOut;
    if (document) {
      // A document lists the conversation as it is: its messages add to what is known, like the
      // CLI's own loader; nothing is dropped (a .json read after its converted .jsonl adds nothing).
      for (const [index, message] of (value.messages as unknown[]).entries()) {
        const m = asRecord(message);
        if (m) this.message(this.keyed(m, `document #${index}`));
      }
      this.releaseHeld();
    }
    // a chat of a kind no release here wrote may hold what this converter does not read: reported
    if (typeof value.kind === 'string' && !CHAT_KINDS.has(value.kind)) return unknown(`chat of unknown kind "${value.kind}"`, `metadata/${value.kind}`);
    // a legacy twin read after its converted .jsonl adds nothing: counted as skipped
    return { outcome: document && this.eventsOut === before ? 'skipped' : 'mapped', type: document ? 'chat-document' : 'metadata' };
  }

  private set(patch: Native<Patch>): Verdict {
    let used = this.sessionFacts(patch);
    if (Array.isArray(patch.messages)) {
      this.checkpoint(patch.messages.map(asRecord).flatMap((m, index) => (m ? [this.keyed(m, `checkpoint #${index}`)] : [])));
      used = true;
    }
    return used ? mapped('$set') : skipped('$set');
  }

  /** `$set.messages`: the whole conversation from now on (written at start, after a failed request, on resume, after compression). */
  private checkpoint(messages: Json[]): void {
    const keep = new Set(messages.map((m) => m.id as string));
    if (this.held && !keep.has(this.held.id as string)) this.releaseHeld();
    for (const id of this.current) if (!keep.has(id)) this.pendingRemoved.add(id);
    for (const id of keep) this.pendingRemoved.delete(id);
    const snapshot = messages.findIndex((m) => m.type === 'user' && SNAPSHOT.test(splitContent(m.content).text));
    if (snapshot >= 0) {
      this.pendingCompaction = true;
      const next = messages[snapshot + 1];
      if (next && typeof next.type === 'string' && MODEL_TYPES.has(next.type) && typeof next.id === 'string') this.acknowledgements.add(next.id);
    }
    this.current = new Set();
    for (const m of messages) this.message(m);
  }

  private rewind(target: string): Verdict {
    this.beforeRecord();
    this.releaseHeld();
    const removed: string[] = [];
    let found = false;
    for (const id of this.current) {
      if (id === target) found = true;
      if (found) removed.push(id);
    }
    // The CLI's loader clears the whole conversation when the target is unknown.
    if (!found) removed.push(...this.current);
    for (const id of removed) this.current.delete(id);
    this.emit({
      timestamp: null, type: 'meta', role: 'system',
      text: found
        ? `Conversation rewound: message ${target} and the ${removed.length - 1} after it were abandoned`
        : `Conversation rewound to message ${target}, which is not in this log: all ${removed.length} earlier messages were abandoned`,
      meta: { kind: 'rewind', toMessageId: target, found, count: removed.length, messageIds: removed.slice(0, MAX_NAMED_IDS) },
      ...this.parent(),
    });
    return mapped('$rewindTo');
  }

  /** Called before a record that is not part of a checkpoint: a drop not undone by now is real. */
  private beforeRecord(): void {
    if (this.pendingRemoved.size === 0) return;
    const removed = [...this.pendingRemoved].filter((id) => this.emitted.has(id) || this.held?.id === id);
    const compaction = this.pendingCompaction;
    this.pendingRemoved.clear();
    this.pendingCompaction = false;
    if (removed.length === 0) return;
    this.releaseHeld();
    this.emit({
      timestamp: null, type: 'meta', role: 'system',
      text: compaction
        ? `Gemini CLI compressed its conversation history: ${removed.length} message(s) replaced by a <state_snapshot> summary`
        : `Gemini CLI dropped ${removed.length} message(s) from its conversation history (a $set checkpoint without them, e.g. after a failed request)`,
      meta: { kind: compaction ? 'compaction' : 'rollback', count: removed.length, messageIds: removed.slice(0, MAX_NAMED_IDS) },
      ...this.parent(),
    });
  }

  /**
   * A message with no id of its own gets a key from where it stands, so that it is converted like
   * any other (never dropped); its events carry no nativeId, since it had none.
   */
  private keyed(m: Json, where: string): Json {
    if (typeof m.id === 'string') return m;
    const keyed = { ...m, id: `(no id: ${where})` };
    this.idless.add(keyed);
    return keyed;
  }

  /** One message, appended or listed in a checkpoint or document; the verdict counts an appended one, a record of its own. */
  private message(m: Json): Verdict {
    const id = m.id as string;
    const type = stringField(m, 'type') ?? '(none)';
    const isNew = !this.current.has(id) && !this.emitted.has(id);
    if (this.held && this.held.id === id) {
      this.held = m;
      return mapped(`${type} (re-appended)`);
    }
    this.releaseHeld();
    this.current.add(id);
    // 0.61 (not 0.39) answers tool calls with a "user" message of functionResponse parts; the gemini
    // message's toolCalls already hold the same results, so it usually adds nothing.
    const responses = type === 'user' && functionResponsesOnly(m.content);
    const before = this.eventsOut;
    if (MODEL_TYPES.has(type)) this.held = m;
    else this.emitMessage(m);
    // mapped when one of its responses answered a call no toolCalls entry had (or none the log holds)
    if (responses) return { outcome: this.eventsOut > before ? 'mapped' : 'skipped', type: 'user (function responses)' };
    return { outcome: MESSAGE_TYPES.has(type) ? 'mapped' : 'skipped', type: isNew ? type : `${type} (re-appended)` };
  }

  private releaseHeld(): void {
    const held = this.held;
    this.held = undefined;
    if (held) this.emitMessage(held);
  }

  // ---- chat files: one message → events ---------------------------------------------------

  /** Emits what of a message is not yet in the transcript (all of it, for a message seen the first time). */
  private emitMessage(m: Json): void {
    const id = m.id as string;
    let summary = this.summaries.get(id);
    if (!summary) {
      // Seen long ago (its summary is gone): assume a checkpoint only re-lists it unchanged.
      if (this.emitted.has(id)) return;
      summary = { reasoning: 0 };
      this.emitted.add(id);
      this.summaries.set(id, summary);
      if (this.summaries.size > SUMMARY_WINDOW) this.summaries.delete(this.summaries.keys().next().value as string);
    }
    const type = stringField(m, 'type');
    const timestamp = stringField(m, 'timestamp') ?? null;
    const base: DraftEvent = { timestamp, ...(this.idless.has(m) ? {} : { nativeId: id }), ...this.parent() } as DraftEvent;
    if (type !== undefined && MODEL_TYPES.has(type)) this.geminiMessage(m, base, summary);
    else if (type === 'user') this.userMessage(m, base, summary);
    else this.noticeMessage(m, base, summary, type ?? 'info');
  }

  private userMessage(m: Json, base: DraftEvent, summary: Emitted): void {
    const content = splitContent(m.content);
    content.responses.forEach((response, index) => this.functionResponse(response, base, index));
    for (const event of this.codeExecution(content.codeParts, base, summary)) this.emit(event);
    const shown = m.displayContent !== undefined ? splitContent(m.displayContent) : undefined;
    const text = shown?.text ?? content.text;
    const attachments = [...content.attachments];
    if (!this.changed(summary, text) || (text.length === 0 && attachments.length === 0)) return;
    const revised = summary.text !== undefined ? { meta: { kind: 'revised', reason: 'the CLI re-wrote this message' } } : {};
    summary.text = fingerprint(text);
    const extra = attachments.length > 0 ? { attachments } : {};
    if (INJECTED.test(text)) {
      const kind = /<(\w+)>/.exec(text)![1]!.replace('_', '-');
      this.contextFacts(text);
      this.emit({ ...base, type: 'system', role: 'system', text, meta: { kind }, ...extra });
      return;
    }
    this.emit({ ...base, type: 'user_message', role: 'user', text, ...extra, ...revised });
    if (shown && content.text && content.text !== text) {
      // `@file` references: the prompt as typed, then what the model was sent.
      this.emit({ ...base, type: 'system', role: 'system', text: content.text, meta: { kind: 'expanded-prompt' } });
    }
  }

  private noticeMessage(m: Json, base: DraftEvent, summary: Emitted, type: string): void {
    const content = splitContent(m.content);
    for (const event of this.codeExecution(content.codeParts, base, summary)) this.emit(event);
    if (!this.changed(summary, content.text) || (content.text.length === 0 && content.attachments.length === 0)) return;
    summary.text = fingerprint(content.text);
    this.emit({
      ...base, type: 'system', role: 'system', text: content.text, meta: { kind: type },
      ...(content.attachments.length > 0 ? { attachments: content.attachments } : {}),
    });
  }

  private geminiMessage(m: Json, base: DraftEvent, summary: Emitted): void {
    const model = stringField(m, 'model');
    const modelBase: DraftEvent = { ...base, ...(model ? { model } : {}) };
    const content = splitContent(m.content);
    const events: DraftEvent[] = [];

    // thoughts: the `thoughts` list, or (in a checkpoint's rewritten content) thought parts
    const thoughts = Array.isArray(m.thoughts) && m.thoughts.length > 0
      ? m.thoughts.map((t) => {
        const thought = asRecord(t);
        const subject = stringField(thought, 'subject');
        const description = typeof thought?.description === 'string' ? thought.description : '';
        return { text: subject ? `**${subject}** ${description}`.trimEnd() : description, timestamp: stringField(thought, 'timestamp') };
      })
      : content.thoughts.map((text) => ({ text, timestamp: undefined }));
    for (const thought of thoughts.slice(summary.reasoning)) {
      events.push({ ...modelBase, ...(thought.timestamp ? { timestamp: thought.timestamp } : {}), type: 'reasoning', role: 'assistant', text: thought.text });
    }
    summary.reasoning = Math.max(summary.reasoning, thoughts.length);

    if (content.text.length > 0 && this.changed(summary, content.text)) {
      const revised = summary.text !== undefined ? { meta: { kind: 'revised', reason: 'the CLI re-wrote this message' } } : {};
      if (typeof m.id === 'string' && this.acknowledgements.has(m.id)) {
        events.push({ ...base, type: 'system', role: 'system', text: content.text, meta: { kind: 'snapshot-acknowledgement', reason: 'written by the CLI after a compression snapshot, not by the model' } });
      } else {
        events.push({ ...modelBase, type: 'assistant_message', role: 'assistant', text: content.text, ...revised });
      }
      summary.text = fingerprint(content.text);
    }
    if (content.attachments.length > 0) {
      events.push({ ...modelBase, type: 'assistant_message', role: 'assistant', text: '', attachments: content.attachments });
    }
    events.push(...this.codeExecution(content.codeParts, modelBase, summary));

    // tool calls: the `toolCalls` records (with results), then functionCall parts they do not cover
    const records = Array.isArray(m.toolCalls) ? m.toolCalls.map(asRecord).filter((c): c is Json => c !== undefined) : [];
    const calls: { callId: string; name: string; args: unknown; record: Json | undefined; idless: boolean }[] = records.map((c, index) => ({
      callId: stringField(c, 'id') ?? `${base.nativeId}#${index}`, name: stringField(c, 'name') ?? 'unknown', args: c.args ?? {}, record: c, idless: !stringField(c, 'id'),
    }));
    const covered = new Set(calls.map((c) => c.callId));
    // an id-less functionCall part is the same call as the id-less toolCalls entry of its name in the same order
    const idlessEntries = calls.filter((c) => c.idless);
    content.calls.forEach((c, index) => {
      const entry = c.id ? undefined : idlessEntries.findIndex((e) => e.name === c.name);
      if (entry !== undefined && entry >= 0) {
        idlessEntries.splice(entry, 1);
        return;
      }
      const callId = c.id ?? `${base.nativeId}#part${index}`;
      if (!covered.has(callId)) calls.push({ callId, name: c.name, args: c.args, record: undefined, idless: !c.id });
    });
    for (const call of calls) {
      if (this.calls.has(call.callId) || this.closedCalls.has(call.callId)) continue;
      const identity = identifyTool(call.name);
      if (call.idless) this.calls.callWithoutId(call.name, { name: call.name, ...identity }, base.timestamp, call.callId);
      else this.calls.call(call.callId, { name: call.name, ...identity }, base.timestamp);
      const files = filesOf(identity.kind, call.args);
      const tool: Tool = { name: call.name, callId: call.callId, ...identity, input: call.args, ...(files ? { files } : {}) };
      events.push({ ...modelBase, type: 'tool_call', role: 'assistant', tool });
    }
    for (const call of calls) {
      if (call.record && this.calls.has(call.callId)) {
        const result = this.chatResult(call.record, call.callId, call.args, base);
        if (result) events.push(result);
      }
    }

    // tokens: once per message; a re-append with other counts replaces them
    const usage = usageOf(m.tokens);
    const tokens = usage ? JSON.stringify(usage) : undefined;
    const usageChanged = usage !== undefined && tokens !== summary.tokens;
    if (usageChanged) {
      this.out.usage(base.nativeId!, usage);
      summary.tokens = tokens;
      const first = events.find((e) => e.role === 'assistant');
      if (first) first.usage = usage;
    }
    for (const event of events) this.emit(event);
  }

  /** Code the model ran on Google's side, and its outcome: tool calls and results (once per message, however often it is re-appended). */
  private codeExecution(parts: readonly Json[], base: DraftEvent, summary: Emitted): DraftEvent[] {
    const done = summary.code ?? 0;
    if (parts.length <= done) return [];
    summary.code = parts.length;
    return codeExecutionEvents(this.shared.code, this.calls, parts, base, base.nativeId ?? 'message', done);
  }

  /** A `toolCalls` entry that has finished → tool_result (undefined while it is still running). */
  private chatResult(record: Json, callId: string, args: unknown, base: DraftEvent): DraftEvent | undefined {
    const status = stringField(record, 'status');
    const finished = status === 'success' || status === 'error' || status === 'cancelled' || (record.result !== undefined && record.result !== null);
    if (!finished) return undefined;
    const timestamp = stringField(record, 'timestamp') ?? base.timestamp ?? null;
    const answer = this.calls.answer(callId, timestamp);
    const call = answer.call!;
    this.closedCalls.add(callId);
    const { text, attachments } = resultOf(record);
    const exitCode = exitCodeOf(call.kind, status, text);
    const tool: Tool = {
      name: call.name, callId, kind: call.kind, ...(call.mcp ? { mcp: call.mcp } : {}),
      output: text, status: statusFromChat(status, text, exitCode),
    };
    if (answer.elapsedMs !== undefined) tool.durationMs = answer.elapsedMs;
    if (exitCode !== undefined) tool.exitCode = exitCode;
    const files = filesOf(call.kind, args, record.resultDisplay);
    if (files) tool.files = files;
    const agentId = stringField(record, 'agentId');
    if (agentId) this.agentCalls.set(agentId, callId);
    this.subagentActivity.note(agentId, callId, record.resultDisplay, timestamp);
    return {
      ...base, timestamp, type: 'tool_result', role: 'tool', tool,
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  }

  /**
   * A functionResponse part (the "user" message 0.61 writes to answer tool calls): pairs a call no
   * toolCalls entry answered. One whose call was never read is the only record of that result: it
   * is emitted (the pipeline gives it a synthetic call); one whose call was answered is a copy.
   */
  private functionResponse(response: { id?: string; name: string; response: unknown }, base: DraftEvent, index: number): void {
    const callId = response.id || this.idlessResponseId(response.name, `${base.nativeId ?? 'message'}#response${index}`);
    if (!this.calls.has(callId) && this.calls.seen(callId)) return;
    const call = this.calls.answer(callId).call ?? { name: response.name, ...identifyTool(response.name) };
    this.closedCalls.add(callId);
    const text = responseText(response.response);
    const failed = asRecord(response.response)?.error !== undefined;
    const exitCode = exitCodeOf(call.kind, failed ? 'error' : 'success', text);
    const tool: Tool = {
      name: call.name, callId, kind: call.kind, ...(call.mcp ? { mcp: call.mcp } : {}),
      output: text, status: statusFromChat(failed ? 'error' : 'success', text, exitCode),
    };
    if (exitCode !== undefined) tool.exitCode = exitCode;
    this.emit({ ...base, type: 'tool_result', role: 'tool', tool });
  }

  /** The call an id-less functionResponse answers (the oldest id-less call of its tool), the same each time its message is read. */
  private idlessResponseId(name: string, place: string): string {
    let callId = this.idlessResponses.get(place);
    if (callId === undefined) {
      callId = this.calls.idForResultWithoutId(name);
      this.idlessResponses.set(place, callId);
      if (this.idlessResponses.size > SUMMARY_WINDOW) this.idlessResponses.delete(this.idlessResponses.keys().next().value as string);
    }
    return callId;
  }

  /** true when `text` is not what was already emitted for the message */
  private changed(summary: Emitted, text: string): boolean {
    return summary.text === undefined ? true : summary.text !== fingerprint(text);
  }

  private sessionFacts(value: Native<Patch>): boolean {
    let used = false;
    // a subagent's summary is its result (already in the invoking call's tool_result), not the session's title
    const summary = this.parentId ? undefined : textField(value, 'summary');
    if (summary) {
      this.out.session({ title: summary });
      used = true;
    }
    const directories = Array.isArray(value.directories) ? value.directories.filter((d): d is string => typeof d === 'string') : [];
    if (directories.length > 0) {
      this.out.session({ environment: { cwd: directories[0]! } });
      used = true;
    }
    const sessionId = stringField(value, 'sessionId');
    if (sessionId && !this.sessionId) {
      this.sessionId = sessionId;
      this.out.session({ nativeSessionId: sessionId });
      used = true;
    }
    return used;
  }

  /** The `<session_context>` block names the workspace folders and the OS. */
  private contextFacts(text: string): void {
    const cwd = /Workspace Directories:\*\*\s*\n\s*-\s*(\S[^\n]*)/.exec(text)?.[1] ?? /working in the directory:\s*(\S[^\n]*)/.exec(text)?.[1];
    const os = /My operating system is:\s*(\S+)/.exec(text)?.[1];
    this.out.session({ environment: { ...(cwd ? { cwd: cwd.trim() } : {}), ...(os ? { os } : {}) } });
  }

  private parent(): { parentId?: string } {
    return this.parentId ? { parentId: this.parentId } : {};
  }

}

/** Which form a record is, by its shape alone. */
/** The `kind` values of a chat's metadata line that the CLI writes (chatRecordingService). */
const CHAT_KINDS = new Set(['main', 'subagent']);

function kindOf(value: GeminiLine): string | undefined {
  const type = stringField(value, 'type');
  if (typeof value.$rewindTo === 'string') return '$rewindTo';
  if (asRecord(value.$set)) return '$set';
  if (typeof value.id === 'string' && (type === undefined || !STREAM_TYPES.has(type) || 'content' in value)) return 'message';
  if (value.id === undefined && type !== undefined && MESSAGE_TYPES.has(type) && 'content' in value) return 'message (no id)';
  if (stringField(value, 'sessionId') && !type) return 'metadata';
  if (type && STREAM_TYPES.has(type)) return 'stream';
  if (!type && ('response' in value || asRecord(value.stats) || (asRecord(value.error) && 'session_id' in value))) return 'json-output';
  return undefined;
}

/** Whether a content is made only of functionResponse parts. */
function functionResponsesOnly(content: unknown): boolean {
  return Array.isArray(content) && content.length > 0 && content.every((part) => asRecord(asRecord(part)?.functionResponse) !== undefined);
}

/** A toolCalls entry's `result` (Part[] with functionResponse, or a string) as text and attachments. */
function resultOf(record: Json): { text: string; attachments: Attachment[] } {
  const result = record.result;
  if (typeof result === 'string') return { text: result, attachments: [] };
  if (Array.isArray(result) && result.length > 0) {
    const texts: string[] = [];
    const attachments: Attachment[] = [];
    for (const raw of result) {
      const part = asRecord(raw);
      if (!part) continue;
      const response = asRecord(part.functionResponse);
      if (response) {
        texts.push(responseText(response.response));
        // multimodal tool results (an image read_file) carry their data beside the response
        for (const p of Array.isArray(response.parts) ? response.parts : []) {
          const inline = asRecord(asRecord(p)?.inlineData);
          if (inline) attachments.push(inlineAttachment(inline));
        }
      } else if (typeof part.text === 'string') {
        texts.push(part.text);
      } else if (asRecord(part.inlineData)) {
        attachments.push(inlineAttachment(asRecord(part.inlineData)!));
      } else {
        const prose = blockProse(part);
        if (prose.length > 0) texts.push(...prose); // a part of a newer kind
      }
    }
    return { text: texts.join('\n'), attachments };
  }
  const display = record.resultDisplay;
  return { text: typeof display === 'string' ? display : '', attachments: [] };
}
