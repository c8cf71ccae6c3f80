import { CallTracker } from '../shared/calls.js';
import { mapped, RecordDispatch, skipped, unknown } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField } from '../shared/json.js';
import { exitCodeOf, filesOf, fingerprint, identifyTool, inlineAttachment, responseText, splitContent, statusFromChat, usageOf, } from './tools.js';
import { readJsonOutput } from './json-output.js';
import { GeminiStream } from './stream-json.js';
import { SubagentActivity } from './subagent-activity.js';
/** How many emitted messages keep a summary, so that a late re-append emits only what is new. */
const SUMMARY_WINDOW = 256;
/** Removed message ids named on a rollback/rewind marker (the count is always complete). */
const MAX_NAMED_IDS = 20;
const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);
const STREAM_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result', 'error', 'result']);
/** user content the CLI injects itself (it also skips these when resuming) */
const INJECTED = /^\s*<(session_context|hook_context|state_snapshot)>/;
/** a checkpoint holding a compression summary replaces the history it summarizes */
const SNAPSHOT = /^\s*<state_snapshot>/;
export class GeminiCliConverter {
    out;
    // ---- chat files ----
    /** the latest gemini message, which the CLI may still re-append */
    held;
    /** ids of every message emitted, and a summary for the most recent ones */
    emitted = new Set();
    summaries = new Map();
    /** messages that had no id of their own (see keyed) */
    idless = new WeakSet();
    /** the conversation as the CLI sees it: message ids in order of first appearance */
    current = new Set();
    /** ids a `$set` checkpoint dropped; reported once the next record shows the drop was not undone */
    pendingRemoved = new Set();
    /** the checkpoint that dropped them carried a compression summary (`<state_snapshot>`) */
    pendingCompaction = false;
    sessionId;
    /** events of a subagent chat read after its parent carry the call that started it */
    parentId;
    agentCalls = new Map();
    /** what the parent chat shows of each subagent: its events when the subagent's own chat is not read */
    subagentActivity = new SubagentActivity();
    // ---- tool calls of every form ----
    calls = new CallTracker();
    closedCalls = new Set();
    /** the same calls, as the stream-json reader sees them */
    shared = { calls: this.calls, closed: this.closedCalls };
    // ---- the stdout forms (stream-json.ts, json-output.ts) ----
    streamJson;
    /** events emitted so far (tells whether a record added anything) */
    eventsOut = 0;
    constructor(out) {
        this.out = out;
        this.streamJson = new GeminiStream(out, (event) => this.emit(event), this.shared);
    }
    emit(event) {
        this.eventsOut += 1;
        this.out.emit(event);
    }
    /** Records by what their shape says they are (see `kindOf`); each handler names the type it counts. */
    records = new RecordDispatch({
        $rewindTo: (value) => this.rewind(value.$rewindTo),
        $set: (value) => this.set(nativeOf(value.$set)),
        message: (value) => {
            const type = stringField(value, 'type');
            if (!type || !MESSAGE_TYPES.has(type))
                return unknown(`chat message of unknown type "${type ?? ''}"`, `message/${type ?? '(no type)'}`);
            this.beforeRecord();
            return this.message(value);
        },
        // a message with no id (hand-edited, or written by another tool): kept, keyed by its line
        'message (no id)': (value, { record }) => {
            this.beforeRecord();
            return this.message(this.keyed(value, `line ${record.line}`));
        },
        metadata: (value) => this.metadata(value),
        stream: (value) => this.streamJson.read(stringField(value, 'type'), value),
        'json-output': (value) => readJsonOutput(this.out, (event) => this.emit(event), value),
    }, {
        unknownReason: () => 'not a Gemini CLI chat, stream-json or json record',
        fallback: (value) => {
            const type = stringField(value, 'type');
            return unknown(type ? `unknown Gemini CLI record type "${type}"` : 'not a Gemini CLI chat, stream-json or json record', type ?? '(no type)');
        },
    });
    push(record) {
        this.records.dispatch(this.out, record, kindOf(record.value) ?? '(other)', record.value);
    }
    flush() {
        this.streamJson.flushText();
        this.beforeRecord();
        this.releaseHeld();
        for (const event of this.subagentActivity.drain())
            this.emit(event);
        // calls the log never answers are closed as unfinished
        for (const { callId, call } of this.calls.drain().unanswered) {
            this.emit({
                timestamp: null, type: 'tool_result', role: 'tool', synthetic: true,
                tool: { name: call.name, callId, kind: call.kind, ...(call.mcp ? { mcp: call.mcp } : {}), output: null, status: 'error' },
                meta: { kind: 'incomplete', reason: 'the log ends before this call\'s result was recorded' },
                ...this.parent(),
            });
        }
    }
    // ---- chat files: records ---------------------------------------------------------------
    /** The first line of a JSONL chat (written again on every resume), or the legacy whole-session document. */
    metadata(value) {
        this.beforeRecord();
        this.releaseHeld();
        const sessionId = stringField(value, 'sessionId');
        const document = Array.isArray(value.messages);
        if (this.sessionId && sessionId !== this.sessionId && value.kind === 'subagent') {
            // a subagent's chat, read after its parent's: its own conversation, grouped under the call
            this.parentId = this.agentCalls.get(sessionId) ?? `agent-${sessionId}`;
            this.subagentActivity.ownChatRead(sessionId);
            this.current = new Set();
        }
        else if (!this.sessionId) {
            this.sessionId = sessionId;
            this.out.session({ nativeSessionId: sessionId });
        }
        this.sessionFacts(value);
        const before = this.eventsOut;
        if (document) {
            // A document lists the conversation as it is: its messages add to what is known, like the
            // CLI's own loader; nothing is dropped (a .json read after its converted .jsonl adds nothing).
            for (const [index, message] of value.messages.entries()) {
                const m = asRecord(message);
                if (m)
                    this.message(this.keyed(m, `document #${index}`));
            }
            this.releaseHeld();
        }
        // a legacy twin read after its converted .jsonl adds nothing: counted as skipped
        return { outcome: document && this.eventsOut === before ? 'skipped' : 'mapped', type: document ? 'chat-document' : 'metadata' };
    }
    set(patch) {
        let used = this.sessionFacts(patch);
        if (Array.isArray(patch.messages)) {
            this.checkpoint(patch.messages.map(asRecord).flatMap((m, index) => (m ? [this.keyed(m, `checkpoint #${index}`)] : [])));
            used = true;
        }
        return used ? mapped('$set') : skipped('$set');
    }
    /** `$set.messages`: the whole conversation from now on (written at start, after a failed request, on resume, after compression). */
    checkpoint(messages) {
        const keep = new Set(messages.map((m) => m.id));
        if (this.held && !keep.has(this.held.id))
            this.releaseHeld();
        for (const id of this.current)
            if (!keep.has(id))
                this.pendingRemoved.add(id);
        for (const id of keep)
            this.pendingRemoved.delete(id);
        if (messages.some((m) => m.type === 'user' && SNAPSHOT.test(splitContent(m.content).text)))
            this.pendingCompaction = true;
        this.current = new Set();
        for (const m of messages)
            this.message(m);
    }
    rewind(target) {
        this.beforeRecord();
        this.releaseHeld();
        const removed = [];
        let found = false;
        for (const id of this.current) {
            if (id === target)
                found = true;
            if (found)
                removed.push(id);
        }
        // The CLI's loader clears the whole conversation when the target is unknown.
        if (!found)
            removed.push(...this.current);
        for (const id of removed)
            this.current.delete(id);
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
    beforeRecord() {
        if (this.pendingRemoved.size === 0)
            return;
        const removed = [...this.pendingRemoved].filter((id) => this.emitted.has(id) || this.held?.id === id);
        const compaction = this.pendingCompaction;
        this.pendingRemoved.clear();
        this.pendingCompaction = false;
        if (removed.length === 0)
            return;
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
    keyed(m, where) {
        if (typeof m.id === 'string')
            return m;
        const keyed = { ...m, id: `(no id: ${where})` };
        this.idless.add(keyed);
        return keyed;
    }
    /** One message, appended or listed in a checkpoint or document; the verdict counts an appended one, a record of its own. */
    message(m) {
        const id = m.id;
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
        const responses = type === 'user' ? functionResponsesOnly(m.content) : undefined;
        const pairs = responses?.some((callId) => this.calls.has(callId)) ?? false;
        if (type === 'gemini')
            this.held = m;
        else
            this.emitMessage(m);
        if (responses)
            return { outcome: pairs ? 'mapped' : 'skipped', type: 'user (function responses)' };
        return { outcome: MESSAGE_TYPES.has(type) ? 'mapped' : 'skipped', type: isNew ? type : `${type} (re-appended)` };
    }
    releaseHeld() {
        const held = this.held;
        this.held = undefined;
        if (held)
            this.emitMessage(held);
    }
    // ---- chat files: one message → events ---------------------------------------------------
    /** Emits what of a message is not yet in the transcript (all of it, for a message seen the first time). */
    emitMessage(m) {
        const id = m.id;
        let summary = this.summaries.get(id);
        if (!summary) {
            // Seen long ago (its summary is gone): assume a checkpoint only re-lists it unchanged.
            if (this.emitted.has(id))
                return;
            summary = { reasoning: 0 };
            this.emitted.add(id);
            this.summaries.set(id, summary);
            if (this.summaries.size > SUMMARY_WINDOW)
                this.summaries.delete(this.summaries.keys().next().value);
        }
        const type = stringField(m, 'type');
        const timestamp = stringField(m, 'timestamp') ?? null;
        const base = { timestamp, ...(this.idless.has(m) ? {} : { nativeId: id }), ...this.parent() };
        if (type === 'gemini')
            this.geminiMessage(m, base, summary);
        else if (type === 'user')
            this.userMessage(m, base, summary);
        else
            this.noticeMessage(m, base, summary, type ?? 'info');
    }
    userMessage(m, base, summary) {
        const content = splitContent(m.content);
        for (const response of content.responses)
            this.functionResponse(response, base);
        const shown = m.displayContent !== undefined ? splitContent(m.displayContent) : undefined;
        const text = shown?.text ?? content.text;
        const attachments = [...content.attachments];
        if (!this.changed(summary, text) || (text.length === 0 && attachments.length === 0))
            return;
        const revised = summary.text !== undefined ? { meta: { kind: 'revised', reason: 'the CLI re-wrote this message' } } : {};
        summary.text = fingerprint(text);
        const extra = attachments.length > 0 ? { attachments } : {};
        if (INJECTED.test(text)) {
            const kind = /<(\w+)>/.exec(text)[1].replace('_', '-');
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
    noticeMessage(m, base, summary, type) {
        const content = splitContent(m.content);
        if (!this.changed(summary, content.text) || (content.text.length === 0 && content.attachments.length === 0))
            return;
        summary.text = fingerprint(content.text);
        this.emit({
            ...base, type: 'system', role: 'system', text: content.text, meta: { kind: type },
            ...(content.attachments.length > 0 ? { attachments: content.attachments } : {}),
        });
    }
    geminiMessage(m, base, summary) {
        const model = stringField(m, 'model');
        const modelBase = { ...base, ...(model ? { model } : {}) };
        const content = splitContent(m.content);
        const events = [];
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
            events.push({ ...modelBase, type: 'assistant_message', role: 'assistant', text: content.text, ...revised });
            summary.text = fingerprint(content.text);
        }
        if (content.attachments.length > 0) {
            events.push({ ...modelBase, type: 'assistant_message', role: 'assistant', text: '', attachments: content.attachments });
        }
        // tool calls: the `toolCalls` records (with results), then functionCall parts they do not cover
        const records = Array.isArray(m.toolCalls) ? m.toolCalls.map(asRecord).filter((c) => c !== undefined) : [];
        const calls = records.map((c, index) => ({
            callId: stringField(c, 'id') ?? `${base.nativeId}#${index}`, name: stringField(c, 'name') ?? 'unknown', args: c.args ?? {}, record: c,
        }));
        const covered = new Set(calls.map((c) => c.callId));
        content.calls.forEach((c, index) => {
            const callId = c.id ?? `${base.nativeId}#part${index}`;
            if (!covered.has(callId))
                calls.push({ callId, name: c.name, args: c.args, record: undefined });
        });
        for (const call of calls) {
            if (this.calls.has(call.callId) || this.closedCalls.has(call.callId))
                continue;
            const identity = identifyTool(call.name);
            this.calls.call(call.callId, { name: call.name, ...identity }, base.timestamp);
            const files = filesOf(identity.kind, call.args);
            const tool = { name: call.name, callId: call.callId, ...identity, input: call.args, ...(files ? { files } : {}) };
            events.push({ ...modelBase, type: 'tool_call', role: 'assistant', tool });
        }
        for (const call of calls) {
            if (call.record && this.calls.has(call.callId)) {
                const result = this.chatResult(call.record, call.callId, call.args, base);
                if (result)
                    events.push(result);
            }
        }
        // tokens: once per message; a re-append with other counts replaces them
        const usage = usageOf(m.tokens);
        const tokens = usage ? JSON.stringify(usage) : undefined;
        const usageChanged = usage !== undefined && tokens !== summary.tokens;
        if (usageChanged) {
            this.out.usage(base.nativeId, usage);
            summary.tokens = tokens;
            const first = events.find((e) => e.role === 'assistant');
            if (first)
                first.usage = usage;
        }
        for (const event of events)
            this.emit(event);
    }
    /** A `toolCalls` entry that has finished → tool_result (undefined while it is still running). */
    chatResult(record, callId, args, base) {
        const status = stringField(record, 'status');
        const finished = status === 'success' || status === 'error' || status === 'cancelled' || (record.result !== undefined && record.result !== null);
        if (!finished)
            return undefined;
        const timestamp = stringField(record, 'timestamp') ?? base.timestamp ?? null;
        const answer = this.calls.answer(callId, timestamp);
        const call = answer.call;
        this.closedCalls.add(callId);
        const { text, attachments } = resultOf(record);
        const exitCode = exitCodeOf(call.kind, status, text);
        const tool = {
            name: call.name, callId, kind: call.kind, ...(call.mcp ? { mcp: call.mcp } : {}),
            output: text, status: statusFromChat(status, text, exitCode),
        };
        if (answer.elapsedMs !== undefined)
            tool.durationMs = answer.elapsedMs;
        if (exitCode !== undefined)
            tool.exitCode = exitCode;
        const files = filesOf(call.kind, args, record.resultDisplay);
        if (files)
            tool.files = files;
        const agentId = stringField(record, 'agentId');
        if (agentId)
            this.agentCalls.set(agentId, callId);
        this.subagentActivity.note(agentId, callId, record.resultDisplay, timestamp);
        return {
            ...base, timestamp, type: 'tool_result', role: 'tool', tool,
            ...(attachments.length > 0 ? { attachments } : {}),
        };
    }
    /** A functionResponse part (the "user" message 0.61 writes to answer tool calls): pairs a call no toolCalls entry answered. */
    functionResponse(response, base) {
        const callId = response.id;
        if (!callId || !this.calls.has(callId))
            return;
        const call = this.calls.answer(callId).call;
        this.closedCalls.add(callId);
        const text = responseText(response.response);
        const failed = asRecord(response.response)?.error !== undefined;
        const exitCode = exitCodeOf(call.kind, failed ? 'error' : 'success', text);
        const tool = {
            name: call.name, callId, kind: call.kind, ...(call.mcp ? { mcp: call.mcp } : {}),
            output: text, status: statusFromChat(failed ? 'error' : 'success', text, exitCode),
        };
        if (exitCode !== undefined)
            tool.exitCode = exitCode;
        this.emit({ ...base, type: 'tool_result', role: 'tool', tool });
    }
    /** true when `text` is not what was already emitted for the message */
    changed(summary, text) {
        return summary.text === undefined ? true : summary.text !== fingerprint(text);
    }
    sessionFacts(value) {
        let used = false;
        // a subagent's summary is its result (already in the invoking call's tool_result), not the session's title
        const summary = this.parentId ? undefined : stringField(value, 'summary');
        if (summary) {
            this.out.session({ title: summary });
            used = true;
        }
        const directories = Array.isArray(value.directories) ? value.directories.filter((d) => typeof d === 'string') : [];
        if (directories.length > 0) {
            this.out.session({ environment: { cwd: directories[0] } });
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
    contextFacts(text) {
        const cwd = /Workspace Directories:\*\*\s*\n\s*-\s*(\S[^\n]*)/.exec(text)?.[1] ?? /working in the directory:\s*(\S[^\n]*)/.exec(text)?.[1];
        const os = /My operating system is:\s*(\S+)/.exec(text)?.[1];
        this.out.session({ environment: { ...(cwd ? { cwd: cwd.trim() } : {}), ...(os ? { os } : {}) } });
    }
    parent() {
        return this.parentId ? { parentId: this.parentId } : {};
    }
}
/** Which form a record is, by its shape alone. */
function kindOf(value) {
    const type = stringField(value, 'type');
    if (typeof value.$rewindTo === 'string')
        return '$rewindTo';
    if (asRecord(value.$set))
        return '$set';
    if (typeof value.id === 'string' && (type === undefined || !STREAM_TYPES.has(type) || 'content' in value))
        return 'message';
    if (value.id === undefined && type !== undefined && MESSAGE_TYPES.has(type) && 'content' in value)
        return 'message (no id)';
    if (stringField(value, 'sessionId') && !type)
        return 'metadata';
    if (type && STREAM_TYPES.has(type))
        return 'stream';
    if (!type && ('response' in value || asRecord(value.stats) || (asRecord(value.error) && 'session_id' in value)))
        return 'json-output';
    return undefined;
}
/** The call ids of a content made only of functionResponse parts, else undefined. */
function functionResponsesOnly(content) {
    if (!Array.isArray(content) || content.length === 0)
        return undefined;
    const ids = [];
    for (const part of content) {
        const response = asRecord(asRecord(part)?.functionResponse);
        if (!response)
            return undefined;
        ids.push(stringField(response, 'id') ?? '');
    }
    return ids;
}
/** A toolCalls entry's `result` (Part[] with functionResponse, or a string) as text and attachments. */
function resultOf(record) {
    const result = record.result;
    if (typeof result === 'string')
        return { text: result, attachments: [] };
    if (Array.isArray(result) && result.length > 0) {
        const texts = [];
        const attachments = [];
        for (const raw of result) {
            const part = asRecord(raw);
            if (!part)
                continue;
            const response = asRecord(part.functionResponse);
            if (response) {
                texts.push(responseText(response.response));
                // multimodal tool results (an image read_file) carry their data beside the response
                for (const p of Array.isArray(response.parts) ? response.parts : []) {
                    const inline = asRecord(asRecord(p)?.inlineData);
                    if (inline)
                        attachments.push(inlineAttachment(inline));
                }
            }
            else if (typeof part.text === 'string') {
                texts.push(part.text);
            }
            else if (asRecord(part.inlineData)) {
                attachments.push(inlineAttachment(asRecord(part.inlineData)));
            }
        }
        return { text: texts.join('\n'), attachments };
    }
    const display = record.resultDisplay;
    return { text: typeof display === 'string' ? display : '', attachments: [] };
}
//# sourceMappingURL=converter.js.map