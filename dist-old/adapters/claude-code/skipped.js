/**
 * What Claude Code writes that carries nothing for a transcript, each with why. The list follows
 * the record types 2.1.332 knows (its transcript loader classifies every one of them); a type
 * missing from here and from the converter's table becomes a visible unparsed event.
 */
/** Session-file and stdout record types counted as skipped, by the reason they are left out. */
export const SKIPPED_TYPE_REASONS = {
    // the request-replay log: the same messages again, as sent to the API
    'api-request': 'request replay log',
    'api-request-shape': 'request replay log (system prompt and tool schemas)',
    'api-request-blob': 'request replay log (deduplicated request messages)',
    'api-request-resumed': 'request replay log (a resumed request)',
    // undo bookkeeping: file backups for /rewind, not conversation
    'file-history-snapshot': 'file backups for /rewind',
    'file-history-delta': 'file backups for /rewind',
    'attribution-snapshot': 'line attribution of edited files',
    // the queued prompt: its text is the user line that follows
    'queue-operation': 'duplicates the user line',
    'last-prompt': 'duplicates the last user line (for the resume picker)',
    // per-session settings and latches, re-appended on every metadata flush
    'atis-latch': 'session setting', 'tools-used': 'tool names already in the calls', 'cost-state': 'running cost counter',
    'permission-mode': 'session setting', mode: 'session setting', 'memory-mode': 'session setting', 'repl-mode': 'session setting',
    'isolation-latch': 'session setting', 'session-owner': 'account that owns the session', 'hybrid-organization': 'account organisation',
    'dev-mods': 'session setting', 'agent-name': 'display name', 'agent-color': 'display colour', 'agent-setting': 'session setting',
    tag: 'a label for the session list', 'history-suppression': 'hides the session from history',
    'pr-link': 'a pull request link for the session list', 'worktree-state': 'worktree the session runs in (its cwd is on every line)',
    'bridge-session': 'remote-control bridge id',
    // integrity and provenance bookkeeping of the transcript store
    'resume-head-vouch': 'checksum for fast resume', 'content-replacement': 'which tool results the model saw as a file reference',
    'data-flow-records': 'data provenance tracking', 'data-flow-incomplete': 'data provenance tracking',
    'fork-context-ref': 'pointer to the context a fork began from', 'observer-ref': 'pointer to an observer session',
    'host-row': 'bookkeeping of a script\'s tool call (its call and result are message lines)',
    'artifact-comment-monitor': 'artifact comment watcher state', 'artifact-autoreact-ledger': 'artifact comment watcher state',
    progress: 'transient progress (hooks, bash output so far)',
    // stdout control protocol and keep-alives
    keep_alive: 'keep-alive', control_request: 'control protocol', control_response: 'control protocol',
    control_cancel_request: 'control protocol', rate_limit_event: 'rate limit notice',
};
/** system subtypes that only report transient state (progress, UI, connection status) */
export const SKIPPED_SYSTEM_SUBTYPES = new Set([
    'status', 'task_progress', 'task_updated', 'commands_changed', 'turn_duration', 'thinking_tokens', 'background_tasks_changed',
    'hook_progress', 'control_request_progress', 'permission_check_status', 'turn_starting', 'session_state_changed',
    'bridge_state', 'bridge_status', 'cloud_session_delta', 'cloud_session_status', 'worker_shutting_down', 'placed',
    'ui_focus', 'ui_invalidate', 'ui_log', 'ui_notify', 'ui_notify_cancel', 'ui_panes', 'ui_placed', 'ui_scroll', 'ui_status', 'ui_toast',
]);
//# sourceMappingURL=skipped.js.map