// v33 scenarios for Factory Droid: Execute (with its required risk fields), Read, Create, Edit.
import { agentScenarios, call } from './common.mjs';

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('Execute', { command: step.command, summary: step.description, riskLevelReason: 'Reads or changes files inside the sandbox project only.', riskLevel: 'low' });
  if (step.kind === 'read') return call('Read', { file_path: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('Create', { file_path: `${sandbox}/${step.path}`, content: step.content });
  return call('Edit', { file_path: `${sandbox}/${step.path}`, old_str: step.old, new_str: step.new });
};

export const scenarios = agentScenarios({ agent: 'droid', toCall, ask: (prompt) => ({ prompts: [prompt] }) });
