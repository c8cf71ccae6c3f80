/**
 * An output must never replace one of the run's inputs: `atx convert log.jsonl -o log.jsonl`
 * replaced the agent's own log (often the only copy) with its Transcript, and `atx redact d/ -o d/`
 * replaced each Transcript with its redacted copy. The one check every command that reads files
 * and writes `-o` makes before it reads anything: a usage error naming the input, exit 2.
 *
 * Inputs are compared by identity (device and inode), so another spelling of the path, a symlink
 * to the input or a hard link to it is the input too.
 */
import type { Stats } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Adapter } from '../../adapters/types.js';
import { usageError } from '../errors.js';
import { discoverCompanions, type InputFile, type SessionInput } from '../pipeline/sources.js';

type Identity = `${number}:${number}`;

const identityOf = (info: Stats): Identity => `${info.dev}:${info.ino}`;

/** Every file of the inputs that has a path (main files and their companions), by identity. */
async function inputFiles(sources: readonly SessionInput[], adapters: readonly Adapter[]): Promise<Map<Identity, string>> {
  const files = new Map<Identity, string>();
  const add = async (file: InputFile) => {
    if (!file.path) return;
    const info = await stat(file.path).catch(() => undefined);
    if (info?.isFile() && !files.has(identityOf(info))) files.set(identityOf(info), file.name);
  };
  for (const source of sources) {
    await add(source.main);
    // companions found only once the adapter is known: every adapter that keeps them is asked
    const companions = source.companions === 'discover'
      ? (await Promise.all(adapters.filter((a) => a.companionDirs).map((a) => discoverCompanions(a, source.main.name)))).flat()
      : source.companions;
    for (const companion of companions) await add(companion);
  }
  return files;
}

/**
 * `-o <file>`: refused when it is one of the inputs. `-o <folder>`: refused when a file in it that
 * the run could write (a name ending in the format's extension) is one of the inputs; other files
 * in it are never replaced, and renaming over a link replaces the link, not the input.
 */
export async function refuseOutputOverInput(
  out: { kind: 'file' | 'folder'; path: string; extension: string },
  sources: readonly SessionInput[],
  adapters: readonly Adapter[],
): Promise<void> {
  const candidates = out.kind === 'file' ? await fileCandidate(out.path) : await folderCandidates(out.path, out.extension);
  if (candidates.length === 0) return;
  const inputs = await inputFiles(sources, adapters);
  for (const [path, identity] of candidates) {
    const input = inputs.get(identity);
    if (input === undefined) continue;
    throw usageError(out.kind === 'file'
      ? `-o ${out.path} is an input (${input}): writing it would replace that input; choose another output file`
      : `-o ${out.path} holds an input (${input}) that an output would replace (${path}); choose another output folder`);
  }
}

async function fileCandidate(path: string): Promise<[string, Identity][]> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? [[path, identityOf(info)]] : [];
}

async function folderCandidates(folder: string, extension: string): Promise<[string, Identity][]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const found: [string, Identity][] = [];
  for (const name of names) {
    if (!name.endsWith(extension)) continue;
    const path = join(folder, name);
    const info = await lstat(path).catch(() => undefined);
    if (info?.isFile()) found.push([path, identityOf(info)]);
  }
  return found;
}
