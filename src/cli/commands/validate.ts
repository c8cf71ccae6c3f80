import type { Command } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import { ExitCode, invalidInputError, } from '../../errors.js';
import { checkTranscript, StreamedTranscriptCheck, type TranscriptIssue } from '../../input/transcript-check.js';
import { resolveSources, unitsOf, type InputUnit } from '../../input/reader.js';
import { describeDetection, detectFormat } from '../../pipeline/detect.js';
import { Batch } from '../batch.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { inputsOrStdin, shownInputName } from '../input-text.js';
import { colorsFor, Reporter, type CliIO } from '../io.js';

const MAX_LISTED_ISSUES = 50;

interface ValidateFlags {
  json?: boolean;
  quiet?: boolean;
}

export function validateCommand(io: CliIO, setExit: (code: number) => void): Command {
  return describedCommand('validate', 'check Transcripts: the schema, and that their parts agree', `
Check Transcripts: a document, Transcript JSONL (each line is checked), atx --stream output,
folders of them, or - for stdin. Beyond the schema: metrics agree with the events, seq increases,
ids are unique, every tool_result names an existing tool_call, and the privacy counts agree
with the per-event redactions. Each failing path is listed on stderr.`)
    .argument('[inputs...]', 'Transcript files, folders, or - for stdin')
    .option('--json', 'print one JSON object per Transcript on stdout: {"input", "valid", "issues"}')
    .option('-q, --quiet', 'print only the problems')
    .addHelpText('after', `
Examples:
  atx validate session.json
  atx validate out/                         # every Transcript atx convert -o out/ wrote
  atx convert a.jsonl b.jsonl --format jsonl | atx validate --json`)
    .addHelpText('after', commandHelp({
      exitCodes: ['0 every Transcript is valid', '2 usage', '3 something is not a valid Transcript (each is named)', '5 internal error'],
      environment: ['TMPDIR'],
    }))
    .action(async (inputs: string[], flags: ValidateFlags) => {
      setExit(await runValidate(io, inputs, flags));
    });
}

async function runValidate(io: CliIO, inputs: string[], flags: ValidateFlags): Promise<number> {
  inputs = inputsOrStdin(io, inputs, 'give a Transcript file or folder, or pipe one into "atx validate -"');
  const reporter = new Reporter(io, colorsFor(io), flags.quiet, flags.json);
  const batch = new Batch(reporter);
  const { sources, notes } = await resolveSources(inputs, ADAPTERS, io.stdin);
  batch.walked(notes);
  let invalid = 0;
  for (const source of sources) {
    for await (const unit of unitsOf(source, { idFromContent: false })) {
      const { issues, transcript } = await verdictOn(unit);
      if (flags.json) io.stdout.write(`${JSON.stringify({ input: unit.name, valid: issues.length === 0, issues })}\n`);
      if (transcript) {
        batch.success();
        reporter.info(`${unit.name}: valid Transcript (${transcript.eventCount} events, schemaVersion ${transcript.schemaVersion})`);
        continue;
      }
      invalid += 1;
      const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `  ${issue.path}: ${issue.message}`);
      if (issues.length > MAX_LISTED_ISSUES) listed.push(`  ... and ${issues.length - MAX_LISTED_ISSUES} more`);
      const what = unit.kind === 'transcript' ? `invalid Transcript (${issues.length} problem${issues.length === 1 ? '' : 's'})` : issues[0]!.message;
      batch.failure(unit.name, invalidInputError(`${shownInputName(unit.name)}: ${what}`, unit.kind === 'transcript' ? listed : []));
    }
  }
  batch.close('Transcript(s)');
  return invalid > 0 ? ExitCode.invalidInput : ExitCode.ok;
}

interface Verdict {
  issues: TranscriptIssue[];
  transcript?: { eventCount: number; schemaVersion: string };
}

async function verdictOn(unit: InputUnit): Promise<Verdict> {
  if (unit.kind === 'unreadable') return { issues: [{ path: '(input)', message: unit.error.message.replace(`${unit.name}: `, '') }] };
  if (unit.kind === 'native') {
    await unit.opened.items.return(undefined);
    // nothing at all was read (blank lines are no items): the same words as convert's
    if (unit.opened.seen.length === 0) return { issues: [{ path: '(input)', message: 'not a Transcript: the input is empty' }] };
    const sample = unit.opened.seen.flatMap((item) => (item.kind === 'record' ? [item.record.value] : []));
    const detected = detectFormat(ADAPTERS, sample);
    const what = detected.kind === 'adapter' ? `a native ${detected.adapter.label} log (${detected.format})` : describeDetection(detected);
    return { issues: [{ path: '(input)', message: `not a Transcript: it is ${what}; atx convert turns a native log into one` }] };
  }
  if ('streamed' in unit) {
    const check = new StreamedTranscriptCheck(unit.streamed.header);
    for await (const event of unit.streamed.events) check.event(event);
    const verdict = check.finish();
    return verdict.ok ? { issues: [], transcript: { eventCount: verdict.eventCount, schemaVersion: verdict.header.schemaVersion } } : { issues: verdict.issues };
  }
  const checked = checkTranscript(unit.document);
  return checked.ok ? { issues: [], transcript: { eventCount: checked.transcript.events.length, schemaVersion: checked.transcript.schemaVersion } } : { issues: checked.issues };
}
