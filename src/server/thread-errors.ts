/** Errors sent from a thread of the server to the event loop: what survives a postMessage of them. */

export interface SentError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
}

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}), ...(error.stack ? { stack: error.stack } : {}) };
}

/** The error again, with its name, code (ENOSPC, …) and stack. */
export function revivedError(sent: SentError): Error {
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.code !== undefined) Object.assign(error, { code: sent.code });
  if (sent.stack !== undefined) error.stack = sent.stack;
  return error;
}
