// v33 scenarios for the Kilo Code CLI: OpenCode's bash, read, write, edit.
import { agentScenarios, call } from './common.mjs';

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('bash', { command: step.command, description: step.description });
  if (step.kind === 'read') return call('read', { filePath: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('write', { filePath: `${sandbox}/${step.path}`, content: step.content });
  return call('edit', { filePath: `${sandbox}/${step.path}`, oldString: step.old, newString: step.new });
};

export const scenarios = agentScenarios({ agent: 'kilo-code', toCall, ask: (prompt) => ({ prompt }) });
