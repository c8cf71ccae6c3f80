import { type Command, Option } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import { commandHelp, describedCommand } from '../described-command.js';
import type { CliIO } from '../io.js';
import { addOtlpOptions } from '../otlp-options.js';
import { formatOption, formatsHelp, otelContentOption, splitTurnsOption } from '../format-options.js';
import { addRedactionOptions } from '../redaction-options.js';
import { writeTranscripts, type WriteFlags } from '../write-transcripts.js';
import { jobsOption, outOption, prettyOption, verboseOption } from '../shared-options.js';

export function convertCommand(io: CliIO, setExit: (code: number) => void): Command {
  const command = describedCommand('convert', 'convert native agent logs (files, folders, stdin) into Transcripts', `
Convert native agent logs into normalized Transcript JSON.

INPUT is a native session file, a store, a Transcript (a document, Transcript JSONL, or --stream
output), a folder of any of these (walked, symbolic links followed; each session becomes its own
Transcript), or - for standard input. With no INPUT and piped stdin, stdin is read. Transcripts go
to stdout unless -o is given; a summary of what was mapped, skipped or not understood goes to stderr.
An input that cannot be read is named with the reason and the others are still converted.`)
    .argument('[inputs...]', 'session files, folders, or - for stdin')
    .addOption(new Option('--from <adapter>', 'input format').choices(['auto', ...ADAPTERS.map((a) => a.id)]).default('auto'))
    .addOption(outOption('write to a file (atomically) or, for several sessions, a folder (one file per session; a path ending in / is created)'))
    .addOption(formatOption('default json; jsonl when the input is Transcript JSONL'))
    .option('--stream', 'print each event as a JSONL line as soon as it is known, then a final header line (json and jsonl only)')
    .addOption(prettyOption())
    .addOption(splitTurnsOption())
    .addOption(otelContentOption())
    .option('--strict', 'exit 1 when any native record was not understood')
    .option('--id-from-content', 'derive transcriptId from the input bytes, so a rerun gives the same id')
    .option('-q, --quiet', 'no summary on stderr (errors are still shown)')
    .addOption(verboseOption())
    .addOption(jobsOption())
    .option('--json', 'print the summary on stderr as one JSON document (errors and warnings in it)')
    .option('--max-line-mb <n>', 'longest native line accepted, in MiB (longer ones become unparsed events)', '256');
  return addRedactionOptions(addOtlpOptions(command))
    .addHelpText('after', `
Every event passes through the redaction profile (default standard: secrets removed, with a
receipt on each event and a privacy block); --profile none keeps everything as the agent wrote it.

Examples:
  atx convert ~/.claude/projects/-home-me-app/4f1c....jsonl -o session.json
  atx convert session.jsonl --profile research -o shareable.json
  claude -p "fix the tests" --output-format stream-json --verbose | atx convert --stream -
  atx convert ~/.claude/projects/-home-me-app -o transcripts/
  atx convert a.jsonl b.jsonl --format jsonl > all.jsonl
  atx convert session.jsonl --format markdown > session.md
  atx convert ~/.claude/projects/-home-me-app --otlp-endpoint http://localhost:4318`)
    .addHelpText('after', formatsHelp())
    .addHelpText('after', commandHelp({
      exitCodes: ['0 ok (also a folder with no sessions, said on stderr)', '1 some inputs skipped, unknown records with --strict, or a failed residue check', '2 usage', '3 invalid input: nothing could be read (unknown format, invalid Transcript, no events)', '4 network: the --otlp-endpoint receiver refused the spans or could not be reached', '5 internal error'],
      environment: ['ATX_CONFIG', 'ATX_KEY', 'ATX_CLOCK', 'ATX_ID_SEED', 'TMPDIR'],
    }))
    .action(async (inputs: string[], flags: WriteFlags) => {
      setExit(await writeTranscripts(io, inputs, flags, 'convert'));
    });
}

