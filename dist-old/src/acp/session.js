/**
 * One ACP session driven by atx as the client: initialize, session/new in `cwd`, one prompt,
 * permission requests answered by policy. atx offers no file system and no terminal to the
 * agent, so every agent uses its own tools (and none reads a half-written editor buffer).
 */
import { client, PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { answerPermission } from './permission.js';
export function startAcpSession(options) {
    let context;
    let sessionId;
    const app = client({ name: 'atx' })
        .onRequest('session/request_permission', ({ params }) => {
        const response = answerPermission(options.permissions, params.options);
        const outcome = response.outcome;
        const kind = outcome.outcome === 'selected' ? params.options.find((o) => o.optionId === outcome.optionId)?.kind : undefined;
        options.onPermission(params.toolCall.title ?? params.toolCall.toolCallId, kind === undefined ? 'cancelled' : kind.startsWith('allow') ? 'allowed' : 'denied');
        return response;
    })
        .onNotification('session/update', ({ params }) => {
        const update = params.update;
        if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text')
            options.onText(update.content.text);
    });
    const done = app.connectWith(options.stream, async (ctx) => {
        context = ctx;
        await ctx.request('initialize', {
            protocolVersion: PROTOCOL_VERSION,
            clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
            clientInfo: { name: 'atx', title: 'agent-transcript', version: options.clientVersion },
        });
        const session = await ctx.request('session/new', { cwd: options.cwd, mcpServers: [] });
        sessionId = session.sessionId;
        return ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: options.prompt }] });
    });
    return {
        done,
        cancel: async () => {
            if (context && sessionId)
                await context.notify('session/cancel', { sessionId });
        },
    };
}
//# sourceMappingURL=session.js.map