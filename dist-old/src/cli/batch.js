/**
 * What a command run over many inputs owes its user: it goes on past a bad input, names each
 * one it could not read and why, and ends with an exit code a script can trust:
 * 0 all read; 1 some skipped; the inputs' own code (3, or 2) when none could be read.
 * Nothing found in a folder is said on stderr, and is not an error.
 */
import { AtxError, ExitCode } from '../errors.js';
export class Batch {
    reporter;
    succeeded = 0;
    failures = [];
    failedNames = [];
    constructor(reporter) {
        this.reporter = reporter;
    }
    get done() {
        return this.succeeded;
    }
    get failed() {
        return this.failures;
    }
    /** the input each failure was reported for, in the same order as `failed` */
    get failedInputs() {
        return this.failedNames;
    }
    success() {
        this.succeeded += 1;
    }
    /** Reports an input that could not be read; anything but an AtxError is a bug and is thrown. */
    failure(input, error) {
        if (!(error instanceof AtxError))
            throw error;
        this.failures.push(error);
        this.failedNames.push(input);
        this.reporter.failure(error, { input });
    }
    /** What the folder walk passed over, said once per run. */
    walked(notes) {
        for (const folder of notes.emptyFolders)
            this.reporter.info(`${folder}: no session files (*.jsonl, *.json, *.ndjson) in this folder`);
        if (notes.bookkeeping.length > 0)
            this.reporter.info(`passed over ${notes.bookkeeping.length} agent bookkeeping file(s) that are not sessions (${listSome(notes.bookkeeping)})`);
        if (notes.otherFiles.length > 0)
            this.reporter.info(otherFilesLine(notes.otherFiles));
        for (const link of notes.loops)
            this.reporter.warn(`${link}: symbolic link to a folder already read; not read twice`, { input: link });
        for (const link of notes.dangling)
            this.reporter.warn(`${link}: symbolic link to nothing; skipped`, { input: link });
        for (const file of notes.lonelyCompanions) {
            this.reporter.warn(`${file}: a subagent's file whose session is not in this folder; read as a session of its own`, { input: file });
        }
    }
    exitCode() {
        if (this.failures.length === 0)
            return ExitCode.ok;
        if (this.succeeded === 0)
            return Math.max(...this.failures.map((failure) => failure.exitCode));
        return ExitCode.partial;
    }
    /** One closing line when several inputs were read and some could not be. */
    close(what) {
        if (this.failures.length === 0 || this.succeeded + this.failures.length < 2)
            return;
        this.reporter.info(`${this.succeeded} ${what} read, ${this.failures.length} skipped (see the errors above)`);
    }
}
/** Files of no session format found in a walked folder: never dropped without a word. */
export const otherFilesLine = (paths) => `passed over ${paths.length} file(s) in no session format (${listSome(paths)}); name a file to have it read anyway`;
const listSome = (paths) => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', ...' : ''}`;
//# sourceMappingURL=batch.js.map