import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { fileError, usageError } from '../errors.js';
import type { CliIO } from './io.js';

/** The whole of one input named on the command line: a file, or - (also: nothing, with piped stdin). */
export async function readInputText(io: CliIO, name: string | undefined, what: string): Promise<{ name: string; text: string }> {
  const input = name ?? '-';
  if (input === '-') {
    if (io.stdin.isTTY) throw usageError(`no input: give ${what} or pipe one into stdin`);
    return { name: '-', text: await text(io.stdin) };
  }
  return { name: input, text: await readFile(input, 'utf8').catch((error: unknown) => { throw fileError(input, error); }) };
}
