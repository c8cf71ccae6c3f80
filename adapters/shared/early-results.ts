/**
 * A tool result written before its call (parallel calls flushed out of order, a log resumed or
 * merged) would become a synthetic `missing-call` tool_call, and the real call, when it comes, a
 * second tool_call under the same id. Wrapped around any adapter's converter, this holds such a
 * result for a few records: when its call comes, the call is emitted and the result right after it
 * (one call with its result); when it does not, the result is let go as it was (the pipeline then
 * gives it its synthetic call), a few records later than the log had it, or at the end.
 */
import type { Converter, ConverterFactory, ConverterOutput, DraftEvent } from '../types.js';

/** How many records after its own a result waits for its call. */
export const EARLY_RESULT_RECORDS = 4;
/** Results held at once, at most (the oldest is let go past it). */
const MAX_HELD = 256;

interface Held {
  results: DraftEvent[];
  /** records counted when the first result under this id was held */
  heldAt: number;
}

class EarlyResults {
  /** ids of the tool calls emitted so far (ids only, as the assembler keeps) */
  private readonly calls = new Set<string>();
  private readonly held = new Map<string, Held>();
  private heldCount = 0;
  private records = 0;
  readonly output: ConverterOutput;

  constructor(private readonly out: ConverterOutput, private readonly window: number) {
    this.output = {
      emit: (event) => this.emit(event),
      session: (facts) => out.session(facts),
      usage: (key, usage) => out.usage(key, usage),
      count: (recordType, outcome) => {
        out.count(recordType, outcome);
        this.recordDone();
      },
      unknown: (record, recordType, reason) => {
        out.unknown(record, recordType, reason);
        this.recordDone();
      },
    };
  }

  releaseAll(): void {
    for (const callId of [...this.held.keys()]) this.release(callId);
  }

  private emit(event: DraftEvent): void {
    const callId = event.tool?.callId;
    if (callId === undefined) {
      this.out.emit(event);
    } else if (event.type === 'tool_call') {
      this.calls.add(callId);
      this.out.emit(event);
      const held = this.held.get(callId);
      if (held) {
        this.held.delete(callId);
        this.heldCount -= held.results.length;
        for (const result of held.results) this.out.emit(answering(result, event));
      }
    } else if (event.type === 'tool_result' && !this.calls.has(callId)) {
      this.hold(callId, event);
    } else {
      this.out.emit(event);
    }
  }

  private hold(callId: string, result: DraftEvent): void {
    const held = this.held.get(callId);
    if (held) held.results.push(result);
    else this.held.set(callId, { results: [result], heldAt: this.records });
    this.heldCount += 1;
    if (this.heldCount > MAX_HELD) this.release(this.held.keys().next().value as string);
  }

  private recordDone(): void {
    this.records += 1;
    for (const [callId, held] of this.held) {
      if (this.records - held.heldAt <= this.window) break; // held in order: the rest waited less
      this.release(callId);
    }
  }

  private release(callId: string): void {
    const held = this.held.get(callId);
    if (!held) return;
    this.held.delete(callId);
    this.heldCount -= held.results.length;
    for (const result of held.results) this.out.emit(result);
  }
}

/** The result, told what its call says of the tool (a result read first often had only its id). */
function answering(result: DraftEvent, call: DraftEvent): DraftEvent {
  const { name, kind, mcp } = call.tool!;
  return { ...result, tool: { ...result.tool!, name, ...(kind ? { kind } : {}), ...(mcp ? { mcp } : {}) } };
}

/** The converter `create` makes, its results written before their calls paired with them when the calls come. */
export function pairingEarlyResults(create: ConverterFactory, window = EARLY_RESULT_RECORDS): ConverterFactory {
  return (out) => {
    const early = new EarlyResults(out, window);
    const converter = create(early.output);
    const paired: Converter = {
      push: (record) => converter.push(record),
      flush: () => {
        converter.flush();
        early.releaseAll();
      },
    };
    if (converter.plainText) paired.plainText = (text) => converter.plainText!(text);
    return paired;
  };
}
