import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ListSchema, type TranscriptSummary } from '../../api/contract.js';
import { loadConfig } from '../../config.js';
import { AtxError, ExitCode, usageError } from '../../errors.js';
import { loadKey, requireKey } from '../../keys.js';
import { describeProblem, describeRefusal, formatBytes } from '../../upload/deliver.js';
import type { Answer, UploadClient } from '../../upload/http-client.js';
import { commandHelp, describedCommand, type EnvironmentVariable } from '../described-command.js';
import { answerJson, colorsFor, Reporter, type CliIO } from '../io.js';
import { addTransportOptions, transportSetup, type TransportFlags } from '../upload-options.js';

interface RemoteFlags extends TransportFlags {
  keyFile?: string;
  config?: string;
}

const ENVIRONMENT: EnvironmentVariable[] = ['ATX_KEY', 'ATX_ENDPOINT', 'ATX_CONFIG', 'HTTPS_PROXY'];
const PAGE = 500;
/** a stored Transcript is at most the server's document limit (64 MiB by default) */
const MAX_TRANSCRIPT_BYTES = 1024 * 1024 * 1024;

export function remoteCommand(io: CliIO, _setExit: (code: number) => void): Command {
  const remote = describedCommand('remote', 'list, download or delete what your key stored on the upload server', `
See and manage the transcripts stored on the upload server with your key (the same endpoint
and key atx upload uses). The server keeps one transcript per session, in its latest version;
a key sees and touches only its own.`)
    .addHelpText('after', remoteHelp(['atx remote list --agent claude-code --since 2026-11-01', 'atx remote get <transcriptId> -o session.json', 'atx remote delete --agent codex --before 2026-01-01 --yes'], ['0 ok', '2 usage (no key or endpoint, no confirmation)', '4 refused by the server or not reachable', '5 internal error']));

  remote.addCommand(withConnection(describedCommand('list', 'list the stored transcripts, most recently stored first', `
One line per stored session: transcript id, agent, native session id, version, size and when
it was stored. --agent and --since filter; the server's pages are followed up to --limit.`))
    .option('--agent <id>', 'only this agent\'s transcripts')
    .option('--since <time>', 'only transcripts stored at or after this time (ISO 8601, e.g. 2026-11-01)')
    .option('--limit <n>', 'show at most this many', '100')
    .addHelpText('after', remoteHelp(['atx remote list', 'atx remote list --agent claude-code --since 2026-11-01 --json | jq \'.items | length\''], ['0 ok', '2 usage', '4 refused by the server or not reachable', '5 internal error']))
    .action(async (flags: RemoteFlags & { agent?: string; since?: string; limit: string }) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1) throw usageError(`--limit must be a whole number ≥ 1, got "${flags.limit}"`);
      const items = await withClient(io, flags, (client) => listStored(client, { limit, agent: flags.agent, since: sinceOf(flags.since, '--since') }));
      if (flags.json) {
        answerJson(io, { items });
        return;
      }
      for (const item of items) {
        io.stdout.write(`${item.transcriptId}\t${item.agent}\t${item.sessionId ?? '-'}\tv${item.version ?? 1}\t${formatBytes(item.bytes)}\t${item.storedAt}\n`);
      }
      new Reporter(io, colorsFor(io), flags.quiet).info(`${items.length} transcript(s)`);
    }));

  remote.addCommand(withConnection(describedCommand('get', 'download one stored Transcript', `
Write the stored Transcript with this id to stdout, or to a file with -o.`))
    .argument('<id>', 'a transcript id (see atx remote list)')
    .option('-o, --output <file>', 'write it to this file instead of stdout (- is stdout)')
    .addHelpText('after', remoteHelp(['atx remote get <transcriptId> > session.json', 'atx remote get <transcriptId> -o session.json'], ['0 ok', '2 usage', '4 not found, refused by the server, or not reachable', '5 internal error']))
    .action(async (id: string, flags: RemoteFlags & { output?: string }) => {
      const text = await withClient(io, flags, async (client) => {
        const answer = await client.call('GET', `/${encodeURIComponent(id)}`, MAX_TRANSCRIPT_BYTES);
        return expectOk(answer, client).text ?? '';
      });
      if (flags.output && flags.output !== '-') await writeFile(flags.output, text);
      else io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    }));

  remote.addCommand(withConnection(describedCommand('delete', 'erase stored transcripts (every version of their session)', `
Erase the given transcripts, or every one of an agent stored before a time (--agent with
--before). On a terminal atx asks first; scripts pass --yes. Without a terminal and without
--yes nothing is deleted.`))
    .argument('[ids...]', 'transcript ids (see atx remote list)')
    .option('--agent <id>', 'with --before: the agent whose transcripts to erase')
    .option('--before <time>', 'with --agent: erase those stored before this time (ISO 8601)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', remoteHelp(['atx remote delete <transcriptId>', 'atx remote delete --agent codex --before 2026-01-01 --yes'], ['0 ok', '2 usage (no ids and no filter, or no confirmation)', '4 not found, refused by the server, or not reachable', '5 internal error']))
    .action(async (ids: string[], flags: RemoteFlags & { agent?: string; before?: string; yes?: boolean }) => {
      const byFilter = flags.agent !== undefined || flags.before !== undefined;
      if (byFilter === ids.length > 0 || (byFilter && (!flags.agent || !flags.before))) {
        throw usageError('give the ids to delete, or --agent with --before (not both)');
      }
      if (!flags.yes && !io.stdin.isTTY) throw usageError('refusing to delete without confirmation: pass --yes (no terminal to ask on)');
      const before = byFilter ? sinceOf(flags.before, '--before') : undefined;
      const deleted = await withClient(io, flags, async (client) => {
        const targets = before === undefined ? ids
          : (await listStored(client, { limit: Number.MAX_SAFE_INTEGER, agent: flags.agent })).filter((item) => Date.parse(item.storedAt) < before).map((item) => item.transcriptId);
        if (targets.length === 0) return [];
        if (!flags.yes && !(await confirm(io, `delete ${targets.length} transcript(s) from ${client.url.origin}? [y/N] `))) throw usageError('nothing deleted');
        const done: string[] = [];
        for (const id of targets) {
          expectOk(await client.call('DELETE', `/${encodeURIComponent(id)}`), client);
          done.push(id);
        }
        return done;
      });
      if (flags.json) answerJson(io, { deleted });
      new Reporter(io, colorsFor(io), flags.quiet, flags.json).info(`deleted ${deleted.length} transcript(s)`);
    }));

  return remote;
}

function remoteHelp(examples: readonly string[], exitCodes: readonly string[]): string {
  return commandHelp({ examples, exitCodes, environment: ENVIRONMENT });
}

function withConnection(command: Command): Command {
  return addTransportOptions(command)
    .option('--key-file <file>', 'submission key (mode 600; or $ATX_KEY, or the one saved by atx login)')
    .option('--config <file>', 'config file (default $ATX_CONFIG or ~/.config/atx/config.json)');
}

async function withClient<T>(io: CliIO, flags: RemoteFlags, work: (client: UploadClient) => Promise<T>): Promise<T> {
  const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
  const key = requireKey(await loadKey({ keyFile: flags.keyFile, env: io.env, config }));
  const transport = await transportSetup(io, flags, config, key);
  try {
    return await work(transport.clientFor(transport.endpointFor()));
  } finally {
    await transport.close();
  }
}

/** The pages of GET /v1/transcripts, filtered, until `limit` items or the last page. */
async function listStored(client: UploadClient, filter: { limit: number; agent?: string | undefined; since?: number | undefined }): Promise<TranscriptSummary[]> {
  const items: TranscriptSummary[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = ListSchema.safeParse(expectOk(await client.call('GET', query), client).body);
    if (!page.success) throw new AtxError(ExitCode.network, `the server's answer is not a transcript list; check --endpoint (${client.url.origin})`);
    for (const item of page.data.items) {
      if (filter.agent !== undefined && item.agent !== filter.agent) continue;
      if (filter.since !== undefined && Date.parse(item.storedAt) < filter.since) continue;
      items.push(item);
    }
    cursor = page.data.nextCursor;
  } while (cursor && items.length < filter.limit);
  return items.slice(0, filter.limit);
}

function expectOk(answer: Answer, client: UploadClient): Extract<Answer, { kind: 'http' }> {
  if (answer.kind === 'http' && answer.status === 200) return answer;
  const message = answer.kind === 'http' ? describeRefusal(answer, client).message : describeProblem(answer, client);
  throw new AtxError(ExitCode.network, message);
}

function sinceOf(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw usageError(`${flag} must be a time such as 2026-11-01 or 2026-11-01T12:00:00Z, got "${text}"`);
  return time;
}

async function confirm(io: CliIO, question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: io.stdin, output: io.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
