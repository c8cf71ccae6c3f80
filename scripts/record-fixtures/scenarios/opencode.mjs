// Scenarios recorded against the real OpenCode CLI (`opencode run --format json`).
//
// Each scenario:
//   name          folder name under fixtures/opencode/
//   description   what it exercises (copied into recording.json)
//   prompt        the message given to `opencode run`
//   flags         extra `opencode run` flags (e.g. --thinking, -f FILE)
//   permission    optional `permission` block of opencode.json (default: everything allowed)
//   legacy        also (or only, with legacyOnly) record with the legacy release that writes the
//                 JSON file tree (storage/session|message|part) instead of opencode.db
//   timeoutMs     per-run timeout
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), turns }]
//
// ctx = { sandbox: absolute sandbox dir }. Turns are scripted Chat Completions answers (see
// servers/openai-chat.mjs). The main conversation is recognised by a marker in its user text, a
// subagent's by the marker in the prompt the main agent gives it. OpenCode's tool names and
// parameters: bash {command, description, timeout?}, read {filePath}, write {filePath, content},
// edit {filePath, oldString, newString}, task {description, prompt, subagent_type}.

import { userTexts } from '../servers/openai-chat.mjs';

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
    legacy: true,
    conversations: () => main('Say hello to the fixture recorder', [turn(text('Hello, fixture recorder! This answer comes from a scripted model server.'))]),
  },
  {
    name: 'reasoning',
    description: 'Reasoning content (delta.reasoning_content) before a text answer, run with --thinking so stdout carries the reasoning part.',
    prompt: 'What is 17 * 23? Think it through first.',
    flags: ['--thinking'],
    legacy: true,
    conversations: () =>
      main('What is 17 * 23?', [
        turn(reasoning('17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391. Double-check: 23 * 17 = 230 + 161 = 391.'), text('17 * 23 = **391**.')),
      ]),
  },
  {
    name: 'shell-tool',
    description: 'One bash tool call (ls) that succeeds, then a final answer.',
    prompt: 'List the files in this project using the shell, then tell me what you saw.',
    legacy: true,
    conversations: () =>
      main('List the files in this project using the shell', [
        turn(text("I'll list the files."), call('bash', { command: 'ls', description: 'List files in the project' })),
        turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
      ]),
  },
  {
    name: 'file-edit',
    description: 'write a new file, then edit it (real edits in the sandbox, snapshot patch parts), then a final answer.',
    prompt: 'Create notes.txt with a short todo list, then change the first item.',
    legacy: true,
    conversations: ({ sandbox }) =>
      main('Create notes.txt with a short todo list', [
        turn(call('write', { filePath: `${sandbox}/notes.txt`, content: 'TODO\n- buy milk\n- write fixtures\n' })),
        turn(call('edit', { filePath: `${sandbox}/notes.txt`, oldString: '- buy milk', newString: '- buy oat milk' })),
        turn(text('Created `notes.txt` with two items and changed the first one to "buy oat milk".')),
      ]),
  },
  {
    name: 'failing-command',
    description: 'A bash command that exits non-zero (ls /nonexistent), then an answer.',
    prompt: 'Run ls on /nonexistent and tell me what happened.',
    conversations: () =>
      main('Run ls on /nonexistent', [
        turn(call('bash', { command: 'ls /nonexistent', description: 'List a missing directory' })),
        turn(text('The command failed: `/nonexistent` does not exist (exit code 2).')),
      ]),
  },
  {
    name: 'timeout-command',
    description: 'A bash call with a small timeout parameter (sleep 5 with timeout 1000 ms), then an answer.',
    prompt: 'Run sleep 5 but give it only one second.',
    conversations: () =>
      main('Run sleep 5', [
        turn(call('bash', { command: 'sleep 5', description: 'Sleep for five seconds', timeout: 1000 })),
        turn(text('The command was stopped after the 1 second timeout.')),
      ]),
  },
  {
    name: 'parallel-tools',
    description: 'Two tool calls in one assistant turn (read + bash), both results sent back together.',
    prompt: 'Read README.md and show the git log at the same time.',
    conversations: ({ sandbox }) =>
      main('Read README.md and show the git log', [
        turn(text("I'll do both at once."), call('read', { filePath: `${sandbox}/README.md` }), call('bash', { command: 'git log --oneline', description: 'Show git log' })),
        turn(text('README.md describes the sandbox project, and the git log has a single commit: "initial commit".')),
      ]),
  },
  {
    name: 'denied-tool',
    description: 'A bash call matching a `deny` permission rule (rm *) in opencode.json: OpenCode refuses it, then an answer.',
    prompt: 'Delete hello.txt with rm.',
    permission: { edit: 'allow', webfetch: 'allow', external_directory: 'allow', bash: { '*': 'allow', 'rm *': 'deny' } },
    conversations: () =>
      main('Delete hello.txt with rm', [
        turn(call('bash', { command: 'rm hello.txt', description: 'Delete hello.txt' })),
        turn(text('I was not allowed to run `rm hello.txt`: a permission rule denies it.')),
      ]),
  },
  {
    name: 'rejected-tool',
    description: 'A bash call matching an `ask` permission rule (rm *): `opencode run` is non-interactive and rejects the request; OpenCode then ends the run (the scripted second answer is never asked for).',
    prompt: 'Remove hello.txt using the shell.',
    permission: { edit: 'allow', webfetch: 'allow', external_directory: 'allow', bash: { '*': 'allow', 'rm *': 'ask' } },
    conversations: () =>
      main('Remove hello.txt using the shell', [
        turn(text('I will remove hello.txt.'), call('bash', { command: 'rm hello.txt', description: 'Remove hello.txt' })),
        turn(text('The request to run `rm hello.txt` was rejected, so the file is still there.')),
      ]),
  },
  {
    name: 'file-attachment',
    description: 'A file attached with -f (a file part plus the synthetic text parts OpenCode adds to the user message), then an answer.',
    prompt: 'Summarize the attached file in one sentence.',
    flags: ['-f', 'README.md'],
    conversations: () =>
      main('Summarize the attached file', [turn(text('README.md says this is a tiny sandbox project used to record fixtures.'))]),
  },
  {
    name: 'subagent',
    description: 'A task tool call (subagent_type general): the child session runs one bash call and answers; the main agent then answers.',
    prompt: 'Use a subagent to count the files in this project.',
    legacy: true,
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
    name: 'long-session',
    description: '150 sequential bash tool calls (echo step N) in one run, then a final answer.',
    prompt: 'Echo the steps one by one, 150 of them.',
    timeoutMs: 15 * 60_000,
    conversations: () =>
      main('Echo the steps one by one', [
        ...Array.from({ length: 150 }, (_, i) => turn(call('bash', { command: `echo step ${i + 1}`, description: `Echo step ${i + 1}` }))),
        turn(text('All 150 steps were echoed.')),
      ]),
  },
];
