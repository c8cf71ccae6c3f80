/**
 * `atx help [topic|command]`: the topics that belong to no one command (exit codes, redaction
 * profiles, formats), written from the tables they describe; a command name shows that command's
 * help, as commander's own help command would.
 */
import { Argument, type Command } from 'commander';
import { ADAPTERS } from '../../adapters/index.js';
import { allProfiles, loadConfig } from '../config.js';
import { EXIT_CODE_TABLE } from '../errors.js';
import { WRITERS } from '../writers/index.js';
import { commandHelp, describedCommand } from './described-command.js';
import type { CliIO } from './io.js';

type Topic = (io: CliIO) => Promise<string> | string;

const TOPICS: Partial<Record<string, Topic>> = {
  'exit-codes': () => [
    'Exit codes (each command\'s --help says which of them it can return):',
    ...EXIT_CODE_TABLE.map((row) => `  ${row.code}  ${row.meaning}`),
    '  129, 130, 143  interrupted by SIGHUP, SIGINT or SIGTERM (128 + the signal\'s number); atx run: the agent\'s own exit code',
    '',
    'With --json a command answers with one JSON document; when the exit code is not 0, it holds',
    '"error": {"code", "message", "exitCode"} ("input" and "line" too when known). It is on stdout,',
    'or on stderr where stdout carries a Transcript or an agent\'s output (convert, redact, run).',
    'discover, validate, sync and watch, whose stdout is JSON lines, say each warning and error as',
    'a JSON line on stderr.',
  ].join('\n'),
  profiles: async (io) => {
    const profiles = await allProfiles(await loadConfig({ env: io.env }));
    const width = Math.max(...profiles.map((profile) => profile.name.length));
    return [
      'Redaction profiles: every command that writes or sends a Transcript takes --profile <name> (default standard).',
      'Custom profiles come from the config file ($ATX_CONFIG or ~/.config/atx/config.json); atx profiles shows what each one keeps.',
      '',
      ...profiles.map((profile) => `  ${profile.name.padEnd(width)}  ${profile.description}`),
    ].join('\n');
  },
  formats: () => {
    const width = Math.max(...ADAPTERS.flatMap((adapter) => adapter.formats.map((format) => format.id.length)));
    const formatWidth = Math.max(...WRITERS.map((writer) => writer.format.length));
    const endingWidth = Math.max(...WRITERS.map((writer) => writer.extension.length));
    return [
      'Output formats (atx convert and atx redact --format <format>; -o <folder> names each file <input><ending>):',
      ...WRITERS.map((writer) => `  ${writer.format.padEnd(formatWidth)}  ${writer.extension.padEnd(endingWidth)}  ${writer.summary}`),
      '--stream (json, jsonl) prints each event as a JSONL line as soon as it is known, then a header line.',
      '',
      'Input formats, by adapter (--from <adapter>; the default auto detects them from the first records):',
      ...ADAPTERS.flatMap((adapter) => [
        `  ${adapter.id}  ${adapter.label}`,
        ...adapter.formats.map((format) => `    ${format.id.padEnd(width)}  ${format.description}`),
      ]),
    ].join('\n');
  },
};

export const HELP_TOPICS = Object.keys(TOPICS);

/** `program` is the whole tree, so that `atx help <command>` can show any command's help. */
export function helpCommand(io: CliIO, program: () => Command): Command {
  return describedCommand('help', 'show help for a command, or a topic: exit-codes, profiles, formats',
    `Show the help of a command (the same as atx <command> --help), or one of the topics that concern every command: ${HELP_TOPICS.join(', ')}.`)
    .addArgument(new Argument('[topic]', 'a command, or a topic').choices([...new Set([...HELP_TOPICS, ...program().commands.map((c) => c.name())])]))
    .addHelpText('after', commandHelp({
      examples: ['atx help exit-codes', 'atx help profiles', 'atx help convert'],
      exitCodes: ['0 the help was shown', '2 usage (an unknown topic)'],
      environment: ['ATX_CONFIG'],
    }))
    .action(async (topic: string | undefined) => {
      const tree = program();
      if (topic === undefined) return void io.stdout.write(tree.helpInformation());
      // A topic wins over the command of the same name (atx profiles --help shows that one).
      const explained = TOPICS[topic];
      if (explained) return void io.stdout.write(`${await explained(io)}\n`);
      tree.commands.find((c) => c.name() === topic)?.outputHelp();
    });
}
