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
} as const;

export type ExitCodeName = keyof typeof ExitCode;

export const EXIT_CODE_TABLE: ReadonlyArray<{ code: number; name: ExitCodeName; meaning: string }> = [
  { code: ExitCode.ok, name: 'ok', meaning: 'success' },
  { code: ExitCode.partial, name: 'partial', meaning: 'input problems survived only partly (--strict, --fail-on-findings, a failed residue check)' },
  { code: ExitCode.usage, name: 'usage', meaning: 'usage error: unknown flag, missing argument, bad option value' },
  { code: ExitCode.invalidInput, name: 'invalidInput', meaning: 'invalid input: unknown format, invalid Transcript, non-empty input with no events' },
  { code: ExitCode.network, name: 'network', meaning: 'network or server refused (after retries)' },
  { code: ExitCode.internal, name: 'internal', meaning: 'internal error (a bug: please report it with --debug output)' },
];

/** The `code` of an error printed as JSON (`--json`): the exit code's name unless an error says more. */
export const ERROR_CODE_NAMES: Record<number, string> = {
  [ExitCode.partial]: 'partial',
  [ExitCode.usage]: 'usage',
  [ExitCode.invalidInput]: 'invalid_input',
  [ExitCode.network]: 'network',
  [ExitCode.internal]: 'internal',
};

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

/** Turns a thrown system error on a user-supplied path into a one-line user error. */
export function fileError(path: string, error: unknown): AtxError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'ENOENT' ? 'no such file or directory'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'EISDIR' ? 'is a directory'
    : code === 'ENOTDIR' ? 'not a directory'
    : code === 'ENOSPC' ? 'no space left on device'
    : code === 'EEXIST' ? 'a file of that name is in the way'
    : (error as Error | undefined)?.message ?? String(error);
  return new AtxError(code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' ? ExitCode.usage : ExitCode.invalidInput,
    `${maskKeys(path)}: ${maskKeys(reason)}`, { cause: error });
}
