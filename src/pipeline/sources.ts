/**
 * Inputs: turns command-line arguments (files, folders, "-") into sessions to convert.
 * Files, stdin and a child's stdout all end up as an InputFile: a name and a byte stream.
 */
import { constants, type Stats } from 'node:fs';
import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { isatty } from 'node:tty';
import type { Adapter } from '../../adapters/types.js';
import { fileError, pathReason, usageError } from '../errors.js';
import { fifoChunks, fileChunks } from '../file-chunks.js';
import { privateTempDir } from '../lifecycle/temp.js';
import { headIsSessionLog } from './beside-store.js';

/** Container readers copy stores into the run's private temp folder, removed on every way out. */
const runScratch = { folder: privateTempDir };

export interface InputFile {
  /** shown in messages and recorded on unparsed events: a path, or "-" for stdin */
  name: string;
  /** size in bytes when known (files), for progress */
  size?: number;
  /** a file's path: such an input can be read more than once, and opened again by another thread */
  path?: string;
  /** the input's bytes; a chunk may be valid only until the next one is read (copy what must last) */
  open(): AsyncIterable<Buffer>;
  /** set for a session from a container reader: parsed records instead of bytes */
  records?: () => AsyncIterable<unknown>;
}

/** What a folder walk found besides sessions: said out loud, never silently dropped. */
export interface FolderWalkNotes {
  /** files an agent keeps beside its sessions that are not sessions (indexes, histories) */
  bookkeeping: string[];
  /** symlinks not followed: a loop back into a folder already walked, or a dangling link */
  loops: string[];
  dangling: string[];
  /** symlinks that cannot be followed for another reason (a loop of links, no permission), with why */
  unfollowable: { path: string; reason: string }[];
  /** folders given on the command line that held no session file */
  emptyFolders: string[];
  /** subagent files whose session is not in the folder: each read as a session of its own */
  lonelyCompanions: string[];
  /** files in no session format (neither JSON/JSONL nor an agent's store file): passed over, and counted */
  otherFiles: string[];
}

export interface SessionInput {
  main: InputFile;
  /** files read after the main one (subagent transcripts); "discover" asks the adapter once it is known */
  companions: InputFile[] | 'discover';
  /** found by walking a folder (not named by the user): a file in no known format is skipped, not an error */
  fromFolder?: boolean;
  /** known without detection (a container reader's adapter) */
  adapter?: Adapter;
}

/** session files, also gzipped (read as the text they hold) */
const SESSION_FILE = /\.(jsonl|json|ndjson)(\.gz)?$/i;

export const fileInput = (path: string, size?: number): InputFile => ({
  name: path,
  path,
  ...(size === undefined ? {} : { size }),
  // a few buffers taking turns: each chunk is used before the next is read (see file-chunks.ts)
  open: () => fileChunks(path),
});

export const streamInput = (name: string, stream: Readable): InputFile => ({
  name,
  open: () => stream,
});

/** Resolves the CLI's INPUT arguments. Folders are walked; every session file becomes its own session. */
export async function resolveInputs(
  args: readonly string[],
  adapters: readonly Adapter[],
  stdin: Readable,
  notes: FolderWalkNotes = emptyNotes(),
): Promise<SessionInput[]> {
  const sessions: SessionInput[] = [];
  let stdinUsed = false;
  for (const arg of args) {
    if (arg === '-') {
      if (stdinUsed) throw usageError('"-" (standard input) can be given only once');
      stdinUsed = true;
      sessions.push({ main: streamInput('-', stdin), companions: [] });
      continue;
    }
    const selected = await selectedContainerSessions(arg, adapters);
    if (selected) {
      sessions.push(...selected);
      continue;
    }
    const info = await stat(arg).catch((error: unknown) => {
      throw fileError(arg, error);
    });
    if (!info.isFile() && !info.isDirectory()) {
      await refuseEndlessDevice(arg, info);
      // a FIFO, a terminal, /dev/null (`mkfifo p; atx convert p`): its bytes can be read once only, and
      // a second open waits for a writer that is gone: read once, as a stream, as standard input is
      sessions.push({ main: { name: arg, open: () => (info.isFIFO() ? fifoChunks(arg) : fileChunks(arg)) }, companions: [] });
      continue;
    }
    const head = info.isDirectory() ? null : await readHead(arg).catch(() => undefined);
    if (head === undefined) {
      // unreadable (permission denied): one input that fails when read, as in a folder walk, so the others are still read
      sessions.push({ main: fileInput(arg, info.size), companions: [] });
      continue;
    }
    const contained = await containerSessions(arg, head, adapters);
    if (contained) {
      sessions.push(...contained);
      if (info.isDirectory()) sessions.push(...(await logsBesideStore(arg, adapters, contained, notes)));
    } else if (info.isDirectory()) {
      const found = await sessionsInFolder(arg, adapters, notes);
      if (found.length === 0) notes.emptyFolders.push(arg);
      sessions.push(...found);
    } else {
      sessions.push({ main: fileInput(arg, info.size), companions: 'discover' });
    }
  }
  return sessions;
}

/**
 * A path that is neither a file, a folder, a FIFO, a terminal nor /dev/null cannot hold a session:
 * `/dev/zero` and `/dev/urandom` never end, a disk is no log, a socket cannot be opened. Refused
 * before anything is read, as a missing file is.
 */
async function refuseEndlessDevice(path: string, info: Stats): Promise<void> {
  if (info.isFIFO()) return;
  const what = info.isSocket() ? 'a socket' : info.isBlockDevice() ? 'a block device (a disk)' : info.isCharacterDevice() ? 'a character device' : 'not a regular file';
  if (info.isCharacterDevice()) {
    const nullDevice = await stat('/dev/null').catch(() => null);
    if (nullDevice && nullDevice.rdev === info.rdev) return;
    if (await isTerminal(path)) return;
  }
  throw usageError(`${path}: ${what}, not a session file: give a file (or "-" and pipe the session in)`);
}

async function isTerminal(path: string): Promise<boolean> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY).catch(() => undefined);
  if (!handle) return false;
  try {
    return isatty(handle.fd);
  } finally {
    await handle.close();
  }
}

/** Lists the files of the companion folders an adapter names for a session file. */
export async function discoverCompanions(adapter: Adapter, sessionFile: string): Promise<InputFile[]> {
  const files: InputFile[] = [];
  for (const dir of adapter.companionDirs?.(sessionFile) ?? []) {
    const listed = await listFiles(dir).then((listing) => listing.files, () => [] as string[]);
    for (const path of listed.sort()) {
      if (SESSION_FILE.test(path)) files.push(fileInput(join(dir, path)));
    }
  }
  return files;
}

const HEAD_BYTES = 64 * 1024;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r').catch((error: unknown) => { throw fileError(path, error); });
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The sessions of a container (a store or a tree) an adapter's reader claims, or null. */
async function containerSessions(path: string, head: Buffer | null, adapters: readonly Adapter[]): Promise<SessionInput[] | null> {
  for (const adapter of adapters) {
    for (const reader of adapter.readers ?? []) {
      if (!reader.claims(path, head)) continue;
      const found = await reader.sessions(path, runScratch).catch((error: unknown) => { throw fileError(path, error); });
      return found.map((session) => ({
        main: { name: session.name, open: emptyStream, records: () => session.records() },
        companions: [],
        adapter,
      }));
    }
  }
  return null;
}

async function* emptyStream(): AsyncGenerator<Buffer> {}

/**
 * `STORE#SESSION` names one session of a container (for example `opencode.db#ses_123`): when the
 * argument itself does not exist but the part before `#` does, its readers are asked with the whole name.
 */
async function selectedContainerSessions(arg: string, adapters: readonly Adapter[]): Promise<SessionInput[] | null> {
  const at = arg.lastIndexOf('#');
  if (at <= 0) return null;
  const [whole, base] = await Promise.all([stat(arg).catch(() => null), stat(arg.slice(0, at)).catch(() => null)]);
  if (whole || !base) return null;
  return containerSessions(arg, base.isDirectory() ? null : await readHead(arg.slice(0, at)), adapters);
}

/**
 * The session logs in a folder read as a store that are not the store's own (a Claude Code session
 * copied beside an OpenCode storage/ tree or a Cline task folder): each is read as a session of its
 * own, as it is when its folder's parent is named. They were left out without a word, so `atx scan`
 * of such a folder passed over the secrets in them. A subfolder the store does not own (no reader
 * claims it, no session of the store is read from it) that holds a session log is walked as a
 * folder named on the command line is; the store's own subfolders (its tree, its snapshots, its
 * logs of another kind) hold none and stay the store's.
 */
async function logsBesideStore(dir: string, adapters: readonly Adapter[], store: readonly SessionInput[], notes: FolderWalkNotes): Promise<SessionInput[]> {
  const bookkeeping = (name: string) => adapters.some((adapter) => adapter.bookkeepingFiles?.test(name));
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found: SessionInput[] = [];
  for (const name of entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort()) {
    if (!SESSION_FILE.test(name) || /\.gz$/i.test(name) || bookkeeping(name)) continue;
    const path = join(dir, name);
    const head = await readHead(path).catch(() => undefined);
    if (!head || !(await besideLooksLikeLog(path, head, adapters))) continue;
    if (await containerSessions(path, head, adapters).catch(() => null)) continue; // one of the store's files
    found.push({ main: fileInput(path), companions: 'discover', fromFolder: true });
  }
  const readers = adapters.flatMap((adapter) => adapter.readers ?? []);
  const storeFolders = store.map((session) => session.main.name);
  for (const name of entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    const folder = join(dir, name);
    if (readers.some((reader) => reader.claims(folder, null)) || storeFolders.some((path) => path === folder || path.startsWith(`${folder}/`))) continue;
    if (await holdsSessionLog(folder, adapters)) found.push(...(await sessionsInFolder(folder, adapters, notes)));
  }
  return found;
}

/** How many files of a subfolder beside a store are looked into, at most, for a session log. */
const MAX_BESIDE_CANDIDATES = 200;

/** Whether a folder beside a store holds a file that is a session log (and so is to be walked). */
async function holdsSessionLog(folder: string, adapters: readonly Adapter[]): Promise<boolean> {
  const { files } = await listFiles(folder).catch(() => ({ files: [] as string[] }));
  const candidates = files.filter((path) => SESSION_FILE.test(path) && !/\.gz$/i.test(path)).slice(0, MAX_BESIDE_CANDIDATES);
  for (const path of candidates) {
    const head = await readHead(join(folder, path)).catch(() => undefined);
    if (head && (await besideLooksLikeLog(join(folder, path), head, adapters))) return true;
  }
  return false;
}

/** A JSON document beside a store larger than this is not read whole to tell whether it is a session. */
const MAX_BESIDE_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * Whether a file beside a store is a session log: its first 64 KiB tell for lines; a JSON document
 * (a Gemini CLI chat file, an export) over 64 KiB is read whole, or it was passed over without a word.
 */
async function besideLooksLikeLog(path: string, head: Buffer, adapters: readonly Adapter[]): Promise<boolean> {
  if (head.length < HEAD_BYTES) return headIsSessionLog(head, true, adapters);
  if (headIsSessionLog(head, false, adapters)) return true;
  const size = await stat(path).then((info) => info.size, () => 0);
  if (size > MAX_BESIDE_DOCUMENT_BYTES || !head.toString('utf8', 0, 1024).trimStart().startsWith('{')) return false;
  const whole = await readFile(path).catch(() => undefined);
  return whole !== undefined && headIsSessionLog(whole, true, adapters);
}

/** The file names the adapters' container readers claim (a Cline task's `api_conversation_history.json`, …). */
function readerFileNames(adapters: readonly Adapter[]): RegExp[] {
  return adapters.flatMap((adapter) => adapter.readers ?? []).map((reader) => reader.fileName).filter((re): re is RegExp => re !== undefined);
}

export const emptyNotes = (): FolderWalkNotes => ({ bookkeeping: [], loops: [], dangling: [], unfollowable: [], emptyFolders: [], lonelyCompanions: [], otherFiles: [] });

async function sessionsInFolder(root: string, adapters: readonly Adapter[], notes: FolderWalkNotes): Promise<SessionInput[]> {
  const walked = await listFiles(root);
  notes.loops.push(...walked.loops.map((path) => join(root, path)));
  notes.dangling.push(...walked.dangling.map((path) => join(root, path)));
  notes.unfollowable.push(...walked.unfollowable.map(({ path, reason }) => ({ path: join(root, path), reason })));
  const bookkeeping = (path: string) => adapters.some((adapter) => adapter.bookkeepingFiles?.test(path));
  const files = walked.files.filter((path) => {
    if (!SESSION_FILE.test(path) || !bookkeeping(path)) return true;
    notes.bookkeeping.push(join(root, path));
    return false;
  });
  const sessions: SessionInput[] = [];
  const readerFiles = readerFileNames(adapters);
  // a file a container reader claimed is its reader's, never also read as a file of lines
  const readByContainer = new Set<string>();
  // a folder a container read as one session (a Cline task folder): its other files are that session's
  const foldersRead = new Set<string>();
  const readWithItsFolder = (path: string) => {
    for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) if (foldersRead.has(folder)) return true;
    return false;
  };
  // a store found later in the walk owns the files seen before it (its migration marker, say)
  const others: string[] = [];
  for (const path of files) {
    if (readWithItsFolder(path)) continue;
    if (!readerFiles.some((re) => re.test(path))) {
      if (!SESSION_FILE.test(path)) others.push(path);
      continue;
    }
    const contained = await containerSessions(join(root, path), await readHead(join(root, path)), adapters);
    const store = contained ? await enclosingStore(root, path, adapters) : undefined;
    if (store) {
      // the file is one of a store's (an OpenCode storage/ tree's session file): the store is read
      // whole, as when its folder is named, and its other files (messages, parts) are its own
      sessions.push(...store.sessions.map((session) => ({ ...session, fromFolder: true })));
      foldersRead.add(store.folder);
    } else if (contained) {
      sessions.push(...contained.map((session) => ({ ...session, fromFolder: true })));
      readByContainer.add(path);
      const folder = dirname(path);
      if (folder !== '.' && contained.some((session) => session.main.name === join(root, folder))) foldersRead.add(folder);
    } else if (!SESSION_FILE.test(path)) others.push(path);
  }
  notes.otherFiles.push(...others.filter((path) => !readWithItsFolder(path)).map((path) => join(root, path)));
  let unclaimed = files.filter((path) => SESSION_FILE.test(path) && !readByContainer.has(path) && !readWithItsFolder(path)).sort();
  const heads = new FirstLines(root);
  const groups: string[][] = [];
  for (const adapter of adapters) {
    if (!adapter.groupSessionFiles || unclaimed.length === 0) continue;
    const claimed = new Set<string>();
    const groupingHeads = adapter.groupingHeads ? await heads.of(unclaimed.filter((path) => adapter.groupingHeads!.test(path))) : new Map<string, string>();
    for (const group of adapter.groupSessionFiles(unclaimed, groupingHeads)) {
      group.forEach((path) => claimed.add(path));
      groups.push(group);
    }
    unclaimed = unclaimed.filter((path) => !claimed.has(path));
  }
  groups.push(...unclaimed.map((path) => [path]));
  for (const [main, ...rest] of withSubagentMeta(groups, adapters, heads)) {
    if (main === undefined) continue;
    // a subagent's description with no transcript of its own left to join: no session by itself
    if (rest.length === 0 && SUBAGENT_META_FILE.test(main)) {
      notes.bookkeeping.push(join(root, main));
      continue;
    }
    // a subagent's file read by itself (with its own .meta.json at most): its session is not in this folder
    if (rest.every((path) => path.endsWith(SUBAGENT_META)) && adapters.some((adapter) => adapter.isCompanion?.(main, heads.known(main)))) notes.lonelyCompanions.push(join(root, main));
    sessions.push({ main: fileInput(join(root, main)), companions: rest.map((path) => fileInput(join(root, path))), fromFolder: true });
  }
  return sessions;
}

/** The nearest folder above a claimed file, inside the walk, that a reader reads as a store. */
async function enclosingStore(root: string, path: string, adapters: readonly Adapter[]): Promise<{ folder: string; sessions: SessionInput[] } | undefined> {
  for (let folder = dirname(path); folder !== '.'; folder = dirname(folder)) {
    const sessions = await containerSessions(join(root, folder), null, adapters);
    if (sessions) return { folder, sessions };
  }
  return undefined;
}

const SUBAGENT_META = '.meta.json';
const SUBAGENT_META_FILE = /(?:^|\/)agent-[^/]+\.meta\.json$/;

/**
 * A subagent's `agent-<id>.jsonl` read by itself (a walk of its `subagents/` folder alone) keeps its
 * `agent-<id>.meta.json` (Claude Code, Qwen Code), as it does within its session: alone, the meta
 * file is in no session format, and it was an error of the walk.
 */
function withSubagentMeta(groups: readonly string[][], adapters: readonly Adapter[], heads: FirstLines): string[][] {
  const lonelyMeta = new Map<string, string>();
  for (const group of groups) {
    const [path] = group;
    if (group.length === 1 && path!.endsWith(SUBAGENT_META)) lonelyMeta.set(`${path!.slice(0, -SUBAGENT_META.length)}.jsonl`, path!);
  }
  const moved = new Set<string>();
  const joined = groups.map((group) => {
    const meta = group.length === 1 ? lonelyMeta.get(group[0]!) : undefined;
    if (meta === undefined || !adapters.some((adapter) => adapter.isCompanion?.(group[0]!, heads.known(group[0]!)))) return group;
    moved.add(meta);
    return [group[0]!, meta];
  });
  return joined.filter((group) => !(group.length === 1 && moved.has(group[0]!)));
}

/** The first lines a folder's grouping asked for, each file read once: at most HEAD_BYTES of it. */
class FirstLines {
  private readonly read = new Map<string, string>();

  constructor(private readonly root: string) {}

  async of(paths: readonly string[]): Promise<Map<string, string>> {
    for (const path of paths) {
      if (this.read.has(path)) continue;
      // a file that cannot be read now is grouped by its path alone, and fails when it is converted
      const head = await readHead(join(this.root, path)).catch(() => undefined);
      if (!head) continue;
      const newline = head.indexOf(0x0a);
      this.read.set(path, head.subarray(0, newline === -1 ? head.length : newline).toString('utf8'));
    }
    return new Map(paths.flatMap((path) => (this.read.has(path) ? [[path, this.read.get(path)!] as const] : [])));
  }

  known(path: string): string | undefined {
    return this.read.get(path);
  }
}

interface Listing {
  /** relative paths, "/"-separated, sorted */
  files: string[];
  loops: string[];
  dangling: string[];
  unfollowable: { path: string; reason: string }[];
}

const unfollowableReason = (error: NodeJS.ErrnoException) =>
  error.code === 'ELOOP' ? 'in a loop (links that name each other, never a file or folder)' : `that cannot be followed (${pathReason(error) ?? error.code ?? error.message})`;

/**
 * Relative paths of every file under a folder. Symbolic links are followed (a session file or a
 * folder of them linked in from elsewhere is read); a link back into a folder already on the
 * current path, or a second way into one already walked, is not followed twice.
 */
async function listFiles(root: string): Promise<Listing> {
  const listing: Listing = { files: [], loops: [], dangling: [], unfollowable: [] };
  const walked = new Set<string>([await realpath(root)]);
  const walk = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const relativePath = prefix ? `${prefix}/${entry.name}` : entry.name;
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await stat(path).catch((error: unknown) => error as NodeJS.ErrnoException);
        if (target instanceof Error) {
          // a link in a loop (`ln -s a b; ln -s b a`) names no file either, but it is no dangling link
          if (target.code === 'ENOENT' || target.code === 'ENOTDIR') listing.dangling.push(relativePath);
          else listing.unfollowable.push({ path: relativePath, reason: unfollowableReason(target) });
          continue;
        }
        isDirectory = target.isDirectory();
        isFile = target.isFile();
      }
      if (isFile) {
        listing.files.push(relativePath);
      } else if (isDirectory) {
        const real = await realpath(path);
        if (walked.has(real)) {
          listing.loops.push(relativePath);
          continue;
        }
        walked.add(real);
        await walk(path, relativePath);
      }
    }
  };
  await walk(root, '');
  return listing;
}
