// v31 scenarios for OpenCode (servers/openai-chat.mjs): bash, read, write, edit; reasoning content (--thinking).
import { agentScenarios, recorderModule } from './common.mjs';

const { userTexts } = await recorderModule('servers/openai-chat.mjs');
const { CHAT_BLOCKS } = await recorderModule('scenarios/builders.mjs');
const { call, reasoning } = CHAT_BLOCKS;

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('bash', { command: step.command, description: step.description });
  if (step.kind === 'read') return call('read', { filePath: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('write', { filePath: `${sandbox}/${step.path}`, content: step.content });
  return call('edit', { filePath: `${sandbox}/${step.path}`, oldString: step.old, newString: step.new });
};

export const scenarios = agentScenarios({
  agent: 'opencode',
  toCall,
  think: reasoning,
  blocks: CHAT_BLOCKS,
  main: (marker, turns) => [{ name: 'main', match: (b) => userTexts(b).includes(marker), turns }],
  extra: { flags: ['--thinking'] },
});
