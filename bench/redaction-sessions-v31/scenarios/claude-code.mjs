// v31 scenarios for Claude Code (servers/anthropic.mjs): Bash, Read, Write, Edit; a thinking block.
import { agentScenarios, recorderModule } from './common.mjs';

const { firstUserText } = await recorderModule('servers/anthropic.mjs');
const { ANTHROPIC_BLOCKS } = await recorderModule('scenarios/builders.mjs');
const { tool, thinking } = ANTHROPIC_BLOCKS;

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return tool('Bash', { command: step.command, description: step.description });
  if (step.kind === 'read') return tool('Read', { file_path: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return tool('Write', { file_path: `${sandbox}/${step.path}`, content: step.content });
  return tool('Edit', { file_path: `${sandbox}/${step.path}`, old_string: step.old, new_string: step.new });
};

export const scenarios = agentScenarios({
  agent: 'claude-code',
  toCall,
  think: thinking,
  blocks: ANTHROPIC_BLOCKS,
  main: (marker, turns) => [{ name: 'main', match: (b) => firstUserText(b.messages).includes(marker), turns }],
  extra: { partial: true },
});
