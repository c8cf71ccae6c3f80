/** Which of Cline's forms a record is: detection, and the converter's choice of reader. */
import type { Detection } from '../types.js';
import { detectInSample, strongestLine } from '../shared/detect.js';
import { asRecord, type Json } from '../shared/json.js';

const STDOUT_TYPES = new Set(['agent_event', 'hook_event', 'run_start', 'run_result', 'run_abort_requested', 'run_aborted', 'team_event', 'team_restored', 'zen_dispatched']);
const AGENT_EVENT_TYPES = new Set(['content_start', 'content_update', 'content_end', 'iteration_start', 'iteration_end', 'usage', 'notice', 'done', 'error']);

/** `<id>.messages.json`: the saved conversation. */
export function isMessagesDocument(value: Json): boolean {
  return typeof value.sessionId === 'string' && Array.isArray(value.messages) && (typeof value.system_prompt === 'string' || asRecord(value.origin) !== undefined);
}

/** `<id>.json`: the session manifest beside it. */
export function isSessionManifest(value: Json): boolean {
  return typeof value.session_id === 'string' && typeof value.started_at === 'string' && ('messages_path' in value || 'enable_tools' in value);
}

/** A record of the task-folder reader (task-folder-reader.ts). */
export const isTaskFolderRecord = (value: Json): boolean => 'clineTask' in value || 'apiMessage' in value || 'uiMessage' in value || 'unreadableTaskFile' in value;

/** A stdout line: an ISO `ts`, one of Cline's line types, and for agent events one of its event types. */
function stdoutEvidence(record: Record<string, unknown>): number {
  if (typeof record.ts !== 'string' || typeof record.type !== 'string' || !STDOUT_TYPES.has(record.type)) return 0;
  if (record.type === 'agent_event') return AGENT_EVENT_TYPES.has(String(asRecord(record.event)?.type)) ? 0.95 : 0;
  if (record.type === 'hook_event') return typeof record.hookEventName === 'string' && 'agentId' in record ? 0.9 : 0;
  if (record.type === 'run_result') return typeof record.finishReason === 'string' && 'iterations' in record ? 0.9 : 0;
  if (record.type === 'run_start') return typeof record.providerId === 'string' ? 0.9 : 0;
  return 0;
}

/** 2.x `--json`: `task_started` first, then the panel's ClineMessage lines (numeric `ts`, say|ask). */
function panelEvidence(record: Record<string, unknown>): Detection | null {
  if (record.type === 'task_started' && typeof record.taskId === 'string') return { confidence: 0.95, format: 'cline/panel-json' };
  if (typeof record.ts === 'number' && (record.type === 'say' || record.type === 'ask') && typeof record[record.type] === 'string' && !Array.isArray(record)) {
    return { confidence: 0.85, format: 'cline/panel-json' };
  }
  return null;
}

function savedFormat(record: Record<string, unknown>): Detection | null {
  if (isMessagesDocument(record)) return { confidence: 0.95, format: 'cline/messages-json' };
  if (isTaskFolderRecord(record)) return { confidence: 0.95, format: 'cline/task-folder' };
  if (isSessionManifest(record)) return { confidence: 0.95, format: 'cline/session-json' };
  return panelEvidence(record);
}

export const detect = (sample: readonly unknown[]): Detection | null =>
  detectInSample(sample, savedFormat, strongestLine(stdoutEvidence), 'cline/json');
