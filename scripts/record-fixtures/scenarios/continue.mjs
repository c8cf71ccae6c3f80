// Scenarios recorded against the real Continue CLI (`cn -p --format json --config <local config.yaml> "<prompt>"`).
//
// A scenario names its folder under fixtures/continue/, says what it exercises, gives the one
// prompt of the run, the extra `cn` flags it needs (`--auto` offers Edit/Write/MultiEdit, which
// headless mode leaves out by default) and the scripted model turns (servers/openai-chat.mjs),
// picked by how many `role: "tool"` messages the resent history holds.
//
// @continuedev/cli 1.5.47 built-in tools and their arguments: Bash {command}, Read {filepath},
// Edit {file_path, old_string, new_string}, MultiEdit {file_path, edits}, Write {filepath,
// content}, List {dirpath}, Search {pattern, path?}, Fetch {url}, Checklist {checklist},
// Diff, Skills, AskQuestion, Subagent, Status, ReportFailure, UploadArtifact, Exit.

import { userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

const say = (text) => ({ type: 'text', text });
const think = (text) => ({ type: 'reasoning', text });
const use = (name, args) => ({ type: 'tool_call', name, arguments: args });
const step = (...content) => ({ content });
const resultCount = (body) => (body?.messages ?? []).filter((m) => m?.role === 'tool').length;

/** The scripted answers to the prompt that contains `marker`. */
const script = (marker, steps) => [{ name: marker, match: (body) => userTexts(body).includes(marker), countSteps: resultCount, turns: steps }];

export const scenarios = [
  {
    name: 'plain-answer',
    description: 'A text answer and no tool.',
    prompt: 'Greet the fixture recorder in a single sentence.',
    conversations: () => script('Greet the fixture recorder', [step(say('Hello, fixture recorder: this sentence comes from the scripted model.'))]),
  },
  {
    name: 'shell-tool',
    description: 'Bash runs `ls` and succeeds; the model then answers.',
    prompt: 'Use the shell to list this project, then describe it.',
    conversations: () => script('Use the shell to list this project', [
      step(say('Listing the project.'), use('Bash', { command: 'ls' })),
      step(say('It holds `README.md`, `hello.txt` and a `src/` folder.')),
    ]),
  },
  {
    name: 'file-edit',
    description: 'With --auto: Read of hello.txt, an Edit of it, a Write that creates NOTES.md, then the answer.',
    flags: ['--auto'],
    prompt: 'Make hello.txt say "hello from continue" and write NOTES.md describing the change.',
    conversations: ({ sandbox }) => script('Make hello.txt say', [
      step(say('Reading the file first.'), use('Read', { filepath: `${sandbox}/hello.txt` })),
      step(use('Edit', { file_path: `${sandbox}/hello.txt`, old_string: 'hello from the sandbox', new_string: 'hello from continue' })),
      step(use('Write', { filepath: `${sandbox}/NOTES.md`, content: '# Notes\n\nhello.txt now says "hello from continue".\n' })),
      step(say('`hello.txt` now says "hello from continue" and `NOTES.md` explains why.')),
    ]),
  },
  {
    name: 'failing-tool',
    description: 'Without --auto: Bash `ls missing.txt` exits 2 with stderr, Read of a missing file, and an Edit that headless mode does not offer; then the answer.',
    prompt: 'Print missing.txt and correct the typo "wrold" in hello.txt.',
    conversations: ({ sandbox }) => script('Print missing.txt', [
      step(say('Looking for it.'), use('Bash', { command: 'ls missing.txt' })),
      step(use('Read', { filepath: `${sandbox}/missing.txt` })),
      step(use('Edit', { file_path: `${sandbox}/hello.txt`, old_string: 'wrold', new_string: 'world' })),
      step(say('There is no `missing.txt`, and I could not edit `hello.txt` from here.')),
    ]),
  },
  {
    name: 'reasoning',
    description: 'Reasoning (delta.reasoning_content) streamed before the text answer; cn 1.5.47 keeps only the answer (it stores no thinking item).',
    prompt: 'How much is 19 * 21? Reason about it first.',
    conversations: () => script('How much is 19 * 21?', [
      step(think('19 * 21 = (20 - 1)(20 + 1) = 400 - 1 = 399.'), say('19 * 21 = **399**.')),
    ]),
  },
  {
    name: 'parallel-tools',
    description: 'One assistant message with two tool calls (Read README.md, Bash wc -l), run in parallel, then the answer.',
    prompt: 'At the same time, read README.md and count the lines of src/main.js.',
    conversations: ({ sandbox }) => script('At the same time, read README.md', [
      step(say('Both at once.'), use('Read', { filepath: `${sandbox}/README.md` }), use('Bash', { command: 'wc -l src/main.js' })),
      step(say('README.md describes the sandbox, and `src/main.js` is 1 line long.')),
    ]),
  },
  {
    name: 'planted-secrets',
    description: PLANTED_DESCRIPTION,
    flags: ['--auto'],
    prompt: PLANTED_PROMPT(),
    setup: setupPlanted,
    conversations: ({ sandbox }) => script(PLANTED_MARKER, [
      step(say(PLANTED_TEXTS.env), use('Bash', { command: 'cat .env' })),
      step(say(PLANTED_TEXTS.key), use('Bash', { command: `cat ${PLANTED_KEY_PATH}` })),
      step(say(PLANTED_TEXTS.config), use('Write', { filepath: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() })),
      step(say(PLANTED_TEXTS.final())),
    ]),
  },
  // Headless mode cannot ask: with `--ask Bash` the model is not offered Bash, and a Bash call it
  // makes anyway is refused (tool call state "canceled") and the run ends there.
  {
    name: 'denied-tool',
    description: 'With --ask Bash: the scripted model calls Bash anyway; headless cn cannot ask, so the call is refused and the run stops.',
    flags: ['--ask', 'Bash'],
    prompt: 'Show the git log of this project with the shell.',
    conversations: () => script('Show the git log of this project', [
      step(say('Running git log.'), use('Bash', { command: 'git log --oneline' })),
      step(say('The project has one commit.')),
    ]),
  },
];
