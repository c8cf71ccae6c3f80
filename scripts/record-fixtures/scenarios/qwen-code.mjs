// Scenarios recorded against the real Qwen Code CLI (@qwen-code/qwen-code), through its OpenAI
// provider (`--auth-type openai`) talking to servers/openai-chat.mjs.
//
// Each scenario:
//   name          folder name under fixtures/qwen-code/
//   description   what it exercises (copied into recording.json)
//   prompts       the user prompts, in order: the first is `qwen -p <p1>`, each later one a new
//                 `qwen -p <pN> --continue` run in the same HOME (the chat file grows; each run's
//                 stdout is saved on its own)
//   approvalMode  `--approval-mode` instead of `--yolo` (e.g. "default": headless runs deny what
//                 would need a confirmation)
//   partial       also run the first prompt with --include-partial-messages (stream-partial.jsonl)
//   sdk           instead of -p runs, one run in SDK mode (--input-format stream-json): the recorder
//                 sends the prompts as user messages and answers can_use_tool requests with
//                 sdk.answer(request) (sdk.jsonl)
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Qwen Code's tool names and parameters (0.24): run_shell_command {command, description?,
// is_background?, timeout?}, read_file {file_path, offset?, limit?}, write_file {file_path,
// content}, edit {file_path, old_string, new_string, replace_all?}, glob {pattern},
// grep_search {pattern}. Paths must be absolute.

import { contentText, userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { CHAT_BLOCKS, HELLO, LIST_FILES, MATH, NOTES, README_AND_LOG, olderRelease, teller } from './builders.mjs';

const { text, reasoning, call, turn } = CHAT_BLOCKS;

/** index of the last user message whose text holds `marker` */
function lastIndexWith(messages, marker) {
  for (let i = (messages ?? []).length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'user' && contentText(m.content).includes(marker)) return i;
  }
  return -1;
}

/** The main agent's requests; side agents (memory extraction, subagents) have their own system prompt. */
const isMainAgent = (b) => (b.messages ?? []).some((m) => m?.role === 'system' && contentText(m.content).startsWith('You are Qwen Code'));

/**
 * One prompt's scripted answers. A resumed session resends the earlier prompts, so a conversation
 * matches when its marker is in the LAST prompt-bearing user message, and its step is the number
 * of tool messages after that prompt.
 */
const prompt = (marker, turns) => ({
  name: marker,
  match: (b) => {
    if (!isMainAgent(b)) return false;
    const at = lastIndexWith(b.messages, marker);
    if (at < 0) return false;
    return !(b.messages ?? []).slice(at + 1).some((m) => m?.role === 'user' && /\b[A-Z]+-\d+:/.test(contentText(m.content)));
  },
  countSteps: (b) => (b.messages ?? []).slice(lastIndexWith(b.messages, marker) + 1).filter((m) => m?.role === 'tool').length,
  turns,
});
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => [prompt(story.marker, story.turns(CHAT_BLOCKS, ...steps))];
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompts: [question] }), told);

/** A subagent's requests: not the main agent's, and its task prompt holds `marker`. */
const subagent = (marker, turns) => ({
  name: `subagent ${marker}`,
  match: (b) => !isMainAgent(b) && userTexts(b).includes(marker),
  countSteps: (b) => (b.messages ?? []).filter((m) => m?.role === 'tool').length,
  turns,
});

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.', partial: true }, HELLO),
  tell({ name: 'thinking', description: 'Reasoning content (delta.reasoning_content, which Qwen Code keeps as a thought part) before a text answer.', partial: true }, MATH, () => [reasoning(MATH.thought)]),
  tell({ name: 'shell-tool', description: 'One run_shell_command call (ls) that succeeds, then a final answer.', partial: true }, LIST_FILES, () => [
    call('run_shell_command', { command: 'ls', description: 'List files in the project' }),
  ]),
  tell({ name: 'file-edit', description: 'write_file creates a file, edit changes it (real edits in the sandbox), then a final answer.', partial: true }, NOTES, ({ sandbox }) => [
    call('write_file', { file_path: `${sandbox}/notes.txt`, content: NOTES.content }),
    call('edit', { file_path: `${sandbox}/notes.txt`, old_string: NOTES.old, new_string: NOTES.new }),
  ]),
  {
    name: 'failing-tool',
    description: 'A shell command that exits non-zero (ls /nonexistent) and a read_file of a missing file (a tool error), then an answer.',
    prompts: ['Run ls on /nonexistent, then read missing.txt, and tell me what happened.'],
    partial: true,
    conversations: ({ sandbox }) => [
      prompt('Run ls on /nonexistent', [
        turn(call('run_shell_command', { command: 'ls /nonexistent', description: 'List a missing folder' })),
        turn(call('read_file', { file_path: `${sandbox}/missing.txt` })),
        turn(text('Both failed: `/nonexistent` does not exist (exit code 2) and there is no `missing.txt`.')),
      ]),
    ],
  },
  tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant message (read_file + run_shell_command), both results sent back together.' }, README_AND_LOG, ({ sandbox }) => [
    [call('read_file', { file_path: `${sandbox}/README.md` }), call('run_shell_command', { command: 'git log --oneline', description: 'Show the git log' })],
  ]),
  {
    name: 'denied-tool',
    description:
      'Run with --approval-mode default instead of --yolo: in a headless run a shell command needs a confirmation nobody can give, so Qwen Code denies it (execution_denied; listed in the result\'s permission_denials), then the model answers.',
    prompts: ['Delete the build folder with rm -rf.'],
    approvalMode: 'default',
    partial: true,
    conversations: () => [
      prompt('Delete the build folder', [
        turn(call('run_shell_command', { command: 'rm -rf build', description: 'Delete the build folder' })),
        turn(text('The command was not allowed, so I did not delete anything.')),
      ]),
    ],
  },
  {
    name: 'multi-turn',
    description: 'Three prompts in one session: the first with qwen -p, the next two with qwen -p --continue (the same chat file grows); a shell call in the second.',
    prompts: ['TURN-1: What is 2 + 2?', 'TURN-2: Save that answer to answer.txt with the shell.', 'TURN-3: Thanks. Say the answer in words.'],
    conversations: () => [
      prompt('TURN-1:', [turn(text('2 + 2 = 4.'))]),
      prompt('TURN-2:', [turn(call('run_shell_command', { command: 'echo 4 > answer.txt', description: 'Save the answer' })), turn(text('Saved 4 to answer.txt.'))]),
      prompt('TURN-3:', [turn(text('Four.'))]),
    ],
  },
  {
    name: 'subagent',
    description: 'The agent tool starts a general-purpose subagent in the foreground (run_in_background: false); the subagent runs one shell command and answers; the main agent answers with its result.',
    prompts: ['Ask a subagent to count the files in this project.'],
    partial: true,
    conversations: () => [
      subagent('SUBAGENT TASK', [
        turn(call('run_shell_command', { command: 'ls | wc -l', description: 'Count the files' })),
        turn(text('There are 3 entries in the project folder.')),
      ]),
      prompt('Ask a subagent to count the files', [
        turn(call('agent', { description: 'Count project files', prompt: 'SUBAGENT TASK: count the files in the project folder with the shell and report the number.', subagent_type: 'general-purpose', run_in_background: false })),
        turn(text('The subagent counted 3 entries in the project folder.')),
      ]),
    ],
  },
  {
    name: 'fork-subagent',
    description: 'The agent tool forks the main agent (subagent_type: "fork"): a fork inherits the conversation and, in a headless run, works in the background; its transcript opens with agent_bootstrap (the inherited history) and agent_launch_prompt records. The fork runs one shell command and answers; the main agent answers meanwhile.',
    prompts: ['Fork yourself to count the files in this project.'],
    conversations: () => [
      // the fork's requests carry the parent's history, then its directive as the last user message
      {
        name: 'fork FORK-1',
        match: (b) => lastIndexWith(b.messages, 'FORK-1:') >= 0,
        countSteps: (b) => (b.messages ?? []).slice(lastIndexWith(b.messages, 'FORK-1:') + 1).filter((m) => m?.role === 'tool').length,
        turns: [
          turn(call('run_shell_command', { command: 'ls | wc -l', description: 'Count the files' })),
          turn(text('The fork counted 3 entries in the project folder.')),
        ],
      },
      prompt('Fork yourself to count the files', [
        turn(call('agent', { description: 'Count project files', prompt: 'FORK-1: count the files in the project folder with the shell and report the number.', subagent_type: 'fork' })),
        turn(text('A fork is counting the files and will report when it is done.')),
      ]),
    ],
  },
  {
    name: 'compression',
    description: 'Two prompts with `qwen -p /compress --continue` in between: Qwen compresses the history with a side request (no tools; the scripted server answers it with a fixed text) and records chat_compression.',
    prompts: ['COMPRESS-1: Show the first line of hello.txt with the shell.', '/compress', 'COMPRESS-2: And what did the file say again?'],
    conversations: () => [
      prompt('COMPRESS-1:', [turn(call('run_shell_command', { command: 'head -n 1 hello.txt', description: 'Show the first line' })), turn(text('It says "hello from the sandbox".'))]),
      prompt('COMPRESS-2:', [turn(text('hello.txt says "hello from the sandbox".'))]),
    ],
  },
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    call('run_shell_command', { command: 'cat .env', description: 'Show .env' }),
    call('run_shell_command', { command: `cat ${PLANTED_KEY_PATH}`, description: 'Show the deploy key' }),
    call('write_file', { file_path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }),
  ]),
  {
    name: 'sdk-permissions',
    description:
      'SDK mode (--input-format stream-json, --approval-mode default): the recorder sends initialize and two prompts on stdin. The first turn\'s ls runs without asking (read-only); the second turn\'s rm -rf makes Qwen send a can_use_tool control_request, which the recorder denies.',
    prompts: ['SDK-1: List the files with the shell.', 'SDK-2: Now delete the build folder with rm -rf.'],
    approvalMode: 'default',
    sdk: { answer: (request) => (String(request.input?.command).startsWith('rm ') ? { behavior: 'deny', message: 'The user said no.' } : { behavior: 'allow', updatedInput: request.input }) },
    conversations: () => [
      prompt('SDK-1:', [turn(call('run_shell_command', { command: 'ls', description: 'List files' })), turn(text('The project has README.md, hello.txt and src/.'))]),
      prompt('SDK-2:', [turn(call('run_shell_command', { command: 'rm -rf build', description: 'Delete the build folder' })), turn(text('I was not allowed to delete the build folder.'))]),
    ],
  },
];

// ---- older releases whose sessions still sit in people's ~/.qwen ----
// Before 0.24 the subagent tool is `task` (no run_in_background); 0.1.x's run_shell_command requires is_background.

/** The subagent scenario told with the `task` tool of releases before 0.24. */
const taskSubagent = (shellArgs = {}) => ({
  description: 'The task tool starts a general-purpose subagent; the subagent runs one shell command and answers; the main agent answers with its result.',
  conversations: () => [
    subagent('SUBAGENT TASK', [
      turn(call('run_shell_command', { command: 'ls | wc -l', description: 'Count the files', ...shellArgs })),
      turn(text('There are 3 entries in the project folder.')),
    ]),
    prompt('Ask a subagent to count the files', [
      turn(call('task', { description: 'Count project files', prompt: 'SUBAGENT TASK: count the files in the project folder with the shell and report the number.', subagent_type: 'general-purpose' })),
      turn(text('The subagent counted 3 entries in the project folder.')),
    ]),
  ],
});
const FOREGROUND = { is_background: false };
const RELEASE_0_1 = {
  'shell-tool': tell({ name: 'shell-tool', description: 'One run_shell_command call (ls) that succeeds, then a final answer.' }, LIST_FILES, () => [
    call('run_shell_command', { command: 'ls', description: 'List files in the project', ...FOREGROUND }),
  ]),
  'parallel-tools': tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant message (read_file + run_shell_command), both results sent back together.' }, README_AND_LOG, ({ sandbox }) => [
    [call('read_file', { absolute_path: `${sandbox}/README.md` }), call('run_shell_command', { command: 'git log --oneline', description: 'Show the git log', ...FOREGROUND })],
  ]),
  subagent: taskSubagent(FOREGROUND),
};
const SCENARIOS_BEFORE = ['shell-tool', 'file-edit', 'parallel-tools', 'thinking', 'subagent'];
scenarios.push(...olderRelease(scenarios, '0.1.3', SCENARIOS_BEFORE, RELEASE_0_1), ...olderRelease(scenarios, '0.5.0', SCENARIOS_BEFORE, { subagent: taskSubagent() }), ...olderRelease(scenarios, '0.10.1', SCENARIOS_BEFORE, { subagent: taskSubagent() }));
