/**
 * Format `codex/rollout`: saved sessions (0.3x and later), one `{timestamp, type, payload}` line per
 * RolloutItem. Response items are the conversation (response-items.ts); event records repeat their
 * texts and add tool details (events.ts).
 */
import { RecordDispatch, type Verdict, unknown, type DEFERRED, type Origin } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Json, type Native } from '../shared/json.js';
import type { DraftEvent } from '../types.js';
import { eventTable } from './events.js';
import type { Compacted, EventMsg, InterAgentMessage, ResponseItem, RolloutLine, SessionMeta, TokenUsageRecord, TurnContext } from './records.js';
import { interAgentMessage, joinSubagent } from './collab.js';
import { responseItemTable } from './response-items.js';
import { timed, type CodexSession } from './session.js';
import { usageOf } from './tools.js';
import { contentToText, textField } from '../shared/content.js';

/**
 * Rollout lines with nothing for a transcript: whether an inter-agent message starts a turn, a
 * risk score for the safety systems, voice-session items, context kept across a compaction, and
 * (0.171) `id_allocation`, the next item ordinal and clock floor kept for a resume.
 */
const SKIPPED_LINES = new Set(['inter_agent_communication_metadata', 'security_risk_score', 'realtime_item', 'retained_context', 'id_allocation']);

interface LineInput {
  payload: Json;
  base: DraftEvent;
  /** the line's own `metadata` beside the payload (0.169+) */
  lineMeta: Json | undefined;
}

export function rolloutLines(s: CodexSession): (type: string, line: Native<RolloutLine>, origin: Origin) => Verdict | typeof DEFERRED {
  const items = responseItemTable(s);
  const events = eventTable(s);
  const table = new RecordDispatch<LineInput>({
    session_meta: ({ payload, base }) => {
      s.twins.flushPending(Number.POSITIVE_INFINITY);
      sessionMeta(s, payload as Native<SessionMeta>, base);
    },
    turn_context: ({ payload, base }) => {
      s.twins.flushPending(Number.POSITIVE_INFINITY);
      turnContext(s, payload as Native<TurnContext>, base);
    },
    response_item: ({ payload, base, lineMeta }, context) => {
      const item = payload as Native<ResponseItem>;
      const type = stringField(item, 'type') ?? '(none)';
      return items.route(type, { item, base, compactionOutput: lineMeta?.compaction_output === true }, context, `response_item/${type}`);
    },
    event_msg: ({ payload, base }, context) => {
      const event = payload as Native<EventMsg>;
      const type = stringField(event, 'type') ?? '(none)';
      return events.route(type, { payload: event, base }, context, `event_msg/${type}`);
    },
    compacted: ({ payload, base }) => {
      const compacted = payload as Native<Compacted>;
      s.twins.flushPending(Number.POSITIVE_INFINITY);
      const message = textField(compacted, 'message') ?? handedOverSummary(compacted.replacement_history);
      const replaced = Array.isArray(compacted.replacement_history) ? compacted.replacement_history.length : undefined;
      const modelSummary = s.compactionSummary;
      s.compactionSummary = undefined;
      if (message && modelSummary && message.trimEnd().endsWith(modelSummary.trim())) {
        // the summary is already its own event: this record is the compaction itself, with the text handed over
        s.out.emit({
          ...base, type: 'meta', role: 'system', text: message,
          meta: { kind: 'compaction', handover: true, ...(replaced !== undefined ? { replacementItems: replaced } : {}) },
        });
        return;
      }
      s.out.emit({
        ...base, type: 'system', role: 'system', text: message ?? 'Conversation compacted',
        meta: { kind: 'compaction-summary', ...(replaced !== undefined ? { replacementItems: replaced } : {}) },
      });
    },
    token_usage_record: ({ payload }) => {
      const record = payload as Native<TokenUsageRecord>;
      const usage = usageOf(record.usage);
      if (usage) s.out.usage(stringField(record, 'response_id') ?? `record-${s.index}`, usage);
      return usage ? 'mapped' : 'skipped';
    },
    inter_agent_communication: ({ payload, base }) => interAgentMessage(s, payload as Native<InterAgentMessage>, base),
    dynamic_tools_updated: ({ payload, base }) => {
      const tools = Array.isArray(payload.tools) ? payload.tools.map((t) => stringField(asRecord(t), 'name')).filter((n): n is string => n !== undefined) : [];
      s.out.emit({ ...base, type: 'system', role: 'system', text: `Dynamic tools: ${tools.join(', ') || '(none)'}`, meta: { kind: 'tools', tools } });
    },
    world_state: ({ payload }) => {
      worldState(s, payload);
      return 'skipped';
    },
  }, { skip: SKIPPED_LINES, unknownReason: (type) => `unknown Codex rollout line type "${type}"` });
  return (type, line, origin) => {
    const payload = asRecord(line.payload);
    if (!payload) return unknown(`${type} record without an object payload`, type);
    return table.route(type, { payload, base: timed(stringField(line, 'timestamp')), lineMeta: asRecord(line.metadata) }, origin);
  };
}

/** `session_meta`, and the legacy rollout's bare header. */
export function sessionMeta(s: CodexSession, payload: Native<SessionMeta>, base: DraftEvent): void {
  const git = nativeOf<{ commit_hash: string; branch: string; repository_url: string }>(payload.git);
  const repo = git
    ? { commit: stringField(git, 'commit_hash') ?? null, branch: stringField(git, 'branch') ?? null, remote: stringField(git, 'repository_url') ?? null }
    : undefined;
  joinSubagent(s, stringField(payload, 'id'), stringField(payload, 'parent_thread_id'));
  s.cwd ??= stringField(payload, 'cwd');
  s.out.session({
    nativeSessionId: stringField(payload, 'id') ?? stringField(payload, 'session_id'),
    agentVersion: stringField(payload, 'cli_version'),
    environment: { cwd: stringField(payload, 'cwd') ?? null, ...(repo ? { repo } : {}) },
  });
  const source = asRecord(payload.source);
  if (source && 'subagent' in source) {
    const subagent = source.subagent;
    const kind = typeof subagent === 'string' ? subagent : stringField(asRecord(subagent), 'other') ?? Object.keys(asRecord(subagent) ?? {})[0] ?? 'subagent';
    const parent = stringField(payload, 'parent_thread_id') ?? stringField(payload, 'forked_from_id');
    // spawned agents (0.16x multi-agent) have a task path and a nickname
    const path = stringField(payload, 'agent_path');
    const nickname = stringField(payload, 'agent_nickname');
    s.out.emit({
      ...base, type: 'system', role: 'system', text: `Subagent session (${kind}${path ? ` ${path}` : ''})${parent ? ` started by thread ${parent}` : ''}`,
      meta: { kind: 'subagent', subagent: kind, ...(parent ? { parentThreadId: parent } : {}), ...(path ? { agentPath: path } : {}), ...(nickname ? { nickname } : {}) },
    });
  }
  const instructions = stringField(payload, 'instructions');
  if (instructions) s.out.emit({ ...base, type: 'system', role: 'system', text: instructions, meta: { kind: 'instructions' } });
}

function turnContext(s: CodexSession, payload: Native<TurnContext>, base: DraftEvent): void {
  const model = stringField(payload, 'model');
  if (model) s.model = model;
  s.cwd = stringField(payload, 'cwd') ?? s.cwd;
  s.out.session({ ...(model ? { model } : {}), environment: { cwd: stringField(payload, 'cwd') ?? null } });
  // Codex Desktop (0.10x) repeats the AGENTS.md and developer instructions on every turn_context,
  // and the collaboration mode's own instructions (its preset's, not the user's) in its settings
  const mode = asRecord(asRecord(payload.collaboration_mode)?.settings);
  for (const field of ['user_instructions', 'developer_instructions', 'collaboration_mode'] as const) {
    const text = field === 'collaboration_mode' ? stringField(mode, 'developer_instructions') : stringField(payload, field);
    if (!text || s.turnInstructions.get(field) === text) continue;
    s.turnInstructions.set(field, text);
    s.out.emit({ ...base, type: 'system', role: 'system', text, meta: { kind: 'instructions', field } });
  }
}

/** Rollout `world_state` is a full context snapshot: only the shell is taken from it. */
function worldState(s: CodexSession, payload: Json): void {
  const local = asRecord(asRecord(asRecord(asRecord(payload.state)?.environments)?.environments)?.local);
  const shell = stringField(local, 'shell');
  if (shell) s.out.session({ environment: { shell } });
}

/**
 * The summary a compaction hands the next model: the last user message of the history it kept,
 * which `message` repeats. Read from there when `message` is missing, so the summary is not lost.
 */
function handedOverSummary(history: unknown): string | undefined {
  if (!Array.isArray(history)) return undefined;
  for (let index = history.length - 1; index >= 0; index--) {
    const item = asRecord(history[index]);
    if (item?.type !== 'message' || item.role !== 'user') continue;
    const { text } = contentToText(item.content, { separator: '\n', text: (part) => (typeof part.text === 'string' ? part.text : undefined) });
    return text || undefined;
  }
  return undefined;
}
