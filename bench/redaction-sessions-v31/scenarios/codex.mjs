// v31 scenarios for Codex (servers/openai-responses.mjs): exec_command, apply_patch; a reasoning item.
import { agentScenarios, recorderModule } from './common.mjs';

const { userTexts } = await recorderModule('servers/openai-responses.mjs');
const { RESPONSES_BLOCKS } = await recorderModule('scenarios/builders.mjs');
const { reasoning } = RESPONSES_BLOCKS;

const exec = (cmd) => ({ type: 'function_call', name: 'exec_command', arguments: { cmd } });
const patch = (input) => ({ type: 'custom_tool_call', name: 'apply_patch', input });
const plus = (content) => content.replace(/^(.*)\n/gm, '+$1\n');

const toCall = (step) => {
  if (step.kind === 'shell') return exec(step.command);
  if (step.kind === 'read') return exec(`sed -n '1,80p' ${step.path}`);
  if (step.kind === 'write') return patch(`*** Begin Patch\n*** Add File: ${step.path}\n${plus(step.content)}*** End Patch\n`);
  return patch(`*** Begin Patch\n*** Update File: ${step.path}\n@@\n-${step.old}\n${plus(`${step.new}\n`)}*** End Patch\n`);
};

const isGuardian = (body) => /agent history whose request action you are assessing|agent history added since your last approval assessment/.test(userTexts(body));

export const scenarios = agentScenarios({
  agent: 'codex',
  toCall,
  think: (t) => reasoning([`**Checking what I saw**\n\n${t}`]),
  blocks: RESPONSES_BLOCKS,
  main: (marker, turns) => [{ name: 'main', match: (b) => !isGuardian(b) && userTexts(b).includes(marker), turns }],
});
