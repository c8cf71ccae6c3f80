/**
 * The program, as bin/atx.ts starts it (bundled or not), and the only place atx calls
 * process.exit. Interrupt handling is installed before the commands' modules load, so that a
 * signal at any moment is handled.
 */
import { ExitCode, systemReason } from '../src/errors.js';
import { handleInterrupts } from '../src/lifecycle/interrupt.js';
import { sweepDeadRuns } from '../src/lifecycle/temp.js';
import { stopPretenuring } from '../src/pipeline/memory.js';

stopPretenuring();

handleInterrupts(process.stderr, (code) => process.exit(code));
sweepDeadRuns();

/**
 * A reader that closed the pipe early (`atx convert ... | head`) is not an error. Any other failure
 * of standard output is the command's to report (its writes fail with it); kept here in case the
 * command had finished writing before the failure came back.
 */
let stdoutFailure: Error | undefined;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  stdoutFailure ??= error;
});

/** The environment, not a bug (too many open files while loading): one line, not a stack trace. */
function exitOnSystemError(error: unknown): void {
  const reason = systemReason(error);
  if (reason === undefined) return;
  process.stderr.write(`atx: error: ${reason}\n`);
  process.exit(ExitCode.system);
}

/** Exits once what stdout holds is written; a success whose output did not all reach stdout is not one. */
function exitAfterStdout(code: number): void {
  const finish = (error?: Error | null) => {
    const failure = stdoutFailure ?? error;
    if (code !== ExitCode.ok || !failure || (failure as NodeJS.ErrnoException).code === 'EPIPE') process.exit(code);
    const reason = systemReason(failure);
    process.stderr.write(`atx: error: cannot write standard output: ${reason ?? failure.message}\n`);
    process.exit(reason ? ExitCode.system : ExitCode.internal);
  };
  try {
    process.stdout.write('', finish);
  } catch (error) {
    finish(error as Error);
  }
}

try {
  const { main } = await import('../src/cli/main.js');
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
  exitAfterStdout(await main(process.argv.slice(2), io));
} catch (error) {
  exitOnSystemError(error);
  throw error;
}
