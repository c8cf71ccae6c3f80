/**
 * The options every command that writes or sends a Transcript shares: --profile, --config,
 * --key-file. Turns them into a per-transcript redaction transform.
 */
import { Option } from 'commander';
import { DEFAULT_PROFILE, ResidueError, TranscriptRedactor } from '../../redaction/index.js';
import { AtxError, ExitCode } from '../errors.js';
import { loadConfig, resolveProfile } from '../config.js';
import { anonymizationSaltFor, loadKey, submitterFor } from '../keys.js';
export function addRedactionOptions(command, defaultProfile = DEFAULT_PROFILE) {
    return command
        .addOption(new Option('--profile <name>', 'redaction profile: none, standard, team, research, public, or one from the config file (see atx profiles)').default(defaultProfile))
        .option('--config <file>', 'config file with custom profiles (default $ATX_CONFIG or ~/.config/atx/config.json)')
        .option('--key-file <file>', 'submission key (mode 600; or $ATX_KEY): fills submitter.keyId/pseudonym and salts anonymization');
}
/** `adjust` changes the resolved profile for one command's needs (scan ignores content policy). */
export async function redactionSetup(io, flags, context, adjust = (profile) => profile) {
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
    event(event) {
        return failClosed(() => super.event(event));
    }
    header(header) {
        return failClosed(() => super.header(header));
    }
}
function failClosed(work) {
    try {
        return work();
    }
    catch (error) {
        if (error instanceof ResidueError)
            throw new AtxError(ExitCode.partial, error.message, { code: 'residue', cause: error });
        throw error;
    }
}
//# sourceMappingURL=redaction-options.js.map