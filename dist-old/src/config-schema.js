/**
 * The config file's shape, as zod schemas: loaded only when a config file is read, so that a run
 * without one does not pay for loading zod.
 */
import { z } from 'zod';
const RegexSource = z.string().min(1).superRefine((source, ctx) => {
    try {
        new RegExp(source);
    }
    catch (error) {
        ctx.addIssue({ code: 'custom', message: `invalid regular expression: ${error.message}` });
    }
});
export const CustomRuleSchema = z.strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'rule ids are kebab-case'),
    type: z.enum(['secret', 'pii']),
    description: z.string().default('custom rule'),
    keywords: z.array(z.string().min(1)).default([]),
    pattern: RegexSource,
    flags: z.string().regex(/^[imsu]*$/, 'flags may be i, m, s, u').default(''),
    entropy: z.number().min(0).max(8).optional(),
    allow: z.array(RegexSource).default([]),
    label: z.string().regex(/^[a-z0-9-]{1,48}$/).optional(),
    examples: z.strictObject({
        match: z.array(z.string()).min(1, 'give at least one text the rule must match'),
        noMatch: z.array(z.string()).min(1, 'give at least one text the rule must not match'),
    }),
});
const CustomProfileSchema = z.strictObject({
    extends: z.string().default('standard'),
    description: z.string().optional(),
    secrets: z.boolean().optional(),
    pii: z.boolean().optional(),
    anonymize: z.boolean().optional(),
    toolOutput: z.enum(['full', 'truncated', 'metadata-only', 'none']).optional(),
    truncateAt: z.number().int().min(100).optional(),
    includeFileContents: z.boolean().optional(),
    includeReasoning: z.boolean().optional(),
    includeAttachments: z.boolean().optional(),
    linkIdentity: z.boolean().optional(),
    allow: z.array(z.string().min(1)).default([]),
    disableRules: z.array(z.string()).default([]),
    rules: z.array(CustomRuleSchema).default([]),
});
const UploadSettingsSchema = z.strictObject({
    endpoint: z.string().min(1).optional().describe('where atx upload sends (an https:// URL, or http:// to loopback)'),
    key: z.string().min(1).optional().describe('the submission key, written by atx login; the file must then be mode 600'),
    identity: z.record(z.string(), z.string()).optional().describe('who you are, e.g. {"name": …, "email": …}: sent only with a profile that links identity (team)'),
});
export const ConfigSchema = z.strictObject({
    $schema: z.string().optional(),
    upload: UploadSettingsSchema.default({}),
    profiles: z.record(z.string().regex(/^[a-z0-9][a-z0-9-]{0,40}$/, 'profile names are lower-case kebab-case'), CustomProfileSchema).default({}),
});
//# sourceMappingURL=config-schema.js.map