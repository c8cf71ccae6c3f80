/**
 * What a command run over many inputs owes its user: it goes on past a bad input, names each
 * one it could not read and why, and ends with an exit code a script can trust:
 * 0 all read; 1 some skipped; the inputs' own code (3, or 2) when none could be read; a full disk
 * (6) or a bug (5) answers for the whole run, however many inputs were written before it.
 * Nothing found in a folder is said on stderr, and is not an error.
 */
import { AtxError, ExitCode } from '../errors.js';
import type { FolderWalkNotes } from '../pipeline/sources.js';
import type { Reporter } from './io.js';

export class Batch {
  private succeeded = 0;
  private readonly failures: AtxError[] = [];
  private readonly failedNames: string[] = [];

  constructor(private readonly reporter: Reporter) {}

  get done(): number {
    return this.succeeded;
  }

  get failed(): readonly AtxError[] {
    return this.failures;
  }

  /** the input each failure was reported for, in the same order as `failed` */
  get failedInputs(): readonly string[] {
    return this.failedNames;
  }

  success(): void {
    this.succeeded += 1;
  }

  /** Reports an input that could not be read; anything but an AtxError is a bug and is thrown. */
  failure(input: string, error: unknown): void {
    if (!(error instanceof AtxError)) throw error;
    this.failures.push(error);
    this.failedNames.push(input);
    this.reporter.failure(error, { input });
  }

  /** What the folder walk passed over, said once per run. */
  walked(notes: FolderWalkNotes): void {
    for (const folder of notes.emptyFolders) this.reporter.info(`${folder}: no session files (*.jsonl, *.json, *.ndjson) in this folder`);
    if (notes.bookkeeping.length > 0) this.reporter.info(`passed over ${notes.bookkeeping.length} agent bookkeeping file(s) that are not sessions (${listSome(notes.bookkeeping)})`);
    if (notes.otherFiles.length > 0) this.reporter.info(otherFilesLine(notes.otherFiles));
    for (const link of notes.loops) this.reporter.warn(`${link}: symbolic link to a folder already read; not read twice`, { input: link });
    for (const link of notes.dangling) this.reporter.warn(`${link}: symbolic link to nothing; skipped`, { input: link });
    for (const { path, reason } of notes.unfollowable) this.reporter.warn(`${path}: symbolic link ${reason}; skipped`, { input: path });
    for (const file of notes.lonelyCompanions) {
      this.reporter.warn(`${file}: a subagent's file whose session is not in this folder; read as a session of its own`, { input: file });
    }
  }

  exitCode(): number {
    if (this.failures.length === 0) return ExitCode.ok;
    // a full disk or a bug is not an input the batch passed over: it answers for the whole run
    const severe = this.failures.filter((failure) => failure.exitCode === ExitCode.system || failure.exitCode === ExitCode.internal);
    if (severe.length > 0) return Math.max(...severe.map((failure) => failure.exitCode));
    if (this.succeeded === 0) return Math.max(...this.failures.map((failure) => failure.exitCode));
    return ExitCode.partial;
  }

  /** One closing line when several inputs were read and some could not be. */
  close(what: string): void {
    if (this.failures.length === 0 || this.succeeded + this.failures.length < 2) return;
    this.reporter.info(`${this.succeeded} ${what} read, ${this.failures.length} skipped (see the errors above)`);
  }
}

/** Files of no session format found in a walked folder: never dropped without a word. */
export const otherFilesLine = (paths: readonly string[]) =>
  `passed over ${paths.length} file(s) in no session format (${listSome(paths)}); name a file to have it read anyway`;

const listSome = (paths: readonly string[]) => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', ...' : ''}`;
