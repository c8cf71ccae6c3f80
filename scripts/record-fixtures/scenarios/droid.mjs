// Scenarios recorded against the real Factory Droid (`droid exec -o stream-json --auto high`).
//
// Each scenario:
//   name          folder name under fixtures/droid/
//   description   what it exercises (copied into recording.json)
//   prompts       one `droid exec` run per prompt; later runs continue the session with -s <id>
//                 (needs api.factory.ai in 0.225.2: "Failed to fetch session" offline, so every
//                 scenario here has one prompt)
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs). A request belongs to the
// prompt whose marker is in the request's newest user text; its step is the number of tool results
// after that user message. Droid 0.225.2's tools and required parameters: Execute {command,
// summary, riskLevel: low|medium|high, riskLevelReason} (rejected without the risk fields), Read
// {file_path}, LS {directory_path?}, Edit {file_path, old_str, new_str}, Create {file_path,
// content}, Grep {pattern}, Glob {patterns}, Task {subagent_type, description, prompt}.

import { contentText } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

const text = (t) => ({ type: 'text', text: t });
const reasoning = (t) => ({ type: 'reasoning', text: t });
const call = (name, args) => ({ type: 'tool_call', name, arguments: args });
const turn = (...content) => ({ content });
const shell = (command, summary) => call('Execute', { command, summary, riskLevelReason: 'Reads or changes files inside the sandbox project only.', riskLevel: 'low' });

/** Position of the newest user message, and which of the markers it carries. */
function newestPrompt(body, markers) {
  const messages = body?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role !== 'user') continue;
    const said = contentText(messages[i].content);
    const marker = markers.find((m) => said.includes(m));
    if (marker) return { index: i, marker };
  }
  return { index: -1, marker: undefined };
}

/** One conversation per [marker, turns] pair of a scenario's prompts. */
function conversations(...pairs) {
  const markers = pairs.map(([marker]) => marker);
  return pairs.map(([marker, turns]) => ({
    name: marker,
    match: (body) => newestPrompt(body, markers).marker === marker,
    countSteps: (body) => (body?.messages ?? []).slice(newestPrompt(body, markers).index + 1).filter((m) => m?.role === 'tool').length,
    turns,
  }));
}

export const scenarios = [
  {
    name: 'plain-answer',
    description: 'One plain text answer, no tools.',
    prompts: ['Say hello to the fixture recorder in one short sentence.'],
    conversations: () => conversations(['Say hello to the fixture recorder', [turn(text('Hello, fixture recorder! This answer comes from a scripted model server.'))]]),
  },
  {
    name: 'reasoning',
    description: 'Reasoning (delta.reasoning_content) before a text answer.',
    prompts: ['What is 17 * 23? Think it through first.'],
    conversations: () => conversations(['What is 17 * 23?', [
      turn(reasoning('17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'), text('17 * 23 = **391**.')),
    ]]),
  },
  {
    name: 'shell-tool',
    description: 'One Execute call (ls) that succeeds, then a final answer.',
    prompts: ['List the files in this project using the shell, then tell me what you saw.'],
    conversations: () => conversations(['List the files in this project using the shell', [
      turn(text("I'll list the files."), shell('ls', 'List the project files')),
      turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
    ]]),
  },
  {
    name: 'file-edit',
    description: 'Read an existing file, Edit it, Create a new file, then answer.',
    prompts: ['Change the greeting in hello.txt to "hello from droid" and add a NOTES.md that says what you changed.'],
    conversations: ({ sandbox }) => conversations(['Change the greeting in hello.txt', [
      turn(text('Let me read the file first.'), call('Read', { file_path: `${sandbox}/hello.txt` })),
      turn(call('Edit', { file_path: `${sandbox}/hello.txt`, old_str: 'hello from the sandbox', new_str: 'hello from droid' })),
      turn(call('Create', { file_path: `${sandbox}/NOTES.md`, content: '# Notes\n\n- hello.txt now says "hello from droid".\n' })),
      turn(text('Done: `hello.txt` now says "hello from droid", and `NOTES.md` records the change.')),
    ]]),
  },
  {
    name: 'failing-tool',
    description: 'A shell command that exits 2, a Read of a missing file, an Edit whose old_str is not in the file and an Execute without its required risk fields; then an answer.',
    prompts: ['Show me missing.txt and fix the typo "wrold" in hello.txt.'],
    conversations: ({ sandbox }) => conversations(['Show me missing.txt', [
      turn(text('Let me look at it.'), shell('ls missing.txt', 'Look for missing.txt')),
      turn(call('Read', { file_path: `${sandbox}/missing.txt` })),
      turn(call('Edit', { file_path: `${sandbox}/hello.txt`, old_str: 'wrold', new_str: 'world' })),
      turn(call('Execute', { command: 'cat hello.txt', summary: 'Show hello.txt' })),
      turn(text('`missing.txt` does not exist, and `hello.txt` has no "wrold" in it, so there was nothing to fix.')),
    ]]),
  },
  {
    name: 'parallel-tools',
    description: 'Two tool calls in one assistant message (Read + Execute), then an answer.',
    prompts: ['Read README.md and count the lines of src/main.js at the same time.'],
    conversations: ({ sandbox }) => conversations(['Read README.md and count the lines', [
      turn(text('Doing both at once.'), call('Read', { file_path: `${sandbox}/README.md` }), shell('wc -l src/main.js', 'Count the lines of src/main.js')),
      turn(text('README.md is a short sandbox description, and `src/main.js` has 1 line.')),
    ]]),
  },
  {
    name: 'planted-secrets',
    description: PLANTED_DESCRIPTION,
    prompts: [PLANTED_PROMPT()],
    setup: setupPlanted,
    conversations: ({ sandbox }) => conversations([PLANTED_MARKER, [
      turn(text(PLANTED_TEXTS.env), shell('cat .env', 'Show .env')),
      turn(text(PLANTED_TEXTS.key), shell(`cat ${PLANTED_KEY_PATH}`, 'Show the deploy key')),
      turn(text(PLANTED_TEXTS.config), call('Create', { file_path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() })),
      turn(text(PLANTED_TEXTS.final())),
    ]]),
  },
];
