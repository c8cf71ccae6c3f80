// v33 scenarios for the Cline CLI: run_commands, read_files, editor (3.0.65's tools; editor with no
// old_text creates the file).
import { agentScenarios, call } from './common.mjs';

const toCall = (step, sandbox) => {
  if (step.kind === 'shell') return call('run_commands', { commands: [step.command] });
  if (step.kind === 'read') return call('read_files', { files: [{ path: `${sandbox}/${step.path}` }] });
  if (step.kind === 'write') return call('editor', { path: `${sandbox}/${step.path}`, new_text: step.content });
  return call('editor', { path: `${sandbox}/${step.path}`, old_text: step.old, new_text: step.new });
};

export const scenarios = agentScenarios({ agent: 'cline', toCall, ask: (prompt) => ({ prompt }) });
