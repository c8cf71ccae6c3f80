/**
 * The options every command that writes or sends a Transcript shares: --profile, --config,
 * --key-file. Turns them into a per-transcript redaction transform.
 */
import type { Command } from 'commander';
import { DEFAULT_PROFILE, type Profile } from '../../redaction/profiles.js';
import type { TranscriptRedactor } from '../../redaction/transcript-redactor.js';
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

/** The resolved profile, config and key, and the transform when the profile changes anything. */
export interface ProfileSetup {
  profile: Profile;
  config: Config;
  key: SubmissionKey | null;
  /** one redactor per transcript, or undefined when the profile changes nothing (`none` without a key): the pipeline then skips the stage */
  transformIfAny: ((ids?: IdFactory) => TranscriptRedactor) | undefined;
}

export interface RedactionSetup extends ProfileSetup {
  /** one redactor per transcript, so placeholders are numbered per transcript; `ids` salts it (default: the run's) */
  makeTransform: (ids?: IdFactory) => TranscriptRedactor;
}

/** `adjust` changes the resolved profile for one command's needs (scan ignores content policy). Loads the redaction engine. */
export async function redactionSetup(
  io: CliIO,
  flags: RedactionFlags,
  context: RunContext,
  adjust: (profile: Profile) => Profile = (profile) => profile,
): Promise<RedactionSetup> {
  return completedSetup(await resolvedSetup(io, flags, adjust), context);
}

/** The profile, config and key alone, without the engine: for a command that may find nothing to redact (sync with nothing due). */
export function profileOnlySetup(io: CliIO, flags: RedactionFlags): Promise<Omit<ProfileSetup, 'transformIfAny'>> {
  return resolvedSetup(io, flags, (profile) => profile);
}

/** A setup resolved before, with its transform (loads the redaction engine). */
export async function completedSetup(setup: Omit<ProfileSetup, 'transformIfAny'>, context: RunContext): Promise<RedactionSetup> {
  const makeTransform = await transformMaker(setup, context);
  return { ...setup, makeTransform, transformIfAny: isInert(setup) ? undefined : makeTransform };
}

/** For a command that only runs the transform when it changes something: the engine (its 100+ rule modules) is loaded only then. */
export async function changingRedactionSetup(io: CliIO, flags: RedactionFlags, context: RunContext): Promise<ProfileSetup> {
  const setup = await resolvedSetup(io, flags, (profile) => profile);
  return { ...setup, transformIfAny: isInert(setup) ? undefined : await transformMaker(setup, context) };
}

async function resolvedSetup(io: CliIO, flags: RedactionFlags, adjust: (profile: Profile) => Profile): Promise<Omit<ProfileSetup, 'transformIfAny'>> {
  const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
  const profile = adjust(await resolveProfile(flags.profile, config));
  const key = await loadKey({ keyFile: flags.keyFile, env: io.env, config });
  return { profile, config, key };
}

function isInert({ profile, key }: Omit<ProfileSetup, 'transformIfAny'>): boolean {
  return !profile.secrets && !profile.pii && !profile.anonymize && profile.toolOutput === 'full'
    && profile.includeFileContents && profile.includeReasoning && profile.includeAttachments && !key;
}

async function transformMaker({ profile, config, key }: Omit<ProfileSetup, 'transformIfAny'>, context: RunContext): Promise<(ids?: IdFactory) => TranscriptRedactor> {
  const { CliRedactor } = await import('./cli-redactor.js');
  const submitter = submitterFor(key, config.upload.identity);
  return (ids = context.ids) => new CliRedactor(profile, {
    salt: key ? anonymizationSaltFor(key) : ids.salt(),
    saltSource: key ? 'per-key' : 'per-transcript',
    submitter,
  });
}
