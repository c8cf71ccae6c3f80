import { usageError } from '../errors.js';
import { otelDocument } from '../writers/otel.js';
import { otlpOutput, otlpTarget } from '../writers/otlp-send.js';
const collect = (value, previous = []) => [...previous, value];
export function addOtlpOptions(command) {
    return command
        .option('--otlp-endpoint <url>', 'send the sessions as OpenTelemetry spans (OTLP/JSON over HTTP) to this receiver instead of writing them; a URL without a path gets /v1/traces')
        .option('--otlp-header <name=value>', 'a header for --otlp-endpoint, e.g. an API key (repeatable)', collect);
}
/** Checked with the other start-up checks, before any input is read. */
export function otlpDestinationOf(flags) {
    if (!flags.otlpEndpoint) {
        if (flags.otlpHeader?.length)
            throw usageError('--otlp-header goes with --otlp-endpoint');
        return undefined;
    }
    if (flags.out)
        throw usageError('--otlp-endpoint sends the spans instead of writing them: leave out -o (or write them with --format otel -o <file>)');
    if (flags.stream)
        throw usageError('--otlp-endpoint sends each session once it is complete: leave out --stream');
    if (flags.format !== undefined && flags.format !== 'otel')
        throw usageError(`--otlp-endpoint sends OpenTelemetry spans: leave out --format ${flags.format}`);
    const target = otlpTarget(flags.otlpEndpoint, flags.otlpHeader ?? []);
    return { output: () => otlpOutput(target), finish: otelDocument({ otelContent: flags.otelContent === true }) };
}
//# sourceMappingURL=otlp-options.js.map