import { ExitCode } from '../errors.js';
/** `atx` alone: the short usage (the commands, no more) on stderr, and a usage error's exit code. */
export function usageWithoutCommand(program, io) {
    io.stderr.write(`${program.helpInformation()}\nNo command given: see atx --help, or atx <command> --help.\n`);
    return ExitCode.usage;
}
/**
 * The help that explains a usage error: that of the deepest command the arguments name
 * (`atx serve keys --help` for a mistake after `atx serve keys`), else atx's own.
 */
export function helpPointer(program, args) {
    const path = ['atx'];
    let command = program;
    for (const arg of args) {
        if (arg === '--')
            break;
        const sub = command.commands.find((candidate) => candidate.name() === arg || candidate.aliases().includes(arg));
        if (!sub)
            continue;
        path.push(sub.name());
        command = sub;
    }
    return `${path.join(' ')} --help`;
}
//# sourceMappingURL=usage.js.map