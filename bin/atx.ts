#!/usr/bin/env node
/**
 * The command's entry point, and the only place atx calls process.exit. Interrupt handling is
 * installed before the commands' modules load, so that a signal at any moment is handled.
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

const { main } = await import('../src/cli/main.js');
const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
const code = await main(process.argv.slice(2), io);
process.stdout.write('', () => process.exit(code));
