/**
 * `atx serve`: the reference ingest server of the upload API, its key management, and the
 * OpenAPI document. The server itself lives in src/server; this module is flags, messages and
 * signals.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { openApiDocument } from '../../api/openapi.js';
import { AtxError, ExitCode, fileError, usageError } from '../../errors.js';
import {
  defaultDataDir, IndexBusyError, SERVER_DEFAULTS, ServerAlreadyRunningError, startServer, TranscriptStore, type KeyInfo,
} from '../../server/index.js';
import { ensurePrivateFolder, withValidBaseDirs } from '../../paths.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { answerJson, colorsFor, Reporter, type CliIO } from '../io.js';

interface ServeFlags {
  host: string;
  port: string;
  dataDir?: string;
  maxBodyMb: string;
  maxTranscriptMb: string;
  rateLimit: string;
  requestTimeout: string;
  maxStorageMb?: string;
  keepVersions?: boolean;
  maxDepth: string;
  maxValues: string;
  maxEvents: string;
  maxStringMb: string;
  maxConcurrent: string;
  maxInFlightMb: string;
  authFailureLimit: string;
  quiet?: boolean;
}

const MIB = 1024 * 1024;
const DATA_DIR_HELP = 'where keys and transcripts are kept (default: $ATX_SERVE_DATA, else $XDG_DATA_HOME/atx/serve, else ~/.local/share/atx/serve)';
// The subcommands declare --data-dir for their help, but commander hands it to `serve`, which
// declares it too, so they read it with optsWithGlobals().

export function serveCommand(io: CliIO, setExit: (code: number) => void): Command {
  const serve = describedCommand('serve', 'run the reference ingest server of the upload API (and manage its keys)',
    'Run the reference server of the upload API: it validates each uploaded Transcript, stores it ' +
    'atomically under the data dir, and lets each key read, list and delete its own transcripts. ' +
    'It listens on 127.0.0.1 unless --host says otherwise. ' +
    'Uploads need a key: create one with "atx serve keys create" (it works while the server runs, and takes effect at once).')
    .option('--host <host>', 'address to listen on; 0.0.0.0 makes the server reachable from the network', SERVER_DEFAULTS.host)
    .option('--port <port>', 'port to listen on; 0 picks a free one', String(SERVER_DEFAULTS.port))
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--max-body-mb <n>', 'largest request body on the wire, in MiB (gzip counts compressed)', String(SERVER_DEFAULTS.maxBodyBytes / MIB))
    .option('--max-transcript-mb <n>', 'largest Transcript document after inflating gzip, in MiB', String(SERVER_DEFAULTS.maxTranscriptBytes / MIB))
    .option('--rate-limit <n>', 'requests per minute per key (0: no limit)', String(SERVER_DEFAULTS.rateLimitPerMinute))
    .option('--request-timeout <seconds>', 'time a client has to send its headers and body', String(SERVER_DEFAULTS.requestTimeoutMs / 1000))
    .option('--max-storage-mb <n>', 'total MiB of stored transcripts; over it uploads get 507 storage_full (default: no limit)')
    .option('--keep-versions', 'keep the stored bytes of a session\'s replaced versions (default: only the current version is kept)')
    .option('--max-depth <n>', 'deepest nesting of an uploaded document (checked as it arrives; over it: 413 depth)', String(SERVER_DEFAULTS.maxDepth))
    .option('--max-values <n>', 'most JSON values in one document (413 values)', String(SERVER_DEFAULTS.maxValues))
    .option('--max-events <n>', 'most events in one Transcript (413 events)', String(SERVER_DEFAULTS.maxEvents))
    .option('--max-string-mb <n>', 'longest JSON string in a document, in MiB (413 string_bytes)', String(SERVER_DEFAULTS.maxStringBytes / MIB))
    .option('--max-concurrent <n>', 'upload bodies read at once; more get 503 with Retry-After', String(SERVER_DEFAULTS.maxConcurrentBodies))
    .option('--max-in-flight-mb <n>', 'memory all upload bodies in flight may use together, in MiB; over it: 503', String(SERVER_DEFAULTS.maxInFlightBytes / MIB))
    .option('--auth-failure-limit <n>', 'failed authentications per minute per client address before 429 (0: no limit)', String(SERVER_DEFAULTS.authFailuresPerMinute))
    .option('-q, --quiet', 'no line per request on stderr (notices and errors still show)')
    .addHelpText('after', `
On start one line goes to stderr: "atx serve: listening on http://<host>:<port> (data <dir>)".
Then one line per request: time, remote address, method, path, status, duration, request bytes
and key=<keyId> (never a body, a header or a secret). Ctrl-C or SIGTERM stops accepting
connections, cuts bodies still arriving, gives requests being stored a moment to finish (0.5 s)
and exits 0, within a second.

Each upload is checked as its bytes arrive, against the limits above (size on the wire and after
gzip, nesting, values, string length, events): over one, it is cut off at once with 413 and the
limit's name; duplicate JSON keys and invalid UTF-8 are refused. What is stored is the document
as validated, without its whitespace.

Examples:
  atx serve keys create --name laptop          # prints the key once: keep it
  atx serve                                    # http://127.0.0.1:8787
  atx serve --port 0 --data-dir ./atx-data     # any free port, a data dir of its own
  atx serve --host 0.0.0.0 --max-storage-mb 10240 --rate-limit 120
  atx serve keys list
  atx serve keys revoke Ab3dEf6hIj9k
  atx serve openapi > openapi.json             # the API as an OpenAPI 3.1 document

Endpoints: POST/GET /v1/transcripts, GET/DELETE /v1/transcripts/{id}, GET /v1/health,
GET /v1/openapi.json.`)
    .addHelpText('after', commandHelp({
      exitCodes: ['0 stopped by Ctrl-C or SIGTERM', '2 usage (a bad limit, a port in use, a data dir others can change)', '5 internal error'],
      environment: ['ATX_SERVE_DATA'],
    }))
    .action(async (flags: ServeFlags) => {
      setExit(await runServe(io, flags));
    });

  serve.addCommand(keysCommand(io));
  serve.addCommand(describedCommand('openapi', 'print the OpenAPI document of the upload API', 'Print the OpenAPI 3.1 document (JSON) of the upload API that atx serve implements; the server also answers it at GET /v1/openapi.json.')
    .addHelpText('after', commandHelp({
      examples: ['atx serve openapi > openapi.json', 'atx serve openapi | jq \'.paths | keys\''],
      exitCodes: ['0 ok', '5 internal error'],
    }))
    .action(() => {
      io.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
    }));
  return serve;
}

async function runServe(io: CliIO, flags: ServeFlags): Promise<number> {
  const reporter = new Reporter(io, colorsFor(io));
  const port = wholeNumber('--port', flags.port, { min: 0, max: 65_535 });
  const maxBodyBytes = Math.floor(positiveNumber('--max-body-mb', flags.maxBodyMb) * MIB);
  const maxTranscriptBytes = Math.floor(positiveNumber('--max-transcript-mb', flags.maxTranscriptMb) * MIB);
  const rateLimitPerMinute = wholeNumber('--rate-limit', flags.rateLimit, { min: 0, max: 10_000_000 });
  const requestTimeoutMs = Math.round(positiveNumber('--request-timeout', flags.requestTimeout) * 1000);
  const maxStorageBytes = flags.maxStorageMb === undefined ? null : Math.floor(positiveNumber('--max-storage-mb', flags.maxStorageMb) * MIB);
  const limits = {
    maxDepth: wholeNumber('--max-depth', flags.maxDepth, { min: 2, max: 100_000 }),
    maxValues: wholeNumber('--max-values', flags.maxValues, { min: 1, max: 1_000_000_000 }),
    maxEvents: wholeNumber('--max-events', flags.maxEvents, { min: 1, max: 100_000_000 }),
    maxStringBytes: Math.floor(positiveNumber('--max-string-mb', flags.maxStringMb) * MIB),
    maxConcurrentBodies: wholeNumber('--max-concurrent', flags.maxConcurrent, { min: 1, max: 100_000 }),
    maxInFlightBytes: Math.floor(positiveNumber('--max-in-flight-mb', flags.maxInFlightMb) * MIB),
    authFailuresPerMinute: wholeNumber('--auth-failure-limit', flags.authFailureLimit, { min: 0, max: 10_000_000 }),
  };
  const dataDir = flags.dataDir ?? defaultDataDir(withValidBaseDirs(io.env));
  await ensurePrivateFolder(dataDir).catch((error: unknown) => { throw startError(error, dataDir); });
  const write = (line: string) => { io.stderr.write(`${line}\n`); };

  const server = await startServer({
    dataDir, host: flags.host, port, maxBodyBytes, maxTranscriptBytes, rateLimitPerMinute, requestTimeoutMs, maxStorageBytes, keepVersions: Boolean(flags.keepVersions), ...limits,
    log: write, logRequests: !flags.quiet,
  }).catch((error: unknown) => { throw startError(error, dataDir, flags.host, port); });

  if (!isLoopback(flags.host)) {
    reporter.warn(`listening on ${flags.host}: the server is reachable from the network, over plain HTTP; put a TLS proxy in front of it, since keys travel in the Authorization header`);
  }
  write(`atx serve: listening on ${server.url} (data ${server.dataDir})`);

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (name: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(name);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  // a second signal during shutdown is ignored rather than killing the process mid-write; close() is bounded
  const ignore = () => {};
  process.on('SIGINT', ignore);
  process.on('SIGTERM', ignore);
  write(`atx serve: ${signal}: finishing requests in flight, then stopping`);
  try {
    await server.close();
  } finally {
    process.off('SIGINT', ignore);
    process.off('SIGTERM', ignore);
  }
  write('atx serve: stopped');
  return ExitCode.ok;
}

const KEYS_EXIT_CODES = ['0 ok', '2 usage (a bad --name, a data dir others can change)', '5 internal error'];

function keysCommand(io: CliIO): Command {
  const keys = describedCommand('keys', 'create, list and revoke submission keys', 'Manage the submission keys of this server. Only a hash of each secret is stored; a key is shown once, when it is created. Works while the server runs: changes count at once.')
    .addHelpText('after', commandHelp({
      examples: ['atx serve keys create --name ci > ci.key && chmod 600 ci.key', 'atx serve keys list', 'atx serve keys revoke <keyId>'],
      exitCodes: KEYS_EXIT_CODES,
      environment: ['ATX_SERVE_DATA'],
    }));

  keys.addCommand(describedCommand('create', 'create a key and print it once', 'Create a submission key and print it (atx_<keyId>_<secret>) on stdout. This is the only time the secret is shown: the server keeps only its hash.')
    .option('--name <label>', 'a label to recognise the key by in "keys list" (a person, a machine)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .addHelpText('after', commandHelp({
      examples: [
        'atx serve keys create --name ci > ci.key && chmod 600 ci.key',
        'ATX_KEY=$(atx serve keys create --name laptop) atx upload session.jsonl --endpoint http://127.0.0.1:8787',
      ],
      exitCodes: KEYS_EXIT_CODES,
      environment: ['ATX_SERVE_DATA'],
    }))
    .action(async (_flags: unknown, command: Command) => {
      const flags = command.optsWithGlobals<{ name?: string; dataDir?: string }>();
      const name = flags.name === undefined ? null : flags.name.trim();
      if (name !== null && (name === '' || name.length > 100 || /\p{Cc}/u.test(name))) {
        throw usageError('--name must be 1 to 100 printable characters');
      }
      const created = await withStore(io, flags.dataDir, (store) => store.createKey(name));
      io.stdout.write(`${created.key}\n`);
      new Reporter(io, colorsFor(io)).info(`created key ${created.keyId}${name ? ` (${name})` : ''}. This is the only time the key is shown: keep it somewhere safe (a file with mode 600, or ATX_KEY).`);
    }));

  keys.addCommand(describedCommand('list', 'list keys (never their secrets)', 'List the keys of this server: key id, name, when created and revoked, and how many transcripts each stored.')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--json', 'print a JSON array')
    .addHelpText('after', commandHelp({
      examples: ['atx serve keys list', 'atx serve keys list --json --data-dir ./serve-data'],
      exitCodes: KEYS_EXIT_CODES,
      environment: ['ATX_SERVE_DATA'],
    }))
    .action(async (_flags: unknown, command: Command) => {
      const flags = command.optsWithGlobals<{ dataDir?: string; json?: boolean }>();
      const dataDir = dataDirOf(io, flags.dataDir);
      const list = existsSync(dataDir) ? await withStore(io, dataDir, (store) => store.listKeys()) : [];
      if (flags.json) {
        answerJson(io, list, { pretty: true });
        return;
      }
      if (list.length === 0) {
        const where = existsSync(dataDir) ? '' : ` (${dataDir}: no server data here, nothing made)`;
        new Reporter(io, colorsFor(io)).info(`no keys yet${where}; create one with: atx serve keys create --name <label>`);
        return;
      }
      io.stdout.write(keyTable(list));
    }));

  keys.addCommand(describedCommand('revoke', 'revoke a key: its requests are refused from now on', 'Revoke a key by its key id. Requests with it get 403 at once, also on a running server. Its transcripts stay stored.')
    .argument('<keyId>', 'the key id (the part between atx_ and the next _)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .addHelpText('after', commandHelp({
      examples: ['atx serve keys revoke k7f3q9x2', 'atx serve keys revoke "$(cat ci.key)"   # the whole key works too'],
      exitCodes: ['0 revoked (or already revoked)', '2 usage (not a key id, or no such key on this server)', '5 internal error'],
      environment: ['ATX_SERVE_DATA'],
    }))
    .action(async (keyIdArgument: string, _flags: unknown, command: Command) => {
      const flags = command.optsWithGlobals<{ dataDir?: string }>();
      const keyId = /^atx_([A-Za-z0-9]{4,64})_/.exec(keyIdArgument)?.[1] ?? keyIdArgument;
      if (!/^[A-Za-z0-9]{4,64}$/.test(keyId)) throw usageError('not a key id: expected 4 to 64 letters and digits (see atx serve keys list)');
      const dataDir = dataDirOf(io, flags.dataDir);
      if (!existsSync(dataDir)) throw usageError(`no key ${keyId}: ${dataDir}: no server data here (see --data-dir)`);
      const outcome = await withStore(io, dataDir, (store) => store.revokeKey(keyId));
      const reporter = new Reporter(io, colorsFor(io));
      if (outcome === 'unknown') throw usageError(`no key ${keyId} on this server (see atx serve keys list)`);
      reporter.info(outcome === 'revoked' ? `revoked key ${keyId}` : `key ${keyId} was already revoked`);
    }));
  return keys;
}

/** --data-dir, else the default one. */
const dataDirOf = (io: CliIO, dataDirFlag: string | undefined): string => dataDirFlag ?? defaultDataDir(withValidBaseDirs(io.env));

/** The server's store, made when missing: only `keys create` gets here without checking it is there (list and revoke make nothing). */
async function withStore<T>(io: CliIO, dataDirFlag: string | undefined, work: (store: TranscriptStore) => Promise<T>): Promise<T> {
  const dataDir = dataDirOf(io, dataDirFlag);
  await ensurePrivateFolder(dataDir).catch((error: unknown) => { throw startError(error, dataDir); });
  const notice = (line: string) => { io.stderr.write(`atx serve: ${line}\n`); };
  const store = await TranscriptStore.open({ dataDir, role: 'tool', log: notice }).catch((error: unknown) => { throw startError(error, dataDir); });
  try {
    return await work(store);
  } catch (error) {
    if (error instanceof IndexBusyError) throw new AtxError(ExitCode.usage, error.message, { cause: error });
    throw error;
  } finally {
    await store.close();
  }
}

function keyTable(list: readonly KeyInfo[]): string {
  const rows = [['KEY ID', 'NAME', 'CREATED', 'REVOKED', 'TRANSCRIPTS'], ...list.map((key) => [
    key.keyId, key.name ?? '-', key.createdAt, key.revokedAt ?? '-', String(key.transcripts),
  ])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n';
}

function startError(error: unknown, dataDir: string, host?: string, port?: number): unknown {
  if (error instanceof AtxError) return error;
  if (error instanceof ServerAlreadyRunningError || error instanceof IndexBusyError) return new AtxError(ExitCode.usage, error.message, { cause: error });
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return usageError(`port ${port} on ${host} is already in use (pick another with --port, or --port 0 for any free one)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return usageError(`cannot listen on ${host}: no such local address`);
  if (code === 'EACCES' && host !== undefined && (error as { syscall?: string }).syscall === 'listen') return usageError(`not allowed to listen on port ${port} (ports below 1024 need privileges)`);
  if (code) return fileError(dataDir, error);
  return error;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function positiveNumber(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw usageError(`${flag} must be a positive number, got "${text}"`);
  return value;
}

function wholeNumber(flag: string, text: string, range: { min: number; max: number }): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < range.min || value > range.max) throw usageError(`${flag} must be a whole number from ${range.min} to ${range.max}, got "${text}"`);
  return value;
}
