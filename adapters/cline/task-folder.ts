/**
 * A VS Code task folder as the reader hands it over: one `task` record (folder name, extension,
 * task_metadata.json), then each element of api_conversation_history.json (`apiMessage`: the
 * Anthropic-shaped messages the model saw, the conversation itself) and of ui_messages.json
 * (`uiMessage`: ClineMessage `{ts, type: say|ask, say|ask, text, partial}`, the chat panel's copy
 * of it, read here for times, token counts and what only the panel shows: errors and refusals).
 */
import type { Attachment, Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { base64Image, contentToText } from '../shared/content.js';
import { byType, RecordDispatch, skipped, unknown, type HandlerTable } from '../shared/dispatch.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import { identifyTool, filesFromInput, type ToolCatalog } from '../shared/tools.js';
import { withBlockProse } from '../shared/prose.js';
import { emitPanelNotice, PANEL_NOTICES, takeApiRequest } from './panel-messages.js';

/** The extension's own tool names (native tool calling) → kinds. */
const EXTENSION_TOOLS: ToolCatalog = {
  kinds: {
    execute_command: 'shell', read_file: 'read', write_to_file: 'write', replace_in_file: 'edit', apply_diff: 'edit', insert_content: 'edit',
    search_and_replace: 'edit', apply_patch: 'edit', search_files: 'search', list_files: 'search', list_code_definition_names: 'search',
    codebase_search: 'search', browser_action: 'web', web_fetch: 'web', web_search: 'web', use_mcp_tool: 'mcp', access_mcp_resource: 'mcp',
    load_mcp_documentation: 'mcp', ask_followup_question: 'question', plan_mode_respond: 'plan', update_todo_list: 'plan', focus_chain: 'plan',
    new_task: 'task', use_subagents: 'task', attempt_completion: 'other',
  },
  pathKeys: ['path', 'absolutePath'],
};

/** UI messages the API history already holds, or that are only the panel's state. */
const PANEL_COPIES = [
  'say/task', 'say/text', 'say/reasoning', 'say/user_feedback', 'say/user_feedback_diff', 'say/tool', 'say/command',
  'say/command_output', 'say/api_req_finished', 'say/browser_action_launch', 'say/browser_action', 'say/browser_action_result',
  'say/mcp_server_request_started', 'say/mcp_server_response', 'say/use_mcp_server', 'say/checkpoint_created', 'say/deleted_api_reqs',
  'say/load_mcp_documentation', 'say/generate_explanation', 'say/task_progress', 'say/hook_status', 'say/hook_output_stream', 'say/subagent',
  'say/use_subagents', 'say/subagent_usage', 'say/conditional_rules_applied', 'say/info', 'say/shell_integration_warning',
  'say/shell_integration_warning_with_suggestion', 'ask/followup', 'ask/plan_mode_respond', 'ask/act_mode_respond', 'ask/command',
  'ask/command_output', 'ask/completion_result', 'ask/tool', 'ask/use_mcp_server', 'ask/browser_action_launch', 'ask/new_task', 'ask/condense',
  'ask/summarize_task', 'ask/report_bug', 'ask/use_subagents', 'ask/resume_task', 'ask/resume_completed_task',
];


/** Wrappers the extension puts around what the user typed. */
/** (on resuming a task the user's words come after a line of the extension's: "New instructions for task continuation:") */
const USER_WRAPPER = /^\s*(?:[^\n]*:\n)?<(task|feedback|answer|user_message)>\n?([\s\S]*?)\n?<\/\1>\s*$/;
/**
 * What the extension tells the model on its own (its formatResponse texts): a resumed task, no new
 * message, feedback on a completion, an `[ERROR]` such as "You did not use a tool": not the user's words.
 */
const EXTENSION_NOTICE = /^\s*(\[TASK RESUMPTION\]|\(The user did not provide a new message|\[ERROR\] |The user has provided feedback on the results\.)/;
const ENVIRONMENT = /^\s*<environment_details>/;
const REFUSED = /\bdenied\b|\brejected\b|declined/i;
/** how the extension reports a command that exited non-zero */
const COMMAND_FAILED = /^Command failed with exit code (-?\d+)/;

/**
 * The extension's older protocol (Cline CLI 2.x with a model offered no native tools): one tool use
 * per assistant message, written as XML in its text (`<read_file>\n<path>…</path>\n</read_file>`),
 * its result the next user message's first text block, `[read_file for '…'] Result:\n…`. The
 * answer is attempt_completion's `result`; `<thinking>` holds the model's reasoning.
 */
const XML_TOOL = new RegExp(`<(${[...Object.keys(EXTENSION_TOOLS.kinds), 'thinking'].join('|')})>([\\s\\S]*?)</\\1>`, 'g');
const XML_PARAM = /<([a-z_]+)>\n?([\s\S]*?)\n?<\/\1>/g;
const XML_RESULT = /^\[([a-z_]+)(?: for '[\s\S]*?')?\] Result:[ \t]*\n?([\s\S]*)$/;
/** result headers that name their tool otherwise than its call (`[subagents] Result:` answers use_subagents) */
const RESULT_NAMES: Readonly<Record<string, string>> = { subagents: 'use_subagents' };
const resultTool = (name: string): string => RESULT_NAMES[name] ?? name;
/** the extension's answer to a call it did not run (one tool per message: the others are refused so) */
const NOT_EXECUTED = /^Tool \[([a-z_]+)\] was not executed because/;
/** a reminder the CLI appends to each user message, not something the user typed */
const PROGRESS_REMINDER = /^\s*# (task_progress\b|TODO LIST UPDATE REQUIRED)/;

interface Origin {
  record: NativeRecord;
}

interface OpenCall {
  name: string;
  kind: ToolKind;
}

export class TaskFolderConverter {
  private readonly calls = new CallTracker<OpenCall>();
  /**
   * Calls a text block `[<tool> for '…'] Result:` may answer, oldest first: XML tool uses (they carry
   * no id: ids are made from the message time), and native tool_use calls, which the extension
   * (3.x with native tool calling) also answers that way, with no tool_result block
   */
  private readonly textAnswerable: { callId: string; name: string }[] = [];
  /** whether the API history held an attempt_completion (else the panel's completion_result is the only copy of the answer) */
  private completionSeen = false;
  private readonly panelCompletions: Json[] = [];
  private readonly roles: RecordDispatch<Json>;
  private readonly panel: RecordDispatch<Json>;
  private cost = 0;

  constructor(private readonly out: ConverterOutput) {
    this.roles = new RecordDispatch<Json>({
      user: (message) => this.userMessage(message),
      assistant: (message) => this.assistantMessage(message),
    }, { unknownReason: (role) => `task message with role "${role}"` });
    const panel: HandlerTable<Json> = {
      ...byType(PANEL_COPIES, () => () => skipped()),
      ...byType(PANEL_NOTICES, (type) => (message) => this.notice(message, type)),
      'say/api_req_started': (message) => this.apiRequest(message),
      'say/completion_result': (message) => this.completion(message),
      'say/api_req_retried': (message) => this.apiRequest(message),
    };
    this.panel = new RecordDispatch(panel, { unknownReason: (type) => `unknown ui_messages.json entry "${type}"` });
  }

  push(record: NativeRecord): void {
    const value = record.value;
    if ('clineTask' in value) this.task(value, record);
    else if ('apiMessage' in value) this.apiMessage(value.apiMessage, { record });
    else if ('uiMessage' in value) this.uiMessage(value.uiMessage, { record });
    else this.out.unknown(record, `task-file/${String(value.unreadableTaskFile)}`, `${String(value.unreadableTaskFile)} is ${String(value.problem)}`);
  }

  flush(): void {
    for (const message of this.completionSeen ? [] : this.panelCompletions) {
      this.out.emit({ timestamp: isoTime(message.ts) ?? null, type: 'assistant_message', role: 'assistant', text: String(message.text ?? ''), meta: { kind: 'completion', source: 'ui_messages.json' } });
    }
    if (this.cost > 0) this.out.session({ costUsd: Math.round(this.cost * 1e6) / 1e6 });
    closeUnanswered(this.out, this.calls, 'the task ended before this call was answered', { failed: false });
  }

  private task(value: Json, record: NativeRecord): void {
    const metadata = asRecord(value.metadata);
    const models = Array.isArray(metadata?.model_usage) ? (metadata.model_usage as unknown[]).map((entry) => stringField(asRecord(entry), 'model_id')) : [];
    const model = models.find((id) => id !== undefined);
    this.out.session({
      format: 'cline/task-folder',
      nativeSessionId: stringField(value, 'clineTask'),
      ...(typeof value.agent === 'string' ? { agent: value.agent } : {}),
      ...(model ? { model } : {}),
    });
    this.out.count(record.value.metadata === undefined ? 'task' : 'task+metadata', 'mapped');
  }

  private apiMessage(item: unknown, origin: Origin): void {
    const message = asRecord(item) ?? {};
    const role = stringField(message, 'role') ?? '(no role)';
    this.roles.dispatch(this.out, origin.record, role, message, `api/${role}`);
  }

  private uiMessage(item: unknown, origin: Origin): void {
    const message = asRecord(item) ?? {};
    const kind = stringField(message, 'type') ?? '(no type)';
    const type = `${kind}/${stringField(message, kind === 'ask' ? 'ask' : 'say') ?? '(none)'}`;
    if (message.partial === true) {
      this.out.count(`ui/${type}/partial`, 'skipped'); // a message still streaming when the panel saved: its whole copy follows
      return;
    }
    if (type === 'say/task') {
      const started = isoTime(message.ts);
      if (started) this.out.session({ startedAt: started });
    }
    this.panel.dispatch(this.out, origin.record, type, message, `ui/${type}`);
  }

  private userMessage(message: Json) {
    const timestamp = isoTime(message.ts) ?? null;
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return unknown('user message without content');
    const records = blocks.map((b) => asRecord(b) ?? {});
    for (let index = 0; index < records.length; index++) {
      const block = records[index]!;
      const xmlResult = block.type === 'text' ? XML_RESULT.exec(String(block.text)) : null;
      const notRun = block.type === 'text' ? NOT_EXECUTED.exec(String(block.text)) : null;
      if (block.type === 'tool_result') this.result(block, timestamp);
      else if (xmlResult && this.textAnswerable.some((call) => call.name === resultTool(xmlResult[1]!))) {
        const more = this.resultContinuation(records, index + 1);
        index += more.blocks;
        this.xmlResult(resultTool(xmlResult[1]!), [xmlResult[2] ?? '', ...more.texts].filter((part) => part !== '').join('\n\n'), timestamp, false, more.images);
      } else if (notRun && this.textAnswerable.some((call) => call.name === notRun[1])) this.xmlResult(notRun[1]!, String(block.text), timestamp, true);
      else if (block.type === 'text' && ENVIRONMENT.test(String(block.text))) {
        this.out.emit({ timestamp, type: 'system', role: 'system', text: String(block.text), meta: { kind: 'environment-details' } });
      } else if (block.type === 'text' && PROGRESS_REMINDER.test(String(block.text))) {
        this.out.emit({ timestamp, type: 'system', role: 'system', text: String(block.text), meta: { kind: 'task-progress-reminder' } });
      } else if (block.type === 'text' && EXTENSION_NOTICE.test(String(block.text))) {
        this.out.emit({ timestamp, type: 'system', role: 'system', text: String(block.text), meta: { kind: 'extension-notice' } });
      } else this.userBlock(block, timestamp);
    }
    return undefined;
  }

  /**
   * The text blocks after a `[tool] Result:` header that are more of that result: the extension
   * sends a result given as several blocks as the header and then the blocks (attempt_completion's
   * demo command output before the user's feedback, a browser action's screenshot). The user's own
   * words always come wrapped (<feedback>, <answer>, <user_message>), so a bare text block there is
   * the tool's; so is an image right after the header or the tool's text.
   */
  private resultContinuation(blocks: readonly Json[], from: number): { texts: string[]; images: Attachment[]; blocks: number } {
    const texts: string[] = [];
    const images: Attachment[] = [];
    let taken = 0;
    for (const block of blocks.slice(from)) {
      if (block.type === 'image') {
        const source = asRecord(block.source);
        images.push(base64Image(stringField(source, 'media_type'), source?.data));
      } else {
        const text = block.type === 'text' ? String(block.text ?? '') : undefined;
        if (text === undefined || XML_RESULT.test(text) || NOT_EXECUTED.test(text) || USER_WRAPPER.test(text) || ENVIRONMENT.test(text)
          || PROGRESS_REMINDER.test(text) || EXTENSION_NOTICE.test(text)) break;
        texts.push(text);
      }
      taken++;
    }
    return { texts, images, blocks: taken };
  }

  private userBlock(block: Json, timestamp: string | null): void {
    if (block.type === 'image') {
      const source = asRecord(block.source);
      this.out.emit({ timestamp, type: 'user_message', role: 'user', text: '', attachments: [base64Image(stringField(source, 'media_type'), source?.data)] });
      return;
    }
    const raw = block.type === 'text' ? String(block.text ?? '') : withBlockProse(`[${String(block.type)} block]`, block);
    const wrapped = USER_WRAPPER.exec(raw);
    this.out.emit({ timestamp, type: 'user_message', role: 'user', text: wrapped ? (wrapped[2] ?? '') : raw, ...(wrapped ? { meta: { kind: 'prompt', wrapper: wrapped[1] } } : {}) });
  }

  private result(block: Json, timestamp: string | null, attachments: Attachment[] = []): void {
    const callId = this.calls.resultId(stringField(block, 'tool_use_id'));
    const { call, elapsedMs } = this.calls.answer(callId, timestamp);
    const waiting = this.textAnswerable.findIndex((open) => open.callId === callId);
    if (waiting !== -1) this.textAnswerable.splice(waiting, 1);
    const { text } = contentToText(block.content);
    const failed = block.is_error === true || REFUSED.test(text.slice(0, 200));
    const exit = COMMAND_FAILED.exec(text);
    const tool: Tool = {
      name: call?.name ?? 'unknown', callId, kind: call?.kind ?? 'other', output: text,
      status: failed ? (REFUSED.test(text) ? 'denied' : 'error') : exit ? 'error' : 'ok',
      ...(exit ? { exitCode: Number(exit[1]) } : {}),
      ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}),
    };
    this.out.emit({ timestamp, type: 'tool_result', role: 'tool', tool, ...(attachments.length > 0 ? { attachments } : {}) });
  }

  private assistantMessage(message: Json) {
    const timestamp = isoTime(message.ts) ?? null;
    const model = stringField(asRecord(message.modelInfo), 'modelId');
    if (model) this.out.session({ model });
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (!Array.isArray(blocks)) return unknown('assistant message without content');
    for (const [index, block] of blocks.map((b) => asRecord(b) ?? {}).entries()) {
      const event: DraftEvent = { timestamp, role: 'assistant', type: 'assistant_message', ...(model ? { model } : {}) };
      // search, not test: a global regex's test moves lastIndex, which matchAll then starts from
      if (block.type === 'text' && String(block.text).search(XML_TOOL) !== -1) {
        this.xmlText(String(block.text), event, `xml-${String(message.ts ?? 'message')}-${index}`);
        continue;
      }
      if (block.type === 'text') event.text = String(block.text ?? '');
      else if (block.type === 'thinking') Object.assign(event, { type: 'reasoning', text: String(block.thinking ?? '') });
      else if (block.type === 'redacted_thinking') Object.assign(event, { type: 'reasoning', text: '[redacted reasoning]', meta: { kind: 'redacted-reasoning' } });
      else if (block.type === 'tool_use') Object.assign(event, { type: 'tool_call', tool: this.call(block, timestamp) });
      else Object.assign(event, { type: 'meta', text: withBlockProse(`[${String(block.type)} block]`, block), meta: { kind: 'assistant-media', recordType: String(block.type) } });
      this.out.emit(event);
    }
    return undefined;
  }

  private call(block: Json, timestamp: string | null): Tool {
    const name = stringField(block, 'name') ?? 'unknown';
    if (name === 'attempt_completion') this.completionSeen = true;
    const { kind, mcp } = identifyTool(EXTENSION_TOOLS, name);
    const files = filesFromInput(kind, block.input, EXTENSION_TOOLS.pathKeys ?? []);
    const callId = this.calls.openCall(stringField(block, 'id'), name, { name, kind }, timestamp);
    this.textAnswerable.push({ callId, name });
    return { name, callId, kind, input: block.input ?? {}, ...(mcp ? { mcp } : {}), ...(files ? { files } : {}) };
  }

  /** Assistant text holding XML tool uses: its prose, reasoning, calls (and the completion's answer) in order. */
  private xmlText(text: string, base: DraftEvent, idPrefix: string): void {
    let at = 0;
    let n = 0;
    const prose = (part: string) => {
      if (part.trim()) this.out.emit({ ...base, text: part.trim() });
    };
    for (const match of text.matchAll(XML_TOOL)) {
      prose(text.slice(at, match.index));
      at = match.index + match[0].length;
      const name = match[1]!;
      const params = Object.fromEntries([...match[2]!.matchAll(XML_PARAM)].map((param) => [param[1]!, param[2]!]));
      if (name === 'thinking') this.out.emit({ ...base, type: 'reasoning', text: match[2]!.trim() });
      else if (name === 'attempt_completion') {
        this.completionSeen = true;
        this.out.emit({ ...base, text: params.result ?? '', meta: { kind: 'completion', tool: name } });
      }
      else {
        const callId = `${idPrefix}-${n++}`;
        const { kind } = identifyTool(EXTENSION_TOOLS, name);
        const files = filesFromInput(kind, params, EXTENSION_TOOLS.pathKeys ?? []);
        this.calls.call(callId, { name, kind }, base.timestamp ?? undefined);
        this.textAnswerable.push({ callId, name });
        this.out.emit({ ...base, type: 'tool_call', tool: { name, callId, kind, input: params, ...(files ? { files } : {}) } });
      }
    }
    prose(text.slice(at));
  }

  /** The answer to the oldest open XML tool use of that name. */
  private xmlResult(name: string, output: string, timestamp: string | null, isError = false, attachments: Attachment[] = []): void {
    const open = this.textAnswerable.findIndex((call) => call.name === name);
    const [{ callId }] = this.textAnswerable.splice(open, 1) as [{ callId: string; name: string }];
    this.result({ tool_use_id: callId, content: output, ...(isError ? { is_error: true } : {}) }, timestamp, attachments);
  }

  /**
   * The panel's copy of the final answer. Cline CLI 2.x ends an XML task at attempt_completion
   * without writing that message to the API history: then this is the answer's only copy
   * (emitted at the end of the task when the history held no attempt_completion).
   */
  private completion(message: Json) {
    // the panel may write it before the API history's copy: decided at the end of the task
    this.panelCompletions.push(message);
    return undefined;
  }

  /** An API request's line in the panel: its text is JSON with the request's tokens and cost. */
  private apiRequest(message: Json) {
    const cost = takeApiRequest(this.out, message, (line, kind) => this.notice(line, kind));
    if (cost === undefined) return unknown('api_req_started whose text is not JSON');
    this.cost += cost;
    return undefined;
  }

  private notice(message: Json, kind: string) {
    return emitPanelNotice(this.out, message, kind);
  }
}
