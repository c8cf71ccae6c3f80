import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { fileError, usageError } from '../errors.js';
import type { CliIO } from './io.js';

/**
 * The inputs named on the command line or, when there are none, standard input ('-'), which must
 * then be piped: `hint` says what to give instead (`no input: ${hint}`).
 */
export function inputsOrStdin(io: CliIO, inputs: string[], hint: string): string[] {
  if (inputs.length > 0) return inputs;
  if (io.stdin.isTTY) throw usageError(`no input: ${hint}`);
  return ['-'];
}

/** The whole of one input named on the command line: a file, or - (also: nothing, with piped stdin). */
export async function readInputText(io: CliIO, name: string | undefined, what: string): Promise<{ name: string; text: string }> {
  const input = name ?? '-';
  if (input === '-') {
    if (io.stdin.isTTY) throw usageError(`no input: give ${what} or pipe one into stdin`);
    return { name: '-', text: await text(io.stdin) };
  }
  return { name: input, text: await readFile(input, 'utf8').catch((error: unknown) => { throw fileError(input, error); }) };
}
