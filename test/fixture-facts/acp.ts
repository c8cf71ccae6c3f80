import { readFileSync } from 'node:fs';
import type { FixtureFacts } from './types.js';

type Json = Record<string, unknown>;

/** session/update kinds that leave the agent's message open: menus, usage and session info. */
const TRANSPARENT = new Set(['available_commands_update', 'usage_update', 'config_option_update', 'session_info_update']);

/**
 * The agent's text: consecutive agent_message_chunk texts of one ACP stream (capture or bare
 * stdout), joined; anything else the agent or the client says ends the message.
 */
function assistantTexts(nativePath: string): string[] {
  const texts: string[] = [];
  let open: string | undefined;
  const close = () => {
    if (open !== undefined && open !== '') texts.push(open);
    open = undefined;
  };
  for (const line of readFileSync(nativePath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as Json;
    const msg = (record.msg ?? record) as Json;
    const update = msg.method === 'session/update' ? ((msg.params as Json).update as Json) : undefined;
    if (update?.sessionUpdate === 'agent_message_chunk') {
      const content = update.content as Json;
      if (content.type === 'text') open = (open ?? '') + String(content.text);
      continue;
    }
    if (update && TRANSPARENT.has(String(update.sessionUpdate))) continue;
    close();
  }
  close();
  return texts;
}

export const facts: FixtureFacts = { assistantTexts };
