/**
 * Format `claude-code/session-jsonl`: what only session files hold (`~/.claude/projects/<project>/
 * <session id>.jsonl`): attachments, summaries and titles, and the `.meta.json` of a subagent. The
 * user, assistant and system lines both forms share are read by converter.ts.
 */
import type { HandlerResult } from '../shared/dispatch.js';
import { asRecord, stringField, type Json, type Native } from '../shared/json.js';
import type { Attachment } from '../../src/transcript/index.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { Line } from './records.js';
import { base64Image, contentToText, textField } from '../shared/content.js';
import { PAYLOAD_KEYS, proseIn } from '../shared/prose.js';
import { compareReleases } from '../shared/versions.js';

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

/**
 * The first release that writes, on every attachment line, what the model was sent for it
 * (`rendered`, or `renderedRole` alone when that cannot be written as text). Releases up to 2.1.258
 * never write it and 2.1.259–2.1.267 only behind a feature gate (read in the releases' code), so
 * from their lines the attachment's own fields are all there is: a hook's added context, the file
 * an @-mention read, a CLAUDE.md loaded on the way, an IDE selection, a todo reminder.
 */
export const ALWAYS_RENDERED_FROM = '2.1.268';
/** Deep enough for a mentioned file's text (`content.file.content`) and a list of hook contexts. */
const ATTACHMENT_DEPTH = 4;
const MIN_ATTACHMENT_PROSE = 8;
/** Where Claude Code puts what an attachment says (a file's text, a hook's context, a memory file): read whatever its shape. */
const SAID_KEYS = new Set(['content', 'text']);

interface AttachmentContent {
  texts: string[];
  images: Attachment[];
}

/**
 * What an attachment says: every string under a `content`/`text` key, prose anywhere else, and the
 * images it holds (an @-mentioned picture: `{base64, type: mime}`) described, never copied.
 */
function attachmentContent(value: unknown, said: boolean, depth: number, found: AttachmentContent): AttachmentContent {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text !== '' && (said || proseIn(text, MIN_ATTACHMENT_PROSE).length > 0)) found.texts.push(text);
  } else if (depth > 0 && Array.isArray(value)) {
    for (const item of value) attachmentContent(item, said, depth - 1, found);
  } else if (depth > 0) {
    const record = asRecord(value);
    if (!record) return found;
    if (typeof record.base64 === 'string') found.images.push(base64Image(stringField(record, 'type') ?? stringField(record, 'media_type'), record.base64));
    for (const key in record) if (key !== 'type' && !PAYLOAD_KEYS.has(key)) attachmentContent(record[key], SAID_KEYS.has(key), depth - 1, found);
  }
  return found;
}

/**
 * The text of an attachment line that carries no `rendered` text although its content may have
 * reached the model (its fields' texts, each once: a hook's output is both `content` and `stdout`);
 * undefined when it holds none or when its release would have written `rendered` had anything
 * been sent.
 */
function unrenderedContent(value: Record_, attachment: Json): { text: string; images: Attachment[] } | undefined {
  const version = stringField(value, 'version');
  const older = version === undefined || (compareReleases(version, ALWAYS_RENDERED_FROM) ?? 0) < 0;
  if (!older && stringField(value, 'renderedRole') === undefined) return undefined;
  const { texts, images } = attachmentContent(attachment, false, ATTACHMENT_DEPTH, { texts: [], images: [] });
  if (texts.length === 0 && images.length === 0) return undefined;
  return { text: [...new Set(texts)].join('\n'), images };
}

/** The texts the model was sent for an attachment, as its line wrote them (`rendered`, 2.1.259+). */
const renderedTexts = (value: Record_): string[] =>
  Array.isArray(value.rendered)
    ? value.rendered.map((part) => textField(asRecord(part), 'content')).filter((part): part is string => part !== undefined)
    : [];

/**
 * What an attachment line is read as: its rendered text, the text sent with the next request, or
 * its own fields' texts (`fromFields`); undefined when nothing of it reached the model.
 */
export function attachmentText(value: Record_): { text: string; images: Attachment[]; fromFields: boolean } | undefined {
  const attachment = asRecord(value.attachment);
  const rendered = renderedTexts(value);
  if (rendered.length > 0) return { text: rendered.join('\n'), images: [], fromFields: false };
  const sent = sentWithNextRequest(attachment);
  if (sent !== undefined) return { text: sent, images: [], fromFields: false };
  const fields = attachment ? unrenderedContent(value, attachment) : undefined;
  return fields === undefined ? undefined : { ...fields, fromFields: true };
}

/** An attachment line whose own fields were read (so none of their prose is unread). */
export function attachmentReadFromFields(value: Record_): string | undefined {
  const kind = stringField(asRecord(value.attachment), 'type') ?? '(none)';
  if (SKIPPED_ATTACHMENTS.has(kind) || kind === 'queued_command') return undefined;
  const read = attachmentText(value);
  return read?.fromFields ? read.text : undefined;
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
    const read = attachmentText(value);
    // Nothing of it reached the model: its facts (if any) were taken above.
    if (read === undefined) return { outcome: 'skipped', type };
    const meta = { kind: 'attachment', recordType: kind, ...(read.fromFields ? { rendering: 'fields' } : {}) };
    const images = read.images.length > 0 ? { attachments: read.images } : {};
    this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text: read.text, meta, ...images });
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
