import type { Detection } from '../types.js';
import type { UnreadValues } from '../../src/pipeline/unread-values.js';
import { defineAdapter } from '../shared/adapter.js';
import { asRecord, typedRecords } from '../shared/json.js';
import { headField } from '../shared/glance.js';
import { claudeCodeStore } from './store.js';
import { TOOL_RUN_MEMBERS } from './records.js';

const SESSION_TYPES = new Set(['user', 'assistant', 'summary', 'system', 'attachment', 'file-history-snapshot', 'queue-operation', 'progress']);
const STREAM_TYPES = new Set(['system', 'assistant', 'user', 'result', 'stream_event']);
/** Amp prints Claude-shaped stream-json, but its session ids are thread ids; Claude Code's are bare UUIDs. */
const AMP_THREAD_ID = /^T-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Qwen Code's chat records (Gemini message parts, provenance, systemPayload, usageMetadata, type tool_result) and stdout (qwen_code_version, goal_state events) */
function isQwenCodeRecord(record: Record<string, unknown>): boolean {
  if (typeof record.qwen_code_version === 'string' || asRecord(record.event)?.type === 'goal_state') return true;
  if (typeof record.sessionId !== 'string') return false;
  const message = asRecord(record.message);
  return Array.isArray(message?.parts) || record.type === 'tool_result' || typeof record.provenance === 'string'
    || asRecord(record.systemPayload) !== undefined || asRecord(record.usageMetadata) !== undefined;
}

function detect(sample: readonly unknown[]): Detection | null {
  let session = 0;
  let stream = 0;
  for (const { record, type } of typedRecords(sample)) {
    // Qwen Code writes look-alike records; fields only it writes mean the input is not ours
    if (isQwenCodeRecord(record)) return null;
    if (type === 'system' && record.subtype === 'init' && typeof record.claude_code_version === 'string') {
      return { confidence: 0.95, format: 'claude-code/stream-json' };
    }
    if (typeof record.sessionId === 'string' && (SESSION_TYPES.has(type) || typeof record.uuid === 'string')) session += 1;
    else if (typeof record.session_id === 'string' && !AMP_THREAD_ID.test(record.session_id) && STREAM_TYPES.has(type)) stream += 1;
  }
  if (session === 0 && stream === 0) return null;
  return session >= stream
    ? { confidence: 0.9, format: 'claude-code/session-jsonl' }
    : { confidence: 0.7, format: 'claude-code/stream-json' };
}

const SESSION_UNREAD: readonly UnreadValues[] = [
  { member: 'toolUseResult', keep: TOOL_RUN_MEMBERS },
  // a skipped record (skipped.ts): the system prompt and tool schemas of the request replay log
  { member: 'shape', keep: [], ofType: ['api-request-shape'] },
];
const STREAM_UNREAD: readonly UnreadValues[] = [{ member: 'tool_use_result', keep: TOOL_RUN_MEMBERS }];

/** 2.0.x wrote a subagent's transcript beside the session file: `<project>/agent-<agentId>.jsonl`. */
const BESIDE_AGENT_FILE = /(?:^|\/)agent-[^/]+\.jsonl$/;
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * A session file and its companions: 2.1's `<sessionId>/subagents/**` (agent transcripts, workflow
 * journals) and `<sessionId>/workflows/*.json`; 2.0's `agent-<id>.jsonl` beside it, which names
 * its session only inside (`sessionId` on its records, read from its first line). Without that
 * line, an agent file is joined only when the folder holds one session.
 */
function groupSessionFiles(paths: readonly string[], heads?: ReadonlyMap<string, string>): string[][] {
  const sessions = paths.filter((path) => path.endsWith('.jsonl') && !path.includes('/subagents/') && !BESIDE_AGENT_FILE.test(path)
    && !/\/workflows\//.test(path));
  const owners = new Set(sessions);
  const groups = new Map<string, string[]>();
  const join = (owner: string, path: string) => groups.set(owner, [...(groups.get(owner) ?? [owner]), path]);
  const sessionsByFolder = new Map<string, string[]>();
  for (const session of sessions) sessionsByFolder.set(folderOf(session), [...(sessionsByFolder.get(folderOf(session)) ?? []), session]);
  for (const path of paths) {
    const at = path.search(/\/(subagents|workflows)\//);
    if (at !== -1) {
      const owner = `${path.slice(0, at)}.jsonl`;
      if (owners.has(owner)) join(owner, path);
    } else if (BESIDE_AGENT_FILE.test(path)) {
      const head = heads?.get(path);
      const named = head === undefined ? undefined : headField(head, 'sessionId');
      const beside = sessionsByFolder.get(folderOf(path)) ?? [];
      const owner = named === undefined ? (beside.length === 1 ? beside[0] : undefined) : `${folderOf(path)}${named}.jsonl`;
      if (owner !== undefined && owners.has(owner)) join(owner, path);
    }
  }
  return [...groups.values()];
}

export const claudeCode = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'claude-code',
  label: 'Claude Code',
  newestCheckedVersion: '2.1.332',
  formats: [
    {
      id: 'claude-code/session-jsonl',
      description: 'saved session files, with subagent files beside them',
      where: '~/.claude/projects/<cwd slug>/<sessionId>.jsonl (+ <sessionId>/subagents/**, <sessionId>/workflows/*.json; 2.0.x: agent-<id>.jsonl beside it)',
    },
    {
      id: 'claude-code/stream-json',
      description: 'live stdout, with or without --include-partial-messages',
      where: 'claude -p --output-format stream-json --verbose',
    },
  ],
  detectionHint: 'records with a camelCase sessionId (session file), or a system/init record with claude_code_version (stream-json)',
  detect,
  loadConverter: () => import('./converter.js').then(({ ClaudeCodeConverter }) => (out) => new ClaudeCodeConverter(out)),
  // session files and stream-json name the tool's run record differently
  unreadValues: (format) => (format === 'claude-code/stream-json' ? STREAM_UNREAD : SESSION_UNREAD),
  stores: [claudeCodeStore],
  companionDirs(sessionFile) {
    if (!sessionFile.endsWith('.jsonl')) return [];
    const folder = sessionFile.slice(0, -'.jsonl'.length);
    return [`${folder}/subagents`, `${folder}/workflows`];
  },
  groupSessionFiles,
  groupingHeads: BESIDE_AGENT_FILE,
  isCompanion: (path) => BESIDE_AGENT_FILE.test(path) || path.includes('/subagents/'),
});
