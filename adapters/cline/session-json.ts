/**
 * `~/.cline/data/sessions/<id>/<id>.json`, the session manifest: who ran it (source, pid,
 * provider, model, cwd), when, how it ended (status, exit_code) and the first prompt, with the
 * session's usage and cost in `metadata`. The conversation itself is in `<id>.messages.json`
 * (`messages_path`): read beside it, the manifest only adds what the session was; read alone, its
 * prompt is the one message it has, and the missing conversation is said so.
 */
import type { ConverterOutput } from '../types.js';
import { asRecord, numberField, stringField } from '../shared/json.js';
import { elapsedMs, isoTime, timeMs } from '../shared/time.js';
import type { SessionManifest } from './records.js';
import { clineUsage } from './usage.js';

export function convertSessionManifest(manifest: SessionManifest, out: ConverterOutput, conversationSeen: boolean): void {
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
  if (conversationSeen) return;
  const prompt = stringField(manifest, 'prompt');
  if (prompt !== undefined) out.emit({ timestamp: startedAt ?? null, type: 'user_message', role: 'user', text: prompt });
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
