import { maskKeys } from './mask.js';

/**
 * The one error type and the exit-code table (../shared/spec/cli.md). Commands throw AtxError;
 * only bin/ turns an outcome into process.exit.
 */
export const ExitCode = {
  ok: 0,
  /** the run survived input problems only partly (--strict with unknown records, findings with --fail-on-findings) */
  partial: 1,
  usage: 2,
  /** not a known format, an invalid Transcript, an empty parse of non-empty input */
  invalidInput: 3,
  /** network failure or the server refused, after retries */
  network: 4,
  internal: 5,
  /** the system refused a file operation (a full disk, a read-only file system, too many open files): not a bug */
  system: 6,
} as const;

export type ExitCodeName = keyof typeof ExitCode;

export const EXIT_CODE_TABLE: ReadonlyArray<{ code: number; name: ExitCodeName; meaning: string }> = [
  { code: ExitCode.ok, name: 'ok', meaning: 'success' },
  { code: ExitCode.partial, name: 'partial', meaning: 'input problems survived only partly (--strict, --fail-on-findings, a failed residue check)' },
  { code: ExitCode.usage, name: 'usage', meaning: 'usage error: unknown flag, missing argument, bad option value' },
  { code: ExitCode.invalidInput, name: 'invalidInput', meaning: 'invalid input: unknown format, invalid Transcript, non-empty input with no events' },
  { code: ExitCode.network, name: 'network', meaning: 'network or server refused (after retries)' },
  { code: ExitCode.internal, name: 'internal', meaning: 'internal error (a bug: please report it with --debug output)' },
  { code: ExitCode.system, name: 'system', meaning: 'the system refused: no space left on device, read-only file system, too many open files, an I/O error' },
];

/** The `code` of an error printed as JSON (`--json`): the exit code's name unless an error says more. */
export const ERROR_CODE_NAMES: Record<number, string> = {
  [ExitCode.partial]: 'partial',
  [ExitCode.usage]: 'usage',
  [ExitCode.invalidInput]: 'invalid_input',
  [ExitCode.network]: 'network',
  [ExitCode.internal]: 'internal',
  [ExitCode.system]: 'system',
};

/** Errors of the machine, not of atx nor of the user's arguments: each becomes exit 6 with its reason. */
const SYSTEM_REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
  EFBIG: 'file too large',
  EMFILE: 'too many open files (EMFILE): this process\'s limit (ulimit -n) is too low for this run; raise it (e.g. ulimit -n 4096) and run again',
  ENFILE: 'too many open files (ENFILE): the system\'s limit of open files is reached',
};

/** The reason of a system error (ENOSPC, EMFILE, …), or undefined for any other error. */
export function systemReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === undefined ? undefined : SYSTEM_REASONS[code];
}

/** `what: reason` as exit 6 when the error is the system's, else undefined. */
export function systemError(what: string, error: unknown): AtxError | undefined {
  const reason = systemReason(error);
  return reason === undefined ? undefined : new AtxError(ExitCode.system, `${maskKeys(what)}: ${reason}`, { cause: error });
}

export interface AtxErrorOptions {
  details?: readonly string[];
  cause?: unknown;
  /** a machine-readable reason, e.g. "unknown_format" (default: the exit code's name) */
  code?: string;
  /** the input the error is about, and the line in it, when known */
  input?: string;
  line?: number;
}

export class AtxError extends Error {
  readonly exitCode: number;
  /** more lines shown under the one-line message (for example each failing path) */
  readonly details: readonly string[];
  readonly code: string;
  readonly input: string | undefined;
  readonly line: number | undefined;

  constructor(exitCode: number, message: string, options: AtxErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AtxError';
    this.exitCode = exitCode;
    this.details = options.details ?? [];
    this.code = options.code ?? ERROR_CODE_NAMES[exitCode] ?? 'error';
    this.input = options.input;
    this.line = options.line;
  }
}

export const usageError = (message: string, details?: readonly string[]) =>
  new AtxError(ExitCode.usage, message, { details });
export const invalidInputError = (message: string, details?: readonly string[]) =>
  new AtxError(ExitCode.invalidInput, message, { details });

/**
 * Why a path the user named cannot be opened, when the reason is the path itself (a missing file, a
 * loop of symbolic links, a name longer than the system allows): a user's mistake, not a bug; its
 * errno code alone is not said to the user. Undefined for any other error.
 */
export function pathReason(error: unknown): string | undefined {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'is a directory';
    case 'ENOTDIR': return 'not a directory';
    case 'EEXIST': return 'a file of that name is in the way';
    case 'ELOOP': return 'a loop of symbolic links (each names another, never a file)';
    case 'ENAMETOOLONG': return 'the name is too long for the file system';
    default: return undefined;
  }
}

/** Path errors that are a wrong argument (exit 2); a file that exists but cannot be read is exit 3. */
const NAMING_MISTAKES = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST', 'ELOOP', 'ENAMETOOLONG']);

/** Turns a thrown system error on a user-supplied path into a one-line user error. */
export function fileError(path: string, error: unknown): AtxError {
  const system = systemError(path, error);
  if (system) return system;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = pathReason(error) ?? (error as Error | undefined)?.message ?? String(error);
  return new AtxError(code !== undefined && NAMING_MISTAKES.has(code) ? ExitCode.usage : ExitCode.invalidInput,
    `${maskKeys(path)}: ${maskKeys(reason)}`, { cause: error });
}
