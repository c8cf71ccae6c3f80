import { usageError } from '../errors.js';
import { describeEndpoint, parseEndpoint } from '../upload/endpoint.js';
import { defaultOutboxDir, Outbox } from '../upload/outbox.js';
import { packageVersion } from '../version.js';
import { refusalText, uploadRedactionVerdict } from '../upload/redaction-policy.js';
import { colorsFor, Reporter } from './io.js';
import { addRedactionOptions } from './redaction-options.js';
export function addTransportOptions(command) {
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
/**
 * --allow-unredacted (a profile that redacts none of standard's secret classes may leave the
 * machine only when asked for), the redaction options and the transport options, in that order.
 */
export function addSendingOptions(command) {
    command.option('--allow-unredacted', 'allow a profile that redacts none of the secret classes standard redacts (none, or a custom one with its rules off)');
    return addTransportOptions(addRedactionOptions(command));
}
export function refuseUnredacted(profile, allowed) {
    const verdict = uploadRedactionVerdict(profile);
    if (!verdict.allowed && !allowed)
        throw usageError(refusalText(profile, verdict));
}
export async function transportSetup(io, flags, config, key) {
    // loaded when a transport is made: the HTTP client (undici) costs a command that sends nothing a fifth of a second
    const { UploadClient } = await import('../upload/http-client.js');
    const concurrency = positiveInteger(flags.concurrency, '--concurrency', 1);
    const retries = positiveInteger(flags.retries, '--retries', 0);
    const timeoutMs = positiveSeconds(flags.timeout, '--timeout');
    const maxTotalMs = positiveSeconds(flags.maxRetryTime, '--max-retry-time');
    const given = flags.endpoint ? { text: flags.endpoint, where: '--endpoint' }
        : io.env.ATX_ENDPOINT ? { text: io.env.ATX_ENDPOINT, where: 'ATX_ENDPOINT' }
            : config.upload.endpoint ? { text: config.upload.endpoint, where: 'the config file\'s upload.endpoint' }
                : undefined;
    const endpoint = given ? parseEndpoint(given.text, given.where) : undefined;
    const outbox = await Outbox.open(flags.outbox ?? defaultOutboxDir(io.env));
    const clients = new Map();
    const reporter = new Reporter(io, colorsFor(io), flags.quiet, flags.json);
    return {
        outbox,
        concurrency,
        policy: { maxAttempts: retries + 1, maxTotalMs, baseDelayMs: 250, maxDelayMs: 30_000 },
        endpoint,
        endpointFor(recorded) {
            const overridden = Boolean(flags.endpoint || io.env.ATX_ENDPOINT);
            const chosen = recorded && !overridden ? parseEndpoint(recorded, 'the outbox item\'s endpoint') : endpoint;
            if (!chosen)
                throw usageError('no endpoint: give --endpoint <url>, set ATX_ENDPOINT, or save one with atx login --endpoint <url>');
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
            await Promise.all([...clients.values()].map((client) => client.close()));
        },
    };
}
export function positiveInteger(text, flag, min) {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min)
        throw usageError(`${flag} must be a whole number ≥ ${min}, got "${text}"`);
    return value;
}
function positiveSeconds(text, flag) {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0)
        throw usageError(`${flag} must be a positive number of seconds, got "${text}"`);
    return Math.round(value * 1000);
}
//# sourceMappingURL=upload-options.js.map