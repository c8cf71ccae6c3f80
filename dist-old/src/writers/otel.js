import { resourceAttributes } from './otel-attributes.js';
import { scanTimeline } from './otel-scan.js';
import { TraceBuilder } from './otel-trace.js';
import { attributeList, RequestLines } from './otlp-json.js';
/** the instrumentation scope named in every line */
export const OTEL_SCOPE = 'agent-transcript';
export function otelDocument(options) {
    const content = options.otelContent === true;
    return async (header, spool, output) => {
        const timeline = await scanTimeline(spool.events());
        const lines = new RequestLines((bytes) => output.write(bytes), attributeList(resourceAttributes(header, content)), OTEL_SCOPE);
        const trace = new TraceBuilder({ header, timeline, content, emit: (span) => lines.add(span) });
        await trace.begin();
        for await (const event of spool.events())
            await trace.add(event);
        await trace.end();
        await lines.end();
    };
}
export const otel = {
    format: 'otel',
    summary: 'OpenTelemetry GenAI spans, as OTLP JSON lines (message content only with --otel-content)',
    extension: '.otlp.json',
    several: 'append',
    writer: otelDocument,
};
//# sourceMappingURL=otel.js.map