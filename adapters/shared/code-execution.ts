/**
 * Gemini's code execution parts (`executableCode {language, code, id?}` and `codeExecutionResult
 * {outcome, output, id?}`): the model ran code on Google's side. Each is a tool call with its code
 * and a result with its outcome and output, paired by `id` when the API gives one, else each result
 * answers the oldest code part not yet answered (the API sends them one after the other).
 */
import type { Tool, ToolStatus } from '../../src/transcript/index.js';
import { asRecord, stringField, type Json } from './json.js';
import type { DraftEvent } from '../types.js';

export const CODE_EXECUTION_TOOL = 'code_execution';

export type CodeExecutionPiece =
  | { kind: 'call'; tool: Tool }
  | { kind: 'result'; tool: Tool; outcome: string | undefined };

/** Whether a part is one of the two code execution parts. */
export function isCodeExecutionPart(part: Json): boolean {
  return asRecord(part.executableCode) !== undefined || asRecord(part.codeExecutionResult) !== undefined;
}

/** Outcome enum → status: OK, a deadline, anything else (FAILED, UNSPECIFIED, a newer value) an error. */
function statusOf(outcome: string | undefined): ToolStatus {
  if (outcome === 'OUTCOME_OK') return 'ok';
  if (outcome === 'OUTCOME_DEADLINE_EXCEEDED') return 'timeout';
  return 'error';
}

/** One session's code execution parts, turned into calls and results with ids that pair them. */
export class CodeExecutionPairs {
  private readonly open: string[] = [];

  /**
   * A code execution part as a tool call or result (undefined for any other part). `madeId` is the
   * id used when the part has none: made from the part's place (message id and index), so it is
   * stable across conversions.
   */
  piece(part: Json, madeId: string): CodeExecutionPiece | undefined {
    const code = asRecord(part.executableCode);
    if (code) {
      const callId = stringField(code, 'id') ?? madeId;
      this.open.push(callId);
      const language = stringField(code, 'language');
      const tool: Tool = { name: CODE_EXECUTION_TOOL, callId, kind: 'other', input: { ...(language ? { language } : {}), code: typeof code.code === 'string' ? code.code : '' } };
      return { kind: 'call', tool };
    }
    const result = asRecord(part.codeExecutionResult);
    if (!result) return undefined;
    const id = stringField(result, 'id');
    const at = id !== undefined ? this.open.indexOf(id) : 0;
    // a result whose code part was never read keeps its own id: the pipeline gives it a synthetic call
    const callId = at >= 0 && this.open.length > 0 ? this.open.splice(at, 1)[0]! : id ?? madeId;
    const outcome = stringField(result, 'outcome');
    const tool: Tool = { name: CODE_EXECUTION_TOOL, callId, kind: 'other', output: typeof result.output === 'string' ? result.output : '', status: statusOf(outcome) };
    return { kind: 'result', tool, outcome };
  }
}

interface Tracker {
  call(callId: string, call: { name: string; kind: Tool['kind'] & string }, timestamp?: string | null): unknown;
  answer(callId: string, timestamp?: string | null): { elapsedMs: number | undefined };
}

/**
 * The events of a message's code execution parts (`parts`, all code execution parts, `first` of them
 * already emitted by an earlier copy of the message): calls opened on `calls` and results answering them.
 */
export function codeExecutionEvents(
  pairs: CodeExecutionPairs, calls: Tracker, parts: readonly Json[], base: DraftEvent, madeIdPrefix: string, first = 0,
): DraftEvent[] {
  const events: DraftEvent[] = [];
  parts.forEach((part, index) => {
    if (index < first) return;
    const piece = pairs.piece(part, `${madeIdPrefix}#code${index}`);
    if (!piece) return;
    if (piece.kind === 'call') {
      calls.call(piece.tool.callId, { name: piece.tool.name, kind: 'other' }, base.timestamp);
      events.push({ ...base, type: 'tool_call', role: 'assistant', tool: piece.tool });
      return;
    }
    const { elapsedMs } = calls.answer(piece.tool.callId, base.timestamp);
    if (elapsedMs !== undefined) piece.tool.durationMs = elapsedMs;
    const { model: _model, usage: _usage, ...resultBase } = base;
    events.push({ ...resultBase, type: 'tool_result', role: 'tool', tool: piece.tool, meta: { kind: 'code-execution', outcome: piece.outcome ?? null } } as DraftEvent);
  });
  return events;
}
