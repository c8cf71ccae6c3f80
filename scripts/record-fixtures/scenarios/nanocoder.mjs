// Scenarios recorded against the real Nanocoder (`nanocoder ... run "<prompt>"`, both the Ink
// runtime that saves the session and the `--plain --json` runtime that prints a report).
//
// Each scenario:
//   name          folder name under fixtures/nanocoder/
//   description   what it exercises (copied into recording.json)
//   prompt        the one prompt of the run
//   conversations() => [{ name, match(body), turns }]
//
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs), picked by the number of
// `role: "tool"` messages in the resent history. Nanocoder 1.30.0's tool names and parameters:
// execute_bash {command}, read_file {path, start_line?, end_line?, metadata_only?},
// write_file {path, content}, string_replace {path, old_str, new_str}, list_directory,
// find_files, search_file_contents, fetch_url, web_search, agent, ask_user, write_tasks, git_*.

import { userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

const text = (t) => ({ type: 'text', text: t });
const reasoning = (t) => ({ type: 'reasoning', text: t });
const call = (name, args) => ({ type: 'tool_call', name, arguments: args });
const turn = (...content) => ({ content });

/**
 * A scenario whose one conversation is recognised by `marker` in its user text; `turns` is a list,
 * or a function of the sandbox when the turns need it.
 */
const scenario = (name, description, prompt, marker, turns, setup) => ({
  name, description, prompt, ...(setup ? { setup } : {}),
  conversations: () => [{ name: marker, match: (body) => userTexts(body).includes(marker), turns }],
});

const FILE_EDIT_NOTES = '# Notes\n\n- hello.txt now says "hello from nanocoder".\n';

export const scenarios = [
  scenario('plain-answer', 'One plain text answer, no tools.', 'Say hello to the fixture recorder in one short sentence.', 'Say hello to the fixture recorder', [
    turn(text('Hello, fixture recorder! This answer comes from a scripted model server.')),
  ]),
  scenario('shell-tool', 'One execute_bash call (ls) that succeeds, then a final answer.', 'List the files in this project using the shell, then tell me what you saw.', 'List the files in this project using the shell', [
    turn(text("I'll list the files."), call('execute_bash', { command: 'ls' })),
    turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
  ]),
  scenario('file-edit', 'read_file on an existing file, a string_replace in it, a write_file that creates a new file, then an answer.',
    'Change the greeting in hello.txt to "hello from nanocoder" and add a NOTES.md that says what you changed.', 'Change the greeting in hello.txt', [
      turn(text('Let me read the file first.'), call('read_file', { path: 'hello.txt' })),
      turn(call('string_replace', { path: 'hello.txt', old_str: 'hello from the sandbox', new_str: 'hello from nanocoder' })),
      turn(call('write_file', { path: 'NOTES.md', content: FILE_EDIT_NOTES })),
      turn(text('Done: `hello.txt` now says "hello from nanocoder", and `NOTES.md` records the change.')),
    ]),
  scenario('failing-tool', 'A shell command that exits 2, a read of a missing file and a string_replace whose old_str is not in the file; then an answer.',
    'Show me missing.txt and fix the typo "wrold" in hello.txt.', 'Show me missing.txt', [
      turn(text('Let me look at it.'), call('execute_bash', { command: 'ls missing.txt' })),
      turn(call('read_file', { path: 'missing.txt' })),
      turn(call('string_replace', { path: 'hello.txt', old_str: 'wrold', new_str: 'world' })),
      turn(text('`missing.txt` does not exist, and `hello.txt` has no "wrold" in it, so there was nothing to fix.')),
    ]),
  scenario('reasoning', 'Reasoning (delta.reasoning_content) before a text answer.', 'What is 17 * 23? Think it through first.', 'What is 17 * 23?', [
    turn(reasoning('17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'), text('17 * 23 = **391**.')),
  ]),
  scenario('planted-secrets', PLANTED_DESCRIPTION, PLANTED_PROMPT(), PLANTED_MARKER, [
    turn(text(PLANTED_TEXTS.env), call('execute_bash', { command: 'cat .env' })),
    turn(text(PLANTED_TEXTS.key), call('execute_bash', { command: `cat ${PLANTED_KEY_PATH}` })),
    turn(text(PLANTED_TEXTS.config), call('write_file', { path: 'config.json', content: PLANTED_CONFIG_JSON() })),
    turn(text(PLANTED_TEXTS.final())),
  ], setupPlanted),
];
