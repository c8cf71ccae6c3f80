/**
 * The options `atx upload` and `atx outbox flush` share (endpoint, outbox, retries, timeouts,
 * concurrency) and what they resolve to: an outbox, a retry policy, and one HTTP client per
 * endpoint, reused for every transcript sent there.
 */
import type { Command } from 'commander';
import type { Config } from '../config.js';
import { usageError } from '../errors.js';
import type { Profile } from '../../redaction/index.js';
import type { SubmissionKey } from '../keys.js';
import { describeEndpoint, isLoopbackHost, parseEndpoint } from '../upload/endpoint.js';
import type { UploadClient } from '../upload/http-client.js';
import { defaultOutboxDir, Outbox } from '../upload/outbox.js';
import { packageVersion } from '../version.js';
import type { RetryPolicy } from '../upload/retry.js';
import { colorsFor, Reporter, type CliIO } from './io.js';
import { addRedactionOptions, type RedactionFlags } from './redaction-options.js';

export interface TransportFlags {
  endpoint?: string;
  outbox?: string;
  concurrency: string;
  retries: string;
  timeout: string;
  maxRetryTime: string;
  json?: boolean;
  quiet?: boolean;
}

export function addTransportOptions(command: Command): Command {
  return command
    .option('--endpoint <url>', 'server to send to (or $ATX_ENDPOINT, or the one saved by atx login)')
    .option('--outbox <dir>', 'where undelivered transcripts wait (default $ATX_OUTBOX or ~/.local/state/atx/outbox)')
    .option('--concurrency <n>', 'transcripts sent at the same time (requests in flight on one keep-alive connection pool)', '8')
    .option('--retries <n>', 'retries per transcript after the first attempt', '5')
    .option('--timeout <seconds>', 'time allowed for one request (connect and answer)', '30')
    .option('--max-retry-time <seconds>', 'total time to keep retrying one transcript before queueing it', '120')
    .option('--json', 'print the result as one JSON object on stdout')
    .option('-q, --quiet', 'print only what went wrong (no retry, item or summary lines for what went well)');
}

/** The flags of every command that sends sessions (upload, sync, watch --upload). */
export interface SendingFlags extends RedactionFlags, TransportFlags {
  allowUnredacted?: boolean;
}

/**
 * --allow-unredacted (a profile that redacts none of standard's secret classes may leave the
 * machine only when asked for), the redaction options and the transport options, in that order.
 */
export function addSendingOptions(command: Command): Command {
  command.option('--allow-unredacted', 'allow a profile that redacts none of the secret classes standard redacts (none, or a custom one with its rules off)');
  return addTransportOptions(addRedactionOptions(command));
}

/**
 * Reads the rule data (the redaction engine is loaded here, not when the options are declared),
 * unless the profile runs every built-in secret rule: it then covers every class standard does.
 */
export async function refuseUnredacted(profile: Profile, allowed: boolean | undefined): Promise<void> {
  if (allowed || (profile.uploadAllowed && profile.secrets && profile.disabledRules.length === 0)) return;
  const { refusalText, uploadRedactionVerdict } = await import('../upload/redaction-policy.js');
  const verdict = uploadRedactionVerdict(profile);
  if (!verdict.allowed && !allowed) throw usageError(refusalText(profile, verdict));
}

export interface Transport {
  outbox: Outbox;
  policy: RetryPolicy;
  concurrency: number;
  /** the endpoint to use for an item (the flag or environment win over the one recorded with the item) */
  endpointFor(recorded?: string): URL;
  /** the endpoint given for this run, if any (recorded with queued items) */
  endpoint: URL | undefined;
  clientFor(endpoint: URL): UploadClient;
  /** says on stderr that an attempt failed and when the next one is (not with --quiet or --json) */
  announceRetry(line: string): void;
  close(): Promise<void>;
}

export async function transportSetup(io: CliIO, flags: TransportFlags, config: Config, key: SubmissionKey): Promise<Transport> {
  // loaded when a transport is made: the HTTP client (undici) costs a command that sends nothing a fifth of a second
  const { UploadClient } = await import('../upload/http-client.js');
  const { concurrency, retries, timeoutMs, maxTotalMs } = transportNumbers(flags);
  const endpoint = givenEndpoint(io, flags, config);
  const outbox = await Outbox.open(flags.outbox ?? defaultOutboxDir(io.env));
  const clients = new Map<string, UploadClient>();
  const reporter = new Reporter(io, colorsFor(io), flags.quiet, flags.json);
  return {
    outbox,
    concurrency,
    policy: { maxAttempts: retries + 1, maxTotalMs, baseDelayMs: 250, maxDelayMs: 30_000 },
    endpoint,
    endpointFor(recorded) {
      const overridden = Boolean(flags.endpoint || io.env.ATX_ENDPOINT);
      const chosen = recorded && !overridden ? parseEndpoint(recorded, 'the outbox item\'s endpoint') : endpoint;
      if (!chosen) throw usageError('no endpoint: give --endpoint <url>, set ATX_ENDPOINT, or save one with atx login --endpoint <url>');
      return chosen;
    },
    clientFor(url) {
      const name = describeEndpoint(url);
      let client = clients.get(name);
      if (!client) {
        client = new UploadClient({ endpoint: url, key, connectTimeoutMs: Math.min(timeoutMs, 10_000), requestTimeoutMs: timeoutMs, env: io.env, userAgent: `atx/${packageVersion()}`, maxConnections: concurrency });
        clients.set(name, client);
      }
      return client;
    },
    announceRetry: (line) => reporter.info(line),
    async close() {
      try {
        await outbox.close();
      } finally {
        await Promise.all([...clients.values()].map((client) => client.close()));
      }
    },
  };
}

/**
 * The numeric transport flags, read and checked. Every sending command calls this at start, so a
 * bad value is a usage error whether or not anything turns out to be sent (sync with nothing due,
 * a dry run, watch before its first session).
 */
export function transportNumbers(flags: Pick<TransportFlags, 'concurrency' | 'retries' | 'timeout' | 'maxRetryTime'>) {
  return {
    concurrency: positiveInteger(flags.concurrency, '--concurrency', 1),
    retries: positiveInteger(flags.retries, '--retries', 0),
    timeoutMs: positiveSeconds(flags.timeout, '--timeout'),
    maxTotalMs: positiveSeconds(flags.maxRetryTime, '--max-retry-time'),
  };
}

/** The endpoint given for this run: --endpoint, else ATX_ENDPOINT, else the config file's; throws a usage error when it is not a URL. */
export function givenEndpoint(io: Pick<CliIO, 'env'>, flags: Pick<TransportFlags, 'endpoint'>, config: Config): URL | undefined {
  const given = flags.endpoint ? { text: flags.endpoint, where: '--endpoint' }
    : io.env.ATX_ENDPOINT ? { text: io.env.ATX_ENDPOINT, where: 'ATX_ENDPOINT' }
    : config.upload.endpoint ? { text: config.upload.endpoint, where: 'the config file\'s upload.endpoint' }
    : undefined;
  return given ? parseEndpoint(given.text, given.where) : undefined;
}

/**
 * The threads of an upload batch when --jobs is not given: one per core, less one when the
 * server is on this machine (a loopback endpoint), since it needs a core for what it is sent.
 * Past one, all but this thread are workers that prepare the inputs, and this one sends: each
 * worker pays its own start-up and compiles every module and rule again (about a second of CPU
 * for 200 sessions), which a server on the same two cores would wait for.
 */
export function defaultUploadJobs(cores: number, endpoint: URL | undefined): number {
  const serverHere = endpoint !== undefined && isLoopbackHost(endpoint.hostname);
  return Math.max(1, cores - (serverHere ? 1 : 0));
}

/**
 * Bodies sent to a server on this machine (a loopback endpoint) up to this size are gzipped
 * without compression (gzip-output.ts): they cross no network, and deflating them would cost the
 * client and the server CPU they share. Larger ones are still compressed, so a body stays well
 * inside any server's limit on request bytes (atx serve's is 32 MiB by default).
 */
export const LOOPBACK_STORED_UP_TO_BYTES = 1024 * 1024;

/** What an upload to `endpoint` gzips without compression (PrepareOptions.storedUpToBytes). */
export function storedUpToBytes(endpoint: URL | undefined): number {
  return endpoint !== undefined && isLoopbackHost(endpoint.hostname) ? LOOPBACK_STORED_UP_TO_BYTES : 0;
}

export function positiveInteger(text: string, flag: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw usageError(`${flag} must be a whole number ≥ ${min}, got "${text}"`);
  return value;
}

function positiveSeconds(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw usageError(`${flag} must be a positive number of seconds, got "${text}"`);
  return Math.round(value * 1000);
}
