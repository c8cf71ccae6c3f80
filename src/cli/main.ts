/**
 * The command-line program: builds the commander tree and maps every outcome onto the exit-code
 * table. It never exits the process itself; bin/atx.ts does, with the code returned here.
 */
import { Command, CommanderError } from 'commander';
import { AtxError, EXIT_CODE_TABLE, ExitCode } from '../errors.js';
import { packageVersion } from '../version.js';
import { adaptersCommand } from './commands/adapters.js';
import { convertCommand } from './commands/convert.js';
import { discoverCommand } from './commands/discover.js';
import { loginCommand, logoutCommand } from './commands/login.js';
import { outboxCommand } from './commands/outbox.js';
import { profilesCommand } from './commands/profiles.js';
import { redactCommand } from './commands/redact.js';
import { rulesCommand } from './commands/rules.js';
import { scanCommand } from './commands/scan.js';
import { runCommand } from './commands/run.js';
import { schemaCommand } from './commands/schema.js';
import { serveCommand } from './commands/serve.js';
import { uploadCommand } from './commands/upload.js';
import { validateCommand } from './commands/validate.js';
import { checkEnvironment, colorsFor, maskingStderr, Reporter, type CliIO } from './io.js';


/** Errors and help of every command and subcommand go through io, and never exit the process. */
/** Descriptions are written in lines of up to ~110 characters: wrapping them at 80 would break each in two. */
const helpWidthFor = (io: CliIO): number => Math.max(120, (io.stdout as { columns?: number }).columns ?? 0);

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

export async function main(argv: readonly string[], given: CliIO): Promise<number> {
  const io: CliIO = { ...given, stderr: maskingStderr(given.stderr) };
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

Environment: NO_COLOR disables colour; ATX_CLOCK and ATX_ID_SEED fix the clock and ids (repeatable output).`)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: () => {}, // usage errors are reported once, below, through the exit-code table
    })
    .showSuggestionAfterError()
    .configureHelp({ helpWidth: helpWidthFor(io) });

  for (const command of [
    convertCommand(io, setExit),
    redactCommand(io, setExit),
    scanCommand(io, setExit),
    runCommand(io, setExit),
    uploadCommand(io, setExit),
    outboxCommand(io, setExit),
    loginCommand(io),
    logoutCommand(io),
    validateCommand(io, setExit),
    schemaCommand(io),
    adaptersCommand(io),
    discoverCommand(io),
    profilesCommand(io),
    rulesCommand(io, setExit),
    serveCommand(io, setExit),
  ]) {
    program.addCommand(withOutput(command, io));
  }

  const reporter = new Reporter(io, colorsFor(io), false, wantsJson(argv));
  try {
    checkEnvironment(io.env);
    await program.parseAsync(argv.filter((arg) => arg !== '--debug'), { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return ExitCode.ok;
      if (error.code === 'commander.executeSubCommandAsync') return ExitCode.ok;
      reporter.failure(new AtxError(ExitCode.usage, `${error.message.replace(/^error: /, '')} (see atx --help)`));
      return ExitCode.usage;
    }
    if (error instanceof AtxError) {
      reporter.failure(error);
      if (debug && error.cause) io.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
      return error.exitCode;
    }
    const err = error as Error;
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
