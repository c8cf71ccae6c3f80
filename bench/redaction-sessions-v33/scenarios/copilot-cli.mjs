// v33 scenarios for GitHub Copilot CLI: bash, view, create, edit (1.0.102's tools).
import { agentScenarios, call } from './common.mjs';

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('bash', { command: step.command, description: step.description });
  if (step.kind === 'read') return call('view', { path: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('create', { path: `${sandbox}/${step.path}`, file_text: step.content });
  return call('edit', { path: `${sandbox}/${step.path}`, old_str: step.old, new_str: step.new });
};

export const scenarios = agentScenarios({ agent: 'copilot-cli', toCall, ask: (prompt) => ({ prompts: [prompt] }) });
