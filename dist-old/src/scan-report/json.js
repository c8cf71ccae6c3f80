/** One JSON object: the totals and the findings listed. */
export function jsonReport(report) {
    const { profile, inputs, skipped, count, findings } = report;
    return `${JSON.stringify({ profile, inputs, skipped, count, findings })}\n`;
}
//# sourceMappingURL=json.js.map