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

export const BUILTIN_PROFILES: readonly Profile[] = [
  {
    ...base,
    name: 'none',
    description: 'no redaction at all: for local use only; upload refuses it without --allow-unredacted',
    secrets: false, pii: false, anonymize: false,
    toolOutput: 'full', includeFileContents: true, includeReasoning: true,
    uploadAllowed: false,
  },
  {
    ...base,
    name: 'standard',
    description: 'secrets redacted; everything else kept (the default)',
    secrets: true, pii: false, anonymize: false,
    toolOutput: 'full', includeFileContents: true, includeReasoning: true,
  },
  {
    ...base,
    name: 'team',
    description: 'secrets redacted; identity may be linked to the submission key (sharing inside a team)',
    secrets: true, pii: false, anonymize: false,
    toolOutput: 'full', includeFileContents: true, includeReasoning: true,
    linkIdentity: true,
  },
  {
    ...base,
    name: 'research',
    description: 'secrets and personal data redacted, user/host/paths/repo anonymized, tool output truncated, file contents withheld',
    secrets: true, pii: true, anonymize: true,
    toolOutput: 'truncated', includeFileContents: false, includeReasoning: true,
  },
  {
    ...base,
    name: 'public',
    description: 'as research, plus tool output reduced to size/lines/status, reasoning and attachments dropped',
    secrets: true, pii: true, anonymize: true,
    toolOutput: 'metadata-only', includeFileContents: false, includeReasoning: false, includeAttachments: false,
  },
];

export const DEFAULT_PROFILE = 'standard';

export function builtinProfile(name: string): Profile | undefined {
  return BUILTIN_PROFILES.find((profile) => profile.name === name);
}
