// v33 scenarios for Nanocoder: execute_bash, read_file, write_file, string_replace (1.30.0's tools).
import { agentScenarios, call } from './common.mjs';

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('execute_bash', { command: step.command });
  if (step.kind === 'read') return call('read_file', { path: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('write_file', { path: `${sandbox}/${step.path}`, content: step.content });
  return call('string_replace', { path: `${sandbox}/${step.path}`, old_str: step.old, new_str: step.new });
};

export const scenarios = agentScenarios({ agent: 'nanocoder', toCall, ask: (prompt) => ({ prompt }) });
