/**
 * The index's errors, apart from database.ts so that what only tells them apart (the handler, the
 * store, the server's event loop when the index runs on its own thread) does not load SQLite.
 */

export class IndexBusyError extends Error {
  constructor(path: string, holders: readonly number[]) {
    super(`${path} stayed locked${holders.length > 0 ? ` (process ${holders.join(', ')} has it open)` : ''}; try again`);
    this.name = 'IndexBusyError';
  }

  /** The same error as another thread reported it (index-access.ts). */
  static withMessage(message: string): IndexBusyError {
    const error = new IndexBusyError('', []);
    error.message = message;
    return error;
  }
}

export function isBusy(error: unknown): boolean {
  return error instanceof Error && /database is locked/i.test(error.message);
}

/** SQLite's "database or disk is full", or a write error (this VFS reports ENOSPC as a plain I/O error). */
export function isFullOrIoError(error: unknown): boolean {
  return error instanceof Error && /database or disk is full|disk I\/O error/i.test(error.message);
}
