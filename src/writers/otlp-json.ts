/**
 * OTLP/JSON, as far as atx writes it: attribute values, span ids and times, and the request lines
 * (one `ExportTraceServiceRequest` per line). In OTLP/JSON ids are lowercase hex (not base64),
 * 64-bit integers are decimal strings, enums are their numbers, and field names are lowerCamelCase.
 */
import { createHash } from 'node:crypto';
import { ByteBatch } from '../sinks/byte-batch.js';

export type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } }
  | { kvlistValue: { values: KeyValue[] } };

export interface KeyValue {
  key: string;
  value: AnyValue;
}

/** What an attribute may hold here; `undefined` (and an empty list) leaves the attribute out. */
export type AttributeValue = string | number | boolean | readonly string[] | ReadonlyMap<string, number> | undefined;

/** SpanKind and StatusCode of the OTLP trace proto. */
export const SPAN_KIND = { internal: 1, client: 3 } as const;
export const STATUS_CODE = { unset: 0, ok: 1, error: 2 } as const;

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: KeyValue[];
  status?: { code: number; message?: string };
}

function anyValue(value: Exclude<AttributeValue, undefined>): AnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (value instanceof Map) return { kvlistValue: { values: [...value].map(([key, n]) => ({ key, value: anyValue(n) })) } };
  return { arrayValue: { values: (value as readonly string[]).map((item) => ({ stringValue: item })) } };
}

/** The attributes in the order given, without the ones that have no value. */
export function attributeList(attributes: Readonly<Record<string, AttributeValue>>): KeyValue[] {
  const list: KeyValue[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    list.push({ key, value: anyValue(value) });
  }
  return list;
}

/**
 * Ids derived from the transcript id (and, for a span, what it stands for): the same Transcript
 * always gives the same trace, so sending it twice does not make a second one.
 */
function hashedHex(parts: readonly string[], hexLength: number): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, hexLength);
  // an all-zero id is invalid in OTLP; one hash in 2^64 would give it
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

export const traceIdOf = (transcriptId: string): string => hashedHex(['atx-trace', transcriptId], 32);
export const spanIdOf = (transcriptId: string, ...what: string[]): string => hashedHex(['atx-span', transcriptId, ...what], 16);

/** An RFC 3339 time as nanoseconds since the epoch (digits past the millisecond are kept). */
export function unixNanos(time: string): bigint | undefined {
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) return undefined;
  const fraction = /T[\d:]+\.(\d+)/.exec(time)?.[1] ?? '';
  const belowMs = fraction.length > 3 ? Number(fraction.slice(3, 9).padEnd(6, '0')) : 0;
  return BigInt(ms) * 1_000_000n + BigInt(belowMs);
}

/** a line (one request) stays under the 4 MiB a collector's gRPC receiver takes by default, with a span count backends take at once */
const MAX_SPANS_PER_LINE = 1000;
const MAX_LINE_BYTES = 3 * 1024 * 1024;

/**
 * Writes spans as OTLP JSON lines: each line one complete `ExportTraceServiceRequest` with the
 * session's resource and scope. A session with more spans than a line should hold continues on
 * the next line, so neither a file reader nor an endpoint ever needs the whole session at once.
 */
export class RequestLines {
  private readonly batch: ByteBatch;
  private readonly open: string;
  private spansOnLine = 0;
  private bytesOnLine = 0;

  constructor(write: (bytes: Buffer) => Promise<void> | undefined, resource: KeyValue[], scopeName: string) {
    this.batch = new ByteBatch(write);
    this.open = `{"resourceSpans":[{"resource":{"attributes":${JSON.stringify(resource)}},"scopeSpans":[{"scope":{"name":${JSON.stringify(scopeName)}},"spans":[`;
  }

  async add(span: OtlpSpan): Promise<void> {
    const text = JSON.stringify(span);
    const full = this.spansOnLine >= MAX_SPANS_PER_LINE || this.bytesOnLine + Buffer.byteLength(text) > MAX_LINE_BYTES;
    if (this.spansOnLine > 0 && full) await this.closeLine();
    const piece = this.spansOnLine === 0 ? this.open + text : `,${text}`;
    this.spansOnLine += 1;
    this.bytesOnLine += Buffer.byteLength(piece);
    await this.batch.add(piece);
  }

  /** Ends the last line and hands on what is gathered. */
  async end(): Promise<void> {
    if (this.spansOnLine > 0) await this.closeLine();
    await this.batch.flush();
  }

  private closeLine(): Promise<void> | undefined {
    this.spansOnLine = 0;
    this.bytesOnLine = 0;
    return this.batch.add(']}]}]}\n');
  }
}
