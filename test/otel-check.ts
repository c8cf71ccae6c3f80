/**
 * What the OpenTelemetry tests share: OTLP JSON lines read back into spans, and the structural
 * check every export must pass (ids, parents, times, the attributes the conventions require).
 */
import { expect } from 'vitest';
import type { OtlpSpan } from '../src/writers/otlp-json.js';

export interface AnyValueJson {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values: AnyValueJson[] };
  kvlistValue?: { values: Array<{ key: string; value: AnyValueJson }> };
}

/** A span as read back: as written, with attribute values open to look at */
export type SpanJson = Omit<OtlpSpan, 'attributes'> & { attributes: Array<{ key: string; value: AnyValueJson }> };

export interface RequestJson {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: AnyValueJson }> };
    scopeSpans: Array<{ scope: { name: string }; spans: SpanJson[] }>;
  }>;
}

export function requestsOf(text: string): RequestJson[] {
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as RequestJson);
}

export const spansOf = (requests: readonly RequestJson[]): SpanJson[] =>
  requests.flatMap((r) => r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));

/** An attribute's value as plain JSON (numbers for ints), or undefined when the span lacks it. */
export function attr(span: Pick<SpanJson, 'attributes'>, key: string): string | number | boolean | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}

const operationOf = (span: SpanJson) => attr(span, 'gen_ai.operation.name');

/** Problems with an attribute value: exactly one kind, ints as decimal strings. */
function valueProblems(value: AnyValueJson, where: string): string[] {
  const kinds = Object.keys(value);
  if (kinds.length !== 1) return [`${where}: ${kinds.length} value kinds`];
  if (value.intValue !== undefined && !/^-?\d+$/.test(value.intValue)) return [`${where}: intValue ${value.intValue}`];
  const items = [...(value.arrayValue?.values ?? []), ...(value.kvlistValue?.values.map((kv) => kv.value) ?? [])];
  return items.flatMap((item) => valueProblems(item, where));
}

const HEX_TRACE_ID = /^(?!0+$)[0-9a-f]{32}$/;
const HEX_SPAN_ID = /^(?!0+$)[0-9a-f]{16}$/;
const NANOS = /^\d+$/;

/** Problems with one span, given the ids of every span of its trace. */
function spanProblems(span: SpanJson, ids: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const note = (ok: boolean, what: string) => { if (!ok) problems.push(`${span.name} ${span.spanId}: ${what}`); };
  note(HEX_SPAN_ID.test(span.spanId), 'span id is not 16 hex digits');
  note(span.parentSpanId === undefined || ids.has(span.parentSpanId), `parent ${span.parentSpanId} is not in the trace`);
  note(NANOS.test(span.startTimeUnixNano) && NANOS.test(span.endTimeUnixNano), 'times are not unix nanos');
  note(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano), 'ends before it starts');
  note(span.kind === 1 || span.kind === 3, `kind ${span.kind}`);
  for (const kv of span.attributes) problems.push(...valueProblems(kv.value, `${span.name} ${kv.key}`));
  const operation = operationOf(span);
  note(operation === 'invoke_agent' || operation === 'chat' || operation === 'execute_tool', `operation ${operation}`);
  note(span.name.split(' ')[0] === operation, 'name does not begin with the operation');
  if (operation === 'invoke_agent') note(typeof attr(span, 'gen_ai.agent.name') === 'string', 'no gen_ai.agent.name');
  if (operation === 'execute_tool') {
    note(span.name === `execute_tool ${attr(span, 'gen_ai.tool.name')}`, 'name is not execute_tool {gen_ai.tool.name}');
    const failed = ['error', 'denied', 'timeout'].includes(String(attr(span, 'atx.tool.status')));
    note((span.status?.code ?? 0) === (failed ? 2 : 0), `status ${span.status?.code} for ${attr(span, 'atx.tool.status')}`);
    note((attr(span, 'error.type') !== undefined) === failed, 'error.type and the status disagree');
  }
  return problems;
}

/**
 * One session's export: every line a complete request with the same resource, one trace, one
 * root, unique hex ids, every parent present, times as unix nanos with end ≥ start, and the
 * attributes the GenAI conventions require of each kind of span.
 */
export function expectValidOtlp(text: string): SpanJson[] {
  const requests = requestsOf(text);
  const resource = JSON.stringify(requests[0]!.resourceSpans[0]!.resource);
  const problems: string[] = [];
  for (const [line, request] of requests.entries()) {
    if (request.resourceSpans.length !== 1) problems.push(`line ${line + 1}: ${request.resourceSpans.length} resources`);
    if (JSON.stringify(request.resourceSpans[0]!.resource) !== resource) problems.push(`line ${line + 1}: another resource`);
    if (request.resourceSpans[0]!.scopeSpans[0]!.spans.length === 0) problems.push(`line ${line + 1}: no spans`);
  }
  for (const kv of requests[0]!.resourceSpans[0]!.resource.attributes) problems.push(...valueProblems(kv.value, `resource ${kv.key}`));
  const spans = spansOf(requests);
  const ids = new Set(spans.map((s) => s.spanId));
  if (ids.size !== spans.length) problems.push('span ids repeat');
  const traceIds = new Set(spans.map((s) => s.traceId));
  if (traceIds.size !== 1 || !HEX_TRACE_ID.test([...traceIds][0]!)) problems.push(`trace ids: ${[...traceIds].join(', ')}`);
  const roots = spans.filter((s) => s.parentSpanId === undefined).length;
  if (roots !== 1) problems.push(`${roots} root spans`);
  for (const span of spans) problems.push(...spanProblems(span, ids));
  expect(problems).toEqual([]);
  return spans;
}

export const spansWith = (spans: readonly SpanJson[], operation: string): SpanJson[] => spans.filter((s) => operationOf(s) === operation);

/** A token attribute summed over spans (absent counts as 0). */
export const sumOf = (spans: readonly SpanJson[], key: string): number => spans.reduce((sum, s) => sum + Number(attr(s, key) ?? 0), 0);
