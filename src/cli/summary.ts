/** The per-session summary printed on stderr: counts per native record type, mapped / skipped / unknown. */
import { newerReleaseWarning } from '../../adapters/shared/versions.js';
import type { AtxError } from '../errors.js';
import type { Batch } from './batch.js';
import type { UnitResult } from '../input/produce.js';
import type { Colors } from './io.js';

/** A session written by a newer agent release than its adapter knows, not read whole: says so, naming both versions. */
export function releaseWarning(result: Pick<UnitResult, 'adapter' | 'header' | 'recordTypes'>): string | undefined {
  if (!result.adapter) return undefined;
  const unknownTypes = new Map([...result.recordTypes].filter(([, counts]) => counts.unknown > 0).map(([type, counts]) => [type, counts.unknown]));
  return newerReleaseWarning(result.adapter, result.header.source.agentVersion, unknownTypes);
}

/** The warning line of `releaseWarning`, or nothing. */
export function formatReleaseWarning(result: Pick<UnitResult, 'input' | 'adapter' | 'header' | 'recordTypes'>, colors: Colors): string {
  const warning = releaseWarning(result);
  return warning ? `${colors.dim('atx:')} ${result.input}: ${colors.yellow(`warning: ${warning}`)}\n` : '';
}

export function formatSummary(result: Pick<UnitResult, 'input' | 'adapter' | 'header' | 'recordTypes'>, colors: Colors, quiet: boolean): string {
  const { metrics, source } = result.header;
  const unparsed = metrics.unparsedCount ?? 0;
  const { privacy } = result.header;
  const redacted = privacy.profile === 'none' ? '' : `; profile ${privacy.profile}: ${privacy.redactionCount} redaction(s)${formatRuleCounts(new Map(Object.entries(privacy.redactionsByRule ?? {})))}`;
  const headline = `${colors.dim('atx:')} ${result.input}: ${metrics.eventCount} events from ${source.format ?? source.adapter}` +
    (unparsed > 0 ? `, ${colors.yellow(`${unparsed} unparsed`)}` : ', 0 unparsed') + redacted + '\n';
  const warning = formatReleaseWarning(result, colors);
  if (quiet || result.recordTypes.size === 0) return (quiet && unparsed === 0 ? '' : headline) + warning;
  const rows = [...result.recordTypes.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(11, ...rows.map(([type]) => type.length));
  const lines = [`    ${'record type'.padEnd(width)}  mapped  skipped  unknown`];
  for (const [type, counts] of rows) {
    const unknown = String(counts.unknown).padStart(7);
    lines.push(`    ${type.padEnd(width)}  ${String(counts.mapped).padStart(6)}  ${String(counts.skipped).padStart(7)}  ${counts.unknown > 0 ? colors.yellow(unknown) : unknown}`);
  }
  return `${headline}${lines.join('\n')}\n${warning}`;
}

/** `inputs`: the input each failure was reported for (see Batch.failedInputs) */
export function summaryJson(results: readonly (UnitResult & { output?: string })[], failures: readonly AtxError[], inputs: readonly string[] = []): object {
  return {
    sessions: results.map((result) => ({
      input: result.input,
      kind: result.kind,
      ...(result.output !== undefined ? { output: result.output } : {}),
      adapter: result.header.source.adapter,
      format: result.header.source.format ?? null,
      transcriptId: result.header.transcriptId,
      eventCount: result.header.metrics.eventCount,
      unparsedCount: result.header.metrics.unparsedCount ?? 0,
      profile: result.header.privacy.profile,
      redactionCount: result.header.privacy.redactionCount,
      redactionsByRule: result.header.privacy.redactionsByRule ?? {},
      recordTypes: Object.fromEntries(result.recordTypes),
      ...warningField(result),
    })),
    errors: failures.map((failure, index) => ({
      ...(inputs[index] !== undefined ? { input: inputs[index] } : {}),
      exitCode: failure.exitCode, code: failure.code, message: failure.message,
    })),
  };
}

/**
 * `atx run --json`: the one object on stderr (stdout is the agent's), convert's summary of the
 * session saved (none when it could not be converted, its error in `errors`) and the agent's exit.
 */
export function runSummaryJson(result: Omit<UnitResult, 'kind'> | undefined, output: string, failures: readonly AtxError[], agent: { command: string; exitCode: number }, exitCode: number): object {
  return { ...summaryJson(result ? [{ ...result, kind: 'native', output }] : [], failures), agent, exitCode };
}

function warningField(result: UnitResult): { warning?: string } {
  const warning = releaseWarning(result);
  return warning ? { warning } : {};
}

/** ` (rule-a 3, rule-b 1)`, or nothing when there are no redactions. */
export function formatRuleCounts(counts: ReadonlyMap<string, number>): string {
  if (counts.size === 0) return '';
  return ` (${[...counts].sort(([, a], [, b]) => b - a).map(([rule, n]) => `${rule} ${n}`).join(', ')})`;
}

/** `200 sessions → out/ in 3.1 s: 198 converted, 2 skipped, 14 redactions`: a batch's one closing line. */
export function totalsLine(results: readonly Pick<UnitResult, 'header'>[], batch: Pick<Batch, 'done' | 'failed'>, verb: string, destination: string | undefined, ms: number): string {
  const total = batch.done + batch.failed.length;
  const redactions = results.reduce((sum, result) => sum + result.header.privacy.redactionCount, 0);
  const where = destination === undefined ? '' : ` → ${destination}`;
  return `${total} session${total === 1 ? '' : 's'}${where} in ${(ms / 1000).toFixed(1)} s: ${batch.done} ${verb}, ${batch.failed.length} skipped, ${redactions} redaction${redactions === 1 ? '' : 's'}`;
}
