// v31 scenarios for Pi (servers/anthropic.mjs through Pi's anthropic-messages provider): bash, read, write, edit; a thinking block.
import { agentScenarios, recorderModule } from './common.mjs';

const { contentText } = await recorderModule('servers/anthropic.mjs');
const { ANTHROPIC_BLOCKS } = await recorderModule('scenarios/builders.mjs');
const { tool, thinking } = ANTHROPIC_BLOCKS;

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return tool('bash', { command: step.command });
  if (step.kind === 'read') return tool('read', { path: step.path });
  if (step.kind === 'write') return tool('write', { path: `${sandbox}/${step.path}`, content: step.content });
  return tool('edit', { path: step.path, edits: [{ oldText: step.old, newText: step.new }] });
};

const promptAt = (b, marker) => (b.messages ?? []).findIndex((m) => m?.role === 'user' && contentText(m.content).includes(marker));
const toolResultsAfter = (b, at) =>
  (b.messages ?? []).slice(at + 1).reduce((n, m) => n + (m.role === 'user' && Array.isArray(m.content) ? m.content.filter((c) => c?.type === 'tool_result').length : 0), 0);

const scenarioList = agentScenarios({
  agent: 'pi',
  toCall,
  think: thinking,
  blocks: ANTHROPIC_BLOCKS,
  main: (marker, turns) => [{ name: 'main', match: (b) => promptAt(b, marker) >= 0, countSteps: (b) => toolResultsAfter(b, promptAt(b, marker)), turns }],
});
// the Pi driver runs a list of prompts
export const scenarios = scenarioList.map((s) => ({ ...s, prompts: [s.prompt] }));
