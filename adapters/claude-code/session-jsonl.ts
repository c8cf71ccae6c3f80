/**
 * Format `claude-code/session-jsonl`: what only session files hold (`~/.claude/projects/<project>/
 * <session id>.jsonl`): attachments, summaries and titles, and the `.meta.json` of a subagent. The
 * user, assistant and system lines both forms share are read by converter.ts.
 */
import type { HandlerResult } from '../shared/dispatch.js';
import { asRecord, stringField, type Json, type Native } from '../shared/json.js';
import type { ConverterOutput, DraftEvent, NativeRecord } from '../types.js';
import type { Line } from './records.js';

type Record_ = Native<Line>;

export const TITLE_TYPES = ['custom-title', 'ai-title', 'summary-title'];
/** attachment types that repeat the system prompt or tool catalogue on every turn */
const SKIPPED_ATTACHMENTS = new Set(['prompt_snapshot']);

/** A subagent's `agent-<id>.meta.json` beside its transcript: nothing for a transcript. */
export function isSubagentMeta(record: NativeRecord, value: Record_): boolean {
  return record.file.endsWith('.meta.json') && 'agentType' in value;
}

export class SessionRecords {
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
    const rendered = Array.isArray(value.rendered)
      ? value.rendered.map((part) => stringField(asRecord(part), 'content')).filter((part): part is string => part !== undefined)
      : [];
    // Nothing of it reached the model: its facts (if any) were taken above.
    if (rendered.length === 0) return { outcome: 'skipped', type };
    this.out.emit({ ...this.envelope(value), type: 'system', role: 'system', text: rendered.join('\n'), meta: { kind: 'attachment', recordType: kind } });
    return { outcome: 'mapped', type };
  }

  summary(value: Record_): void {
    const text = stringField(value, 'summary') ?? '';
    this.out.session({ title: text });
    this.out.emit({ type: 'system', role: 'system', text, meta: { kind: 'summary' } });
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
