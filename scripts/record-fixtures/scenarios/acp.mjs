// Scenarios recorded against real ACP agents through `atx run --acp` (agents/acp.mjs).
//
// Every agent runs the same scenarios; only the scripted model turns differ, in the provider API
// each agent speaks and with each agent's own tool names:
//   name          folder suffix: fixtures/acp/<agent>-<name>/
//   description   copied into recording.json
//   prompt        sent by `atx run --acp --prompt`
//   permissions   'allow' (--allow-all) or 'deny' (--deny-all)
//   turns(server, ctx) the scripted model turns for that agent's server (ctx.sandbox: the project folder)
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
    case 'openai-chat:nanocoder':
      return { type: 'tool_call', name: 'execute_bash', arguments: { command: SHELL_COMMAND } };
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

const NOTES = 'TODO\n- buy milk\n- write fixtures\n';
const PLAN = ['Plan the notes file', 'Write notes.txt'];

/** A thought in each provider's shape. */
function thoughtOf(server, text) {
  switch (server) {
    case 'anthropic': return { type: 'thinking', thinking: text };
    case 'openai-responses': return { type: 'reasoning', summary: [text] };
    case 'gemini': return { thought: text };
    default: return { type: 'reasoning', text };
  }
}

/** The agent's own todo tool, with both items pending. */
function planCall(server) {
  const pending = (content, i) => ({ content, status: i === 0 ? 'in_progress' : 'pending' });
  switch (server) {
    case 'anthropic':
      return { type: 'tool_use', name: 'TodoWrite', input: { todos: PLAN.map((c, i) => ({ ...pending(c, i), activeForm: c })) } };
    case 'openai-responses':
      return { type: 'function_call', name: 'update_plan', arguments: { plan: PLAN.map((step, i) => ({ step, status: pending(step, i).status })) } };
    case 'gemini':
      return { functionCall: { name: 'write_todos', args: { todos: PLAN.map((description, i) => ({ description, status: pending(description, i).status })) } } };
    case 'openai-chat:qwen':
      return { type: 'tool_call', name: 'todo_write', arguments: { todos: PLAN.map((c, i) => ({ id: String(i + 1), ...pending(c, i) })) } };
    case 'openai-chat:opencode':
      return { type: 'tool_call', name: 'todowrite', arguments: { todos: PLAN.map((c, i) => ({ id: String(i + 1), priority: 'medium', ...pending(c, i) })) } };
    case 'openai-chat:nanocoder':
      return { type: 'tool_call', name: 'write_tasks', arguments: { tasks: PLAN.map((title, i) => ({ title, status: pending(title, i).status })) } };
    default:
      throw new Error(`no plan call for ${server}`);
  }
}

/** The agent's own tool that creates notes.txt. */
function writeCall(server, sandbox) {
  const file = `${sandbox}/notes.txt`;
  switch (server) {
    case 'anthropic': return { type: 'tool_use', name: 'Write', input: { file_path: file, content: NOTES } };
    case 'openai-responses':
      return { type: 'custom_tool_call', name: 'apply_patch', input: `*** Begin Patch\n*** Add File: notes.txt\n${NOTES.replace(/^/gm, '+').replace(/\+$/, '')}*** End Patch\n` };
    case 'gemini': return { functionCall: { name: 'write_file', args: { file_path: file, content: NOTES } } };
    case 'openai-chat:qwen': return { type: 'tool_call', name: 'write_file', arguments: { file_path: file, content: NOTES } };
    case 'openai-chat:opencode': return { type: 'tool_call', name: 'write', arguments: { filePath: file, content: NOTES } };
    case 'openai-chat:nanocoder': return { type: 'tool_call', name: 'write_file', arguments: { path: 'notes.txt', content: NOTES } };
    default: throw new Error(`no write call for ${server}`);
  }
}

/** A turn of blocks in `server`'s shape (a thought may come first). */
function turnOfBlocks(server, blocks) {
  switch (server) {
    case 'anthropic': return { content: blocks };
    case 'openai-responses': return { output: blocks };
    case 'gemini': return { parts: blocks.map((b) => (b.type === 'text' ? { text: b.text } : b)) };
    default: return { content: blocks };
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
  {
    name: 'plan-and-edit',
    description: 'A thought, a text and the agent\'s own todo tool (a plan), then its file-writing tool creating notes.txt (a diff), both allowed (--allow-all), then a final answer.',
    prompt: `Plan it, then write notes.txt with a short todo list (${MARKER} is not needed this time).`,
    permissions: 'allow',
    turns: (server, { sandbox }) => [
      turnOfBlocks(server, [thoughtOf(server, 'Two steps: a plan, then the file.'), { type: 'text', text: "I'll plan first, then write the file." }, planCall(server)]),
      turnOfBlocks(server, [writeCall(server, sandbox)]),
      turnOf(server, 'Planned the work and wrote `notes.txt` with two items.'),
    ],
  },
];

export { MARKER };
