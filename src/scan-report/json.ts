import type { ScanReport } from './report.js';

/** One JSON object: the totals and the findings listed. */
export function jsonReport(report: ScanReport): string {
  const { profile, inputs, skipped, count, findings } = report;
  return `${JSON.stringify({ profile, inputs, skipped, count, findings })}\n`;
}
