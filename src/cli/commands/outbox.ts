import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { ExitCode, usageError } from '../../errors.js';
import { loadKey, requireKey } from '../../keys.js';
import { defaultOutboxDir, Outbox, type OutboxEntry } from '../../upload/outbox.js';
import { formatBytes } from '../../upload/deliver.js';
import { maskKeys } from '../../mask.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { answerJson, colorsFor, Reporter, type CliIO } from '../io.js';
import { announcer, flushOutbox, printReports } from '../upload-delivery.js';
import { addTransportOptions, transportSetup, type TransportFlags } from '../upload-options.js';

export function outboxCommand(io: CliIO, setExit: (code: number) => void): Command {
  const outbox = describedCommand('outbox', 'list, send or remove the transcripts waiting to be uploaded', `
The outbox holds every transcript atx upload has accepted but the server has not yet stored
(default $ATX_OUTBOX or ~/.local/state/atx/outbox). An item leaves it only after the server
answered that it stored this transcript with this content, or when you drop it.`)
    .addHelpText('after', commandHelp({
      examples: ['atx outbox list', 'atx outbox flush --endpoint http://127.0.0.1:8787', 'atx outbox retry --all', 'atx outbox drop --all'],
      exitCodes: ['0 ok (flush: everything was delivered)', '2 usage', '4 (flush) refused by the server, or still undelivered after retries', '5 internal error'],
      environment: ['ATX_OUTBOX', 'ATX_KEY', 'ATX_ENDPOINT', 'ATX_CONFIG', 'HTTPS_PROXY'],
    }));

  outbox.addCommand(describedCommand('list', 'show what waits in the outbox: pending and failed items', `
List each item in the outbox: its transcript id, size, when it was queued, how many times
sending it was tried, the input it came from, and the last error. Pending items are sent by
the next flush; failed ones (the server refused them for good: 409, 400/422, 403, 413) only
after "atx outbox retry". Nothing is sent.`)
    .addHelpText('after', commandHelp({
      examples: ['atx outbox list', 'atx outbox list --json | jq \'.failed | length\''],
      exitCodes: ['0 ok', '2 usage (an outbox folder that cannot be read)', '5 internal error'],
      environment: ['ATX_OUTBOX'],
    }))
    .option('--outbox <dir>', 'the outbox folder')
    .option('--json', 'print the items as one JSON object ({items, pending, failed}: pending and failed are lists of ids)')
    .action(async (flags: { outbox?: string; json?: boolean }) => {
      const box = await Outbox.open(flags.outbox ?? defaultOutboxDir(io.env));
      const entries = await box.list();
      const failed = entries.filter((entry) => entry.meta.failedAt !== null);
      const pending = entries.filter((entry) => entry.meta.failedAt === null);
      if (flags.json) {
        const items = entries.map((entry) => ({ ...entry.meta, bodyBytes: entry.bodyBytes, broken: entry.broken }));
        answerJson(io, { outbox: box.dir, items, pending: pending.map((e) => e.transcriptId), failed: failed.map((e) => e.transcriptId) });
        return;
      }
      const line = (entry: OutboxEntry, problem: string) =>
        `${entry.transcriptId}\t${formatBytes(entry.bodyBytes)}\t${entry.meta.queuedAt}\t${entry.meta.attempts} attempt(s)\t${entry.meta.input ?? '-'}\t${problem}\n`;
      if (pending.length > 0) io.stdout.write('pending:\n');
      for (const entry of pending) {
        io.stdout.write(line(entry, entry.broken ? `BROKEN: ${entry.broken}` : entry.meta.lastError ? `last: ${entry.meta.lastError}` : 'not sent yet'));
      }
      if (failed.length > 0) io.stdout.write('failed (atx outbox retry <id> | drop <id>):\n');
      for (const entry of failed) io.stdout.write(line(entry, `failed ${entry.meta.failedAt}: ${entry.meta.failedReason ?? '-'}`));
      new Reporter(io, colorsFor(io)).info(`${pending.length} pending, ${failed.length} failed item(s) in ${box.dir}`);
    }));

  outbox.addCommand(idsOrAll(describedCommand('retry', 'move failed items back to pending, to be sent by the next flush', `
Move the given failed items (by transcript id, see atx outbox list), or every failed item with
--all, back to pending. The next "atx outbox flush" or "atx upload --flush" sends them again.`)
    .addHelpText('after', commandHelp({
      examples: ['atx outbox retry <transcriptId>', 'atx outbox retry --all && atx outbox flush'],
      exitCodes: ['0 ok', '2 usage (no ids and no --all, or an id that is not a failed item)', '5 internal error'],
      environment: ['ATX_OUTBOX'],
    })), 'every failed item')
    .option('--json', 'print {"retried": [ids], "notFailed": [ids]}')
    .action(async (ids: string[], flags: { outbox?: string; all?: boolean; json?: boolean }) => {
      checkIdsOrAll(ids, flags, 'retry');
      const box = await Outbox.open(flags.outbox ?? defaultOutboxDir(io.env));
      const failedIds = (await box.list()).filter((entry) => entry.meta.failedAt !== null).map((entry) => entry.transcriptId);
      const wanted = flags.all ? failedIds : ids;
      const retried: string[] = [];
      const notFailed: string[] = [];
      for (const id of wanted) {
        const moved = failedIds.includes(id) && (await box.update(id, { failedAt: null, failedReason: null })) !== null;
        (moved ? retried : notFailed).push(id);
      }
      if (flags.json) answerJson(io, { retried, notFailed });
      const reporter = new Reporter(io, colorsFor(io), false, flags.json);
      reporter.info(`moved ${retried.length} item(s) back to pending in ${box.dir}`);
      if (notFailed.length > 0) {
        reporter.error(`not failed items of the outbox: ${notFailed.map(maskKeys).join(', ')}`);
        setExit(ExitCode.usage);
      }
    }));

  outbox.addCommand(addTransportOptions(describedCommand('flush', 'send what waits in the outbox (same as atx upload --flush)', `
Send every item waiting in the outbox to the upload server, with the same retries as atx upload.
An item leaves the outbox once the server answered that it stored it; what could not be
delivered stays for the next flush.`)
    .addHelpText('after', commandHelp({
      examples: ['atx outbox flush', 'atx outbox flush --endpoint http://127.0.0.1:8787 --key-file ci.key'],
      exitCodes: ['0 everything was delivered (or nothing waited)', '2 usage (no key, a bad endpoint)', '4 refused by the server, or still undelivered after retries', '5 internal error'],
      environment: ['ATX_OUTBOX', 'ATX_KEY', 'ATX_ENDPOINT', 'ATX_CONFIG', 'HTTPS_PROXY'],
    }))
    .option('--key-file <file>', 'submission key (mode 600; or $ATX_KEY, or the one saved by atx login)')
    .option('--config <file>', 'config file (default $ATX_CONFIG or ~/.config/atx/config.json)'))
    .action(async (flags: TransportFlags & { keyFile?: string; config?: string }) => {
      const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
      const key = requireKey(await loadKey({ keyFile: flags.keyFile, env: io.env, config }));
      const transport = await transportSetup(io, flags, config, key);
      try {
        const reports = await flushOutbox(transport, key, announcer(io, flags));
        setExit(printReports(io, reports, { json: Boolean(flags.json), dryRun: false, queueWanted: false, quiet: Boolean(flags.quiet), outbox: transport.outbox.dir }));
      } finally {
        await transport.close();
      }
    }));

  outbox.addCommand(idsOrAll(describedCommand('drop', 'remove items from the outbox without sending them', `
Remove the given items (by transcript id, see atx outbox list), or every item with --all, from
the outbox without sending them. What is dropped is gone: it was never stored by the server.`)
    .addHelpText('after', commandHelp({
      examples: ['atx outbox drop <transcriptId> <transcriptId>   # ids from atx outbox list', 'atx outbox drop --all', 'atx outbox drop --all --json | jq \'.removed | length\''],
      exitCodes: ['0 ok', '2 usage (no ids and no --all, or an id that is not in the outbox)', '5 internal error'],
      environment: ['ATX_OUTBOX'],
    })), 'remove every item')
    .option('--json', 'print {"removed": [ids], "missing": [ids]}')
    .action(async (ids: string[], flags: { outbox?: string; all?: boolean; json?: boolean }) => {
      checkIdsOrAll(ids, flags, 'drop');
      const box = await Outbox.open(flags.outbox ?? defaultOutboxDir(io.env));
      const { removed, missing } = await box.drop(flags.all ? 'all' : ids);
      if (flags.json) answerJson(io, { removed, missing });
      const reporter = new Reporter(io, colorsFor(io), false, flags.json);
      reporter.info(`removed ${removed.length} item(s) from ${box.dir}`);
      if (missing.length > 0) {
        reporter.error(`not in the outbox: ${missing.map(maskKeys).join(', ')}`);
        setExit(ExitCode.usage);
      }
    }));
  return outbox;
}

/** `[ids...]`, `--all` and `--outbox`, for the commands that act on some items or all of them. */
function idsOrAll(command: Command, allHelp: string): Command {
  return command
    .argument('[ids...]', 'transcript ids (see atx outbox list)')
    .option('--all', allHelp)
    .option('--outbox <dir>', 'the outbox folder');
}

function checkIdsOrAll(ids: readonly string[], flags: { all?: boolean }, verb: string): void {
  if (Boolean(flags.all) === (ids.length > 0)) throw usageError(`give the ids to ${verb}, or --all (not both)`);
}
