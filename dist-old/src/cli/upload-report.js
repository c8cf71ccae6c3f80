/**
 * What `atx upload` and `atx outbox flush` say about each transcript, and the exit code the
 * run ends with: one line per transcript on stderr, delivered ids on stdout, or one JSON object
 * on stdout with --json.
 */
import { ExitCode } from '../errors.js';
import { formatRuleCounts } from './summary.js';
export function planOf(prepared) {
    const { input: _input, transcriptId: _id, gzipped: _body, ...rest } = prepared;
    return rest;
}
export function summarize(items) {
    const count = (outcome) => items.filter((item) => item.outcome === outcome).length;
    return { stored: count('stored'), replayed: count('replayed'), refused: count('refused'), queued: count('queued'), failed: count('failed'), planned: count('planned'), items };
}
/**
 * 0 when everything asked for happened; 4 when the server refused something or it is left
 * queued after retries (unless queueing was what was asked); when inputs could not be read,
 * 1 if others were, else their own code (3, or 2), as for every batch.
 */
export function exitCodeFor(summary, options) {
    const failed = summary.items.filter((item) => item.outcome === 'failed');
    const inputCodes = failed.length === 0 ? [] : failed.length < summary.items.length ? [ExitCode.partial]
        : failed.map((item) => item.exitCode ?? ExitCode.invalidInput);
    const network = summary.refused > 0 || (summary.queued > 0 && !options.queueWanted) ? [ExitCode.network] : [];
    return Math.max(ExitCode.ok, ...inputCodes, ...network);
}
const LABELS = {
    stored: 'stored', replayed: 'already stored', refused: 'refused', queued: 'queued', failed: 'failed', planned: 'would send',
};
export function itemLine(item, colors) {
    const paint = item.outcome === 'stored' || item.outcome === 'replayed' ? colors.green
        : item.outcome === 'queued' || item.outcome === 'planned' ? colors.yellow : colors.red;
    const id = item.transcriptId ?? '-';
    const tries = item.attempts !== undefined && item.attempts > 1 ? ` after ${item.attempts} attempts` : '';
    const status = item.status !== undefined ? ` (${item.status}${tries})` : tries ? ` (${tries.trim()})` : '';
    return `${paint(LABELS[item.outcome])} ${id} ${item.input}${status}${item.message ? `: ${item.message}` : ''}`;
}
export function planLines(item) {
    const plan = item.plan;
    if (!plan)
        return '';
    const types = Object.entries(plan.eventsByType).sort(([, a], [, b]) => b - a).map(([type, n]) => `${type} ${n}`).join(', ');
    return [
        `${item.input}`,
        `  transcriptId  ${item.transcriptId}`,
        `  profile       ${plan.profile}`,
        `  size          ${plan.rawBytes.toLocaleString('en-US')} bytes JSON, ${plan.gzipBytes.toLocaleString('en-US')} gzipped`,
        `  events        ${plan.eventCount}${types ? ` (${types})` : ''}`,
        `  redactions    ${plan.redactionCount}${formatRuleCounts(new Map(Object.entries(plan.redactionsByRule)))}`,
        '',
    ].join('\n');
}
export function summaryLine(summary) {
    if (summary.items.length === 0)
        return 'nothing to send: no transcript was given and the outbox is empty';
    if (summary.planned > 0 && summary.stored + summary.replayed + summary.refused + summary.queued === 0) {
        return `dry run: ${summary.planned} transcript(s) would be sent, nothing was sent${summary.failed ? `; ${summary.failed} input(s) failed` : ''}`;
    }
    return `${summary.stored} stored, ${summary.replayed} already stored, ${summary.refused} refused, ${summary.queued} queued` +
        (summary.failed ? `, ${summary.failed} input(s) failed` : '');
}
//# sourceMappingURL=upload-report.js.map