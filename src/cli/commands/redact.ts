import type { Command } from 'commander';
import { commandHelp, describedCommand } from '../described-command.js';
import type { CliIO } from '../io.js';
import { formatOption, formatsHelp, otelContentOption, splitTurnsOption } from '../format-options.js';
import { addRedactionOptions } from '../redaction-options.js';
import { writeTranscripts, type WriteFlags } from '../write-transcripts.js';
import { jobsOption, outOption, prettyOption, verboseOption, quietSummaryOption } from '../shared-options.js';

export function redactCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = describedCommand('redact', 'apply a redaction profile to Transcripts (or native logs)', `
Apply a redaction profile to Transcripts and write the result. INPUT is a Transcript document,
Transcript JSONL (one per line: each is redacted, and JSONL comes out), atx --stream output, a
native log (converted first), a folder of any of these, or - for stdin. Every Transcript is
checked first (schema, metrics against events, ids, tool calls, receipts) and refused with the
path of the first disagreement. Receipts from an earlier redaction are kept and new ones added;
placeholder numbers never repeat. Redacting twice with the same profile changes nothing.`)
    .argument('[inputs...]', 'Transcripts, native logs, folders, or - for stdin')
    .addOption(outOption('write to a file (atomically) or, for several Transcripts, a folder'))
    .addOption(formatOption('default: as the input'))
    .addOption(prettyOption())
    .addOption(splitTurnsOption())
    .addOption(otelContentOption())
    .option('--fail-on-findings', 'exit 1 when anything was redacted (the output is still written)')
    .addOption(quietSummaryOption())
    .addOption(verboseOption())
    .addOption(jobsOption())
    .option('--json', 'print the summary on stderr as one JSON document (errors and warnings in it)');
  return addRedactionOptions(command)
    .addHelpText('after', `
Examples:
  atx redact session.json --profile research -o shareable.json
  atx redact all.jsonl --profile standard > all.redacted.jsonl
  atx convert session.jsonl --profile none | atx redact --profile public
  atx redact session.json --profile public --format markdown -o session.md`)
    .addHelpText('after', formatsHelp())
    .addHelpText('after', commandHelp({
      exitCodes: ['0 ok', '1 findings with --fail-on-findings, some inputs skipped, or a failed residue check', '2 usage', '3 nothing could be read (not a Transcript, or one that fails its checks)', '5 internal error'],
      environment: ['ATX_CONFIG', 'ATX_KEY', 'ATX_CLOCK', 'ATX_ID_SEED', 'TMPDIR'],
    }))
    .action(async (inputs: string[], flags: WriteFlags) => {
      setExit(await writeTranscripts(io, inputs, flags, 'redact'));
    });
}
