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
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { CHAT_BLOCKS, GREETING, HELLO, LIST_FILES, MATH, MISSING_FILE, README_AND_LINES, teller } from './builders.mjs';

const { reasoning, call } = CHAT_BLOCKS;
const toolMessages = (body) => (body?.messages ?? []).filter((m) => m?.role === 'tool').length;

/** The one conversation of a prompt, recognised by a marker in its user text. */
const prompt = (marker, turns) => ({ name: marker, match: (body) => userTexts(body).includes(marker), countSteps: toolMessages, turns });
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => [prompt(story.marker, story.turns(CHAT_BLOCKS, ...steps))];
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompt: question }), told);
const GREETING_CLINE = GREETING('cline');

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.' }, HELLO),
  tell({ name: 'shell-tool', description: 'One run_commands call (ls) that succeeds, then a final answer.' }, LIST_FILES, () => [call('run_commands', { commands: ['ls'] })]),
  tell({ name: 'file-edit', description: 'read_files on an existing file, an editor replacement in it, an editor call that creates a new file, then an answer.' }, GREETING_CLINE, ({ sandbox }) => [
    call('read_files', { files: [{ path: `${sandbox}/hello.txt` }] }),
    call('editor', { path: `${sandbox}/hello.txt`, old_text: GREETING_CLINE.old, new_text: GREETING_CLINE.greeting }),
    call('editor', { path: `${sandbox}/NOTES.md`, new_text: GREETING_CLINE.notes }),
  ]),
  tell({ name: 'failing-tool', description: 'A shell command that exits 2, a read of a missing file and an editor replacement whose old_text is not in the file; then an answer.' }, MISSING_FILE, ({ sandbox }) => [
    call('run_commands', { commands: ['ls missing.txt'] }),
    call('read_files', { files: [{ path: `${sandbox}/missing.txt` }] }),
    call('editor', { path: `${sandbox}/hello.txt`, old_text: 'wrold', new_text: 'world' }),
  ]),
  tell({ name: 'reasoning', description: 'Reasoning (delta.reasoning_content) before a text answer.' }, MATH, () => [reasoning(MATH.shortThought)]),
  tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant message (read_files + run_commands), then an answer.' }, README_AND_LINES, ({ sandbox }) => [
    [call('read_files', { files: [{ path: `${sandbox}/README.md` }] }), call('run_commands', { commands: ['wc -l src/main.js'] })],
  ]),
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    call('run_commands', { commands: ['cat .env'] }),
    call('run_commands', { commands: [`cat ${PLANTED_KEY_PATH}`] }),
    call('editor', { path: `${sandbox}/config.json`, new_text: PLANTED_CONFIG_JSON() }),
  ]),
];
