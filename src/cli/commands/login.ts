/**
 * `atx login` / `atx logout`: keep the submission key (and the endpoint) in the config file,
 * which is then written with mode 600. The key is read from a file or stdin, never from an
 * argument, where it would end up in shell history and in `ps`.
 */
import type { Command } from 'commander';
import { defaultConfigPath, removeSavedKey, saveUploadSettings } from '../../config.js';
import { usageError } from '../../errors.js';
import { parseKey, readKeyFile } from '../../keys.js';
import { maskKeys } from '../../mask.js';
import { describeEndpoint, parseEndpoint } from '../../upload/endpoint.js';
import { stdinArgument } from '../input-text.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { answerJson, colorsFor, Reporter, type CliIO } from '../io.js';

interface LoginFlags {
  keyFile?: string;
  endpoint?: string;
  config?: string;
  json?: boolean;
}

export function loginCommand(io: CliIO): Command {
  return describedCommand('login', 'save your submission key (and endpoint) for atx upload', `
Save a submission key in the config file (mode 600) so that atx upload finds it. The key
is read from --key-file or from standard input, never from the command line. Afterwards
the key is used by every command that takes --key-file; ATX_KEY and --key-file still win.`)
    .option('--key-file <file>', 'read the key from this file (mode 600)')
    .option('--endpoint <url>', 'also save the upload endpoint (https://…, or http:// to this machine)')
    .option('--config <file>', 'config file to write (default $ATX_CONFIG or ~/.config/atx/config.json)')
    .option('--json', 'print {"config": file, "keyId", "endpoint": url or null} on stdout (never the key)')
    .addHelpText('after', `
Examples:
  atx serve keys create | atx login --endpoint http://127.0.0.1:8787
  atx login --key-file ~/atx.key --endpoint https://transcripts.example.com
  pass show atx/key | atx login`)
    .addHelpText('after', commandHelp({
      exitCodes: ['0 the key was saved', '2 usage (no key, a malformed key or endpoint, a key file others can read)', '5 internal error'],
      environment: ['ATX_CONFIG'],
    }))
    .action(async (flags: LoginFlags) => {
      const path = flags.config ?? defaultConfigPath(io.env);
      const key = parseKey(await readKeyText(io, flags.keyFile), flags.keyFile ? maskKeys(flags.keyFile) : 'standard input');
      const endpoint = flags.endpoint ? describeEndpoint(parseEndpoint(flags.endpoint, '--endpoint')) : undefined;
      await saveUploadSettings(path, { key: `atx_${key.keyId}_${key.secret}`, ...(endpoint ? { endpoint } : {}) });
      if (flags.json) answerJson(io, { config: path, keyId: key.keyId, endpoint: endpoint ?? null });
      new Reporter(io, colorsFor(io), false, flags.json).info(`saved key ${key.keyId}${endpoint ? ` and endpoint ${endpoint}` : ''} in ${path} (mode 600)`);
    });
}

export function logoutCommand(io: CliIO): Command {
  return describedCommand('logout', 'remove the saved submission key from the config file',
    'Remove the submission key atx login saved from the config file; the endpoint and the custom profiles stay. ATX_KEY and --key-file are not affected.')
    .option('--config <file>', 'config file to change (default $ATX_CONFIG or ~/.config/atx/config.json)')
    .option('--json', 'print {"config": file, "removed": true|false} on stdout')
    .addHelpText('after', commandHelp({
      examples: ['atx logout', 'atx logout --config ./team-config.json'],
      exitCodes: ['0 the key was removed, or there was none (said so)', '2 usage (an invalid config file)', '5 internal error'],
      environment: ['ATX_CONFIG'],
    }))
    .action(async (flags: { config?: string; json?: boolean }) => {
      const path = flags.config ?? defaultConfigPath(io.env);
      const outcome = await removeSavedKey(path);
      const reporter = new Reporter(io, colorsFor(io), false, flags.json);
      if (flags.json) answerJson(io, { config: path, removed: outcome === 'removed' });
      reporter.info(outcome === 'removed' ? `removed the submission key from ${path}`
        : outcome === 'no-key' ? `no submission key saved in ${path}: nothing removed`
        : `no config file at ${path}: no submission key saved, nothing removed`);
      // logout forgets the saved key only: a key from the environment still signs uploads
      if (io.env.ATX_KEY) reporter.warn('ATX_KEY is set in the environment: atx upload still uses it (unset it to stop)');
    });
}

async function readKeyText(io: CliIO, keyFile: string | undefined): Promise<string> {
  if (keyFile) return readKeyFile(keyFile);
  if (io.stdin.isTTY) throw usageError('no key: give --key-file <file>, or pipe the key into "atx login"');
  return stdinArgument(io, 'pipe the submission key into "atx login", or give --key-file <file>');
}
