// v31 scenarios for Gemini CLI (servers/gemini.mjs): run_shell_command, read_file, write_file, replace; a thought.
import { agentScenarios, recorderModule } from './common.mjs';

const { userTexts } = await recorderModule('servers/gemini.mjs');
const { GEMINI_BLOCKS } = await recorderModule('scenarios/builders.mjs');
const { call, thought } = GEMINI_BLOCKS;

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('run_shell_command', { command: step.command, description: step.description });
  if (step.kind === 'read') return call('read_file', { file_path: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('write_file', { file_path: `${sandbox}/${step.path}`, content: step.content });
  return call('replace', { file_path: `${sandbox}/${step.path}`, instruction: 'Apply the requested change.', old_string: step.old, new_string: step.new });
};

const scenarioList = agentScenarios({
  agent: 'gemini-cli',
  toCall,
  think: (t) => thought(`**Checking what I saw**\n\n${t}`),
  blocks: GEMINI_BLOCKS,
  main: (marker, turns) => [{ name: 'main', match: (b) => userTexts(b.contents).includes(marker), turns }],
});
// the Gemini driver runs a list of prompts (`runs`), one CLI invocation each
export const scenarios = scenarioList.map((s) => ({ ...s, runs: [{ prompt: s.prompt }] }));
