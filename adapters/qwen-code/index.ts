import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { qwenCodeStore } from './store.js';

/** ~/.qwen/projects/<slug>/chats/<sessionId>.jsonl: [1] the project folder (with its slash), [2] the session id */
const CHAT_FILE = /^(.*\/|)chats\/([^/]+)\.jsonl$/;

export const qwenCode = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'qwen-code',
  label: 'Qwen Code',
  newestCheckedVersion: '0.24.4',
  formats: [
    {
      id: 'qwen-code/chat-jsonl',
      description: 'saved chats: Claude-like records (uuid, parentUuid, sessionId, type user/assistant/tool_result/system) holding Gemini message parts',
      where: '~/.qwen/projects/<cwd slug>/chats/<sessionId>.jsonl',
    },
    {
      id: 'qwen-code/chat-json',
      description: 'saved chat of 0.1.x: Gemini CLI\'s legacy one-document chat (sessionId, projectHash, messages typed user/qwen)',
      where: '~/.qwen/tmp/<project hash>/chats/session-<time>-<id8>.json',
    },
    {
      id: 'qwen-code/json',
      description: 'stdout of 0.1.x: Gemini CLI\'s {response, stats} object (no session_id), told by a Qwen-only tool (edit, task, todo_write) or a model that is not Gemini\'s',
      where: 'qwen -p "<prompt>" --output-format json (0.1.x)',
    },
    {
      id: 'qwen-code/stream-json',
      description: 'live stdout, with or without --include-partial-messages',
      where: 'qwen -p "<prompt>" --output-format stream-json',
    },
  ],
  detectionHint: 'a {sessionId, projectHash, messages} document with `qwen` messages (0.1.x chat); records with sessionId and Gemini message parts, usageMetadata, systemPayload or provenance (chat file); a system/init record with qwen_code_version (stream-json); a {response, stats} object without session_id naming a Qwen-only tool or a non-Gemini model (0.1.x json)',
  detect,
  loadConverter: () => import('./converter.js').then(({ createConverter }) => createConverter),
  stores: [qwenCodeStore],
  companionDirs(sessionFile) {
    const chat = CHAT_FILE.exec(sessionFile);
    return chat ? [`${chat[1]}subagents/${chat[2]}`] : [];
  },
  groupSessionFiles(paths) {
    const groups = new Map<string, string[]>();
    for (const path of paths) {
      const chat = CHAT_FILE.exec(path);
      if (chat) groups.set(`${chat[1]}subagents/${chat[2]}/`, [path]);
    }
    for (const path of paths) {
      const at = path.lastIndexOf('/');
      const group = groups.get(path.slice(0, at + 1));
      if (group && /^agent-.+\.(jsonl|meta\.json)$/.test(path.slice(at + 1))) group.push(path);
    }
    return [...groups.values()].filter((group) => group.length > 1);
  },
  bookkeepingFiles: /(^|\/)(usage_record\.jsonl|usage\/token-usage-[^/]+\.jsonl)$/,
});
