/**
 * Codex records → normalized events. One converter reads every native form, telling them apart per
 * record, so that a file mixing generations (a resumed session) still converts; each form has its
 * module (see README.md):
 *   - rollout.ts: `{timestamp, type, payload}` lines (0.3x and later);
 *   - rollout-legacy.ts: a bare header, bare response items and `{record_type}` lines (≤ 0.2x);
 *   - exec-json.ts: `codex exec --json` thread.* / turn.* / item.* events (0.4x and later);
 *   - exec-json-legacy.ts: a config summary line, `{prompt}`, then `{id, msg}` events (≤ 0.3x).
 * Response items (response-items.ts) and event records (events.ts) are shared between forms; every
 * record is counted once, where it is routed here.
 */
import { type DEFERRED, RecordDispatch, settle, unknown, type Verdict } from '../shared/dispatch.js';
import { asRecord, nativeOf, stringField, type Json, type Native } from '../shared/json.js';
import type { Converter, ConverterOutput, NativeRecord } from '../types.js';
import { eventTable, type EventInput } from './events.js';
import { isExecEvent, execEventTable } from './exec-json.js';
import { isConfigLine, isPromptLine, legacyExecLines } from './exec-json-legacy.js';
import type { EventMsg, ExecEvent, LegacyLine, ResponseItem, RolloutLine } from './records.js';
import { RESPONSE_ITEM_TYPES } from './item-types.js';
import { responseItemTable, type ItemInput } from './response-items.js';
import { isHeaderLine, isStateLine, legacyRolloutLines } from './rollout-legacy.js';
import { rolloutLines } from './rollout.js';
import { CodexSession, timed } from './session.js';
import { PENDING_RECORDS } from './twins.js';
import { forkOfFile } from './forks.js';
import { closeUnanswered } from '../shared/unanswered.js';

export class CodexConverter implements Converter {
  private readonly s: CodexSession;
  private readonly rollout: ReturnType<typeof rolloutLines>;
  private readonly exec: RecordDispatch<Native<ExecEvent>>;
  private readonly events: RecordDispatch<EventInput>;
  private readonly items: RecordDispatch<ItemInput>;
  private readonly untyped: RecordDispatch<Native<LegacyLine>>;

  constructor(private readonly out: ConverterOutput) {
    this.s = new CodexSession(out);
    this.rollout = rolloutLines(this.s);
    this.exec = execEventTable(this.s);
    this.events = eventTable(this.s);
    this.items = responseItemTable(this.s);
    this.untyped = new RecordDispatch({ ...legacyRolloutLines(this.s), ...legacyExecLines(this.s) }, { unknownReason: () => 'record has no "type" field' });
  }

  push(record: NativeRecord): void {
    const s = this.s;
    s.index += 1;
    if (s.index === 1) {
      const fork = forkOfFile(record.file);
      if (fork) this.out.session({ agent: fork });
    }
    const value = record.value;
    s.results.settle(value);
    if (s.twins.holdsUser && !isUserEvent(value)) s.twins.releaseHeldUser();
    s.twins.flushPending(s.index - PENDING_RECORDS);
    const type = typeof value.type === 'string' ? value.type : undefined;
    settle({ out: this.out, record }, this.route(type, value, record), type ?? '(no type)');
  }

  flush(): void {
    this.s.results.emitHeld();
    this.s.twins.releaseHeldUser();
    this.s.twins.flushPending(Number.POSITIVE_INFINITY);
    closeUnanswered(this.out, this.s.calls, 'the log ends before this call was answered');
    if (this.s.legacyUsage) this.out.session({ totalUsage: this.s.legacyUsage });
  }

  /** Which form a record belongs to, decided by its shape alone. */
  private route(type: string | undefined, value: Json, record: NativeRecord): Verdict | typeof DEFERRED {
    const origin = { out: this.out, record };
    if (type !== undefined && 'payload' in value) return this.rollout(type, value as Native<RolloutLine>, origin);
    if (type !== undefined && isExecEvent(type, value)) return this.exec.route(type, value, origin);
    const msg = nativeOf<EventMsg>(value.msg);
    if (msg && typeof value.id === 'string') {
      this.s.eventsPrimary = true;
      const msgType = stringField(msg, 'type') ?? '(none)';
      return this.events.route(msgType, { payload: msg, base: timed(null) }, origin, `msg/${msgType}`);
    }
    if (type === undefined) return this.untyped.route(untypedKind(value), value, origin);
    if (RESPONSE_ITEM_TYPES.has(type)) {
      const item = value as Native<ResponseItem>;
      return this.items.route(type, { item, base: timed(stringField(item, 'timestamp')) }, origin, `item/${type}`);
    }
    return unknown(`unknown Codex record type "${type}"`, type);
  }
}

/** What a line without a `type` is, in the legacy forms. */
function untypedKind(line: Native<LegacyLine>): string {
  if (isStateLine(line)) return '(state)';
  if (isPromptLine(line)) return '(prompt)';
  if (isHeaderLine(line)) return '(legacy session header)';
  if (isConfigLine(line)) return '(config summary)';
  return '(no type)';
}

/** A record that may confirm a held user item: user_message / item_completed UserMessage events. */
function isUserEvent(value: Json): boolean {
  const payload = asRecord(value.payload) ?? asRecord(value.msg);
  const type = stringField(payload, 'type');
  return type === 'user_message' || (type === 'item_completed' && stringField(asRecord(payload?.item), 'type') === 'UserMessage');
}
