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

/** How a message names an input: stdin as "standard input", not as its command-line name "-". */
export const shownInputName = (name: string): string => (name === '-' ? 'standard input' : name);

/**
 * Every command's one line for standard input that was empty or closed at once, the same words
 * everywhere (convert's "<input>: the input is empty"), with what to give instead.
 */
export const emptyStdinError = (hint: string) => usageError(`standard input: the input is empty (${hint})`);

/** The whole of standard input, which holds an argument (a key, a prompt, a text): refused when blank. */
export async function stdinArgument(io: CliIO, hint: string): Promise<string> {
  const whole = await text(io.stdin);
  if (whole.trim() === '') throw emptyStdinError(hint);
  return whole;
}

/** The whole of one input named on the command line: a file, or - (also: nothing, with piped stdin). */
export async function readInputText(io: CliIO, name: string | undefined, what: string): Promise<{ name: string; text: string }> {
  const input = name ?? '-';
  if (input === '-') {
    if (io.stdin.isTTY) throw usageError(`no input: give ${what} or pipe one into stdin`);
    return { name: '-', text: await stdinArgument(io, `give ${what}, or pipe some into stdin`) };
  }
  return { name: input, text: await readFile(input, 'utf8').catch((error: unknown) => { throw fileError(input, error); }) };
}
