// Scenarios recorded against the real Gemini CLI (@google/gemini-cli).
//
// Each scenario:
//   name          folder name under fixtures/gemini-cli/
//   description   what it exercises (copied into recording.json)
//   version       the CLI release to run (default: the driver's pinned current version)
//   runs          the CLI invocations, in order, sharing one HOME (so a later run can --resume):
//                 [{ prompt, output: 'stream-json' | 'json', resume?: true, version?, flags?, save? }]
//                 `save` names the stdout file (default stream.jsonl / output.json)
//   json          also run the first prompt once more with --output-format json (own HOME) -> output.json
//   yolo          default true: add --yolo
//   policy        optional policy TOML written to ~/.gemini/policies/atx.toml
//   settings(ctx) optional extra settings merged into ~/.gemini/settings.json
//   timeoutMs     per-run timeout
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), turns }]
//
// ctx = { sandbox: absolute sandbox dir, scriptsDir: this folder's parent }.
// Turns are scripted model answers (see servers/gemini.mjs). The main conversation is recognised
// by a marker in one of the user messages of the request.

import { countFunctionResponses, userTexts } from '../servers/gemini.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { COUNT_FILES, DENIED_WRITE, ECHO_STEPS, GEMINI_BLOCKS, LIST_FILES, MATH, MISSING_DIR, NOTES, README_AND_LOG, teller } from './builders.mjs';

const { text, thought, call, turn } = GEMINI_BLOCKS;

/** Main conversation: a user message of the request contains `marker`. */
const main = (marker, turns) => [{ name: 'main', match: (b) => userTexts(b.contents).includes(marker), turns }];
/** The main conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => main(story.marker, story.turns(GEMINI_BLOCKS, ...steps));
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ runs: [{ prompt: question }] }), told);
const ECHO_150 = ECHO_STEPS(150);

/**
 * Steps of a two-prompt session: distinct function responses, plus one once the second prompt is
 * in the history. Distinct, because a resumed 0.61 session sends each earlier function response
 * twice (once from the stored tool call, once from the stored function-response message).
 */
function twoPromptSteps(body) {
  const ids = new Set();
  let anonymous = 0;
  for (const c of body.contents ?? []) {
    for (const p of c.parts ?? []) {
      if (!p.functionResponse) continue;
      if (p.functionResponse.id) ids.add(p.functionResponse.id);
      else anonymous++;
    }
  }
  return ids.size + anonymous + (userTexts(body.contents).includes('second prompt') ? 1 : 0);
}

/** The text of the last user content of a request (Gemini's compression request ends with its snapshot instruction). */
const lastUserText = (contents) => {
  const users = (contents ?? []).filter((c) => c.role === 'user' && (c.parts ?? []).some((p) => typeof p.text === 'string'));
  return users.length > 0 ? userTexts([users.at(-1)]) : '';
};
const COMPRESSION_SNAPSHOT = '<state_snapshot>\n<overall_goal>Echo step 1 with the shell and report it.</overall_goal>\n<key_knowledge>Each echo ran in the sandbox and printed its step.</key_knowledge>\n</state_snapshot>';

/** LIST_FILES, with a thought before its words. */
const shellTurns = [
  turn(
    thought('**Listing the project files**\n\nThe user wants the file list; running `ls` in the shell is the direct way.'),
    text(LIST_FILES.intro),
    call('run_shell_command', { command: 'ls', description: 'List files in the project' }),
  ),
  turn(text(LIST_FILES.answer)),
];

/**
 * The two-prompt resume scenarios: a shell call for the first prompt, then hello.txt read for the
 * second. One conversation over both prompts: step = function responses, plus one for the second prompt.
 */
const shellThenHelloOverTwoPrompts = ({ sandbox }) => [
  {
    name: 'main',
    match: (b) => userTexts(b.contents).includes(LIST_FILES.marker),
    countSteps: twoPromptSteps,
    turns: [
      ...shellTurns,
      { parts: [call('read_file', { file_path: `${sandbox}/hello.txt` })], awaits: 1 },
      turn(text('hello.txt says: "hello from the sandbox".')),
    ].map((t, i) => (i === 1 ? { ...t, awaits: 1 } : t)),
  },
];

export const scenarios = [
  {
    name: 'plain-answer',
    description: 'One plain text answer, no tools, no thoughts.',
    runs: [{ prompt: 'Say hello to the fixture recorder in one short sentence.' }],
    json: true,
    conversations: () =>
      main('Say hello to the fixture recorder', [turn(text('Hello, fixture recorder! This answer comes from a scripted Gemini server.'))]),
  },
  {
    name: 'thinking',
    description: 'Two thought parts (thought summaries, recorded as `thoughts`) followed by a text answer; usageMetadata with thoughtsTokenCount.',
    runs: [{ prompt: MATH.prompt }],
    json: true,
    conversations: () =>
      main(MATH.marker, [
        turn(
          thought('**Breaking down the multiplication**\n\n17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.'),
          thought('**Double-checking the result**\n\n23 * 17 = 230 + 161 = 391, so the answer holds.'),
          text('17 * 23 = **391**.'),
        ),
      ]),
  },
  {
    name: 'shell-tool',
    description: 'A thought, text and one run_shell_command call (ls) that succeeds, then a final answer.',
    runs: [{ prompt: LIST_FILES.prompt }],
    json: true,
    conversations: () => main(LIST_FILES.marker, shellTurns),
  },
  tell({ name: 'file-edit', description: 'write_file creates notes.txt, then replace edits it (real edits in the sandbox), then a final answer.' }, NOTES, ({ sandbox }) => [
    call('write_file', { file_path: `${sandbox}/notes.txt`, content: NOTES.content }),
    call('replace', { file_path: `${sandbox}/notes.txt`, instruction: 'Change the first todo item to oat milk.', old_string: NOTES.old, new_string: NOTES.new }),
  ]),
  tell({ name: 'failing-command', description: 'A run_shell_command that exits non-zero (ls /nonexistent), then an answer.' }, MISSING_DIR, () => [
    call('run_shell_command', { command: 'ls /nonexistent', description: 'List a missing directory' }),
  ]),
  tell({ name: 'parallel-tools', description: 'Two functionCall parts in one model turn (read_file + run_shell_command), both answered in one user turn.' }, README_AND_LOG, ({ sandbox }) => [
    [call('read_file', { file_path: `${sandbox}/README.md` }), call('run_shell_command', { command: 'git --no-pager log --oneline', description: 'Show git log' })],
  ]),
  {
    name: 'denied-tool',
    description:
      'A user policy (~/.gemini/policies/atx.toml) denies shell commands starting with rm: the CLI refuses the call ("Tool execution denied by policy."), then an answer.',
    runs: [{ prompt: 'Delete the src folder with rm -rf.' }],
    policy: '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 999\n',
    conversations: () =>
      main('Delete the src folder', [
        turn(call('run_shell_command', { command: 'rm -rf src', description: 'Delete the src folder' })),
        turn(text('I was not allowed to run `rm -rf src`: a policy denies it.')),
      ]),
  },
  tell(
    {
      name: 'unregistered-tool',
      description:
        'Without --yolo, -p mode does not register the tools that need approval (write_file, replace, run_shell_command): the model calls write_file anyway and the CLI answers with a tool_not_registered error.',
      yolo: false,
    },
    DENIED_WRITE('I could not write `denied.txt`: the write_file tool is not available in this mode.'),
    ({ sandbox }) => [call('write_file', { file_path: `${sandbox}/denied.txt`, content: 'nope\n' })],
  ),
  {
    name: 'compression',
    description:
      'Chat compression (settings model.compressionThreshold 0.0001): a first -p run (one shell echo call and an answer), then `--resume latest` with a second prompt: before sending it the CLI finds the history over the threshold, asks the model for a <state_snapshot> (its own request, answered as a conversation of its own) and replaces the history with it, then answers the second prompt.',
    runs: [
      { prompt: 'GEMINI COMPRESS: echo step 1 with the shell, then say what it printed.' },
      { prompt: 'GEMINI COMPRESS second prompt: say done.', resume: true, save: 'stream-2.jsonl' },
    ],
    settings: () => ({ model: { compressionThreshold: 0.0001 } }),
    conversations: () => [
      {
        name: 'compression',
        toolless: true,
        match: (b) => /state_snapshot/.test(lastUserText(b.contents)),
        countSteps: () => 0,
        turns: [turn(text(COMPRESSION_SNAPSHOT))],
      },
      {
        name: 'main',
        match: (b) => userTexts(b.contents).includes('GEMINI COMPRESS'),
        // the compressed history has lost the first run's function response: the second prompt is step 2
        countSteps: (b) => (userTexts(b.contents).includes('second prompt') ? 2 : countFunctionResponses(b.contents)),
        turns: [
          turn(call('run_shell_command', { command: 'echo step 1', description: 'Echo step 1' })),
          turn(text('The shell printed "step 1".')),
          turn(text('Done.')),
        ],
      },
    ],
  },
  {
    name: 'api-error',
    description:
      'A session of two -p runs: a plain answer, then `--resume latest --output-format json` whose model request fails with HTTP 400 INVALID_ARGUMENT (not retried): the CLI rolls its history back (a `$set` with the whole message list, the new prompt removed), prints a JSON error and exits with the HTTP status (400 & 0xff = 144).',
    runs: [
      { prompt: 'Say hello to the fixture recorder in one short sentence.' },
      { prompt: 'Summarize this project in one line (second prompt).', resume: true, output: 'json', save: 'output-2.json' },
    ],
    conversations: () => [
      {
        name: 'main',
        match: (b) => userTexts(b.contents).includes('Say hello to the fixture recorder'),
        countSteps: (b) => (userTexts(b.contents).includes('second prompt') ? 1 : 0),
        turns: [
          { parts: [text('Hello, fixture recorder! The next request will fail.')], awaits: 1 },
          turn({ error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' } }),
        ],
      },
    ],
  },
  {
    name: 'resumed-session',
    description:
      'Two -p runs in one session: a shell call, then `--resume latest` with a second prompt. The resumed run re-writes the message list (a `$set` checkpoint holding messages already in the file) before appending the new turn.',
    runs: [
      { prompt: 'List the files in this project using the shell, then tell me what you saw.' },
      { prompt: 'Now print hello.txt (second prompt).', resume: true, save: 'stream-2.jsonl' },
    ],
    conversations: shellThenHelloOverTwoPrompts,
  },
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    call('run_shell_command', { command: 'cat .env', description: 'Show .env' }),
    call('run_shell_command', { command: `cat ${PLANTED_KEY_PATH}`, description: 'Show the deploy key' }),
    call('write_file', { file_path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }),
  ]),
  tell({ name: 'long-session', description: '150 sequential run_shell_command calls (echo step N) in one -p run, then a final answer.', settings: () => ({ model: { maxSessionTurns: 400 } }), timeoutMs: 15 * 60_000 }, ECHO_150, () => ECHO_150.steps((n) => call('run_shell_command', { command: `echo step ${n}`, description: `Echo step ${n}` }))),
  {
    name: 'subagent',
    description:
      'invoke_agent starts the built-in generalist subagent, which runs one shell call and finishes with complete_task; its chat lands in chats/<parent session id>/<subagent session id>.jsonl; the main agent then answers.',
    runs: [{ prompt: COUNT_FILES.prompt }],
    conversations: () => [
      {
        name: 'main',
        match: (b) => userTexts(b.contents).includes(COUNT_FILES.marker) && !userTexts(b.contents).includes(COUNT_FILES.subMarker),
        turns: COUNT_FILES.turns(GEMINI_BLOCKS, call('invoke_agent', { agent_name: 'generalist', prompt: COUNT_FILES.task })),
      },
      {
        name: 'subagent',
        match: (b) => userTexts(b.contents).includes(COUNT_FILES.subMarker),
        turns: [
          turn(call('run_shell_command', { command: 'ls | wc -l', description: 'Count files' })),
          turn(text('There are 3 entries.'), call('complete_task', { result: { response: 'There are 3 entries in the current directory.' } })),
        ],
      },
    ],
  },
  {
    name: 'mcp',
    description: 'A call to a tool of a tiny stdio MCP server (mcp_atx_echo), configured in settings.json mcpServers, then an answer.',
    runs: [{ prompt: 'Use the atx echo MCP tool to echo "ping".' }],
    settings: (ctx) => ({ mcpServers: { atx: { command: process.execPath, args: [`${ctx.scriptsDir}/servers/mcp-echo.mjs`], trust: true } } }),
    conversations: () =>
      main('Use the atx echo MCP tool', [turn(call('mcp_atx_echo', { text: 'ping' })), turn(text('The MCP echo tool answered: ping.'))]),
  },
  // ---- older releases: the legacy one-document chat file and both project-folder schemes ----
  {
    name: 'legacy-json',
    version: '0.38.2',
    description:
      'Gemini CLI 0.38.2, the last release writing the legacy chat file: one pretty-printed JSON ConversationRecord (session-<time>-<id8>.json), rewritten on every update, in a short-id project folder (~/.gemini/tmp/<short id>/). Thought, text and a shell call.',
    runs: [{ prompt: LIST_FILES.prompt }],
    json: true,
    conversations: () => main(LIST_FILES.marker, shellTurns),
  },
  {
    name: 'legacy-hash-folder',
    version: '0.28.2',
    description:
      'Gemini CLI 0.28.2, before the short project ids: the legacy JSON chat file under ~/.gemini/tmp/<sha256 of the project root>/chats/. Thought, text, two parallel calls (one failing), answer.',
    runs: [{ prompt: 'Read README.md and run ls /nonexistent at the same time.' }],
    json: true,
    conversations: ({ sandbox }) =>
      main('Read README.md and run ls /nonexistent', [
        turn(
          thought('**Doing both at once**\n\nBoth requests are independent, so I will issue them together.'),
          text("I'll do both at once."),
          call('read_file', { file_path: `${sandbox}/README.md` }),
          call('run_shell_command', { command: 'ls /nonexistent', description: 'List a missing directory' }),
        ),
        turn(text('README.md describes the sandbox; `/nonexistent` does not exist.')),
      ]),
  },
  {
    name: 'jsonl-first-release',
    version: '0.39.1',
    description:
      'Gemini CLI 0.39.1, the first release writing the append-only JSONL chat: metadata line, messages re-appended under their id (tokens, then toolCalls), $set lastUpdated; unlike 0.5x+, no <session_context> checkpoint and no separate function-response messages. Thought, text, a shell call, answer.',
    runs: [{ prompt: LIST_FILES.prompt }],
    conversations: () => main(LIST_FILES.marker, shellTurns),
  },
  {
    name: 'legacy-resumed',
    description:
      'A session started with 0.38.2 (legacy chat.json) and resumed with 0.61.0: the new release converts the file to JSONL (the same name + "l": metadata line, every old message re-appended, then the new turn) and leaves the .json beside it.',
    runs: [
      { prompt: 'List the files in this project using the shell, then tell me what you saw.', version: '0.38.2' },
      { prompt: 'Now print hello.txt (second prompt).', resume: true, save: 'stream-2.jsonl' },
    ],
    conversations: shellThenHelloOverTwoPrompts,
  },
];
