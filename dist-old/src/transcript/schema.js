/**
 * The Transcript wire format (../shared/spec/transcript.md), defined once.
 * Every other module imports these schemas or the types inferred from them;
 * `atx schema` prints them as JSON Schema and schema/transcript.schema.json is a committed copy.
 *
 * Objects are open (unknown fields are ignored, never rejected) so that newer 0.1.x
 * documents with additive fields still validate, as the spec's evolution rules ask.
 */
import { z } from 'zod';
import { EVENT_TYPES, SCHEMA_VERSION } from './wire-constants.js';
export { SCHEMA_VERSION } from './wire-constants.js';
const isoTime = z.iso.datetime({ offset: true }).describe('RFC 3339 time');
const count = z.number().int().nonnegative();
export const ToolKindSchema = z.enum([
    'shell', 'read', 'write', 'edit', 'search', 'web', 'mcp', 'task', 'plan', 'question', 'other',
]);
export const ToolStatusSchema = z.enum(['ok', 'error', 'denied', 'timeout']);
export const FileTouchSchema = z.object({
    path: z.string(),
    action: z.enum(['read', 'write', 'edit', 'delete']),
    diff: z.string().optional(),
});
export const ToolSchema = z.object({
    name: z.string(),
    callId: z.string().describe('links a tool_call to its tool_result'),
    kind: ToolKindSchema.optional(),
    mcp: z.object({ server: z.string(), tool: z.string() }).optional(),
    input: z.unknown().optional(),
    output: z.string().nullable().optional().describe('shaped by the content policy'),
    status: ToolStatusSchema.optional(),
    durationMs: count.optional(),
    exitCode: z.number().int().optional(),
    files: z.array(FileTouchSchema).optional(),
});
export const UsageSchema = z.object({
    input: count,
    output: count,
    cacheRead: count.optional(),
    cacheWrite: count.optional(),
    reasoning: count.optional(),
});
export const AttachmentSchema = z.object({
    kind: z.enum(['image', 'file']),
    mime: z.string().optional(),
    path: z.string().optional(),
    bytes: count.optional(),
    sha256: z.string().optional(),
});
export const RedactionSchema = z.object({
    field: z.string(),
    ruleId: z.string(),
    type: z.enum(['secret', 'pii']),
    placeholder: z.string(),
    start: count,
    end: count,
});
/**
 * Content a profile kept out of an event (its receipt, next to `redactions`): which field, why,
 * and how much. Truncated fields keep `keptChars` characters; withheld ones keep none.
 */
export const WithheldSchema = z.object({
    field: z.string(),
    reason: z.enum(['truncated', 'tool-output', 'file-contents', 'reasoning', 'attachments']),
    chars: count.optional(),
    lines: count.optional(),
    keptChars: count.optional(),
    items: count.optional().describe('attachments dropped'),
});
/** `meta` payload: `kind` says what atx is annotating (unparsed, truncated, compaction, ...). */
export const MetaInfoSchema = z.looseObject({
    kind: z.string(),
    line: count.optional().describe('native line number, for unparsed records'),
    file: z.string().optional(),
    reason: z.string().optional(),
    recordType: z.string().optional(),
});
export const EventTypeSchema = z.enum(EVENT_TYPES);
export const RoleSchema = z.enum(['user', 'assistant', 'system', 'tool']);
export const EventSchema = z
    .object({
    id: z.string().min(1),
    seq: z.number().int().positive(),
    timestamp: isoTime.nullable(),
    type: EventTypeSchema,
    role: RoleSchema,
    text: z.string().optional(),
    tool: ToolSchema.optional(),
    nativeId: z.string().optional(),
    parentId: z.string().optional().describe('groups events off the main line: a subagent or sidechain (the callId of the call that started it), or an abandoned branch'),
    model: z.string().optional(),
    usage: UsageSchema.optional(),
    attachments: z.array(AttachmentSchema).optional(),
    synthetic: z.boolean().optional(),
    meta: MetaInfoSchema.optional(),
    redactions: z.array(RedactionSchema).optional(),
    withheld: z.array(WithheldSchema).optional(),
})
    .refine((e) => !(e.type === 'tool_call' || e.type === 'tool_result') || e.tool !== undefined, {
    message: 'tool_call and tool_result events need a tool object',
    path: ['tool'],
})
    .refine((e) => e.type !== 'meta' || e.meta !== undefined, {
    message: 'meta events need a meta object',
    path: ['meta'],
});
export const SourceSchema = z.object({
    agent: z.string(),
    agentVersion: z.string().nullable(),
    adapter: z.string(),
    adapterVersion: z.string(),
    format: z.string().optional(),
    nativeSessionId: z.string().nullable().optional(),
});
export const RepoSchema = z.object({
    name: z.string().nullable().optional(),
    remote: z.string().nullable().optional(),
    commit: z.string().nullable().optional(),
    branch: z.string().nullable().optional(),
});
export const EnvironmentSchema = z.object({
    os: z.string().nullable().optional(),
    shell: z.string().nullable().optional(),
    cwd: z.string().nullable().optional(),
    repo: RepoSchema.optional(),
});
export const SessionSchema = z.object({
    startedAt: isoTime.nullable(),
    endedAt: isoTime.nullable(),
    capturedAt: isoTime,
    environment: EnvironmentSchema,
    title: z.string().optional(),
    models: z.array(z.string()).optional(),
});
export const SubmitterSchema = z.object({
    keyId: z.string().nullable(),
    pseudonym: z.string().nullable(),
    identityLinked: z.boolean(),
    identity: z.record(z.string(), z.unknown()).optional(),
});
export const ToolOutputPolicySchema = z.enum(['full', 'truncated', 'metadata-only', 'none']);
export const PrivacySchema = z.object({
    profile: z.string(),
    redactionApplied: z.boolean(),
    anonymizationApplied: z.boolean(),
    rulesApplied: z.array(z.string()),
    redactionCount: count,
    contentPolicy: z.object({
        includeFileContents: z.boolean(),
        toolOutput: ToolOutputPolicySchema,
        includeReasoning: z.boolean().optional(),
        includeAttachments: z.boolean().optional(),
        truncateAt: count.optional(),
    }),
    rulesetVersion: z.string().optional(),
    redactionsByRule: z.record(z.string(), count).optional().describe('redactions made, by rule id'),
    sessionRedactions: z.array(RedactionSchema).optional().describe('redactions in the session header (environment, title)'),
    anonymizationSalt: z.enum(['per-key', 'per-transcript']).optional().describe('what the anonymization hashes are salted with: the submission key (stable across one person\'s transcripts) or a per-transcript random salt'),
});
export const TokenTotalsSchema = z.object({
    input: count,
    output: count,
    cacheRead: count.optional(),
    cacheWrite: count.optional(),
    reasoning: count.optional(),
});
export const MetricsSchema = z.object({
    eventCount: count,
    messageCount: count,
    toolCallCount: count,
    durationMs: count.nullable(),
    tokens: TokenTotalsSchema.optional(),
    errorCount: count.optional(),
    unparsedCount: count.optional(),
    turnCount: count.optional(),
    costUsd: z.number().nonnegative().optional(),
    /** SHA-256 of the events as JSON Lines (events-hash.ts): tells versions of one session apart */
    eventsSha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});
export const TranscriptSchema = z.object({
    schemaVersion: z.string().regex(/^0\.1\.\d+$/, 'this atx reads schemaVersion 0.1.x'),
    transcriptId: z.uuid(),
    source: SourceSchema,
    session: SessionSchema,
    submitter: SubmitterSchema,
    privacy: PrivacySchema,
    metrics: MetricsSchema,
    events: z.array(EventSchema),
});
/** JSON Schema of the Transcript, as printed by `atx schema`. */
export function transcriptJsonSchema() {
    const schema = z.toJSONSchema(TranscriptSchema, { io: 'input', unrepresentable: 'any' });
    return {
        ...schema,
        $id: `https://agent-transcript.dev/schema/transcript-${SCHEMA_VERSION}.json`,
        title: 'agent-transcript Transcript',
        $comment: 'Generated from src/transcript/schema.ts by `atx schema`; do not edit by hand.',
    };
}
//# sourceMappingURL=schema.js.map