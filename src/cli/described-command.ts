import { Command } from 'commander';

/**
 * A command with the one-line summary `atx --help` lists and the description its own `--help`
 * opens with. The description may be laid out over several lines in the source: it is joined
 * into one paragraph, which commander wraps to the terminal's width.
 */
export function describedCommand(name: string, summary: string, description: string): Command {
  return new Command(name).summary(summary).description(oneParagraph(description));
}

export const oneParagraph = (text: string): string => text.trim().replace(/\s*\n\s*/g, ' ');

/** What each environment variable atx reads means, said once for every command's --help. */
const ENVIRONMENT = {
  ATX_CONFIG: 'the config file (custom profiles, saved key and endpoint); default ~/.config/atx/config.json',
  ATX_KEY: 'the submission key (atx_<keyId>_<secret>), when --key-file is not given',
  ATX_ENDPOINT: 'the upload server, when --endpoint is not given',
  ATX_OUTBOX: 'the outbox folder; default $XDG_STATE_HOME/atx/outbox or ~/.local/state/atx/outbox',
  ATX_SERVE_DATA: 'the server\'s data folder; default $XDG_DATA_HOME/atx/serve or ~/.local/share/atx/serve',
  ATX_CLOCK: 'an RFC 3339 time used as "now" (repeatable output)',
  ATX_ID_SEED: 'a seed for the ids atx makes (repeatable output)',
  HTTPS_PROXY: 'HTTPS_PROXY, HTTP_PROXY and NO_PROXY route the requests through a proxy',
  TMPDIR: 'where the run\'s private temporary folder is made',
  'agent variables': 'each agent\'s own location variables (CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, ...; see the README)',
  COMMON: 'NO_COLOR turns colour off, FORCE_COLOR on; ATX_DEBUG=1 is --debug',
} as const;

export type EnvironmentVariable = Exclude<keyof typeof ENVIRONMENT, 'COMMON'>;

/** Every command writes something (stdout at least), so every command can meet a full disk. */
const SYSTEM_EXIT_LINE = '6 the system refused (no space left on device, read-only file system, too many open files)';

/**
 * The closing part of a command's --help: real examples, the exit codes it can return, and the
 * environment variables it reads (the colour and debug ones every command reads are added).
 */
export function commandHelp(parts: { examples?: readonly string[]; exitCodes: readonly string[]; environment?: readonly EnvironmentVariable[] }): string {
  const width = Math.max(...(parts.environment ?? []).map((name) => name.length), 'NO_COLOR'.length);
  const environment = [...(parts.environment ?? []).map((name) => [name, ENVIRONMENT[name]] as const), ['NO_COLOR', ENVIRONMENT.COMMON] as const]
    .map(([name, meaning]) => `  ${name.padEnd(width)}  ${meaning}`);
  const examples = parts.examples ? `\nExamples:\n${parts.examples.map((line) => `  ${line}`).join('\n')}\n` : '';
  const exitCodes = [...parts.exitCodes, SYSTEM_EXIT_LINE].map((line) => `  ${line}`).join('\n');
  return `${examples}\nExit codes:\n${exitCodes}\n\nEnvironment:\n${environment.join('\n')}`;
}
