/** The resource of every line of a session: the agent as the service, and the privacy receipt. */
export function resourceAttributes(header, content) {
    const { source, privacy } = header;
    const policy = privacy.contentPolicy;
    return {
        'service.name': source.agent,
        'service.version': source.agentVersion ?? undefined,
        'atx.transcript.id': header.transcriptId,
        'atx.schema_version': header.schemaVersion,
        'atx.source.adapter': source.adapter,
        'atx.source.adapter_version': source.adapterVersion,
        'atx.source.format': source.format,
        'atx.privacy.profile': privacy.profile,
        'atx.privacy.redaction_applied': privacy.redactionApplied,
        'atx.privacy.anonymization_applied': privacy.anonymizationApplied,
        'atx.privacy.rules_applied': privacy.rulesApplied,
        'atx.privacy.redaction_count': privacy.redactionCount,
        'atx.privacy.redactions_by_rule': privacy.redactionsByRule ? new Map(Object.entries(privacy.redactionsByRule)) : undefined,
        'atx.ruleset.version': privacy.rulesetVersion,
        'atx.privacy.content_policy.tool_output': policy.toolOutput,
        'atx.privacy.content_policy.include_file_contents': policy.includeFileContents,
        'atx.privacy.content_policy.include_reasoning': policy.includeReasoning,
        'atx.privacy.content_policy.truncate_at': policy.truncateAt,
        // whether message content left in this export at all (--otel-content)
        'atx.otel.content': content,
    };
}
/** Model name patterns and the provider the conventions name for them, first match wins. */
const PROVIDER_OF_MODEL = [
    [/claude|anthropic/i, 'anthropic'],
    [/gemini|gemma/i, 'gcp.gen_ai'],
    [/\bgpt|openai|codex|\bo[1-9]\b/i, 'openai'],
    [/deepseek/i, 'deepseek'],
    [/grok|x-ai|\bxai\b/i, 'x_ai'],
    [/mistral|codestral|devstral/i, 'mistral_ai'],
    [/kimi|moonshot/i, 'moonshot_ai'],
];
/** Agents that only ever talk to one provider, for sessions that do not name their model. */
const PROVIDER_OF_AGENT = {
    'claude-code': 'anthropic',
    codex: 'openai',
    'gemini-cli': 'gcp.gen_ai',
};
/** `gen_ai.provider.name` as best known: from the model's name, else from the agent; undefined when neither tells. */
export function providerOf(model, agent) {
    if (model) {
        for (const [pattern, provider] of PROVIDER_OF_MODEL)
            if (pattern.test(model))
                return provider;
    }
    return PROVIDER_OF_AGENT[agent];
}
/**
 * Token counts as the conventions count them: input includes the tokens read from and written to
 * the cache (a Transcript counts those apart), output includes reasoning (as a Transcript does).
 */
export function usageAttributes(usage) {
    if (!usage)
        return {};
    const cacheRead = usage.cacheRead ?? 0;
    const cacheWrite = usage.cacheWrite ?? 0;
    return {
        'gen_ai.usage.input_tokens': usage.input + cacheRead + cacheWrite,
        'gen_ai.usage.output_tokens': usage.output,
        'gen_ai.usage.cache_read.input_tokens': usage.cacheRead,
        'gen_ai.usage.cache_creation.input_tokens': usage.cacheWrite,
        'gen_ai.usage.reasoning.output_tokens': usage.reasoning,
    };
}
/** The `error.type` values this writer reports, by the tool's status (documented in the README). */
export const TOOL_ERROR_TYPES = {
    error: { type: 'tool_error', message: 'the tool reported a failure' },
    denied: { type: 'tool_denied', message: 'the call was denied (by the user or a policy)' },
    timeout: { type: 'timeout', message: 'the tool timed out' },
};
/** What is known of a tool call without its arguments or result. */
export function toolAttributes(tool, status) {
    const failure = status && status !== 'ok' ? TOOL_ERROR_TYPES[status] : undefined;
    return {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool.name,
        'gen_ai.tool.call.id': tool.callId,
        // MCP servers extend the agent; every other tool is a function the agent's client runs
        'gen_ai.tool.type': tool.kind === 'mcp' || tool.mcp ? 'extension' : 'function',
        'error.type': failure?.type,
        'atx.tool.kind': tool.kind,
        'atx.tool.status': status,
        'atx.tool.mcp.server': tool.mcp?.server,
        'atx.tool.mcp.tool': tool.mcp?.tool,
        'atx.tool.exit_code': tool.exitCode,
        'atx.tool.duration_ms': tool.durationMs,
    };
}
//# sourceMappingURL=otel-attributes.js.map