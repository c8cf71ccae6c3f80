/**
 * Responses API items: the conversation of a rollout (`response_item` lines) and the bare lines of a
 * legacy rollout. Messages, reasoning, tool calls and their outputs.
 */
import type { Attachment, FileTouch, Tool } from '../../src/transcript/index.js';
import { base64ByteLength } from '../../src/pipeline/elide.js';
import { base64Image, contentToText, urlImage, textField } from '../shared/content.js';
import { byType, RecordDispatch, unknown } from '../shared/dispatch.js';
import { asRecord, callArguments, nativeOf, stringField, type Json, type Native } from '../shared/json.js';
import type { DraftEvent } from '../types.js';
import { interAgentMessage } from './collab.js';
import type { InterAgentMessage, ResponseItem } from './records.js';
import { CALL_ITEMS, COMPACTION_ITEMS, OUTPUT_ITEMS, SKIPPED_ITEMS } from './item-types.js';
import type { CodexSession } from './session.js';
import { filesFromPatch, identifyTool, parseToolOutput, patchFromShellInput, type ParsedOutput } from './tools.js';
import { blockProse } from '../shared/prose.js';

/** The texts Codex injects as role "user" messages (context, instructions, notices), by their opening. */
const INJECTED_USER = /^\s*(<(environment_context|user_instructions|INSTRUCTIONS|user_shell_command|turn_aborted|subagent_notification|permissions instructions|skills_instructions|collaboration_mode|apps_instructions|personality_spec|context_window|model_switch|goal_context)\b|# AGENTS\.md instructions|Warning: apply_patch was requested via shell|<image name=)/;
const SHELL_TAG = /<shell>([^<]+)<\/shell>/;

export interface ItemInput {
  item: Native<ResponseItem>;
  base: DraftEvent;
  /** the line's metadata says the item is the output of a compaction turn (0.169+) */
  compactionOutput?: boolean;
}

/** The response-item table of one session: routed by item type, counted as `<prefix>/<type>`. */
export function responseItemTable(s: CodexSession): RecordDispatch<ItemInput> {
  return new RecordDispatch<ItemInput>({
    message: ({ item, base, compactionOutput }) => (message(s, item, base, compactionOutput === true) ? 'mapped' : unknown('message without a known role')),
    reasoning: ({ item, base }) => reasoning(s, item, base),
    agent_message: ({ item, base }) => interAgentMessage(s, item as Native<InterAgentMessage>, base),
    ...byType(CALL_ITEMS, (type) => ({ item, base }) => toolCall(s, type, item, base)),
    ...byType(OUTPUT_ITEMS, (type) => ({ item, base }) => toolOutput(s, type, item, base)),
    ...byType(COMPACTION_ITEMS, (type) => ({ base }) => {
      // The compacted history is encrypted: only the fact that it happened is kept.
      s.out.emit({ ...base, type: 'meta', role: 'system', text: 'Conversation compacted (encrypted summary not copied)', meta: { kind: 'compaction', recordType: type } });
    }),
  }, { skip: SKIPPED_ITEMS, unknownReason: (type) => `unknown Codex response item type "${type}"` });
}


function message(s: CodexSession, item: Native<ResponseItem>, base: DraftEvent, compactionOutput: boolean): boolean {
  const role = stringField(item, 'role');
  const { text, attachments } = messageContent(item.content, role === 'assistant' ? '' : '\n');
  const nativeId = stringField(item, 'id');
  const draft: DraftEvent = { ...base, ...(nativeId ? { nativeId } : {}), ...(attachments.length > 0 ? { attachments } : {}) } as DraftEvent;
  switch (role) {
    case 'assistant': {
      if (compactionOutput) {
        // the model's answer to Codex's summarization prompt: the compaction summary, not an answer to the user
        s.compactionSummary = text;
        s.twins.emitItemTexts([`assistant\0${text}`], [{
          ...draft, type: 'system', role: 'system', text, ...s.modelField(),
          meta: { kind: 'compaction-summary', author: 'model', recordType: 'message/assistant' },
        }]);
        return true;
      }
      const phase = stringField(item, 'phase');
      const refusals = refusalTexts(item.content);
      // a refusal part is not more of the answer: the answer's text without it, then each refusal as its own event
      const answer = refusals.length > 0 ? messageContent(item.content, '', { withoutRefusals: true }).text : text;
      const events: DraftEvent[] = [];
      if (answer || refusals.length === 0) {
        events.push({ ...draft, type: 'assistant_message', role: 'assistant', text: answer, ...s.modelField(), ...(phase ? { meta: { kind: 'phase', phase } } : {}) });
      }
      for (const refusal of refusals) {
        events.push({ ...draft, type: 'assistant_message', role: 'assistant', text: refusal, ...s.modelField(), meta: { kind: 'refusal', ...(phase ? { phase } : {}) } });
      }
      s.twins.emitItemTexts([`assistant\0${answer}`], events);
      return true;
    }
    case 'developer':
    case 'system':
      s.out.emit({ ...draft, type: 'system', role: 'system', text, meta: { kind: role === 'developer' ? 'developer' : 'injected', recordType: `message/${role}` } });
      return true;
    case 'user':
      userItem(s, item, text, draft);
      return true;
    default:
      return false;
  }
}

/** A response item with role "user": the prompt, or context Codex injected as a user message. */
function userItem(s: CodexSession, item: Native<ResponseItem>, text: string, draft: DraftEvent): void {
  const shell = SHELL_TAG.exec(text.length > 4000 ? text.slice(0, 4000) : text)?.[1];
  if (shell) s.out.session({ environment: { shell: shell.trim() } });
  const metadata = asRecord(item.internal_chat_message_metadata_passthrough);
  const kinds = Array.isArray(metadata?.content_item_kinds) ? metadata.content_item_kinds.filter((k): k is string => typeof k === 'string') : [];
  const provenance = Array.isArray(metadata?.content_item_metadata)
    ? metadata.content_item_metadata.map((m) => stringField(asRecord(asRecord(m)?.provenance), 'type')).filter((p): p is string => p !== undefined)
    : [];
  const byMetadata = provenance.includes('harness') || (kinds.length > 0 && kinds.every((k) => !k.startsWith('user.')))
    ? 'injected'
    : provenance.includes('user') || kinds.some((k) => k.startsWith('user.')) ? 'user' : undefined;
  if (byMetadata === 'injected' || (byMetadata === undefined && INJECTED_USER.test(text))) {
    s.out.emit({ ...draft, type: 'system', role: 'system', text, meta: { kind: 'injected', ...injectedTag(text, kinds) } });
    return;
  }
  if (s.twins.matchesRecent('user', text)) return; // its event twin came first (legacy exec --json replays)
  const userDraft: DraftEvent = { ...draft, type: 'user_message', role: 'user', text };
  if (byMetadata === 'user') {
    s.twins.emitItemTexts([`user\0${text}`], [userDraft]);
    return;
  }
  // No metadata (≤ 0.1xx): a prompt is confirmed by the user_message event that follows it.
  s.twins.holdUser(text, userDraft);
}

function reasoning(s: CodexSession, item: Native<ResponseItem>, base: DraftEvent): void {
  const summary = textParts(item.summary);
  const content = textParts(item.content);
  const nativeId = stringField(item, 'id');
  const draft = { ...base, ...(nativeId ? { nativeId } : {}), ...s.modelField() } as DraftEvent;
  const events: DraftEvent[] = [];
  if (summary.length > 0) events.push({ ...draft, type: 'reasoning', role: 'assistant', text: summary.join('\n') });
  if (content.length > 0) events.push({ ...draft, type: 'reasoning', role: 'assistant', text: content.join('\n'), meta: { kind: 'raw-reasoning' } });
  if (events.length === 0) {
    // Only encrypted_content: the model reasoned, but nothing readable was kept. Never copied.
    events.push({ ...draft, type: 'reasoning', role: 'assistant', text: '', meta: { kind: 'encrypted-reasoning', reason: 'the model returned only encrypted reasoning' } });
  }
  s.twins.emitItemTexts([...summary.map((t) => `reasoning\0${t}`), ...content.map((t) => `raw\0${t}`)], events);
}

function toolCall(s: CodexSession, type: string, item: Native<ResponseItem>, base: DraftEvent): void {
  const nativeId = stringField(item, 'id');
  const draft = { ...base, ...(nativeId ? { nativeId } : {}), ...s.modelField() } as DraftEvent;
  let callId = stringField(item, 'call_id') ?? nativeId ?? `call-${s.index}`;
  let identity = identifyTool(stringField(item, 'name') ?? type, stringField(item, 'namespace'));
  let input: unknown;
  let files: FileTouch[] | undefined;
  switch (type) {
    case 'function_call': {
      input = callArguments(item.arguments);
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
    case 'local_shell_call': {
      identity = { name: 'local_shell', kind: 'shell' };
      input = item.action ?? {};
      const patch = patchFromShellInput(input);
      if (patch) {
        files = filesFromPatch(patch);
        identity = { ...identity, kind: 'edit' };
      }
      break;
    }
    case 'tool_search_call':
      identity = { name: 'tool_search', kind: 'search' };
      input = item.arguments ?? {};
      break;
    case 'web_search_call':
    case 'image_generation_call': {
      // Server-side tools: the call and its result are one item.
      identity = type === 'web_search_call' ? { name: 'web_search', kind: 'web' } : { name: 'image_generation', kind: 'other' };
      callId = nativeId ?? `${identity.name}-${++s.serverToolCalls}`;
      input = type === 'web_search_call' ? item.action ?? {} : { prompt: item.revised_prompt ?? null };
      s.out.emit({ ...draft, type: 'tool_call', role: 'assistant', tool: { name: identity.name, callId, kind: identity.kind, input } });
      const status = stringField(item, 'status');
      const action = asRecord(item.action);
      const output = type === 'web_search_call'
        ? stringField(action, 'query') ?? stringField(action, 'url') ?? stringField(action, 'pattern') ?? ''
        : typeof item.result === 'string' ? `[generated image, ${base64ByteLength(item.result)} bytes]` : '';
      // a generated image is described (its decoded size), never copied
      const image = type === 'image_generation_call' && typeof item.result === 'string' ? { attachments: [base64Image(undefined, item.result)] } : {};
      s.out.emit({
        ...base, type: 'tool_result', role: 'tool',
        tool: { name: identity.name, callId, kind: identity.kind, output, status: status === 'failed' ? 'error' : 'ok' },
        ...image,
      });
      return;
    }
    default:
      input = item;
  }
  const opened = { name: identity.name, kind: identity.kind, ...(identity.mcp ? { mcp: identity.mcp } : {}), ...(files ? { files } : {}) };
  // a call with no call_id: an output with none answers it (CallTracker.resultId)
  if (stringField(item, 'call_id') === undefined) s.calls.callWithoutId(identity.name, opened, base.timestamp, callId);
  else s.calls.call(callId, opened, base.timestamp);
  const tool: Tool = { name: identity.name, callId, kind: identity.kind, ...(identity.mcp ? { mcp: identity.mcp } : {}), input };
  if (files && files.length > 0) tool.files = files;
  s.out.emit({ ...draft, type: 'tool_call', role: 'assistant', tool });
}

function toolOutput(s: CodexSession, type: string, item: Native<ResponseItem>, base: DraftEvent): void {
  const name = stringField(item, 'name');
  if (stringField(item, 'call_id') === undefined && name) {
    // no call: context Codex injects in a tool output's form (0.169: the goal objective, `agent.goal_objective`)
    const namespace = stringField(item, 'namespace');
    const { text } = messageContent(item.output, '\n');
    s.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'injected', tag: namespace ? `${namespace}.${name}` : name, recordType: type } });
    return;
  }
  const callId = s.calls.resultId(stringField(item, 'call_id'));
  const parsed: ParsedOutput = type === 'tool_search_output' ? { text: toolSearchSummary(item.tools) } : parseToolOutput(item.output);
  // images a tool returned (view_image, MCP) are described, never inlined
  const images = Array.isArray(item.output)
    ? item.output.map(asRecord).filter((p): p is Json => p?.type === 'input_image' || p?.type === 'image').map(imageAttachment)
    : [];
  const withImages = images.length > 0 ? ({ ...base, attachments: images } as DraftEvent) : base;
  s.results.hold(callId, withImages, parsed, stringField(item, 'status'));
}

function messageContent(content: unknown, separator: string, options: { withoutRefusals?: boolean } = {}): { text: string; attachments: Attachment[] } {
  return contentToText(content, {
    separator,
    text: (part) => (typeof part.text === 'string' ? part.text : undefined),
    attachment: (part) => (part.type === 'input_image' || part.type === 'image' ? imageAttachment(part) : undefined),
    other: (part) => (typeof part.refusal === 'string' ? (options.withoutRefusals ? undefined : part.refusal) : `[${String(part.type)}]`),
  });
}

/** The Responses API's `refusal` content parts (`{type: "refusal", refusal}`) of a message. */
function refusalTexts(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.map(asRecord).filter((p) => p?.type === 'refusal' || (p !== undefined && typeof p.refusal === 'string' && typeof p.text !== 'string'))
    .map((p) => stringField(p, 'refusal') ?? '').filter((t) => t !== '');
}

/** An image is described (mime, decoded size), never inlined: data URLs stay out of the Transcript. */
function imageAttachment(part: Json): Attachment {
  return urlImage(stringField(part, 'image_url') ?? stringField(asRecord(part.image_url), 'url'));
}

/** The texts of reasoning parts; a part of a newer type gives its prose. */
function textParts(parts: unknown): string[] {
  if (!Array.isArray(parts)) return [];
  return parts.map((p) => {
    const part = asRecord(p);
    return textField(part, 'text') ?? (part ? blockProse(part).join('\n') || undefined : undefined);
  }).filter((t): t is string => t !== undefined);
}

function injectedTag(text: string, kinds: string[]): Record<string, unknown> {
  const tag = /^\s*<([\w ]+)>/.exec(text)?.[1];
  return { ...(tag ? { tag } : {}), ...(kinds.length > 0 ? { contentKinds: kinds } : {}) };
}

function toolSearchSummary(tools: unknown): string {
  if (!Array.isArray(tools)) return '';
  const names: string[] = [];
  for (const tool of tools) {
    const t = nativeOf<{ name: string; tools: unknown }>(tool);
    const name = stringField(t, 'name') ?? '?';
    const children = Array.isArray(t?.tools) ? t.tools.map((c) => stringField(asRecord(c), 'name') ?? '?') : [];
    names.push(children.length > 0 ? `${name}: ${children.join(', ')}` : name);
  }
  return names.join('\n');
}
