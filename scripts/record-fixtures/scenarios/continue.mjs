// Scenarios recorded against the real Continue CLI (`cn -p --format json --config <local config.yaml> "<prompt>"`).
//
// A scenario names its folder under fixtures/continue/, says what it exercises, gives the one
// prompt of the run, the extra `cn` flags it needs (`--auto` allows Edit/Write/MultiEdit, which
// ask for permission by default) and the scripted model turns (servers/openai-chat.mjs), picked
// by how many `role: "tool"` messages the resent history holds.
//
// @continuedev/cli 1.5.47 built-in tools and their arguments: Bash {command}, Read {filepath},
// Edit {file_path, old_string, new_string}, MultiEdit {file_path, edits}, Write {filepath,
// content}, List {dirpath}, Search {pattern, path?}, Fetch {url}, Checklist {checklist},
// Diff, Skills, AskQuestion, Subagent, Status, ReportFailure, UploadArtifact, Exit.

import { userTexts } from '../servers/openai-chat.mjs';
import { olderRelease } from './builders.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

/**
 * One model turn: what it says (null for nothing), then its tool calls as [name, args] pairs; a
 * `{ thinking }` first argument streams that reasoning before the text.
 */
function step(said, ...calls) {
  const content = [];
  if (said && typeof said === 'object') content.push({ type: 'reasoning', text: said.thinking }, { type: 'text', text: said.text });
  else if (said) content.push({ type: 'text', text: said });
  for (const [name, args] of calls) content.push({ type: 'tool_call', name, arguments: args });
  return { content };
}

const resultCount = (body) => (body?.messages ?? []).filter((m) => m?.role === 'tool').length;

/** A scenario whose one conversation is the prompt holding `marker`; `steps` may depend on the sandbox. */
function scenario(name, description, prompt, marker, steps, extra = {}) {
  const turns = typeof steps === 'function' ? steps : () => steps;
  const match = (body) => userTexts(body).includes(marker);
  return { name, description, prompt, ...extra, conversations: (ctx) => [{ name: marker, match, countSteps: resultCount, turns: turns(ctx) }] };
}

const AUTO = { flags: ['--auto'] };

export const scenarios = [
  scenario('plain-answer', 'A text answer and no tool.', 'Greet the fixture recorder in a single sentence.', 'Greet the fixture recorder', [
    step('Hello, fixture recorder: this sentence comes from the scripted model.'),
  ]),
  scenario('shell-tool', 'Bash runs `ls` and succeeds; the model then answers.', 'Use the shell to list this project, then describe it.', 'Use the shell to list this project', [
    step('Listing the project.', ['Bash', { command: 'ls' }]),
    step('It holds `README.md`, `hello.txt` and a `src/` folder.'),
  ]),
  scenario(
    'file-edit', 'With --auto: Read of hello.txt, an Edit of it, a Write that creates NOTES.md, then the answer.',
    'Make hello.txt say "hello from continue" and write NOTES.md describing the change.', 'Make hello.txt say',
    ({ sandbox }) => [
      step('Reading the file first.', ['Read', { filepath: `${sandbox}/hello.txt` }]),
      step(null, ['Edit', { file_path: `${sandbox}/hello.txt`, old_string: 'hello from the sandbox', new_string: 'hello from continue' }]),
      step(null, ['Write', { filepath: `${sandbox}/NOTES.md`, content: '# Notes\n\nhello.txt now says "hello from continue".\n' }]),
      step('`hello.txt` now says "hello from continue" and `NOTES.md` explains why.'),
    ],
    AUTO,
  ),
  scenario(
    'failing-tool', 'Without --auto: Bash `ls missing.txt` exits 2 with stderr, Read of a missing file, and an Edit of a file not read first; then the answer.',
    'Print missing.txt and correct the typo "wrold" in hello.txt.', 'Print missing.txt',
    ({ sandbox }) => [
      step('Looking for it.', ['Bash', { command: 'ls missing.txt' }]),
      step(null, ['Read', { filepath: `${sandbox}/missing.txt` }]),
      step(null, ['Edit', { file_path: `${sandbox}/hello.txt`, old_string: 'wrold', new_string: 'world' }]),
      step('There is no `missing.txt`, and I could not edit `hello.txt` from here.'),
    ],
  ),
  scenario(
    'reasoning', 'Reasoning (delta.reasoning_content) streamed before the text answer; cn 1.5.47 keeps only the answer (it stores no thinking item).',
    'How much is 19 * 21? Reason about it first.', 'How much is 19 * 21?',
    [step({ thinking: '19 * 21 = (20 - 1)(20 + 1) = 400 - 1 = 399.', text: '19 * 21 = **399**.' })],
  ),
  scenario(
    'parallel-tools', 'One assistant message with two tool calls (Read README.md, Bash wc -l), run in parallel, then the answer.',
    'At the same time, read README.md and count the lines of src/main.js.', 'At the same time, read README.md',
    ({ sandbox }) => [
      step('Both at once.', ['Read', { filepath: `${sandbox}/README.md` }], ['Bash', { command: 'wc -l src/main.js' }]),
      step('README.md describes the sandbox, and `src/main.js` is 1 line long.'),
    ],
  ),
  scenario('planted-secrets', PLANTED_DESCRIPTION, PLANTED_PROMPT(), PLANTED_MARKER, ({ sandbox }) => [
    step(PLANTED_TEXTS.env, ['Bash', { command: 'cat .env' }]),
    step(PLANTED_TEXTS.key, ['Bash', { command: `cat ${PLANTED_KEY_PATH}` }]),
    step(PLANTED_TEXTS.config, ['Write', { filepath: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }]),
    step(PLANTED_TEXTS.final()),
  ], { ...AUTO, setup: setupPlanted }),
  // Headless mode cannot ask: with `--ask Bash` the model is not offered Bash, and a Bash call it
  // makes anyway is refused (tool call state "canceled") and the run ends there.
  scenario(
    'denied-tool', 'With --ask Bash: the scripted model calls Bash anyway; headless cn cannot ask, so the call is refused and the run stops.',
    'Show the git log of this project with the shell.', 'Show the git log of this project',
    [step('Running git log.', ['Bash', { command: 'git log --oneline' }]), step('The project has one commit.')],
    { flags: ['--ask', 'Bash'] },
  ),
];

// older releases whose sessions still sit in people's ~/.continue
scenarios.push(...['1.5.11', '1.5.26'].flatMap((version) => olderRelease(scenarios, version, ['shell-tool', 'file-edit', 'parallel-tools', 'reasoning'])));
