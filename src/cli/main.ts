/**
 * The command-line program: builds the commander tree and maps every outcome onto the exit-code
 * table. It never exits the process itself; bin/cli.ts does, with the code returned here.
 */
import { Command, CommanderError } from 'commander';
import { AtxError, EXIT_CODE_TABLE, ExitCode, systemError } from '../errors.js';
import { packageVersion } from '../version.js';
import { dropEarlyWorkers, startWorkersEarly } from './early-workers.js';
import { type AnswerStream, checkEnvironment, colorsFor, JsonAnswer, maskingStderr, Reporter, type CliIO } from './io.js';
import { helpPointer, usageWithoutCommand, usageWithoutSubcommand } from './usage.js';


/** Errors and help of every command and subcommand go through io, and never exit the process. */
type CommandFactory = (io: CliIO, setExit: (code: number) => void, program: () => Command) => Command;

/**
 * Every command, in the order `atx --help` lists them, each loaded only when asked for: a run of
 * one command does not pay for loading the others' modules (the redaction engine, the server, ...).
 */
const COMMANDS: Record<string, () => Promise<CommandFactory>> = {
  convert: async () => (await import('./commands/convert.js')).convertCommand,
  redact: async () => (await import('./commands/redact.js')).redactCommand,
  scan: async () => (await import('./commands/scan.js')).scanCommand,
  run: async () => (await import('./commands/run.js')).runCommand,
  upload: async () => (await import('./commands/upload.js')).uploadCommand,
  sync: async () => (await import('./commands/sync.js')).syncCommand,
  watch: async () => (await import('./commands/watch.js')).watchCommand,
  outbox: async () => (await import('./commands/outbox.js')).outboxCommand,
  remote: async () => (await import('./commands/remote.js')).remoteCommand,
  login: async () => (await import('./commands/login.js')).loginCommand,
  logout: async () => (await import('./commands/login.js')).logoutCommand,
  validate: async () => (await import('./commands/validate.js')).validateCommand,
  schema: async () => (await import('./commands/schema.js')).schemaCommand,
  adapters: async () => (await import('./commands/adapters.js')).adaptersCommand,
  discover: async () => (await import('./commands/discover.js')).discoverCommand,
  profiles: async () => (await import('./commands/profiles.js')).profilesCommand,
  rules: async () => (await import('./commands/rules.js')).rulesCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  completion: async () => {
    const { completionCommand } = await import('./completion.js');
    return (io, _setExit, program) => completionCommand(io, program);
  },
  help: async () => {
    const { helpCommand } = await import('./help-topics.js');
    return (io, _setExit, program) => helpCommand(io, program);
  },
};

/** Every command's name, in the order atx --help lists them. */
export const COMMAND_NAMES = Object.keys(COMMANDS);

/** These two describe the whole tree, so every command is loaded when one of them runs. */
const NEEDS_EVERY_COMMAND = new Set(['completion', 'help']);

/** The command the arguments name (the program's own options take no value), or every command for help and mistakes. */
function commandsFor(argv: readonly string[]): string[] {
  const named = argv.find((arg) => !arg.startsWith('-'));
  if (named === undefined && argv.length > 0 && argv.every(isVersionFlag)) return [];
  const known = named !== undefined && Object.hasOwn(COMMANDS, named) && !NEEDS_EVERY_COMMAND.has(named);
  return known ? [named] : Object.keys(COMMANDS);
}

/** `atx --version` answers from the program alone: it loads no command. */
const isVersionFlag = (arg: string): boolean => arg === '-V' || arg === '--version';

/** Descriptions are one paragraph each, wrapped to the terminal (80 columns when stdout is not one). */
const helpWidthFor = (io: CliIO): number => (io.stdout as { columns?: number }).columns ?? 80;

function withOutput(command: Command, io: CliIO): Command {
  command.configureHelp({ helpWidth: helpWidthFor(io) });
  command.exitOverride().configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
    outputError: () => {}, // usage errors are reported once, by main, through the exit-code table
  });
  for (const sub of command.commands) withOutput(sub, io);
  return command;
}

/**
 * Where each command's `--json` answer goes (see AnswerStream): stdout unless stdout carries a
 * Transcript or an agent's output (stderr), or is itself a stream of JSON lines (lines).
 */
const ANSWER_STREAMS: Record<string, AnswerStream> = {
  convert: 'stderr', redact: 'stderr', run: 'stderr',
  discover: 'lines', validate: 'lines', sync: 'lines', watch: 'lines',
  scan: 'stdout', upload: 'stdout', outbox: 'stdout', remote: 'stdout', login: 'stdout', logout: 'stdout',
  profiles: 'stdout', adapters: 'stdout', rules: 'stdout', serve: 'stdout',
};

/** The stream of the command the arguments name; a command with no --json of its own (schema) answers on stderr. */
function answerStreamFor(argv: readonly string[]): AnswerStream {
  const named = argv.find((arg) => !arg.startsWith('-'));
  return (named !== undefined && Object.hasOwn(ANSWER_STREAMS, named) ? ANSWER_STREAMS[named] : undefined) ?? 'stderr';
}

export async function main(argv: readonly string[], given: CliIO): Promise<number> {
  const stderr = maskingStderr(given.stderr);
  const answer = wantsJson(argv) ? new JsonAnswer({ stdout: given.stdout, stderr }, answerStreamFor(argv)) : undefined;
  const io: CliIO = { ...given, stderr, ...(answer ? { answer } : {}) };
  let exitCode: number = ExitCode.ok;
  const setExit = (code: number) => { exitCode = code; };
  const debug = argv.includes('--debug') || io.env.ATX_DEBUG === '1';
  const program = new Command('atx')
    .description('agent-transcript: turn coding-agent logs into one normalized, redactable Transcript.')
    .version(packageVersion(), '-V, --version')
    .option('--debug', 'show stack traces for errors')
    .addHelpText('after', `
Exit codes:
${EXIT_CODE_TABLE.map((row) => `  ${row.code}  ${row.meaning}`).join('\n')}

Environment: NO_COLOR turns colour off, FORCE_COLOR on (FORCE_COLOR=0 off); otherwise colour only on a terminal.
ATX_CLOCK and ATX_ID_SEED fix the clock and ids (repeatable output); ATX_DEBUG=1 is --debug.

More: atx <command> --help, atx help exit-codes, atx help profiles, atx help formats, atx completion bash|zsh|fish.`)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: () => {}, // usage errors are reported once, below, through the exit-code table
    })
    .showSuggestionAfterError()
    .helpCommand(false)
    .configureHelp({ helpWidth: helpWidthFor(io) });

  const args = argv.filter((arg) => arg !== '--debug');
  startWorkersEarly(args);
  try {
    const code = await runCommand(program, io, args, setExit, () => exitCode, debug);
    answer?.finish(code);
    return code;
  } finally {
    await dropEarlyWorkers();
  }
}

async function runCommand(program: Command, io: CliIO, args: string[], setExit: (code: number) => void, exitCode: () => number, debug: boolean): Promise<number> {
  for (const name of commandsFor(args)) {
    const factory = await COMMANDS[name]!();
    program.addCommand(withOutput(factory(io, setExit, () => program), io));
  }
  if (args.length === 0) return usageWithoutCommand(program, io);

  const reporter = new Reporter(io, colorsFor(io), false, wantsJson(args));
  try {
    checkEnvironment(io.env);
    await program.parseAsync(args, { from: 'user' });
    return exitCode();
  } catch (error) {
    if (error instanceof CommanderError) {
      // a group (outbox, remote, serve keys) given no subcommand: its help, then a usage error as for atx alone
      if (error.code === 'commander.help' && error.exitCode !== 0) return usageWithoutSubcommand(program, io, args);
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
      if (error.code === 'commander.executeSubCommandAsync') return ExitCode.ok;
      reporter.failure(new AtxError(ExitCode.usage, `${error.message.replace(/^error: /, '')} (see ${helpPointer(program, args)})`));
      return ExitCode.usage;
    }
    if (error instanceof AtxError) {
      reporter.failure(error);
      if (debug && error.cause) io.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
      return error.exitCode;
    }
    const err = error as Error;
    const { syscall, path } = (error ?? {}) as NodeJS.ErrnoException;
    const system = systemError(path ? `${syscall ?? 'file operation'} ${path}` : (syscall ?? 'a file operation'), error);
    if (system) {
      reporter.failure(system);
      if (debug) io.stderr.write(`${err?.stack ?? ''}\n`);
      return ExitCode.system;
    }
    reporter.failure(new AtxError(ExitCode.internal, `internal error: ${err?.message ?? String(error)}${debug ? '' : ' (run with --debug for details)'}`));
    if (debug) io.stderr.write(`${err?.stack ?? ''}\n`);
    return ExitCode.internal;
  }
}

/** `--json` anywhere before a `--` asks for machine-readable errors too. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}
