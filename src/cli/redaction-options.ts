/**
 * The options every command that writes or sends a Transcript shares: --profile, --config,
 * --key-file. Turns them into a per-transcript redaction transform.
 */
import type { Command } from 'commander';
import { DEFAULT_PROFILE, type Profile, type RedactableEvent, type RedactableHeader, ResidueError, TranscriptRedactor } from '../../redaction/index.js';
import { AtxError, ExitCode } from '../errors.js';
import { loadConfig, resolveProfile, type Config } from '../config.js';
import { anonymizationSaltFor, loadKey, submitterFor, type SubmissionKey } from '../keys.js';
import type { IdFactory, RunContext } from '../pipeline/context.js';
import type { CliIO } from './io.js';

export interface RedactionFlags {
  profile: string;
  config?: string;
  keyFile?: string;
}

export function addRedactionOptions(command: Command, defaultProfile = DEFAULT_PROFILE): Command {
  return command
    .option('--profile <name>', 'redaction profile: none, standard, team, research, public, or one from the config file (see atx profiles)', defaultProfile)
    .option('--config <file>', 'config file with custom profiles (default $ATX_CONFIG or ~/.config/atx/config.json)')
    .option('--key-file <file>', 'submission key (mode 600; or $ATX_KEY): fills submitter.keyId/pseudonym and salts anonymization');
}

export interface RedactionSetup {
  profile: Profile;
  config: Config;
  key: SubmissionKey | null;
  /** one redactor per transcript, so placeholders are numbered per transcript; `ids` salts it (default: the run's) */
  makeTransform: (ids?: IdFactory) => TranscriptRedactor;
  /** the same, or undefined when the profile changes nothing (`none` without a key): the pipeline then skips the stage */
  transformIfAny: ((ids?: IdFactory) => TranscriptRedactor) | undefined;
}

/** `adjust` changes the resolved profile for one command's needs (scan ignores content policy). */
export async function redactionSetup(
  io: CliIO,
  flags: RedactionFlags,
  context: RunContext,
  adjust: (profile: Profile) => Profile = (profile) => profile,
): Promise<RedactionSetup> {
  const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
  const profile = adjust(resolveProfile(flags.profile, config));
  const key = await loadKey({ keyFile: flags.keyFile, env: io.env, config });
  const submitter = submitterFor(key, config.upload.identity);
  const makeTransform = (ids = context.ids) => new CliRedactor(profile, {
    salt: key ? anonymizationSaltFor(key) : ids.salt(),
    saltSource: key ? 'per-key' : 'per-transcript',
    submitter,
  });
  const inert = !profile.secrets && !profile.pii && !profile.anonymize && profile.toolOutput === 'full'
    && profile.includeFileContents && profile.includeReasoning && profile.includeAttachments && !key;
  return { profile, config, key, makeTransform, transformIfAny: inert ? undefined : makeTransform };
}

/** The redaction transform, with a failed residue check turned into the CLI's exit 1. */
class CliRedactor extends TranscriptRedactor {
  override event<E extends RedactableEvent>(event: E): E {
    return failClosed(() => super.event(event));
  }

  override header<H extends RedactableHeader>(header: H): H {
    return failClosed(() => super.header(header));
  }
}

function failClosed<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ResidueError) throw new AtxError(ExitCode.partial, error.message, { code: 'residue', cause: error });
    throw error;
  }
}
