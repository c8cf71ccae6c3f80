/** What atx says when it is given no command, or a command it cannot parse. */
import type { Command } from 'commander';
import { ExitCode } from '../errors.js';
import type { CliIO } from './io.js';

/** `atx` alone: the short usage (the commands, no more) on stderr, and a usage error's exit code. */
export function usageWithoutCommand(program: Command, io: CliIO): number {
  io.stderr.write(`${program.helpInformation()}\nNo command given: see atx --help, or atx <command> --help.\n`);
  return ExitCode.usage;
}

/**
 * `atx outbox` alone (a group given no subcommand): commander has printed the group's help on
 * stderr; the one line after it says what was missing, as JSON with --json, and the exit code is a usage error's.
 */
export function usageWithoutSubcommand(program: Command, io: CliIO, args: readonly string[]): number {
  const pointer = helpPointer(program, args);
  const message = `no subcommand given: see ${pointer}`;
  if (io.answer) io.answer.fail({ code: 'usage', message });
  else io.stderr.write(`\nNo subcommand given: see ${pointer}.\n`);
  return ExitCode.usage;
}

/**
 * The help that explains a usage error: that of the deepest command the arguments name
 * (`atx serve keys --help` for a mistake after `atx serve keys`), else atx's own.
 */
export function helpPointer(program: Command, args: readonly string[]): string {
  const path = ['atx'];
  let command = program;
  for (const arg of args) {
    if (arg === '--') break;
    const sub = command.commands.find((candidate) => candidate.name() === arg || candidate.aliases().includes(arg));
    if (!sub) continue;
    path.push(sub.name());
    command = sub;
  }
  return `${path.join(' ')} --help`;
}
