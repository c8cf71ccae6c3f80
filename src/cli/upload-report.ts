/**
 * What `atx upload` and `atx outbox flush` say about each transcript, and the exit code the
 * run ends with: one line per transcript on stderr, delivered ids on stdout, or one JSON object
 * on stdout with --json.
 */
import { ExitCode } from '../errors.js';
import type { PreparedTranscript } from '../pipeline/prepare-upload.js';
import { formatRuleCounts } from './summary.js';
import { shownInputName } from './input-text.js';
import type { Colors } from './io.js';

export type Outcome = 'stored' | 'replayed' | 'refused' | 'queued' | 'failed' | 'planned';

export interface ItemReport {
  input: string;
  transcriptId: string | null;
  outcome: Outcome;
  status?: number;
  attempts?: number;
  message?: string;
  url?: string;
  /** the version the server stored, when it numbers versions */
  version?: number;
  /** the exit code a failure to prepare the input carries (2 usage, 3 invalid input) */
  exitCode?: number;
  plan?: Plan;
}

export type Plan = Omit<PreparedTranscript, 'input' | 'transcriptId' | 'gzipped'> & { gzipBytes: number };

export function planOf(prepared: PreparedTranscript): Plan {
  const { input: _input, transcriptId: _id, gzipped: _body, ...rest } = prepared;
  return rest;
}

export interface RunSummary {
  stored: number;
  replayed: number;
  refused: number;
  queued: number;
  failed: number;
  planned: number;
  items: ItemReport[];
}

export function summarize(items: ItemReport[]): RunSummary {
  const count = (outcome: Outcome) => items.filter((item) => item.outcome === outcome).length;
  return { stored: count('stored'), replayed: count('replayed'), refused: count('refused'), queued: count('queued'), failed: count('failed'), planned: count('planned'), items };
}

/**
 * 0 when everything asked for happened; 4 when the server refused something or it is left
 * queued after retries (unless queueing was what was asked); when inputs could not be read,
 * 1 if others were, else their own code (3, or 2), as for every batch.
 */
export function exitCodeFor(summary: RunSummary, options: { queueWanted: boolean }): number {
  const failed = summary.items.filter((item) => item.outcome === 'failed');
  const inputCodes = failed.length === 0 ? [] : failed.length < summary.items.length ? [ExitCode.partial]
    : failed.map((item) => item.exitCode ?? ExitCode.invalidInput);
  const network = summary.refused > 0 || (summary.queued > 0 && !options.queueWanted) ? [ExitCode.network] : [];
  return Math.max(ExitCode.ok, ...inputCodes, ...network);
}

const LABELS: Record<Outcome, string> = {
  stored: 'stored', replayed: 'already stored', refused: 'refused', queued: 'queued', failed: 'failed', planned: 'would send',
};

export function itemLine(item: ItemReport, colors: Colors): string {
  const paint = item.outcome === 'stored' || item.outcome === 'replayed' ? colors.green
    : item.outcome === 'queued' || item.outcome === 'planned' ? colors.yellow : colors.red;
  const tries = item.attempts !== undefined && item.attempts > 1 ? ` after ${item.attempts} attempts` : '';
  const status = item.status !== undefined ? ` (${item.status}${tries})` : tries ? ` (${tries.trim()})` : '';
  // an input that could not be read has no id, and its message already names it
  const input = shownInputName(item.input);
  const named = item.message !== undefined && item.transcriptId === null && status === '' && item.message.startsWith(`${input}: `);
  const subject = named ? '' : ` ${item.transcriptId ? `${item.transcriptId} ` : ''}${input}${status}`;
  return `${paint(LABELS[item.outcome])}${subject}${item.message ? `${named ? ' ' : ': '}${item.message}` : ''}`;
}

export function planLines(item: ItemReport): string {
  const plan = item.plan;
  if (!plan) return '';
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

export function summaryLine(summary: RunSummary): string {
  if (summary.items.length === 0) return 'nothing to send: no transcript was given and the outbox is empty';
  if (summary.planned > 0 && summary.stored + summary.replayed + summary.refused + summary.queued === 0) {
    return `dry run: ${summary.planned} transcript(s) would be sent, nothing was sent${summary.failed ? `; ${summary.failed} input(s) failed` : ''}`;
  }
  return `${summary.stored} stored, ${summary.replayed} already stored, ${summary.refused} refused, ${summary.queued} queued` +
    (summary.failed ? `, ${summary.failed} input(s) failed` : '');
}
