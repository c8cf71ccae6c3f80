/**
 * SARIF 2.1.0 (OASIS), for GitHub code scanning and other SARIF readers: one run, one result per
 * finding. Secrets are `error`, personal data `warning`. A result names the rule, the field and
 * the event, never the value: the scan kept none.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageVersion } from '../version.js';
const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://agent-transcript.dev';
const FINGERPRINT = 'atxFinding/v1';
const LEVEL = { secret: 'error', pii: 'warning' };
const WHAT = { secret: 'A secret', pii: 'Personal data' };
export function sarifReport(report) {
    const ruleIds = [...new Set(report.findings.map((f) => f.ruleId))].sort();
    const rules = ruleIds.map((id) => {
        const type = report.findings.find((f) => f.ruleId === id).type;
        const { family, summary } = report.describeRule(id);
        return {
            id,
            shortDescription: { text: summary },
            defaultConfiguration: { level: LEVEL[type] },
            properties: { family, tags: ['security', type] },
        };
    });
    const fingerprints = new Fingerprints();
    const results = report.findings.map((finding) => ({
        ruleId: finding.ruleId,
        ruleIndex: ruleIds.indexOf(finding.ruleId),
        level: LEVEL[finding.type],
        message: { text: messageOf(finding, report.describeRule(finding.ruleId).summary) },
        locations: [locationOf(finding, report.cwd)],
        partialFingerprints: { [FINGERPRINT]: fingerprints.next(finding, artifactUri(finding.input, report.cwd)) },
    }));
    const { profile, inputs, skipped, count } = report;
    const log = {
        $schema: SARIF_SCHEMA,
        version: '2.1.0',
        runs: [{
                tool: { driver: { name: 'atx', version: packageVersion(), informationUri: INFORMATION_URI, rules } },
                results,
                properties: { profile, inputs, skipped, count, listed: report.findings.length },
            }],
    };
    return `${JSON.stringify(log, null, 2)}\n`;
}
function messageOf(finding, summary) {
    const where = finding.event === null ? 'the session header' : `event ${finding.event} (seq ${finding.seq})`;
    return `${WHAT[finding.type]} matching rule ${finding.ruleId} (${summary}) in field ${finding.field} of ${where}.`;
}
/**
 * The native file and line when the pipeline knows them (a native log; for an event a converter
 * holds back, the line that released it), else the input alone; the event and field always.
 */
function locationOf(finding, cwd) {
    const file = finding.file ?? finding.input;
    const region = finding.file !== undefined && finding.line !== undefined ? { region: { startLine: finding.line } } : {};
    const event = finding.event ?? 'header';
    return {
        physicalLocation: { artifactLocation: { uri: artifactUri(file, cwd) }, ...region },
        logicalLocations: [{ name: finding.field, fullyQualifiedName: `${event}.${finding.field}`, kind: 'property', properties: { event: finding.event, seq: finding.seq } }],
    };
}
/** Relative to the working folder when the file is below it (as code scanning wants), else a file: URL. */
export function artifactUri(path, cwd) {
    const absolute = resolve(cwd, path);
    const below = relative(cwd, absolute);
    if (below !== '' && below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below)) {
        return below.split(sep).map(encodeURIComponent).join('/');
    }
    return pathToFileURL(absolute).href;
}
/**
 * A hash of rule, input, event and field (never of the value): the same finding keeps its
 * fingerprint from run to run. A second finding of one rule in one field gets its number added.
 */
class Fingerprints {
    seen = new Map();
    next(finding, input) {
        const key = JSON.stringify([finding.ruleId, input, finding.event, finding.field]);
        const occurrence = (this.seen.get(key) ?? 0) + 1;
        this.seen.set(key, occurrence);
        return createHash('sha256').update(occurrence === 1 ? key : `${key}#${occurrence}`).digest('hex');
    }
}
//# sourceMappingURL=sarif.js.map