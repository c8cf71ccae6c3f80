/**
 * `atx convert --otlp-endpoint URL [--otlp-header name=value]...`: the sessions go to an OTLP/HTTP
 * receiver as OpenTelemetry spans (the otel writer's output) instead of to stdout or a file.
 */
import type { Command } from 'commander';
import { usageError } from '../errors.js';
import type { Output } from '../sinks/output.js';
import type { FinishFromSpool } from '../sinks/transcript-sinks.js';
import { otelDocument } from '../writers/otel.js';

export interface OtlpFlags {
  otlpEndpoint?: string;
  otlpHeader?: string[];
  /** `--otel-content` (declared with the other writer options) */
  otelContent?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function addOtlpOptions(command: Command): Command {
  return command
    .option('--otlp-endpoint <url>', 'send the sessions as OpenTelemetry spans (OTLP/JSON over HTTP) to this receiver instead of writing them; a URL without a path gets /v1/traces')
    .option('--otlp-header <name=value>', 'a header for --otlp-endpoint, e.g. an API key (repeatable)', collect);
}

/** Where the spans go and how a session becomes them; undefined when --otlp-endpoint is not given. */
export interface OtlpDestination {
  output(): Output;
  finish: FinishFromSpool;
}

/**
 * Checked with the other start-up checks, before any input is read. The sender (and the API
 * contract's schemas it loads) is loaded only for a run that sends.
 */
export async function otlpDestinationOf(flags: OtlpFlags & { out?: string; stream?: boolean; format?: string }): Promise<OtlpDestination | undefined> {
  if (!flags.otlpEndpoint) {
    if (flags.otlpHeader?.length) throw usageError('--otlp-header goes with --otlp-endpoint');
    return undefined;
  }
  if (flags.out) throw usageError('--otlp-endpoint sends the spans instead of writing them: leave out -o (or write them with --format otel -o <file>)');
  if (flags.stream) throw usageError('--otlp-endpoint sends each session once it is complete: leave out --stream');
  if (flags.format !== undefined && flags.format !== 'otel') throw usageError(`--otlp-endpoint sends OpenTelemetry spans: leave out --format ${flags.format}`);
  const { otlpOutput, otlpTarget } = await import('../writers/otlp-send.js');
  const target = otlpTarget(flags.otlpEndpoint, flags.otlpHeader ?? []);
  return { output: () => otlpOutput(target), finish: otelDocument({ otelContent: flags.otelContent === true }) };
}
