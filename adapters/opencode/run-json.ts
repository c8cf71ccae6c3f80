/**
 * Format `opencode/run-json`: the stdout of `opencode run --format json`, one line per finished part
 * of the assistant (`{type, timestamp, sessionID, part | error}`); the user's prompt is never
 * printed, so its absence is marked once. Parts are read by the converter's part table.
 */
import { byType, RecordDispatch, unknown, type DEFERRED, type Origin, type Verdict } from '../shared/dispatch.js';
import { asRecord, stringField, type Json, type Native } from '../shared/json.js';
import type { ConverterOutput } from '../types.js';
import type { PartContext } from './converter.js';
import type { Flavor } from './flavor.js';
import type { RunLine } from './records.js';
import { errorText, isoTime } from './tools.js';

/** run.ts `emit(...)` line types; the part lines carry one finished part. */
const PART_LINES = ['step_start', 'step_finish', 'text', 'reasoning', 'tool_use'];
const RUN_TYPES = new Set([...PART_LINES, 'error', 'done']);

export function isRunLine(type: string, value: Json): boolean {
  return RUN_TYPES.has(type) && typeof value.sessionID === 'string';
}

type ReadPart = (part: Json, ctx: PartContext, origin: Origin, lineType: string) => Verdict | typeof DEFERRED;

export class RunLines {
  private started = false;
  private readonly table: RecordDispatch<Native<RunLine>>;

  constructor(private readonly out: ConverterOutput, readPart: ReadPart, private readonly flavor: Flavor) {
    this.table = new RecordDispatch<Native<RunLine>>({
      error: (value) => {
        // a session error is an object {name, data: {message}}; Kilo's own end of a run whose
        // permission request was auto-rejected is a bare string
        const error = asRecord(value.error);
        const name = stringField(error, 'name') ?? (typeof value.error === 'string' ? 'message' : 'unknown');
        this.out.emit({ timestamp: isoTime(value.timestamp) ?? null, type: 'system', role: 'system', text: errorText(value.error), meta: { kind: 'error', recordType: `error/${name}` } });
      },
      done: () => 'skipped',
      ...byType(PART_LINES, (type) => (value, origin) => {
        const part = asRecord(value.part);
        if (!part) return unknown(`"${type}" line without a part`);
        const time = isoTime(value.timestamp);
        const ctx: PartContext = { role: 'assistant', ...(time ? { time } : {}), ...(stringField(part, 'messageID') ? { messageId: stringField(part, 'messageID') } : {}) };
        return readPart(part, ctx, origin, type);
      }),
    }, { unknownReason: (type) => `unknown ${flavor.product} record type "${type}"` });
  }

  route(type: string, value: Native<RunLine>, origin: Origin): Verdict | typeof DEFERRED {
    this.start(value);
    return this.table.route(type, value, origin);
  }

  private start(value: Native<RunLine>): void {
    if (this.started) return;
    this.started = true;
    this.out.session({ nativeSessionId: stringField(value, 'sessionID') });
    this.out.emit({
      timestamp: isoTime(value.timestamp) ?? null, type: 'meta', role: 'system', synthetic: true,
      text: `The user prompt of this run is not in the output (${this.flavor.command} run --format json does not print it).`,
      meta: { kind: 'missing-user-prompt' },
    });
  }
}
