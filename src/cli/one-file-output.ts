/**
 * `-o` of a command that writes one file after long work (run writes when the agent is done): a
 * folder there is refused before the work starts, not found once the session is lost with it.
 */
import { stat } from 'node:fs/promises';
import { usageError } from '../errors.js';

export async function refuseFolderForFile(path: string | undefined): Promise<void> {
  if (path === undefined || path === '-') return;
  const isFolder = await stat(path).then((info) => info.isDirectory(), () => false);
  if (isFolder) throw usageError(`-o ${path}: is a directory; give the file to write the Transcript to`);
}
