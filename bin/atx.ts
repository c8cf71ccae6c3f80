#!/usr/bin/env node
/** The command's entry point, and the only place atx calls process.exit. */
import { main } from '../src/cli/main.js';

const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };

// A reader that closed the pipe early (`atx convert ... | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const code = await main(process.argv.slice(2), io);
process.stdout.write('', () => process.exit(code));
