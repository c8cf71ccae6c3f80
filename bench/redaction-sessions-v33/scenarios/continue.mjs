// v33 scenarios for the Continue CLI (cn): Bash, Read, Write, Edit; --auto lets Write and Edit run.
import { agentScenarios, call } from './common.mjs';

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('Bash', { command: step.command });
  if (step.kind === 'read') return call('Read', { filepath: `${sandbox}/${step.path}` });
  if (step.kind === 'write') return call('Write', { filepath: `${sandbox}/${step.path}`, content: step.content });
  return call('Edit', { file_path: `${sandbox}/${step.path}`, old_string: step.old, new_string: step.new });
};

export const scenarios = agentScenarios({ agent: 'continue', toCall, ask: (prompt) => ({ prompt }), extra: { flags: ['--auto'] } });
