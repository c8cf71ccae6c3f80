/**
 * `--format otel`: each session as one OpenTelemetry trace in OTLP/JSON, following the GenAI
 * semantic conventions (otel-trace.ts says which spans). The output is OTLP JSON lines: every line
 * one `ExportTraceServiceRequest`, the lines of one session after another, so a file of several
 * sessions is read line by line, and `--otlp-endpoint` posts each line as it is.
 *
 * The spool is read twice: once for the times (when each subagent ended, which a tool span that
 * started it must cover), once to write the spans.
 */
import type { FinishFromSpool } from '../sinks/transcript-sinks.js';
import { resourceAttributes } from './otel-attributes.js';
import { scanTimeline } from './otel-scan.js';
import { TraceBuilder } from './otel-trace.js';
import { attributeList, RequestLines } from './otlp-json.js';
import type { WriterOptions } from './types.js';

/** the instrumentation scope named in every line */
export const OTEL_SCOPE = 'agent-transcript';

export function otelDocument(options: WriterOptions): FinishFromSpool {
  const content = options.otelContent === true;
  return async (header, spool, output) => {
    const timeline = await scanTimeline(spool.events());
    const lines = new RequestLines((bytes) => output.write(bytes), attributeList(resourceAttributes(header, content)), OTEL_SCOPE);
    const trace = new TraceBuilder({ header, timeline, content, emit: (span) => lines.add(span) });
    await trace.begin();
    for await (const event of spool.events()) await trace.add(event);
    await trace.end();
    await lines.end();
  };
}

