/**
 * Factory Droid (`droid`, npm `@factory/cli`). Two native forms: the saved session
 * `~/.factory/sessions/<cwd slug>/<id>.jsonl` and `droid exec -o stream-json` stdout (with the
 * one-line `-o json` answer read by the same converter).
 */
import type { Adapter, Converter, ConverterOutput, Detection, NativeRecord } from '../types.js';
import { asRecord, typedRecords, type Json } from '../shared/json.js';
import { DroidSessionConverter } from './session-jsonl.js';
import { DroidStreamConverter } from './stream-json.js';

/** How strongly one record says "saved Droid session": the header, or a bookkeeping line only Droid writes. */
function sessionEvidence(record: Json, type: string): number {
  if (type === 'session_start') return typeof record.id === 'string' && typeof record.title === 'string' && typeof record.owner === 'string' ? 0.95 : 0;
  if (type === 'agent_turn_outcome') return typeof record.turnId === 'string' && typeof record.resultKind === 'string' ? 0.9 : 0;
  if (type === 'compaction_state') return typeof record.summaryText === 'string' && 'removedCount' in record ? 0.9 : 0;
  if (type === 'todo_state') return Array.isArray(record.todos) && 'messageIndex' in record ? 0.9 : 0;
  return 0;
}

/** How strongly one record says "droid exec output"; Claude Code's init line has apiKeySource and no reasoning_effort. */
function streamEvidence(record: Json, type: string): number {
  if (type === 'system') return record.subtype === 'init' && 'reasoning_effort' in record && Array.isArray(record.tools) && !('apiKeySource' in record) ? 0.95 : 0;
  if (type === 'tool_call') return typeof record.toolId === 'string' && typeof record.messageId === 'string' && 'parameters' in record ? 0.9 : 0;
  if (type === 'tool_result') return typeof record.toolId === 'string' && typeof record.isError === 'boolean' && typeof record.messageId === 'string' ? 0.9 : 0;
  if (type === 'completion') return typeof record.finalText === 'string' && typeof record.numTurns === 'number' ? 0.9 : 0;
  if (type === 'result') return 'factory_credits' in (asRecord(record.usage) ?? {}) && typeof record.num_turns === 'number' ? 0.9 : 0;
  return 0;
}

function detect(sample: readonly unknown[]): Detection | null {
  let session = 0;
  let stream = 0;
  let resultOnly = true;
  for (const { record, type } of typedRecords(sample)) {
    session = Math.max(session, sessionEvidence(record, type));
    stream = Math.max(stream, streamEvidence(record, type));
    if (type !== 'result') resultOnly = false;
  }
  if (session === 0 && stream === 0) return null;
  if (session >= stream) return { confidence: session, format: 'droid/session-jsonl' };
  return { confidence: stream, format: resultOnly ? 'droid/json' : 'droid/stream-json' };
}

/** The saved session's lines hold `message` objects; exec output's never do. */
const isSessionRecord = (value: Json): boolean =>
  value.type === 'session_start' || (value.type === 'message' && asRecord(value.message) !== undefined) || sessionEvidence(value, String(value.type)) > 0;

class DroidConverter implements Converter {
  private form: DroidSessionConverter | DroidStreamConverter | undefined;

  constructor(private readonly out: ConverterOutput) {}

  push(record: NativeRecord): void {
    if (!this.form) {
      const saved = isSessionRecord(record.value);
      this.form = saved ? new DroidSessionConverter(this.out) : new DroidStreamConverter(this.out);
      if (!saved) this.out.session({ format: 'droid/stream-json' });
    }
    this.form.push(record);
  }

  flush(): void {
    this.form?.flush();
  }
}

export const droid: Adapter = {
  id: 'droid',
  agent: 'droid',
  label: 'Factory Droid',
  version: '0.1.0',
  formats: [
    {
      id: 'droid/session-jsonl',
      description: 'saved session: session_start, then message lines (Anthropic-shaped content: text, thinking, tool_use, tool_result, image), compaction_state, todo_state, agent_turn_outcome',
      where: '~/.factory/sessions/<cwd with / as ->/<id>.jsonl ($FACTORY_HOME_OVERRIDE replaces ~), beside <id>.settings.json',
    },
    {
      id: 'droid/stream-json',
      description: 'live stdout: system/init, message (user, assistant), reasoning, tool_call, tool_result, error, completion (token totals)',
      where: 'droid exec -o stream-json "<prompt>"',
    },
    {
      id: 'droid/json',
      description: 'the one result line of droid exec -o json: final text, turns, duration, token totals',
      where: 'droid exec -o json "<prompt>"',
    },
  ],
  detectionHint: 'a session_start line with id, title and owner (saved session); an init line with reasoning_effort, tool_call lines with toolId and messageId, a completion with finalText and numTurns (exec stdout)',
  detect,
  createConverter: (out) => new DroidConverter(out),
  bookkeepingFiles: /(^|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.settings\.json(\.bak)?|session-discovery-index\.json)$/,
};
