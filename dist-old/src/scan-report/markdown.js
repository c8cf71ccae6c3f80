const TYPE_NAME = { secret: 'secret', pii: 'personal data' };
export function markdownReport(report) {
    const scanned = plural(report.inputs, 'input');
    const notes = [
        `Profile \`${report.profile}\`${report.looksForPii ? '' : ' (secrets only: it does not look for personal data)'}.`,
        ...(report.skipped > 0 ? [`${plural(report.skipped, 'input')} could not be read.`] : []),
        ...(report.count > report.findings.length ? [`The tables count the first ${report.findings.length} of ${report.count} findings.`] : []),
    ];
    if (report.count === 0) {
        const none = report.looksForPii ? 'No secrets or personal data' : 'No secrets';
        return [`## atx scan: no findings in ${scanned}`, '', `${none} found in ${scanned}.`, '', notes.join(' '), ''].join('\n');
    }
    const secrets = report.findings.filter((f) => f.type === 'secret').length;
    const byType = [`${plural(secrets, 'secret')}`, ...(report.looksForPii ? [`${report.findings.length - secrets} personal data`] : [])];
    return [
        `## atx scan: ${plural(report.count, 'finding')} in ${scanned} (${byType.join(', ')})`,
        '',
        notes.join(' '),
        '',
        ...ruleTable(report),
        '',
        ...inputTable(report.findings),
        '',
        'Values are never shown: run `atx scan` locally for the event and field of each finding.',
        '',
    ].join('\n');
}
function ruleTable(report) {
    const rows = [...groupBy(report.findings, (f) => f.ruleId)]
        .sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b))
        .map(([ruleId, found]) => {
        const inputs = new Set(found.map((f) => f.input)).size;
        return `| ${code(ruleId)} | ${report.describeRule(ruleId).family} | ${TYPE_NAME[found[0].type]} | ${found.length} | ${inputs} |`;
    });
    return ['| Rule | Family | Type | Findings | Inputs |', '| --- | --- | --- | ---: | ---: |', ...rows];
}
function inputTable(findings) {
    const rows = [...groupBy(findings, (f) => f.input)].map(([input, found]) => `| ${code(input)} | ${found.length} |`);
    return ['| Input | Findings |', '| --- | ---: |', ...rows];
}
/** The items grouped by a key, in first-seen order. */
function groupBy(items, key) {
    const groups = new Map();
    for (const item of items) {
        const name = key(item);
        const group = groups.get(name);
        if (group)
            group.push(item);
        else
            groups.set(name, [item]);
    }
    return groups;
}
function plural(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
/** Inline code that survives a table cell: pipes escaped, a longer fence around backticks. */
function code(text) {
    const cell = text.replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
    return cell.includes('`') ? `\`\` ${cell} \`\`` : `\`${cell}\``;
}
//# sourceMappingURL=markdown.js.map