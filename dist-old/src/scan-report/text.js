/** One line per finding: place (file:line, or the input), event, field, rule, type; tab-separated. */
export function textReport(report) {
    return report.findings.map((f) => {
        const where = f.file !== undefined && f.line !== undefined ? `${f.file}:${f.line}` : f.input;
        return `${where}\t${f.event ?? 'header'}\t${f.field}\t${f.ruleId}\t${f.type}\n`;
    }).join('');
}
//# sourceMappingURL=text.js.map