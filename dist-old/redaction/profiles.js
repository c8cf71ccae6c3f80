const base = {
    truncateAt: 2000,
    includeAttachments: true,
    allow: [],
    disabledRules: [],
    extraRules: [],
    linkIdentity: false,
    uploadAllowed: true,
};
const ALL_CONTENT = { toolOutput: 'full', includeFileContents: true, includeReasoning: true };
const SECRETS = { secrets: true, pii: false, anonymize: false };
const SECRETS_AND_PERSONAL_DATA = { secrets: true, pii: true, anonymize: true };
function builtin(name, description, redacts, keeps, overrides = {}) {
    return { ...base, name, description, ...redacts, ...keeps, ...overrides };
}
export const BUILTIN_PROFILES = [
    builtin('none', 'no redaction at all: for local use only; upload refuses it without --allow-unredacted', { secrets: false, pii: false, anonymize: false }, ALL_CONTENT, { uploadAllowed: false }),
    builtin('standard', 'secrets redacted; everything else kept (the default)', SECRETS, ALL_CONTENT),
    builtin('team', 'secrets redacted; identity may be linked to the submission key (sharing inside a team)', SECRETS, ALL_CONTENT, { linkIdentity: true }),
    builtin('research', 'secrets and personal data redacted, user/host/paths/repo anonymized, tool output truncated, file contents withheld', SECRETS_AND_PERSONAL_DATA, { toolOutput: 'truncated', includeFileContents: false, includeReasoning: true }),
    builtin('public', 'as research, plus tool output reduced to size/lines/status, reasoning and attachments dropped', SECRETS_AND_PERSONAL_DATA, { toolOutput: 'metadata-only', includeFileContents: false, includeReasoning: false }, { includeAttachments: false }),
];
export const DEFAULT_PROFILE = 'standard';
export function builtinProfile(name) {
    return BUILTIN_PROFILES.find((profile) => profile.name === name);
}
//# sourceMappingURL=profiles.js.map