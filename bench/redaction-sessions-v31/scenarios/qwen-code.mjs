// v31 scenarios for Qwen Code (servers/openai-chat.mjs): run_shell_command, read_file, write_file, edit; reasoning content.
import { agentScenarios, recorderModule } from './common.mjs';

const { contentText } = await recorderModule('servers/openai-chat.mjs');
const { CHAT_BLOCKS } = await recorderModule('scenarios/builders.mjs');
const { call, reasoning } = CHAT_BLOCKS;

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('run_shell_command', { command: step.command, description: step.description });
  if (step.kind === 'read') return call('read_file', { file_path: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('write_file', { file_path: `${sandbox}/${step.path}`, content: step.content });
  return call('edit', { file_path: `${sandbox}/${step.path}`, old_string: step.old, new_string: step.new });
};

/** Qwen's side agents (memory extraction, subagents) have a system prompt of their own. */
const isMainAgent = (b) => (b.messages ?? []).some((m) => m?.role === 'system' && contentText(m.content).startsWith('You are Qwen Code'));
const promptAt = (b, marker) => (b.messages ?? []).findIndex((m) => m?.role === 'user' && contentText(m.content).includes(marker));

const scenarioList = agentScenarios({
  agent: 'qwen-code',
  toCall,
  think: reasoning,
  blocks: CHAT_BLOCKS,
  main: (marker, turns) => [
    {
      name: 'main',
      match: (b) => isMainAgent(b) && promptAt(b, marker) >= 0,
      countSteps: (b) => (b.messages ?? []).slice(promptAt(b, marker) + 1).filter((m) => m?.role === 'tool').length,
      turns,
    },
  ],
});
// the Qwen Code driver runs a list of prompts, one CLI invocation each
export const scenarios = scenarioList.map((s) => ({ ...s, prompts: [s.prompt] }));
