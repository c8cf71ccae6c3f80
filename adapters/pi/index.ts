/** Pi (`pi`, npm `@mariozechner/pi-coding-agent`): its saved sessions and its two stdout modes. */
import { defineAdapter } from '../shared/adapter.js';
import { detect } from './detect.js';
import { piStore } from './store.js';

export const pi = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'pi',
  label: 'Pi',
  newestCheckedVersion: '0.73.1',
  formats: [
    {
      id: 'pi/session-jsonl',
      description: 'saved sessions, every format version: v1 (linear), v2 and v3 (tree of id/parentId; abandoned branches marked)',
      where: '~/.pi/agent/sessions/--<cwd with / as ->--/<time>_<sessionId>.jsonl ($PI_CODING_AGENT_DIR, $PI_CODING_AGENT_SESSION_DIR, --session-dir)',
    },
    {
      id: 'pi/json',
      description: 'live stdout of print mode: the session header, then agent events',
      where: 'pi --mode json -p "<prompt>"',
    },
    {
      id: 'pi/rpc',
      description: 'live stdout of RPC mode: agent events, command responses and extension UI requests',
      where: 'pi --mode rpc (commands such as {"type":"prompt","message":...} on stdin)',
    },
  ],
  detectionHint: 'a {"type":"session"} header with id and cwd followed by entries (session file) or agent events (--mode json); response/extension_ui_request records (--mode rpc)',
  detect,
  loadConverter: () => import('./converter.js').then(({ PiConverter }) => (out) => new PiConverter(out)),
  stores: [piStore],
});
