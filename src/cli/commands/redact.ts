import { Command } from 'commander';
import { ExitCode } from '../../errors.js';
import { redactDocument } from '../../pipeline/redact-document.js';
import { atomicFileOutput, streamOutput } from '../../sinks/output.js';
import { documentSink } from '../../sinks/transcript-sinks.js';
import { parseTranscript } from '../../transcript/reader.js';
import { readInputText } from '../input-text.js';
import { colorsFor, contextFor, Reporter, type CliIO } from '../io.js';
import { addRedactionOptions, redactionSetup, type RedactionFlags } from '../redaction-options.js';
import { formatRuleCounts } from '../summary.js';

interface RedactFlags extends RedactionFlags {
  out?: string;
  pretty?: boolean;
  failOnFindings?: boolean;
  quiet?: boolean;
  json?: boolean;
}

export function redactCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = new Command('redact')
    .summary('apply a redaction profile to an existing Transcript')
    .description(
      'Apply a redaction profile to a Transcript (a file, or - for stdin) and write the result.\n' +
      'Receipts from an earlier redaction are kept and new ones added; placeholder numbers never\n' +
      'repeat. Redacting twice with the same profile changes nothing the second time.',
    )
    .argument('[file]', 'Transcript JSON (a document or atx --stream lines), or - for stdin')
    .option('-o, --out <file>', 'write to a file (atomically) instead of stdout')
    .option('--pretty', 'indent the JSON document')
    .option('--fail-on-findings', 'exit 1 when anything was redacted (the output is still written)')
    .option('-q, --quiet', 'no summary on stderr')
    .option('--json', 'print the summary on stderr as one JSON object');
  return addRedactionOptions(command)
    .addHelpText('after', `
Examples:
  atx redact session.json --profile research -o shareable.json
  atx convert session.jsonl --profile none | atx redact --profile public

Exit codes: 0 ok, 1 findings with --fail-on-findings or a failed residue check, 2 usage, 3 not a Transcript.`)
    .action(async (file: string | undefined, flags: RedactFlags) => {
      setExit(await runRedact(io, file, flags));
    });
}

async function runRedact(io: CliIO, file: string | undefined, flags: RedactFlags): Promise<number> {
  const input = await readInputText(io, file, 'a Transcript file');
  const transcript = parseTranscript(input.text, input.name);
  const setup = await redactionSetup(io, flags, contextFor(io));
  const redactor = setup.makeTransform();
  const output = flags.out ? atomicFileOutput(flags.out) : streamOutput(io.stdout);
  await redactDocument(transcript, input.text, redactor, await documentSink(output, flags.pretty ? 'pretty' : 'compact'));

  const summary = { file: input.name, profile: setup.profile.name, redactions: redactor.count, byRule: Object.fromEntries(redactor.counts) };
  if (flags.json) io.stderr.write(`${JSON.stringify(summary)}\n`);
  else if (!flags.quiet) new Reporter(io, colorsFor(io)).info(`${input.name}: ${redactor.count} redaction(s) with profile ${setup.profile.name}${formatRuleCounts(redactor.counts)}`);
  return flags.failOnFindings && redactor.count > 0 ? ExitCode.partial : ExitCode.ok;
}
