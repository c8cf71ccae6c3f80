/**
 * Builds a small Claude Code session log (the JSONL lines the real CLI writes for a prompt, text
 * answers, tool calls and their results), for end-to-end tests about what is inside the text.
 */
export type Turn =
  | { user: string }
  | { assistant: string }
  | { bash: string; output: string }
  | { tool: string; input: Record<string, unknown>; output: string };

export function claudeSession(turns: readonly Turn[], sessionId = '5d0c1b9e-2f4a-4c3d-8e7f-6a5b4c3d2e1f'): string {
  const lines: object[] = [];
  let parent: string | null = null;
  let n = 0;
  const base = () => {
    n += 1;
    const uuid = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const line = { parentUuid: parent, isSidechain: false, userType: 'external', cwd: '/work/app', sessionId, version: '2.1.30', uuid, timestamp: new Date(Date.UTC(2026, 10, 1, 9, 0, n)).toISOString() };
    parent = uuid;
    return line;
  };
  for (const turn of turns) {
    if ('user' in turn) lines.push({ ...base(), type: 'user', message: { role: 'user', content: turn.user } });
    if ('assistant' in turn) {
      lines.push({ ...base(), type: 'assistant', message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: turn.assistant }] } });
    }
    if ('bash' in turn || 'tool' in turn) {
      const id = `toolu_${String(n).padStart(6, '0')}`;
      const [name, input] = 'bash' in turn ? ['Bash', { command: turn.bash }] : [turn.tool, turn.input];
      lines.push({ ...base(), type: 'assistant', message: { id: `msg_${n}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name, input }] } });
      lines.push({ ...base(), type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: turn.output, is_error: false }] } });
    }
  }
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}
