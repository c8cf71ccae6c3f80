/**
 * The config file (JSON): custom redaction profiles that extend a built-in one, with their own
 * rules and allowlisted values. Validated with zod (config-schema.ts); an invalid file is rejected with the path
 * of what is wrong and why, and so is a custom rule whose own examples fail.
 *
 * Where: --config <file>, else $ATX_CONFIG, else $XDG_CONFIG_HOME/atx/config.json
 * (~/.config/atx/config.json). A missing default file is simply no config.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BUILTIN_PROFILES, builtinProfile, type Profile } from '../redaction/profiles.js';
import type { Rule } from '../redaction/types.js';
import { writeFileDurably } from './durable-file.js';
import { maskKeys } from './mask.js';
import { xdgDir } from './paths.js';
import { AtxError, ExitCode, fileError } from './errors.js';
import type { Config, CustomRule } from './config-schema.js';

export type { Config } from './config-schema.js';

/** What a missing default config file means: no custom profiles, no upload settings. */
const noConfig = (): Config => ({ upload: {}, profiles: {} });

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  return env.ATX_CONFIG || join(xdgDir(env, 'XDG_CONFIG_HOME'), 'atx', 'config.json');
}

export async function loadConfig(options: { path?: string; env: NodeJS.ProcessEnv }): Promise<Config> {
  const explicit = options.path ?? (options.env.ATX_CONFIG || undefined);
  const path = options.path ?? defaultConfigPath(options.env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return noConfig();
    throw fileError(path, error);
  }
  // checked before it is used: a config decides where the key goes and what redaction does
  await refuseIfOthersCanChange(path, 'the config file');
  const config = await parseConfig(text, path);
  if (config.upload.key !== undefined) await refuseIfReadableByOthers(path, 'holds a submission key');
  return config;
}

/** A file that holds a key is a password file: refused when others can read it. */
export async function refuseIfReadableByOthers(path: string, what: string): Promise<void> {
  if (process.platform === 'win32') return;
  const info = await stat(path).catch((error: unknown) => { throw fileError(path, error); });
  if (info.isDirectory()) throw new AtxError(ExitCode.usage, `${maskKeys(path)}: is a directory, not a key file`);
  if ((info.mode & 0o077) !== 0) {
    const shown = maskKeys(path);
    throw new AtxError(ExitCode.usage, `${shown} ${what} and can be read by others (mode ${modeText(info.mode)}); run: chmod 600 ${shown}`);
  }
}

/**
 * A config or key file that another account could change (the file, or its folder, writable by
 * group or others) is refused: whoever can write it picks the endpoint the key is sent to, or
 * switches redaction off. A sticky folder (/tmp) is fine: there only the owner may replace a file.
 */
export async function refuseIfOthersCanChange(path: string, what: string): Promise<void> {
  if (process.platform === 'win32') return;
  const file = await stat(path).catch((error: unknown) => { throw fileError(path, error); });
  if ((file.mode & 0o022) !== 0) {
    const shown = maskKeys(path);
    throw new AtxError(ExitCode.usage, `${what} ${shown} can be changed by others (mode ${modeText(file.mode)}); run: chmod go-w ${shown}`);
  }
  await refuseIfFolderOpen(dirname(path), `${what} ${maskKeys(path)}`);
}

/** The folder a config or key file is (or will be) in must not be writable by others either. */
async function refuseIfFolderOpen(folder: string, what: string, options: { missingOk?: boolean } = {}): Promise<void> {
  if (process.platform === 'win32') return;
  const info = await stat(folder).catch((error: unknown) => {
    if (options.missingOk && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw fileError(folder, error);
  });
  if (!info) return;
  const sticky = (info.mode & 0o1000) !== 0;
  if ((info.mode & 0o022) !== 0 && !sticky) {
    const shown = maskKeys(folder);
    throw new AtxError(ExitCode.usage, `${what} is in a folder others can change (${shown}, mode ${modeText(info.mode)}); run: chmod go-w ${shown}`);
  }
}

function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

export async function parseConfig(text: string, path: string): Promise<Config> {
  const { ConfigSchema } = await import('./config-schema.js');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw configError(path, [`not valid JSON: ${(error as Error).message}`]);
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw configError(path, parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(top level)'}: ${issue.message}`));
  }
  const problems: string[] = [];
  for (const [name, profile] of Object.entries(parsed.data.profiles)) {
    if (builtinProfile(name)) problems.push(`profiles.${name}: a built-in profile has this name; choose another`);
    for (const [index, rule] of profile.rules.entries()) problems.push(...await exampleProblems(toRule(rule), `profiles.${name}.rules.${index}`));
  }
  if (problems.length > 0) throw configError(path, problems);
  return parsed.data;
}

function configError(path: string, details: string[]): AtxError {
  return new AtxError(ExitCode.usage, `${path}: invalid config: ${details[0]}`, { details: details.slice(1) });
}

function toRule(rule: CustomRule): Rule {
  return {
    id: rule.id,
    type: rule.type,
    description: rule.description,
    keywords: rule.keywords.map((keyword) => keyword.toLowerCase()),
    pattern: new RegExp(rule.pattern, rule.flags),
    ...(rule.entropy !== undefined ? { entropy: rule.entropy } : {}),
    allow: rule.allow.map((source) => new RegExp(source)),
    ...(rule.label ? { label: rule.label } : {}),
    examples: rule.examples,
  };
}

/** A custom rule is checked against its own examples when the config is read (the engine is loaded only for a config with rules). */
export async function exampleProblems(rule: Rule, path: string): Promise<string[]> {
  const { compileRules } = await import('../redaction/scanner.js');
  const alone = compileRules([rule]);
  const problems: string[] = [];
  rule.examples.match.forEach((text, index) => {
    if (alone.scan(text).length > 0) return;
    const why = rule.pattern?.test(text)
      ? ' (its pattern matches, but the shields leave the value alone as a placeholder, template or made-up value such as a counted run: give an example with a drawn value)'
      : '';
    problems.push(`${path}.examples.match.${index}: the rule finds nothing in ${JSON.stringify(text)}${why}`);
  });
  rule.examples.noMatch.forEach((text, index) => {
    if (alone.scan(text).length > 0) problems.push(`${path}.examples.noMatch.${index}: the rule finds something in ${JSON.stringify(text)}`);
  });
  return problems;
}

/** All profiles: the built-in ones, then the config's, each resolved through what it extends. */
export async function allProfiles(config: Config): Promise<Profile[]> {
  return [...BUILTIN_PROFILES, ...await Promise.all(Object.keys(config.profiles).map((name) => resolveProfile(name, config)))];
}

/**
 * A built-in profile is looked up without loading a rule (`--profile none` loads none); a custom
 * one loads the rules to tell whether upload may send what it leaves.
 */
export async function resolveProfile(name: string, config: Config, seen: string[] = []): Promise<Profile> {
  const builtin = builtinProfile(name);
  if (builtin) return builtin;
  const custom = config.profiles[name];
  if (!custom) {
    const known = [...BUILTIN_PROFILES.map((p) => p.name), ...Object.keys(config.profiles)].join(', ');
    throw new AtxError(ExitCode.usage, `unknown profile "${maskKeys(name)}"; known profiles: ${known}`);
  }
  if (seen.includes(name)) throw new AtxError(ExitCode.usage, `profile "${name}" extends itself (${[...seen, name].join(' → ')})`);
  const parent = await resolveProfile(custom.extends, config, [...seen, name]);
  const profile: Profile = {
    name,
    description: custom.description ?? `custom profile extending ${parent.name}`,
    extends: parent.name,
    secrets: custom.secrets ?? parent.secrets,
    pii: custom.pii ?? parent.pii,
    anonymize: custom.anonymize ?? parent.anonymize,
    toolOutput: custom.toolOutput ?? parent.toolOutput,
    truncateAt: custom.truncateAt ?? parent.truncateAt,
    includeFileContents: custom.includeFileContents ?? parent.includeFileContents,
    includeReasoning: custom.includeReasoning ?? parent.includeReasoning,
    includeAttachments: custom.includeAttachments ?? parent.includeAttachments,
    uploadAllowed: custom.secrets ?? parent.secrets,
    linkIdentity: custom.linkIdentity ?? parent.linkIdentity,
    allow: [...parent.allow, ...custom.allow],
    disabledRules: [...parent.disabledRules, ...custom.disableRules],
    extraRules: [...parent.extraRules, ...custom.rules.map(toRule)],
  };
  // what `atx profiles` shows: a profile whose rules are all off is refused like `none`
  const { uploadRedactionVerdict } = await import('./upload/redaction-policy.js');
  return { ...profile, uploadAllowed: uploadRedactionVerdict(profile).allowed };
}

export type UploadSettings = Config['upload'];

/**
 * Changes the `upload` settings of the config file (`atx login` / `atx logout`), keeping
 * everything else in it. The file is rewritten atomically with mode 600, since it may hold a key;
 * a `null` value removes that setting.
 */
export async function saveUploadSettings(path: string, changes: { [K in keyof UploadSettings]?: UploadSettings[K] | null }): Promise<void> {
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw fileError(path, error);
  });
  if (existing !== null) await refuseIfOthersCanChange(path, 'the config file');
  else await refuseIfFolderOpen(dirname(path), 'the config file', { missingOk: true }); // a missing one is made below, mode 700
  const raw = existing === null ? {} : (JSON.parse(JSON.stringify(await parseConfigObject(existing, path))) as Record<string, unknown>);
  const upload = { ...((raw.upload as Record<string, unknown> | undefined) ?? {}) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete upload[name];
    else if (value !== undefined) upload[name] = value;
  }
  raw.upload = upload;
  const text = `${JSON.stringify(raw, null, 2)}\n`;
  await parseConfig(text, path);
  await writePrivateFile(path, text);
}

/**
 * `atx logout`: removes the saved submission key and says what there was to remove. A missing
 * config file, or one without a key, is left as it is (no file is made to hold nothing).
 */
export async function removeSavedKey(path: string): Promise<'removed' | 'no-key' | 'no-config'> {
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw fileError(path, error);
  });
  if (existing === null) return 'no-config';
  if ((await parseConfig(existing, path)).upload.key === undefined) return 'no-key';
  await saveUploadSettings(path, { key: null });
  return 'removed';
}

/** The file as the person wrote it (not with defaults filled in), after checking it is a valid config. */
async function parseConfigObject(text: string, path: string): Promise<unknown> {
  await parseConfig(text, path);
  return JSON.parse(text) as unknown;
}

async function writePrivateFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch((error: unknown) => { throw fileError(dirname(path), error); });
  await writeFileDurably(path, text, '.atx-config-').catch((error: unknown) => { throw fileError(path, error); });
}
