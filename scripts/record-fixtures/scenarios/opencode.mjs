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
import { CHAT_BLOCKS, COUNT_FILES, ECHO_STEPS, HELLO, LIST_FILES, MATH, MISSING_DIR, NOTES, README_AND_LOG, SLEEP, teller } from './builders.mjs';

const { text, reasoning, call, turn } = CHAT_BLOCKS;

/** Main conversation: its user text contains `marker`, and it is not a subagent's. */
const main = (marker, turns) => [{ name: 'main', match: (b) => userTexts(b).includes(marker) && !userTexts(b).includes('SUBAGENT TASK'), turns }];
/** The main conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => main(story.marker, story.turns(CHAT_BLOCKS, ...steps));
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompt: question }), told);
const ECHO_150 = ECHO_STEPS(150);

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.', legacy: true }, HELLO),
  tell({ name: 'reasoning', description: 'Reasoning content (delta.reasoning_content) before a text answer, run with --thinking so stdout carries the reasoning part.', flags: ['--thinking'], legacy: true }, MATH, () => [
    reasoning(MATH.thought),
  ]),
  tell({ name: 'shell-tool', description: 'One bash tool call (ls) that succeeds, then a final answer.', legacy: true }, LIST_FILES, () => [call('bash', { command: 'ls', description: 'List files in the project' })]),
  tell({ name: 'file-edit', description: 'write a new file, then edit it (real edits in the sandbox, snapshot patch parts), then a final answer.', legacy: true }, NOTES, ({ sandbox }) => [
    call('write', { filePath: `${sandbox}/notes.txt`, content: NOTES.content }),
    call('edit', { filePath: `${sandbox}/notes.txt`, oldString: NOTES.old, newString: NOTES.new }),
  ]),
  tell({ name: 'failing-command', description: 'A bash command that exits non-zero (ls /nonexistent), then an answer.' }, MISSING_DIR, () => [call('bash', { command: 'ls /nonexistent', description: 'List a missing directory' })]),
  tell({ name: 'timeout-command', description: 'A bash call with a small timeout parameter (sleep 5 with timeout 1000 ms), then an answer.' }, SLEEP, () => [
    call('bash', { command: 'sleep 5', description: 'Sleep for five seconds', timeout: 1000 }),
  ]),
  tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant turn (read + bash), both results sent back together.' }, README_AND_LOG, ({ sandbox }) => [
    [call('read', { filePath: `${sandbox}/README.md` }), call('bash', { command: 'git log --oneline', description: 'Show git log' })],
  ]),
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
    prompt: COUNT_FILES.prompt,
    legacy: true,
    conversations: () => [
      ...told(COUNT_FILES, call('task', { description: 'Count project files', prompt: COUNT_FILES.task, subagent_type: 'general' })),
      {
        name: 'subagent',
        match: (b) => userTexts(b).includes(COUNT_FILES.subMarker),
        turns: COUNT_FILES.subTurns(CHAT_BLOCKS, call('bash', { command: 'ls | wc -l', description: 'Count files' })),
      },
    ],
  },
  tell({ name: 'long-session', description: '150 sequential bash tool calls (echo step N) in one run, then a final answer.', timeoutMs: 15 * 60_000 }, ECHO_150, () => ECHO_150.steps((n) => call('bash', { command: `echo step ${n}`, description: `Echo step ${n}` }))),
];
