import { Option } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import { rulesFor } from '../../../redaction/index.js';
import { ExitCode, } from '../../errors.js';
import { produceUnit } from '../../input/produce.js';
import { resolveSources, unitsOf } from '../../input/reader.js';
import { ruleDescriber, SCAN_FORMATS } from '../../scan-report/index.js';
import { documentSink } from '../../sinks/transcript-sinks.js';
import { Batch } from '../batch.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { inputsOrStdin } from '../input-text.js';
import { colorsFor, contextFor, Reporter } from '../io.js';
import { addRedactionOptions, redactionSetup } from '../redaction-options.js';
import { quietSummaryOption } from '../shared-options.js';
const MAX_LISTED = 10_000;
export function scanCommand(io, setExit) {
    const command = describedCommand('scan', 'list secrets and personal data in native logs or Transcripts, writing nothing', `
Report what a profile would redact (rule, field, location; never the secret itself) in native
agent logs (files, folders, -) or in Transcripts. Content policy is not applied: every field
is scanned. Findings go to stdout, one per line (or one JSON object with --json, SARIF 2.1.0 for
code scanning with --format sarif, a Markdown summary for a CI comment with --format markdown).`)
        .argument('[inputs...]', 'native logs, Transcripts, folders, or - for stdin')
        .option('--fail-on-findings', 'exit 1 when anything is found (for CI)')
        .addOption(new Option('--format <format>', 'text (one finding per line, the default), json, sarif or markdown').choices(Object.keys(SCAN_FORMATS)))
        .addOption(new Option('--json', 'print the findings as one JSON object (same as --format json)').conflicts('format'))
        .addOption(quietSummaryOption());
    return addRedactionOptions(command)
        .addHelpText('after', `
The default profile (standard) looks for secrets; --profile research adds personal data.

Examples:
  atx scan ~/.claude/projects --fail-on-findings
  atx scan transcript.json --profile research --json
  atx scan ~/.claude/projects --format sarif > atx.sarif`)
        .addHelpText('after', commandHelp({
        exitCodes: ['0 nothing found (or found without --fail-on-findings)', '1 findings with --fail-on-findings, or some inputs could not be read (each is named)', '2 usage', '3 nothing could be read', '5 internal error'],
        environment: ['ATX_CONFIG', 'ATX_KEY', 'TMPDIR'],
    }))
        .action(async (inputs, flags) => {
        setExit(await runScan(io, inputs, flags));
    });
}
async function runScan(io, inputs, flags) {
    inputs = inputsOrStdin(io, inputs, 'give files or folders, or pipe a log into "atx scan -"');
    const context = contextFor(io);
    // Scanning looks at everything: no content policy, and anonymized paths are not findings.
    const everything = (profile) => ({
        ...profile, anonymize: false, toolOutput: 'full', includeFileContents: true, includeReasoning: true, includeAttachments: true,
    });
    const setup = await redactionSetup(io, flags, context, everything);
    const findings = [];
    let total = 0;
    const record = (finding) => {
        total += 1;
        if (findings.length < MAX_LISTED)
            findings.push(finding);
    };
    const format = flags.json ? 'json' : flags.format ?? 'text';
    const reporter = new Reporter(io, colorsFor(io), flags.quiet, format === 'json');
    const batch = new Batch(reporter);
    const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
    batch.walked(notes);
    const options = { adapters: ADAPTERS, context, idFromContent: false };
    for (const source of sources) {
        for await (const unit of unitsOf(source, options)) {
            // a Transcript read as a stream is found invalid only at its end: its findings count only then
            const found = { listed: [], count: 0 };
            try {
                // the events are spooled (and dropped at the end) so that a secret recognised late is
                // counted in earlier events too, as `convert` would remove it there
                await produceUnit(unit, () => documentSink(discardingOutput, 'line'), {
                    ...options,
                    transform: () => collecting(setup.makeTransform(), unit.name, (finding) => {
                        found.count += 1;
                        if (found.listed.length < MAX_LISTED)
                            found.listed.push(finding);
                    }),
                });
                for (const finding of found.listed)
                    record(finding);
                total += found.count - found.listed.length;
                batch.success();
            }
            catch (error) {
                if (unit.kind === 'native')
                    await unit.opened.items.return(undefined);
                batch.failure(unit.name, error);
            }
        }
    }
    io.stdout.write(SCAN_FORMATS[format]({
        profile: setup.profile.name, inputs: batch.done, skipped: batch.failed.length, count: total, findings,
        looksForPii: setup.profile.pii, cwd: process.cwd(), describeRule: ruleDescriber(rulesFor(setup.profile)),
    }));
    if (format !== 'json' && total > findings.length)
        reporter.info(`${total - findings.length} more finding(s) not listed`);
    batch.close('input(s)');
    if (batch.done > 0) {
        const skipped = batch.failed.length > 0 ? `; ${batch.failed.length} input(s) could not be read` : '';
        reporter.info(`${total} finding(s) in ${batch.done} input(s) with profile ${setup.profile.name}${skipped}`);
    }
    const readCode = batch.exitCode();
    if (readCode !== ExitCode.ok)
        return readCode;
    return flags.failOnFindings && total > 0 ? ExitCode.partial : ExitCode.ok;
}
function collecting(redactor, input, record) {
    return {
        reserveExisting: (text) => redactor.reserveExisting(text),
        environment: (environment) => redactor.environment(environment),
        get revisitBefore() {
            return redactor.revisitBefore;
        },
        revisit(event) {
            const out = redactor.revisit(event);
            for (const receipt of (out?.redactions ?? []).slice(event.redactions?.length ?? 0)) {
                record({ input, event: event.id, seq: event.seq, field: receipt.field, ruleId: receipt.ruleId, type: receipt.type });
            }
            return out;
        },
        event(event, origin) {
            const before = event.redactions?.length ?? 0;
            const out = redactor.event(event);
            for (const receipt of (out.redactions ?? []).slice(before)) {
                record({ input, ...(origin ? { file: origin.file, line: origin.line } : {}), event: event.id, seq: event.seq, field: receipt.field, ruleId: receipt.ruleId, type: receipt.type });
            }
            return out;
        },
        header(header) {
            const out = redactor.header(header);
            for (const receipt of out.privacy.sessionRedactions ?? []) {
                record({ input, event: null, seq: null, field: receipt.field, ruleId: receipt.ruleId, type: receipt.type });
            }
            return out;
        },
    };
}
const discardingOutput = {
    write: () => undefined,
    commit: async () => { },
    abort: async () => { },
};
//# sourceMappingURL=scan.js.map