/**
 * The program, as bin/atx.ts starts it (bundled or not), and the only place atx calls
 * process.exit. Interrupt handling is installed before the commands' modules load, so that a
 * signal at any moment is handled.
 */
import { handleInterrupts } from '../src/lifecycle/interrupt.js';
import { sweepDeadRuns } from '../src/lifecycle/temp.js';
import { stopPretenuring } from '../src/pipeline/memory.js';

stopPretenuring();

handleInterrupts(process.stderr, (code) => process.exit(code));
sweepDeadRuns();

// A reader that closed the pipe early (`atx convert ... | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/** The process ran out of file descriptors (a low `ulimit -n`): the environment, not a bug; one line, not a stack trace. */
function exitOnDescriptorLimit(error: unknown): void {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'EMFILE' && code !== 'ENFILE') return;
  const which = code === 'EMFILE' ? 'this process\'s limit of open files (ulimit -n)' : 'the system\'s limit of open files';
  process.stderr.write(`atx: too many open files (${code}): ${which} is too low for this run; raise it (e.g. ulimit -n 4096) and run again\n`);
  process.exit(1);
}

try {
  const { main } = await import('../src/cli/main.js');
  const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
  const code = await main(process.argv.slice(2), io);
  process.stdout.write('', () => process.exit(code));
} catch (error) {
  exitOnDescriptorLimit(error);
  throw error;
}
