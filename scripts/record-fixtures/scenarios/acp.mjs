// Scenarios recorded against real ACP agents through `atx run --acp` (agents/acp.mjs).
//
// Every agent runs the same scenarios; only the scripted model turns differ, in the provider API
// each agent speaks and with each agent's own tool names:
//   name          folder suffix: fixtures/acp/<agent>-<name>/
//   description   copied into recording.json
//   prompt        sent by `atx run --acp --prompt`
//   permissions   'allow' (--allow-all) or 'deny' (--deny-all)
//   turns(agent, ctx)  the scripted model turns for that agent's server
//
// The main conversation is recognised by a marker in the user's prompt.

const SHELL_COMMAND = 'touch agent-was-here.txt';
const MARKER = 'agent-was-here.txt';

/** One shell call (a command that changes the sandbox, so every agent asks first) in each provider's shape. */
function shellCall(server, toolsOf) {
  switch (server) {
    case 'anthropic':
      return { type: 'tool_use', name: 'Bash', input: { command: SHELL_COMMAND, description: 'Create agent-was-here.txt' } };
    case 'openai-responses':
      return (body) => {
        const names = toolsOf(body);
        if (names.includes('exec_command')) return { type: 'function_call', name: 'exec_command', arguments: { cmd: SHELL_COMMAND } };
        return { type: 'function_call', name: 'shell', arguments: { command: ['bash', '-lc', SHELL_COMMAND] } };
      };
    case 'openai-chat:qwen':
      return { type: 'tool_call', name: 'run_shell_command', arguments: { command: SHELL_COMMAND, description: 'Create agent-was-here.txt' } };
    case 'openai-chat:opencode':
      return { type: 'tool_call', name: 'bash', arguments: { command: SHELL_COMMAND, description: 'Create agent-was-here.txt' } };
    case 'gemini':
      return { functionCall: { name: 'run_shell_command', args: { command: SHELL_COMMAND, description: 'Create agent-was-here.txt' } } };
    default:
      throw new Error(`no shell call for ${server}`);
  }
}

/** A turn of text then (optionally) a call, in the shape of `server`'s scripted turns. */
function turnOf(server, text, call) {
  switch (server) {
    case 'anthropic':
      return { content: [{ type: 'text', text }, ...(call ? [call] : [])] };
    case 'openai-responses':
      if (typeof call === 'function') return { output: (body) => [{ type: 'text', text }, call(body)], awaits: 1 };
      return { output: [{ type: 'text', text }, ...(call ? [call] : [])] };
    case 'gemini':
      return { parts: [{ text }, ...(call ? [call] : [])] };
    default:
      return { content: [{ type: 'text', text }, ...(call ? [call] : [])] };
  }
}

const toolNames = (body) => (Array.isArray(body.tools) ? body.tools.map((t) => t.name ?? t.function?.name).filter(Boolean) : []);

export const scenarios = [
  {
    name: 'shell-allowed',
    description: `A text answer and one shell call (\`${SHELL_COMMAND}\`) that the agent asks permission for; atx allows it (--allow-all); then a final answer.`,
    prompt: `Create the file ${MARKER} with the shell (touch), then tell me what you did.`,
    permissions: 'allow',
    turns: (server) => [
      turnOf(server, "I'll create the file with touch.", shellCall(server, toolNames)),
      turnOf(server, `Created \`${MARKER}\` with touch.`),
    ],
  },
  {
    name: 'shell-denied',
    description: `The same shell call (\`${SHELL_COMMAND}\`); atx denies the permission request (--deny-all); then the agent says it could not.`,
    prompt: `Create the file ${MARKER} with the shell (touch), then tell me what you did.`,
    permissions: 'deny',
    turns: (server) => [
      turnOf(server, "I'll create the file with touch.", shellCall(server, toolNames)),
      turnOf(server, `I could not create \`${MARKER}\`: the permission was denied.`),
    ],
  },
];

export { MARKER };
