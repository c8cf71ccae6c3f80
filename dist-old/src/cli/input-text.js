import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { fileError, usageError } from '../errors.js';
/**
 * The inputs named on the command line or, when there are none, standard input ('-'), which must
 * then be piped: `hint` says what to give instead (`no input: ${hint}`).
 */
export function inputsOrStdin(io, inputs, hint) {
    if (inputs.length > 0)
        return inputs;
    if (io.stdin.isTTY)
        throw usageError(`no input: ${hint}`);
    return ['-'];
}
/** The whole of one input named on the command line: a file, or - (also: nothing, with piped stdin). */
export async function readInputText(io, name, what) {
    const input = name ?? '-';
    if (input === '-') {
        if (io.stdin.isTTY)
            throw usageError(`no input: give ${what} or pipe one into stdin`);
        return { name: '-', text: await text(io.stdin) };
    }
    return { name: input, text: await readFile(input, 'utf8').catch((error) => { throw fileError(input, error); }) };
}
//# sourceMappingURL=input-text.js.map