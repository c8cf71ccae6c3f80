// Scenarios recorded against the real Kilo Code CLI (`kilo run --format json`, npm `@kilocode/cli`).
//
// Kilo is built on OpenCode: its tools keep OpenCode's names and parameters (bash {command,
// description, timeout?}, read {filePath}, write {filePath, content}, edit {filePath, oldString,
// newString}, task {description, prompt, subagent_type}). Each scenario:
//   name, description, prompt, flags (extra `kilo run` flags), env (extra environment), permission (the `permission` block of
//   the config; default: everything allowed), setup(ctx), conversations(ctx) => [{ name, match, turns }]
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs).

import { userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

const text = (t) => ({ type: 'text', text: t });
const reasoning = (t) => ({ type: 'reasoning', text: t });
const call = (name, args) => ({ type: 'tool_call', name, arguments: args });
const turn = (...content) => ({ content });

/** Main conversation: its user text contains `marker`, and it is not a subagent's. */
const main = (marker, turns) => [{ name: 'main', match: (b) => userTexts(b).includes(marker) && !userTexts(b).includes('SUBAGENT TASK'), turns }];

export const scenarios = [
  {
    name: 'plain-answer',
    description: 'One plain text answer, no tools.',
    prompt: 'Say hello to the fixture recorder in one short sentence.',
    conversations: () => main('Say hello to the fixture recorder', [turn(text('Hello, fixture recorder! This answer comes from a scripted model server.'))]),
  },
  {
    name: 'reasoning',
    description: 'Reasoning content before a text answer, run with --thinking so stdout carries the reasoning part.',
    prompt: 'What is 17 * 23? Think it through first.',
    flags: ['--thinking'],
    conversations: () =>
      main('What is 17 * 23?', [turn(reasoning('17 * 23 = 340 + 51 = 391.'), text('17 * 23 = **391**.'))]),
  },
  {
    name: 'shell-tool',
    description: 'One bash tool call (ls) that succeeds, then a final answer.',
    prompt: 'List the files in this project using the shell, then tell me what you saw.',
    conversations: () =>
      main('List the files in this project using the shell', [
        turn(text("I'll list the files."), call('bash', { command: 'ls', description: 'List files in the project' })),
        turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
      ]),
  },
  {
    name: 'file-edit',
    description: 'write a new file, then edit it, then a final answer.',
    prompt: 'Create notes.txt with a short todo list, then change the first item.',
    conversations: ({ sandbox }) =>
      main('Create notes.txt with a short todo list', [
        turn(call('write', { filePath: `${sandbox}/notes.txt`, content: 'TODO\n- buy milk\n- write fixtures\n' })),
        turn(call('edit', { filePath: `${sandbox}/notes.txt`, oldString: '- buy milk', newString: '- buy oat milk' })),
        turn(text('Created `notes.txt` with two items and changed the first one to "buy oat milk".')),
      ]),
  },
  {
    name: 'failing-tool',
    description: 'A bash command that exits non-zero (ls /nonexistent), then a read of a missing file (a tool error), then an answer.',
    prompt: 'Run ls on /nonexistent, then read missing.txt, and tell me what happened.',
    conversations: ({ sandbox }) =>
      main('Run ls on /nonexistent', [
        turn(call('bash', { command: 'ls /nonexistent', description: 'List a missing directory' })),
        turn(call('read', { filePath: `${sandbox}/missing.txt` })),
        turn(text('Both failed: `/nonexistent` does not exist (exit code 2) and there is no missing.txt.')),
      ]),
  },
  {
    name: 'denied-tool',
    description: 'A bash call matching a `deny` permission rule (rm *): Kilo refuses it, then an answer.',
    prompt: 'Delete hello.txt with rm.',
    permission: { edit: 'allow', webfetch: 'allow', external_directory: 'allow', bash: { '*': 'allow', 'rm *': 'deny' } },
    conversations: () =>
      main('Delete hello.txt with rm', [
        turn(call('bash', { command: 'rm hello.txt', description: 'Delete hello.txt' })),
        turn(text('I was not allowed to run `rm hello.txt`: a permission rule denies it.')),
      ]),
  },
  {
    name: 'subagent',
    description: 'A task tool call (subagent_type general): the child session runs one bash call and answers; the main agent then answers.',
    prompt: 'Use a subagent to count the files in this project.',
    conversations: () => [
      ...main('Use a subagent to count the files', [
        turn(call('task', { description: 'Count project files', prompt: 'SUBAGENT TASK: count the files in the current directory with ls and report the number.', subagent_type: 'general' })),
        turn(text('The subagent counted 3 entries: README.md, hello.txt and src/.')),
      ]),
      {
        name: 'subagent',
        match: (b) => userTexts(b).includes('SUBAGENT TASK'),
        turns: [turn(call('bash', { command: 'ls | wc -l', description: 'Count files' })), turn(text('There are 3 entries in the current directory.'))],
      },
    ],
  },
  {
    name: 'planted-secrets',
    description: PLANTED_DESCRIPTION,
    prompt: PLANTED_PROMPT(),
    setup: setupPlanted,
    conversations: ({ sandbox }) =>
      main(PLANTED_MARKER, [
        turn(text(PLANTED_TEXTS.env), call('bash', { command: 'cat .env', description: 'Show .env' })),
        turn(text(PLANTED_TEXTS.key), call('bash', { command: `cat ${PLANTED_KEY_PATH}`, description: 'Show the deploy key' })),
        turn(text(PLANTED_TEXTS.config), call('write', { filePath: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() })),
        turn(text(PLANTED_TEXTS.final())),
      ]),
  },
];
