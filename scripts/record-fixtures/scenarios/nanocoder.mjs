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
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { CHAT_BLOCKS, GREETING, HELLO, LIST_FILES, MATH, MISSING_FILE, teller } from './builders.mjs';

const { reasoning, call } = CHAT_BLOCKS;

/** The one conversation of a run, recognised by `marker` in its user text. */
const conversation = (marker, turns) => [{ name: marker, match: (body) => userTexts(body).includes(marker), turns }];
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => conversation(story.marker, story.turns(CHAT_BLOCKS, ...steps));
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompt: question }), told);
const GREETING_NANOCODER = GREETING('nanocoder');

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.' }, HELLO),
  tell({ name: 'shell-tool', description: 'One execute_bash call (ls) that succeeds, then a final answer.' }, LIST_FILES, () => [call('execute_bash', { command: 'ls' })]),
  tell({ name: 'file-edit', description: 'read_file on an existing file, a string_replace in it, a write_file that creates a new file, then an answer.' }, GREETING_NANOCODER, () => [
    call('read_file', { path: 'hello.txt' }),
    call('string_replace', { path: 'hello.txt', old_str: GREETING_NANOCODER.old, new_str: GREETING_NANOCODER.greeting }),
    call('write_file', { path: 'NOTES.md', content: GREETING_NANOCODER.notes }),
  ]),
  tell({ name: 'failing-tool', description: 'A shell command that exits 2, a read of a missing file and a string_replace whose old_str is not in the file; then an answer.' }, MISSING_FILE, () => [
    call('execute_bash', { command: 'ls missing.txt' }),
    call('read_file', { path: 'missing.txt' }),
    call('string_replace', { path: 'hello.txt', old_str: 'wrold', new_str: 'world' }),
  ]),
  tell({ name: 'reasoning', description: 'Reasoning (delta.reasoning_content) before a text answer.' }, MATH, () => [reasoning(MATH.shortThought)]),
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, () => [
    call('execute_bash', { command: 'cat .env' }),
    call('execute_bash', { command: `cat ${PLANTED_KEY_PATH}` }),
    call('write_file', { path: 'config.json', content: PLANTED_CONFIG_JSON() }),
  ]),
];
