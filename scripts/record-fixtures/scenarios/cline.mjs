// Scenarios recorded against the real Cline CLI (`cline --json -P openai -m <model> "<prompt>"`).
//
// Each scenario:
//   name          folder name under fixtures/cline/
//   description   what it exercises (copied into recording.json)
//   prompt        the one prompt of the run
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs); a turn is picked by the
// number of `role: "tool"` messages in the resent history. Cline 3.0.65's tool names and
// parameters: run_commands {commands: string[]}, read_files {files: [{path, start_line?,
// end_line?}]}, editor {path, old_text?, new_text, insert_line?} (creates the file when it is
// missing), search_codebase, fetch_web_content, ask_question, spawn_agent, team_*.

import { userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

const text = (t) => ({ type: 'text', text: t });
const reasoning = (t) => ({ type: 'reasoning', text: t });
const call = (name, args) => ({ type: 'tool_call', name, arguments: args });
const turn = (...content) => ({ content });
const toolMessages = (body) => (body?.messages ?? []).filter((m) => m?.role === 'tool').length;

/** The one conversation of a prompt, recognised by a marker in its user text. */
const prompt = (marker, turns) => ({ name: marker, match: (body) => userTexts(body).includes(marker), countSteps: toolMessages, turns });

export const scenarios = [
  {
    name: 'plain-answer',
    description: 'One plain text answer, no tools.',
    prompt: 'Say hello to the fixture recorder in one short sentence.',
    conversations: () => [prompt('Say hello to the fixture recorder', [turn(text('Hello, fixture recorder! This answer comes from a scripted model server.'))])],
  },
  {
    name: 'shell-tool',
    description: 'One run_commands call (ls) that succeeds, then a final answer.',
    prompt: 'List the files in this project using the shell, then tell me what you saw.',
    conversations: () => [prompt('List the files in this project using the shell', [
      turn(text("I'll list the files."), call('run_commands', { commands: ['ls'] })),
      turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
    ])],
  },
  {
    name: 'file-edit',
    description: 'read_files on an existing file, an editor replacement in it, an editor call that creates a new file, then an answer.',
    prompt: 'Change the greeting in hello.txt to "hello from cline" and add a NOTES.md that says what you changed.',
    conversations: ({ sandbox }) => [prompt('Change the greeting in hello.txt', [
      turn(text('Let me read the file first.'), call('read_files', { files: [{ path: `${sandbox}/hello.txt` }] })),
      turn(call('editor', { path: `${sandbox}/hello.txt`, old_text: 'hello from the sandbox', new_text: 'hello from cline' })),
      turn(call('editor', { path: `${sandbox}/NOTES.md`, new_text: '# Notes\n\n- hello.txt now says "hello from cline".\n' })),
      turn(text('Done: `hello.txt` now says "hello from cline", and `NOTES.md` records the change.')),
    ])],
  },
  {
    name: 'failing-tool',
    description: 'A shell command that exits 2, a read of a missing file and an editor replacement whose old_text is not in the file; then an answer.',
    prompt: 'Show me missing.txt and fix the typo "wrold" in hello.txt.',
    conversations: ({ sandbox }) => [prompt('Show me missing.txt', [
      turn(text('Let me look at it.'), call('run_commands', { commands: ['ls missing.txt'] })),
      turn(call('read_files', { files: [{ path: `${sandbox}/missing.txt` }] })),
      turn(call('editor', { path: `${sandbox}/hello.txt`, old_text: 'wrold', new_text: 'world' })),
      turn(text('`missing.txt` does not exist, and `hello.txt` has no "wrold" in it, so there was nothing to fix.')),
    ])],
  },
  {
    name: 'reasoning',
    description: 'Reasoning (delta.reasoning_content) before a text answer.',
    prompt: 'What is 17 * 23? Think it through first.',
    conversations: () => [prompt('What is 17 * 23?', [
      turn(reasoning('17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'), text('17 * 23 = **391**.')),
    ])],
  },
  {
    name: 'parallel-tools',
    description: 'Two tool calls in one assistant message (read_files + run_commands), then an answer.',
    prompt: 'Read README.md and count the lines of src/main.js at the same time.',
    conversations: ({ sandbox }) => [prompt('Read README.md and count the lines', [
      turn(text('Doing both at once.'), call('read_files', { files: [{ path: `${sandbox}/README.md` }] }), call('run_commands', { commands: ['wc -l src/main.js'] })),
      turn(text('README.md is a short sandbox description, and `src/main.js` has 1 line.')),
    ])],
  },
  {
    name: 'planted-secrets',
    description: PLANTED_DESCRIPTION,
    prompt: PLANTED_PROMPT(),
    setup: setupPlanted,
    conversations: ({ sandbox }) => [prompt(PLANTED_MARKER, [
      turn(text(PLANTED_TEXTS.env), call('run_commands', { commands: ['cat .env'] })),
      turn(text(PLANTED_TEXTS.key), call('run_commands', { commands: [`cat ${PLANTED_KEY_PATH}`] })),
      turn(text(PLANTED_TEXTS.config), call('editor', { path: `${sandbox}/config.json`, new_text: PLANTED_CONFIG_JSON() })),
      turn(text(PLANTED_TEXTS.final())),
    ])],
  },
];
