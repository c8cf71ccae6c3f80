/**
 * Format `claude-code/session-jsonl`: what only session files hold (`~/.claude/projects/<project>/
 * <session id>.jsonl`): attachments, summaries and titles, and the `.meta.json` of a subagent. The
 * user, assistant and system lines both forms share are read by converter.ts.
 */
import type { HandlerResult } from '../shared/dispatch.js';
import { asRecord, stringField, type Json, type Native } from '../shared/json.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { Line } from './records.js';
import { contentToText, textField } from '../shared/content.js';

type Record_ = Native<Line>;

export const TITLE_TYPES = ['custom-title', 'ai-title', 'summary-title'];
const TASK_NOTIFICATION = /^\s*<task-notification>/;
/** attachment types that repeat the system prompt or tool catalogue on every turn */
const SKIPPED_ATTACHMENTS = new Set(['prompt_snapshot']);

/**
 * The text of a `*_reminder_sent` attachment (2.1.332: `progress_reminder_sent {text, model, clearAt}`),
 * which renders nothing itself: with `clearAt: "next_user_message"` the CLI sends the text once, as a
 * meta user message of the next request.
 */
function sentWithNextRequest(attachment: Json | undefined): string | undefined {
  if (attachment?.clearAt !== 'next_user_message') return undefined;
  const text = stringField(attachment, 'text');
  return text !== undefined && text.trim() !== '' ? text : undefined;
}

/** A subagent's `agent-<id>.meta.json` beside its transcript: nothing for a transcript. */
export function isSubagentMeta(record: NativeRecord, value: Record_): boolean {
  return record.file.endsWith('.meta.json') && 'agentType' in value;
}

export class SessionRecords {
  private relocatedTo: string | undefined;

  constructor(
    private readonly out: ConverterOutput,
    private readonly envelope: (value: Record_) => DraftEvent,
  ) {}

  title(value: Record_): void {
    const title = stringField(value, 'customTitle') ?? stringField(value, 'aiTitle') ?? stringField(value, 'title');
    if (title) this.out.session({ title });
  }

  attachment(value: Record_): HandlerResult {
    const attachment = asRecord(value.attachment);
    const kind = stringField(attachment, 'type') ?? '(none)';
    const type = `attachment/${kind}`;
    if (kind === 'environment') this.environmentFacts(asRecord(attachment?.snapshot));
    if (SKIPPED_ATTACHMENTS.has(kind)) return { outcome: 'skipped', type };
    if (kind === 'queued_command') return this.queuedCommand(value, attachment, type);
    const rendered = Array.isArray(value.rendered)
      ? value.rendered.map((part) => textField(asRecord(part), 'content')).filter((part): part is string => part !== undefined)
      : [];
    if (rendered.length === 0) {
      const sent = sentWithNextRequest(attachment);
      // Nothing of it reached the model: its facts (if any) were taken above.
      if (sent === undefined) return { outcome: 'skipped', type };
      rendered.push(sent);
    }
    this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text: rendered.join('\n'), meta: { kind: 'attachment', recordType: kind } });
    return { outcome: 'mapped', type };
  }

  /**
   * What the user typed while the agent was working: Claude Code queues it (`queue-operation`) and
   * hands it to the model at the next tool boundary as this attachment, its only copy in the file.
   * A finished background task is announced the same way (`<task-notification>`): not the user's words.
   */
  private queuedCommand(value: Record_, attachment: Json | undefined, type: string): HandlerResult {
    const prompt = attachment?.prompt;
    const text = typeof prompt === 'string' ? prompt : Array.isArray(prompt) ? contentToText(prompt).text : '';
    if (text.trim() === '') return { outcome: 'skipped', type };
    const mode = stringField(attachment, 'commandMode') ?? null;
    if (TASK_NOTIFICATION.test(text) || mode === 'task-notification') {
      this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text, meta: { kind: 'task-notification', recordType: 'queued_command' } });
    } else {
      this.out.emit({ ...this.envelope(value), type: 'user_message', role: 'user', text, meta: { kind: 'queued', commandMode: mode } });
    }
    return { outcome: 'mapped', type };
  }

  summary(value: Record_): void {
    const text = textField(value, 'summary') ?? '';
    this.out.session({ title: text });
    this.out.emit({ type: 'system', role: 'system', text, meta: { kind: 'summary' } });
  }

  /** The session moved to another folder (EnterWorktree/ExitWorktree, `/cd`); re-stamped unchanged at each metadata flush. */
  relocated(value: Record_): HandlerResult {
    const cwd = stringField(value, 'relocatedCwd');
    if (!cwd || cwd === this.relocatedTo) return { outcome: 'skipped', type: 'relocated (repeated)' };
    this.relocatedTo = cwd;
    this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text: `The session moved to ${cwd}`, meta: { kind: 'relocated', cwd } });
  }

  /** An artifact (a "frame") published from the session; the count-only form repeats a tally for the session list. */
  frameLink(value: Record_): HandlerResult {
    const url = stringField(value, 'frameUrl');
    if (!url) return { outcome: 'skipped', type: 'frame-link (count)' };
    const title = stringField(value, 'title');
    const path = stringField(value, 'path');
    this.out.emit({
      ...this.envelope(value), type: 'system', role: 'system', text: `Artifact ${title ?? path ?? ''} published at ${url}`.replace('  ', ' '),
      meta: { kind: 'frame-link', url, path: path ?? null, title: title ?? null },
    });
  }

  /** The conversation went on in another session (moved to a background session). */
  continuedIn(value: Record_): void {
    const next = stringField(value, 'continuedInSessionId') ?? 'unknown';
    this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text: `The conversation continues in session ${next}`, meta: { kind: 'continued-in', sessionId: next } });
  }

  endedByModel(value: Record_): void {
    this.out.emit({ ...this.envelope(value), type: 'meta', role: 'system', text: 'The model ended the session', meta: { kind: 'ended-by-model' } });
  }

  /** The sessions this one was copied, branched or imported from; written again when the list grows. */
  derivedFrom(value: Record_): void {
    const sessions = Array.isArray(value.sessions) ? value.sessions.map(asRecord).filter((s): s is Json => s !== undefined) : [];
    const names = sessions.map((s) => `${stringField(s, 'id') ?? 'unknown'} (${stringField(s, 'via') ?? stringField(s, 'type') ?? '?'})`);
    this.out.emit({ ...this.envelope(value), type: 'meta', role: 'system', text: `Derived from ${names.join(', ') || 'unknown sessions'}`, meta: { kind: 'derived-from', sessions } });
  }

  private environmentFacts(snapshot: Json | undefined): void {
    if (!snapshot) return;
    this.out.session({
      environment: {
        cwd: stringField(snapshot, 'workingDirectory') ?? null,
        os: [stringField(snapshot, 'platform'), stringField(snapshot, 'osVersion')].filter(Boolean).join(' ') || null,
        shell: stringField(snapshot, 'shell') ?? null,
      },
    });
  }
}
