// Scenarios recorded against the real Cline CLI (`cline --json -P openai -m <model> "<prompt>"`).
//
// Each scenario:
//   name          folder name under fixtures/cline/
//   description   what it exercises (copied into recording.json)
//   prompt        the one prompt of the run
//   expectExitCode the exit code the run should end with (default 0; a model error ends it with 1)
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs); a turn is picked by the
// number of `role: "tool"` messages in the resent history. Cline 3.0.65's tool names and
// parameters: run_commands {commands: string[]}, read_files {files: [{path, start_line?,
// end_line?}]}, editor {path, old_text?, new_text, insert_line?} (creates the file when it is
// missing), search_codebase, fetch_web_content, ask_question, spawn_agent, team_*.

import { userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { CHAT_BLOCKS, GREETING, HELLO, LIST_FILES, MATH, MISSING_FILE, README_AND_LINES, olderRelease, teller } from './builders.mjs';

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
  {
    name: 'model-error',
    description:
      'One run_commands call (ls), then the model server answers the next request with HTTP 400 (invalid_request_error, not retried): the run fails, and Cline saves the error as a display-only assistant message (metadata displayRole "error").',
    prompt: 'MODEL-ERROR: List the files in this project using the shell, then summarize.',
    expectExitCode: 1,
    conversations: () => [
      prompt('MODEL-ERROR', [
        { content: [call('run_commands', { commands: ['ls'] })] },
        { content: [], httpError: { status: 400, body: { error: { message: 'scripted bad request: unsupported value for parameter tools', type: 'invalid_request_error', param: 'tools' } } } },
      ]),
    ],
  },
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    call('run_commands', { commands: ['cat .env'] }),
    call('run_commands', { commands: [`cat ${PLANTED_KEY_PATH}`] }),
    call('editor', { path: `${sandbox}/config.json`, new_text: PLANTED_CONFIG_JSON() }),
  ]),
];

// ---- older releases whose sessions still sit in people's ~/.cline ----
// Cline 2.x is the VS Code extension's core in a terminal: no native tools offered; the model writes
// one XML tool use per message (execute_command, read_file, replace_in_file, write_to_file) and ends
// with attempt_completion; each result comes back as a user message. Tasks are stored as the
// extension stores them (~/.cline/data/tasks/<id>/api_conversation_history.json, ui_messages.json).

const { text, turn } = CHAT_BLOCKS;
const xml = (tool, params) => `<${tool}>\n${Object.entries(params).map(([k, v]) => `<${k}>${v}</${k}>`).join('\n')}\n</${tool}>`;
/** One scripted XML conversation: `steps` are [said, tool, params]; each user message after the task is a result. */
const xmlConversation = (marker, steps) => ({
  name: marker,
  textTools: true,
  match: (body) => userTexts(body).includes(marker),
  countSteps: (body) => (body?.messages ?? []).filter((m) => m?.role === 'user').length - 1,
  // a turn of XML in text holds no tool_call block: it says itself that it waits for one result
  turns: steps.map(([said, tool, params]) => ({ ...turn(text([said, xml(tool, params)].filter(Boolean).join('\n\n'))), awaits: 1 })),
});
const RELEASE_2 = {
  'shell-tool': {
    description: 'One execute_command (ls) written as XML in the text, its result as a user message, then attempt_completion.',
    conversations: () => [xmlConversation(LIST_FILES.marker, [
      ['I will list the files.', 'execute_command', { command: 'ls', requires_approval: 'false' }],
      ['', 'attempt_completion', { result: LIST_FILES.answer }],
    ])],
  },
  'file-edit': {
    description: 'read_file, replace_in_file (a SEARCH/REPLACE block) and write_to_file creating NOTES.md, each as XML in the text, then attempt_completion.',
    conversations: ({ sandbox }) => [xmlConversation(GREETING_CLINE.marker, [
      ['Reading the file first.', 'read_file', { path: `${sandbox}/hello.txt` }],
      ['', 'replace_in_file', { path: `${sandbox}/hello.txt`, diff: `------- SEARCH\n${GREETING_CLINE.old}\n=======\n${GREETING_CLINE.greeting}\n+++++++ REPLACE` }],
      ['', 'write_to_file', { path: `${sandbox}/NOTES.md`, content: GREETING_CLINE.notes }],
      ['', 'attempt_completion', { result: GREETING_CLINE.answer }],
    ])],
  },
};
const YOLO = { runFlags: ['--yolo'] };
scenarios.push(...olderRelease(scenarios, '2.14.0', ['shell-tool', 'file-edit'], { 'shell-tool': { ...YOLO, ...RELEASE_2['shell-tool'] }, 'file-edit': { ...YOLO, ...RELEASE_2['file-edit'] } }));
