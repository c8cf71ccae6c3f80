import { type Command, Option } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import type { Profile, TranscriptRedactor } from '../../../redaction/index.js';
import { ExitCode, } from '../../errors.js';
import { produceUnit } from '../../input/produce.js';
import { resolveSources, unitsOf } from '../../input/reader.js';
import type { EventOrigin, EventTransform } from '../../pipeline/convert.js';
import type { ScanFinding, ScanFormat } from '../../scan-report/index.js';
import type { Output } from '../../sinks/output.js';
import { documentSink } from '../../sinks/transcript-sinks.js';
import type { TranscriptEvent } from '../../transcript/index.js';
import { Batch } from '../batch.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { inputsOrStdin } from '../input-text.js';
import { answerJson, colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { addRedactionOptions, redactionSetup, type RedactionFlags } from '../redaction-options.js';
import { quietSummaryOption } from '../shared-options.js';
import { batchProgressLine } from '../progress.js';

interface ScanFlags extends RedactionFlags {
  failOnFindings?: boolean;
  format?: ScanFormat;
  json?: boolean;
  quiet?: boolean;
}

const MAX_LISTED = 10_000;

/**
 * The --format choices, named here so that declaring the option (atx --help) loads no report
 * module: the reports describe rules, so they load the redaction engine. The type check below
 * fails when a format is added to SCAN_FORMATS and not here.
 */
const FORMAT_NAMES = ['text', 'json', 'sarif', 'markdown'] as const satisfies readonly ScanFormat[];
const everyFormatNamed: Exclude<ScanFormat, (typeof FORMAT_NAMES)[number]> extends never ? true : never = true;
void everyFormatNamed;

export function scanCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = describedCommand('scan', 'list secrets and personal data in native logs or Transcripts, writing nothing', `
Report what a profile would redact (rule, field, location; never the secret itself) in native
agent logs (files, folders, -) or in Transcripts. Content policy is not applied: every field
is scanned. Findings go to stdout, one per line (or one JSON object with --json, SARIF 2.1.0 for
code scanning with --format sarif, a Markdown summary for a CI comment with --format markdown).`)
    .argument('[inputs...]', 'native logs, Transcripts, folders, or - for stdin')
    .option('--fail-on-findings', 'exit 1 when anything is found (for CI)')
    .addOption(new Option('--format <format>', 'text (one finding per line, the default), json, sarif or markdown').choices(FORMAT_NAMES))
    .addOption(new Option('--json', 'print the findings as one JSON document, with the warnings and errors in it (--format json: the report alone)').conflicts('format'))
    .addOption(quietSummaryOption());
  return addRedactionOptions(command)
    .addHelpText('after', `
The default profile (standard) looks for secrets; --profile research adds personal data.

Examples:
  atx scan ~/.claude/projects --fail-on-findings
  atx scan transcript.json --profile research --json
  atx scan ~/.claude/projects --format sarif > atx.sarif`)
    .addHelpText('after', commandHelp({
      exitCodes: ['0 nothing found (or found without --fail-on-findings)', '1 findings with --fail-on-findings (or native lines it could not read, so could not scan), or some inputs could not be read (each is named)', '2 usage', '3 nothing could be read', '5 internal error'],
      environment: ['ATX_CONFIG', 'ATX_KEY', 'TMPDIR'],
    }))
    .action(async (inputs: string[], flags: ScanFlags) => {
      setExit(await runScan(io, inputs, flags));
    });
}

async function runScan(io: CliIO, inputs: string[], flags: ScanFlags): Promise<number> {
  inputs = inputsOrStdin(io, inputs, 'give files or folders, or pipe a log into "atx scan -"');
  const context = contextFor(io);
  // Scanning looks at everything: no content policy, and anonymized paths are not findings.
  const everything = (profile: Profile): Profile => ({
    ...profile, anonymize: false, toolOutput: 'full', includeFileContents: true, includeReasoning: true, includeAttachments: true,
  });
  const setup = await redactionSetup(io, flags, context, everything);
  const [{ rulesFor }, { ruleDescriber, SCAN_FORMATS }] = await Promise.all([import('../../../redaction/index.js'), import('../../scan-report/index.js')]);
  const findings: ScanFinding[] = [];
  let total = 0;
  const record = (finding: ScanFinding) => {
    total += 1;
    if (findings.length < MAX_LISTED) findings.push(finding);
  };
  const format: ScanFormat = flags.json ? 'json' : flags.format ?? 'text';
  const reporter = new Reporter(io, colorsFor(io), flags.quiet, format === 'json');
  const batch = new Batch(reporter);

  const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
  batch.walked(notes);
  const options = { adapters: ADAPTERS, context, idFromContent: false };
  let unscanned = 0;
  // a batch on a terminal shows one progress line (none for one input, none off a terminal)
  const progress = sources.length > 1 ? batchProgressLine(io, colorsFor(io), sources.length) : undefined;
  for (const source of sources) {
    let units = 0;
    for await (const unit of unitsOf(source, options)) {
      if (++units > 1) progress?.grew(1);
      // a Transcript read as a stream is found invalid only at its end: its findings count only then
      const found = { listed: [] as ScanFinding[], count: 0, unparsed: 0 };
      try {
        // the events are spooled (and dropped at the end) so that a secret recognised late is
        // counted in earlier events too, as `convert` would remove it there
        const { notes } = await produceUnit(unit, () => documentSink(discardingOutput, 'line'), {
          ...options,
          transform: () => collecting(setup.makeTransform(), unit.name, (finding) => {
            found.count += 1;
            if (found.listed.length < MAX_LISTED) found.listed.push(finding);
          }, (unparsed) => {
            found.unparsed = unparsed;
          }),
        });
        for (const finding of found.listed) record(finding);
        for (const note of notes) reporter.warn(note, { input: unit.name });
        total += found.count - found.listed.length;
        batch.success();
        progress?.finished(true);
        // the raw log may hold a secret on a line that could not be read: say it was not looked at
        if (unit.kind === 'native' && found.unparsed > 0) {
          unscanned += found.unparsed;
          reporter.warn(`${unit.name}: ${found.unparsed} native line(s) could not be read and were not scanned (atx convert names them)`, { input: unit.name });
        }
      } catch (error) {
        if (unit.kind === 'native') await unit.opened.items.return(undefined);
        batch.failure(unit.name, error);
        progress?.finished(false);
      }
    }
  }
  progress?.clear();

  const report = SCAN_FORMATS[format]({
    profile: setup.profile.name, inputs: batch.done, skipped: batch.failed.length, count: total, findings,
    looksForPii: setup.profile.pii, cwd: process.cwd(), describeRule: ruleDescriber(rulesFor(setup.profile)),
  });
  // --json: the report is the run's one answer, with the warnings and errors said on the way
  if (format === 'json' && io.answer) answerJson(io, JSON.parse(report) as object);
  else io.stdout.write(report);
  if (format !== 'json' && total > findings.length) reporter.info(`${total - findings.length} more finding(s) not listed`);
  batch.close('input(s)');
  if (batch.done > 0) {
    const skipped = batch.failed.length > 0 ? `; ${batch.failed.length} input(s) could not be read` : '';
    reporter.info(`${total} finding(s) in ${batch.done} input(s) with profile ${setup.profile.name}${skipped}`);
  }
  const readCode = batch.exitCode();
  if (readCode !== ExitCode.ok) return readCode;
  if (!flags.failOnFindings) return ExitCode.ok;
  // a gate must not pass a log it did not read whole: a line it could not read may hold a secret
  if (total === 0 && unscanned > 0) reporter.error(`${unscanned} native line(s) were not scanned (named above): --fail-on-findings cannot say they hold nothing`);
  if (total > 0 && io.answer) io.answer.fail({ code: 'findings', message: `${total} finding(s) (--fail-on-findings)` });
  return total > 0 || unscanned > 0 ? ExitCode.partial : ExitCode.ok;
}

function collecting(redactor: TranscriptRedactor, input: string, record: (finding: ScanFinding) => void, unparsed: (count: number) => void): EventTransform {
  return {
    reserveExisting: (text) => redactor.reserveExisting(text),
    environment: (environment) => redactor.environment(environment),
    get revisitBefore() {
      return redactor.revisitBefore;
    },
    revisit(event: TranscriptEvent) {
      const out = redactor.revisit(event);
      for (const receipt of (out?.redactions ?? []).slice(event.redactions?.length ?? 0)) {
        record({ input, event: event.id, seq: event.seq, field: receipt.field, ruleId: receipt.ruleId, type: receipt.type });
      }
      return out;
    },
    event(event: TranscriptEvent, origin?: EventOrigin) {
      const before = event.redactions?.length ?? 0;
      const out = redactor.event(event);
      for (const receipt of (out.redactions ?? []).slice(before)) {
        record({ input, ...(origin ? { file: origin.file, line: origin.line } : {}), event: event.id, seq: event.seq, field: receipt.field, ruleId: receipt.ruleId, type: receipt.type });
      }
      return out;
    },
    header(header) {
      unparsed(header.metrics.unparsedCount ?? 0);
      const out = redactor.header(header);
      for (const receipt of out.privacy.sessionRedactions ?? []) {
        record({ input, event: null, seq: null, field: receipt.field, ruleId: receipt.ruleId, type: receipt.type });
      }
      return out;
    },
  };
}

const discardingOutput: Output = {
  write: () => undefined,
  commit: async () => {},
  abort: async () => {},
};
