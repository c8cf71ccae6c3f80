import { Command } from 'commander';
import type { z } from 'zod';
import { ExitCode, invalidInputError } from '../../errors.js';
import { TranscriptSchema } from '../../transcript/index.js';
import { readInputText } from '../input-text.js';
import { colorsFor, Reporter, type CliIO } from '../io.js';

const MAX_LISTED_ISSUES = 50;

export function validateCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('validate')
    .summary('check a Transcript against the schema')
    .description('Check a Transcript document (a file, or - for stdin) against the schema.\nEach failing path is listed on stderr; an invalid document exits 3.')
    .argument('[file]', 'Transcript JSON file, or - for stdin')
    .option('--json', 'print the result as one JSON object on stdout')
    .action(async (file: string | undefined, flags: { json?: boolean }) => {
      const { name, text: body } = await readInputText(io, file, 'a Transcript file');
      let document: unknown;
      try {
        document = JSON.parse(body);
      } catch {
        throw invalidInputError(`${name}: not a JSON document`);
      }
      const result = TranscriptSchema.safeParse(document);
      const issues = result.success ? [] : result.error.issues.map(describeIssue);
      if (flags.json) io.stdout.write(`${JSON.stringify({ file: name, valid: result.success, issues })}\n`);
      const reporter = new Reporter(io, colorsFor(io));
      if (result.success) {
        if (!flags.json) reporter.info(`${name}: valid Transcript (${result.data.events.length} events, schemaVersion ${result.data.schemaVersion})`);
        setExit(ExitCode.ok);
        return;
      }
      const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `  ${issue.path}: ${issue.message}`);
      if (issues.length > MAX_LISTED_ISSUES) listed.push(`  ... and ${issues.length - MAX_LISTED_ISSUES} more`);
      throw invalidInputError(`${name}: invalid Transcript (${issues.length} problem${issues.length === 1 ? '' : 's'})`, flags.json ? [] : listed);
    });
}

function describeIssue(issue: z.core.$ZodIssue): { path: string; message: string } {
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    '',
  );
  return { path: path || '(document)', message: issue.message };
}
