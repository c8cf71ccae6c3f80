import { asRecord, numberField, stringField } from '../shared/json.js';
import { elapsedMs, isoTime, timeMs } from '../shared/time.js';
import { clineUsage } from './usage.js';
export function isSessionManifest(value) {
    return typeof value.session_id === 'string' && typeof value.started_at === 'string' && ('messages_path' in value || 'enable_tools' in value);
}
export function convertSessionManifest(manifest, out, conversationSeen) {
    const metadata = asRecord(manifest.metadata);
    const startedAt = isoTime(manifest.started_at);
    const endedAt = isoTime(manifest.ended_at);
    const duration = elapsedMs(timeMs(startedAt), endedAt);
    const usage = clineUsage(asRecord(metadata?.aggregateUsage) ?? asRecord(metadata?.usage));
    const cost = numberField(metadata, 'totalCost');
    const model = stringField(manifest, 'model');
    const title = stringField(metadata, 'title');
    out.session({
        ...(conversationSeen ? {} : { format: 'cline/session-json' }),
        nativeSessionId: stringField(manifest, 'session_id'),
        agentVersion: stringField(asRecord(metadata?.sessionHistoryOrigin), 'version') ?? null,
        ...(startedAt ? { startedAt } : {}),
        ...(title ? { title } : {}),
        ...(model ? { model } : {}),
        environment: { cwd: stringField(manifest, 'cwd') ?? stringField(manifest, 'workspace_root') ?? null },
        ...(duration !== undefined ? { durationMs: duration } : {}),
        ...(cost !== undefined ? { costUsd: cost } : {}),
        ...(usage ? { totalUsage: usage } : {}),
    });
    if (conversationSeen)
        return;
    const prompt = stringField(manifest, 'prompt');
    if (prompt !== undefined)
        out.emit({ timestamp: startedAt ?? null, type: 'user_message', role: 'user', text: prompt });
    out.emit({
        timestamp: null, type: 'meta', role: 'system', synthetic: true,
        text: `The conversation of this session is in ${stringField(manifest, 'messages_path') ?? '<id>.messages.json'}, which was not read.`,
        meta: { kind: 'missing-conversation' },
    });
    const status = stringField(manifest, 'status');
    if (status && status !== 'completed') {
        out.emit({ timestamp: endedAt ?? null, type: 'system', role: 'system', text: `Session ${status} (exit code ${String(manifest.exit_code ?? 'unknown')})`, meta: { kind: 'session-end', status } });
    }
}
//# sourceMappingURL=session-json.js.map