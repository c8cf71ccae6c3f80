/**
 * Profiles: which rules run and what content leaves the machine (../shared/spec/cli.md).
 * Built-in ones are below; custom ones come from the config file (config.ts) and extend one.
 */
import type { ToolOutputPolicy } from './transcript-shape.js';
import type { Rule } from './types.js';

export type { ToolOutputPolicy };

export interface Profile {
  readonly name: string;
  readonly description: string;
  /** the profile this one was built from (custom profiles) */
  readonly extends?: string;
  readonly secrets: boolean;
  readonly pii: boolean;
  /** replace user, host, cwd and repo name/remote with salted hashes */
  readonly anonymize: boolean;
  readonly toolOutput: ToolOutputPolicy;
  /** characters of tool output kept when `toolOutput` is `truncated` */
  readonly truncateAt: number;
  readonly includeFileContents: boolean;
  readonly includeReasoning: boolean;
  readonly includeAttachments: boolean;
  /** may `atx upload` send it without --allow-unredacted */
  readonly uploadAllowed: boolean;
  /** the submitter's identity may be linked (the team case) */
  readonly linkIdentity: boolean;
  /** literal values never redacted */
  readonly allow: readonly string[];
  /** rule ids switched off */
  readonly disabledRules: readonly string[];
  /** rules added by a custom profile */
  readonly extraRules: readonly Rule[];
}

const base = {
  truncateAt: 2000,
  includeAttachments: true,
  allow: [],
  disabledRules: [],
  extraRules: [],
  linkIdentity: false,
  uploadAllowed: true,
} as const;

type Redacts = Pick<Profile, 'secrets' | 'pii' | 'anonymize'>;
type Keeps = Pick<Profile, 'toolOutput' | 'includeFileContents' | 'includeReasoning'>;

const ALL_CONTENT: Keeps = { toolOutput: 'full', includeFileContents: true, includeReasoning: true };
const SECRETS: Redacts = { secrets: true, pii: false, anonymize: false };
const SECRETS_AND_PERSONAL_DATA: Redacts = { secrets: true, pii: true, anonymize: true };

function builtin(name: string, description: string, redacts: Redacts, keeps: Keeps, overrides: Partial<Profile> = {}): Profile {
  return { ...base, name, description, ...redacts, ...keeps, ...overrides };
}

export const BUILTIN_PROFILES: readonly Profile[] = [
  builtin('none', 'no redaction at all: for local use only; upload refuses it without --allow-unredacted',
    { secrets: false, pii: false, anonymize: false }, ALL_CONTENT, { uploadAllowed: false }),
  builtin('standard', 'secrets redacted; everything else kept (the default)', SECRETS, ALL_CONTENT),
  builtin('team', 'secrets redacted; identity may be linked to the submission key (sharing inside a team)', SECRETS, ALL_CONTENT, { linkIdentity: true }),
  builtin('research', 'secrets and personal data redacted, user/host/paths/repo anonymized, tool output truncated, file contents withheld',
    SECRETS_AND_PERSONAL_DATA, { toolOutput: 'truncated', includeFileContents: false, includeReasoning: true }),
  builtin('public', 'as research, plus tool output reduced to size/lines/status, reasoning and attachments dropped',
    SECRETS_AND_PERSONAL_DATA, { toolOutput: 'metadata-only', includeFileContents: false, includeReasoning: false }, { includeAttachments: false }),
];

export const DEFAULT_PROFILE = 'standard';

export function builtinProfile(name: string): Profile | undefined {
  return BUILTIN_PROFILES.find((profile) => profile.name === name);
}
