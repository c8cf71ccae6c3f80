/**
 * Format `cline/panel-json`: `cline --json` of Cline CLI 2.x (the VS Code extension's core in a
 * terminal) prints `{type: "task_started", taskId}`, then the chat panel's messages one per line:
 * ClineMessage `{ts, type: say|ask, say|ask, text, partial, modelInfo}`, the same entries the
 * extension keeps in ui_messages.json. Without the API history beside them they are the whole
 * conversation: the prompt (`say/task`), answers, commands and their output, the file tools the
 * panel showed, and each API request's tokens.
 *
 * The panel shows a file tool's request, never its result: such calls end with a synthetic
 * `missing-tool-result` result that says so. A command's output follows it (`command_output`,
 * possibly in several pieces) and answers it.
 */
import type { Tool, ToolKind } from '../../src/transcript/index.js';
import type { ConverterOutput, NativeRecord } from '../types.js';
import { CallTracker } from '../shared/calls.js';
import { closeUnanswered } from '../shared/unanswered.js';
import { byType, RecordDispatch, skipped, unknown, type HandlerTable } from '../shared/dispatch.js';
import { asRecord, stringField, type Json } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
import { textField } from '../shared/content.js';
import { emitPanelNotice, PANEL_NOTICES, takeApiRequest } from './panel-messages.js';

/** The panel's names of the file tools (ClineSayTool.tool) and their kinds. */
const PANEL_TOOL_KINDS: Record<string, ToolKind> = {
  readFile: 'read', listFilesTopLevel: 'search', listFilesRecursive: 'search', listCodeDefinitionNames: 'search', searchFiles: 'search',
  editedExistingFile: 'edit', newFileCreated: 'write', fileDeleted: 'edit', webFetch: 'web', webSearch: 'web', summarizeTask: 'other',
};

/** Panel entries that repeat what another entry holds, or are only the panel's state. */
const PANEL_STATE = [
  'say/checkpoint_created', 'say/task_progress', 'say/api_req_finished', 'say/deleted_api_reqs', 'say/shell_integration_warning',
  'say/shell_integration_warning_with_suggestion', 'say/hook_status', 'say/hook_output_stream', 'say/info', 'say/conditional_rules_applied',
  'ask/completion_result', 'ask/resume_task', 'ask/resume_completed_task', 'say/mcp_server_request_started', 'say/load_mcp_documentation',
];
/** Panel asks whose text is the model's own words (a new task's context, a condensed history, a bug report), with their meta.kind. */
const ASSISTANT_ASKS: Record<string, string> = { 'ask/new_task': 'new-task', 'ask/condense': 'condense', 'ask/summarize_task': 'condense', 'ask/report_bug': 'report-bug' };
const BROWSER = 'browser_action';

interface PanelCall {
  name: string;
  kind: ToolKind;
}

/** A ClineMessage line of the panel stream. */
export function isPanelLine(value: Json): boolean {
  return (typeof value.ts === 'number' && (value.type === 'say' || value.type === 'ask') && typeof value[value.type as string] === 'string')
    || (value.type === 'task_started' && typeof value.taskId === 'string');
}

export class PanelStdoutConverter {
  private readonly calls = new CallTracker<PanelCall>();
  /** the command whose output is arriving, and the output so far */
  private command: { callId: string; output: string[]; timestamp: string | null } | undefined;
  private cost = 0;
  /** the MCP request the next mcp_server_response answers */
  private mcpCallId: string | undefined;
  /** the browser action the next browser_action_result answers */
  private browserCallId: string | undefined;
  private readonly panel: RecordDispatch<Json>;

  constructor(private readonly out: ConverterOutput) {
    const table: HandlerTable<Json> = {
      ...byType(PANEL_STATE, () => () => skipped()),
      ...byType(PANEL_NOTICES, (type) => (message) => this.notice(message, type)),
      'say/task': (message) => this.user(message, 'prompt'),
      'say/user_feedback': (message) => this.user(message, 'feedback'),
      'say/text': (message) => this.assistant(message, 'assistant_message'),
      'say/reasoning': (message) => this.assistant(message, 'reasoning'),
      'say/completion_result': (message) => this.assistant(message, 'assistant_message', 'completion'),
      'ask/followup': (message) => this.assistant(message, 'assistant_message', 'question'),
      'ask/plan_mode_respond': (message) => this.assistant(message, 'assistant_message', 'plan'),
      'ask/act_mode_respond': (message) => this.assistant(message, 'assistant_message', 'act'),
      'say/plan_completion_result': (message) => this.assistant(message, 'assistant_message', 'completion'),
      ...Object.fromEntries(Object.entries(ASSISTANT_ASKS).map(([type, kind]) => [type, (message: Json) => this.assistant(message, 'assistant_message', kind)])),
      'say/user_feedback_diff': (message) => this.userDiff(message),
      'say/browser_action_launch': (message) => this.browserCall(message, { action: 'launch', url: textField(message, 'text') ?? '' }),
      'ask/browser_action_launch': (message) => this.browserCall(message, { action: 'launch', url: textField(message, 'text') ?? '' }),
      'say/browser_action': (message) => this.browserCall(message, parsedText(message) ?? { value: textField(message, 'text') ?? '' }),
      'say/browser_action_result': (message) => this.browserResult(message),
      'say/compaction': (message) => this.notice(message, 'say/compaction'),
      'say/command': (message) => this.commandCall(message),
      'ask/command': (message) => this.commandCall(message),
      'say/command_output': (message) => this.commandOutput(message),
      'ask/command_output': (message) => this.commandOutput(message),
      'say/use_mcp_server': (message) => this.mcpCall(message),
      'ask/use_mcp_server': (message) => this.mcpCall(message),
      'say/mcp_server_response': (message) => this.mcpResponse(message),
      'say/tool': (message) => this.fileTool(message),
      'ask/tool': (message) => this.fileTool(message),
      'say/api_req_started': (message) => this.apiRequest(message),
      'say/api_req_retried': (message) => this.apiRequest(message),
    };
    this.panel = new RecordDispatch(table, { unknownReason: (type) => `unknown Cline panel message "${type}"` });
  }

  push(record: NativeRecord): void {
    const value = record.value;
    if (value.type === 'task_started') {
      this.out.session({ format: 'cline/panel-json', nativeSessionId: stringField(value, 'taskId') });
      this.out.count('task_started', 'mapped');
      return;
    }
    const kind = String(value.type);
    const type = `${kind}/${String(value[kind])}`;
    if (value.partial === true) {
      this.out.count(`${type}/partial`, 'skipped'); // a message still streaming: its whole copy follows
      return;
    }
    if (type !== 'say/command_output' && type !== 'ask/command_output') this.endCommand();
    this.panel.dispatch(this.out, record, type, value, type);
  }

  flush(): void {
    this.endCommand();
    if (this.cost > 0) this.out.session({ costUsd: Math.round(this.cost * 1e6) / 1e6 });
    closeUnanswered(this.out, this.calls, 'the panel shows this tool\'s request, not its result', { failed: false });
  }

  private user(message: Json, kind: string) {
    const timestamp = isoTime(message.ts) ?? null;
    if (kind === 'prompt' && timestamp) this.out.session({ startedAt: timestamp });
    const images = Array.isArray(message.images) ? message.images.length : 0;
    this.out.emit({ timestamp, type: 'user_message', role: 'user', text: (textField(message, 'text') ?? ''), meta: { kind, ...(images ? { images } : {}) } });
    return undefined;
  }

  private assistant(message: Json, type: 'assistant_message' | 'reasoning', kind?: string) {
    const model = stringField(asRecord(message.modelInfo), 'modelId');
    if (model) this.out.session({ model });
    const text = kind === 'question' || kind === 'plan' || kind === 'act' ? questionText((textField(message, 'text') ?? '')) : (textField(message, 'text') ?? '');
    this.out.emit({ timestamp: isoTime(message.ts) ?? null, type, role: 'assistant', text, ...(model ? { model } : {}), ...(kind ? { meta: { kind } } : {}) });
    return undefined;
  }

  private commandCall(message: Json) {
    const timestamp = isoTime(message.ts) ?? null;
    const callId = `panel-${String(message.ts)}`;
    this.calls.call(callId, { name: 'execute_command', kind: 'shell' }, timestamp);
    this.out.emit({ timestamp, type: 'tool_call', role: 'assistant', tool: { name: 'execute_command', callId, kind: 'shell', input: { command: (textField(message, 'text') ?? '') } } });
    this.command = { callId, output: [], timestamp };
    return undefined;
  }

  private commandOutput(message: Json) {
    if (!this.command) return unknown('command output with no command before it');
    this.command.output.push((textField(message, 'text') ?? ''));
    this.command.timestamp = isoTime(message.ts) ?? this.command.timestamp;
    return undefined;
  }

  /** The command's output is whole once another message follows it. */
  private endCommand(): void {
    const command = this.command;
    if (!command || command.output.length === 0) return;
    this.command = undefined;
    const { call, elapsedMs } = this.calls.answer(command.callId, command.timestamp);
    const tool: Tool = { name: call?.name ?? 'execute_command', callId: command.callId, kind: 'shell', output: command.output.join(''), status: 'ok', ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}) };
    this.out.emit({ timestamp: command.timestamp, type: 'tool_result', role: 'tool', tool });
  }

  /** An MCP request (ClineAskUseMcpServer: `{type: use_mcp_tool | access_mcp_resource, serverName, toolName, arguments, uri}`); its answer is the next `mcp_server_response`. */
  private mcpCall(message: Json) {
    let request: Json | undefined;
    try {
      request = asRecord(JSON.parse((textField(message, 'text') ?? '')) as unknown);
    } catch {
      return unknown('use_mcp_server message whose text is not JSON');
    }
    const server = stringField(request, 'serverName');
    if (!request || !server) return unknown('use_mcp_server message without a server');
    const tool = stringField(request, 'toolName') ?? stringField(request, 'uri') ?? stringField(request, 'type') ?? 'request';
    const name = stringField(request, 'type') ?? 'use_mcp_tool';
    const timestamp = isoTime(message.ts) ?? null;
    const callId = `panel-${String(message.ts)}`;
    let input: unknown = request.arguments ?? {};
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input) as unknown;
      } catch {
        // kept as the text the model wrote
      }
    }
    this.calls.call(callId, { name, kind: 'mcp' }, timestamp);
    this.mcpCallId = callId;
    this.out.emit({ timestamp, type: 'tool_call', role: 'assistant', tool: { name, callId, kind: 'mcp', mcp: { server, tool }, input: asRecord(input) ?? { value: input } } });
    return undefined;
  }

  private mcpResponse(message: Json) {
    const callId = this.mcpCallId;
    if (!callId) return unknown('mcp_server_response with no MCP request before it');
    this.mcpCallId = undefined;
    const timestamp = isoTime(message.ts) ?? null;
    const { call, elapsedMs } = this.calls.answer(callId, timestamp);
    const tool: Tool = { name: call?.name ?? 'use_mcp_tool', callId, kind: 'mcp', output: (textField(message, 'text') ?? ''), status: 'ok', ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}) };
    this.out.emit({ timestamp, type: 'tool_result', role: 'tool', tool });
    return undefined;
  }

  private fileTool(message: Json) {
    let request: Json | undefined;
    try {
      request = asRecord(JSON.parse((textField(message, 'text') ?? '')) as unknown);
    } catch {
      return unknown('tool message whose text is not JSON');
    }
    const name = stringField(request, 'tool');
    if (!request || !name) return unknown('tool message without a tool name');
    const kind = PANEL_TOOL_KINDS[name] ?? 'other';
    const timestamp = isoTime(message.ts) ?? null;
    const callId = `panel-${String(message.ts)}`;
    const { tool: _name, ...input } = request;
    const path = stringField(request, 'path');
    const action = kind === 'edit' || kind === 'write' || kind === 'read' ? kind : undefined;
    this.calls.call(callId, { name, kind }, timestamp);
    this.out.emit({
      timestamp, type: 'tool_call', role: 'assistant',
      tool: { name, callId, kind, input, ...(path && action ? { files: [{ path, action }] } : {}) },
    });
    return undefined;
  }

  /** The user's own edit of a proposed change (ClineSayTool JSON `{tool, path, diff}`): their words, as a diff. */
  private userDiff(message: Json) {
    const change = parsedText(message);
    const diff = stringField(change, 'diff');
    const path = stringField(change, 'path');
    const text = diff === undefined ? (textField(message, 'text') ?? '') : path ? `${path}\n${diff}` : diff;
    this.out.emit({ timestamp: isoTime(message.ts) ?? null, type: 'user_message', role: 'user', text, meta: { kind: 'feedback-diff' } });
    return undefined;
  }

  /** A browser action (launch with its URL; click, type, scroll… as `{action, coordinate, text}`): answered by the next browser_action_result. */
  private browserCall(message: Json, input: Json) {
    const timestamp = isoTime(message.ts) ?? null;
    const callId = `panel-${String(message.ts)}`;
    this.calls.call(callId, { name: BROWSER, kind: 'web' }, timestamp);
    this.browserCallId = callId;
    this.out.emit({ timestamp, type: 'tool_call', role: 'assistant', tool: { name: BROWSER, callId, kind: 'web', input } });
    return undefined;
  }

  /** `{screenshot, logs, currentUrl, currentMousePosition}`: the logs and the page's address; the screenshot is described, never copied. */
  private browserResult(message: Json) {
    const callId = this.browserCallId;
    if (!callId) return unknown('browser_action_result with no browser action before it');
    this.browserCallId = undefined;
    const result = parsedText(message);
    const timestamp = isoTime(message.ts) ?? null;
    const { call, elapsedMs } = this.calls.answer(callId, timestamp);
    const output = result
      ? [stringField(result, 'currentUrl') ? `URL: ${stringField(result, 'currentUrl')}` : '', stringField(result, 'logs') ?? '', result.screenshot ? '[screenshot not copied]' : '']
        .filter((part) => part !== '').join('\n')
      : (textField(message, 'text') ?? '');
    const tool: Tool = { name: call?.name ?? BROWSER, callId, kind: 'web', output, status: 'ok', ...(elapsedMs !== undefined ? { durationMs: elapsedMs } : {}) };
    this.out.emit({ timestamp, type: 'tool_result', role: 'tool', tool });
    return undefined;
  }

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

/** A panel message's text as a JSON object, when it is one. */
function parsedText(message: Json): Json | undefined {
  try {
    return asRecord(JSON.parse(textField(message, 'text') ?? '') as unknown);
  } catch {
    return undefined;
  }
}

/** A followup or plan message's text is JSON `{question | response, options}`: its words, not the JSON. */
function questionText(text: string): string {
  try {
    const value = asRecord(JSON.parse(text) as unknown);
    const words = stringField(value, 'question') ?? stringField(value, 'response');
    if (words === undefined) return text;
    const options = Array.isArray(value?.options) ? value.options.filter((o): o is string => typeof o === 'string') : [];
    return options.length > 0 ? `${words}\n${options.map((o) => `- ${o}`).join('\n')}` : words;
  } catch {
    return text;
  }
}
