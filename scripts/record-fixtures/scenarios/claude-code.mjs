// Scenarios recorded against the real Claude Code CLI.
//
// Each scenario:
//   name          folder name under fixtures/claude-code/
//   description   what it exercises (copied into recording.json)
//   prompt        the -p prompt (omitted when `stdin` is used)
//   stdin(ctx)    optional: text written to the CLI's stdin (stream-json input)
//   flags         extra CLI flags
//   skipPermissions  default true: add --dangerously-skip-permissions
//   partial       also record a second run with --include-partial-messages
//   timeoutMs     per-run timeout
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), turns }]
//
// ctx = { sandbox: absolute sandbox dir, scriptsDir: this folder's parent }.
// Turns are scripted model answers (see servers/anthropic.mjs). The main
// conversation is recognised by a marker in its first user message, the
// subagent's by the marker in the prompt the main agent gives it.

import { firstUserText, countToolResults, contentText } from '../servers/anthropic.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { ANTHROPIC_BLOCKS, COUNT_FILES, DENIED_WRITE, ECHO_STEPS, HELLO, LIST_FILES, MATH, MISSING_DIR, NOTES, README_AND_LOG, SLEEP, olderRelease, teller } from './builders.mjs';

/** 2x2 PNG (red/blue pixels), 74 bytes. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DwnwGMgRQAH+4D/dJQfRoAAAAASUVORK5CYII=';

const { text, thinking, tool, turn } = ANTHROPIC_BLOCKS;

/** Main conversation: first user message contains `marker`. */
const main = (marker, turns) => [{ name: 'main', match: (b) => firstUserText(b.messages).includes(marker), turns }];
/** The main conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => main(story.marker, story.turns(ANTHROPIC_BLOCKS, ...steps));
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompt: question }), told);

/** A subagent that counts the project's files with one Bash call; its prompt contains `marker`. */
const countingSubagent = (name, marker) => ({
  name,
  match: (b) => firstUserText(b.messages).includes(marker),
  turns: COUNT_FILES.subTurns(ANTHROPIC_BLOCKS, tool('Bash', { command: 'ls | wc -l', description: 'Count files' })),
});

/** Steps of a main conversation a background task wakes: tool results and `<task-notification>` prompts. */
const resultsAndNotifications = (b) =>
  countToolResults(b.messages) +
  (b.messages ?? []).filter((m) => m.role === 'user' && contentText(m.content).includes('<task-notification>')).length;

const ECHO_150 = ECHO_STEPS(150);

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.', partial: true }, HELLO),
  tell({ name: 'thinking', description: 'A thinking block (with signature) followed by a text answer.', partial: true }, MATH, () => [thinking(MATH.thought)]),
  tell({ name: 'shell-tool', description: 'One Bash tool call (ls) that succeeds, then a final answer.', partial: true }, LIST_FILES, () => [tool('Bash', { command: 'ls', description: 'List files in the project' })]),
  tell({ name: 'file-edit', description: 'Write a new file, then Edit it (real edits in the sandbox), then a final answer.' }, NOTES, ({ sandbox }) => [
    tool('Write', { file_path: `${sandbox}/notes.txt`, content: NOTES.content }),
    tool('Edit', { file_path: `${sandbox}/notes.txt`, old_string: NOTES.old, new_string: NOTES.new }),
  ]),
  tell({ name: 'failing-command', description: 'A Bash command that exits non-zero (ls /nonexistent), then an answer.' }, MISSING_DIR, () => [tool('Bash', { command: 'ls /nonexistent', description: 'List a missing directory' })]),
  tell({ name: 'parallel-tools', description: 'Two tool_use blocks in one assistant message (Read + Bash), both results in one user message.' }, README_AND_LOG, ({ sandbox }) => [
    [tool('Read', { file_path: `${sandbox}/README.md` }), tool('Bash', { command: 'git log --oneline', description: 'Show git log' })],
  ]),
  tell(
    { name: 'denied-tool', description: 'Default permission mode in -p (no --dangerously-skip-permissions): a Write the CLI refuses, then an answer.', skipPermissions: false },
    DENIED_WRITE('I was not allowed to write `denied.txt`; permission to use Write was not granted.'),
    ({ sandbox }) => [tool('Write', { file_path: `${sandbox}/denied.txt`, content: 'nope\n' })],
  ),
  {
    name: 'image-prompt',
    description:
      'An image in the user prompt (stream-json input on stdin with an image block; --replay-user-messages echoes it on stdout), then a Read of a .png in the sandbox (tool result with an image block), then an answer.',
    flags: ['--input-format', 'stream-json', '--replay-user-messages'],
    stdin: () =>
      JSON.stringify({
        type: 'user',
        message: {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe this image, then look at pixel.png in the project too.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } },
          ],
        },
      }) + '\n',
    setup: ({ writeFile }) => writeFile('pixel.png', Buffer.from(TINY_PNG_BASE64, 'base64')),
    conversations: ({ sandbox }) =>
      main('Describe this image', [
        turn(text('The attached image is a tiny 2x2 picture. Let me open pixel.png as well.'), tool('Read', { file_path: `${sandbox}/pixel.png` })),
        turn(text('Both images are the same tiny 2x2 PNG with red and blue pixels.')),
      ]),
  },
  tell({ name: 'timeout-command', description: 'A Bash call with a small timeout parameter (sleep 5 with timeout 1000 ms), then an answer.' }, SLEEP, () => [
    tool('Bash', { command: 'sleep 5', description: 'Sleep for five seconds', timeout: 1000 }),
  ]),
  {
    name: 'subagent',
    description:
      'A foreground Agent tool call (run_in_background: false); the subagent runs one Bash call and answers; its transcript lands in <session>/subagents/agent-<id>.jsonl; the main agent then answers.',
    prompt: COUNT_FILES.prompt,
    conversations: () => [
      ...told(COUNT_FILES, tool('Agent', { description: 'Count project files', prompt: COUNT_FILES.task, subagent_type: 'general-purpose', run_in_background: false })),
      countingSubagent('subagent', COUNT_FILES.subMarker),
    ],
  },
  {
    name: 'subagent-background',
    description:
      'An Agent tool call with the default run_in_background (async in 2.1.330): the tool result is "Async agent launched", the main agent ends its turn, the subagent runs one Bash call, a <task-notification> user message wakes the main agent, which answers again (two result lines on stdout).',
    prompt: 'Count the files in this project with a background subagent.',
    conversations: () => [
      {
        name: 'main',
        match: (b) => firstUserText(b.messages).includes('with a background subagent'),
        // A step is a tool result or a background-task notification.
        countSteps: resultsAndNotifications,
        turns: [
          turn(
            tool('Agent', {
              description: 'Count project files',
              prompt: 'SUBAGENT TASK (background): count the files in the current directory with ls and report the number.',
              subagent_type: 'general-purpose',
            }),
          ),
          { content: [text('The subagent is counting the files in the background; I will report when it finishes.')], awaits: 1 },
          turn(text('The background subagent finished: there are 3 entries (README.md, hello.txt and src/).')),
        ],
      },
      countingSubagent('subagent', 'SUBAGENT TASK (background)'),
    ],
  },
  tell({ name: 'long-session', description: '150 sequential Bash tool calls (echo step N) in one -p run (--max-turns 400), then a final answer.', flags: ['--max-turns', '400'], timeoutMs: 15 * 60_000 }, ECHO_150, () => ECHO_150.steps((n) => tool('Bash', { command: `echo step ${n}`, description: `Echo step ${n}` }))),
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    tool('Bash', { command: 'cat .env', description: 'Show .env' }),
    tool('Bash', { command: `cat ${PLANTED_KEY_PATH}`, description: 'Show the deploy key' }),
    tool('Write', { file_path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }),
  ]),
  {
    name: 'mcp',
    description: 'A call to a tool of a tiny stdio MCP server (mcp__atx__echo) configured with --mcp-config, then an answer.',
    prompt: 'Use the atx echo MCP tool to echo "ping".',
    flags: (ctx) => ['--mcp-config', JSON.stringify({ mcpServers: { atx: { type: 'stdio', command: process.execPath, args: [`${ctx.scriptsDir}/servers/mcp-echo.mjs`] } } })],
    conversations: () =>
      main('Use the atx echo MCP tool', [
        turn(tool('mcp__atx__echo', { text: 'ping' })),
        turn(text('The MCP echo tool answered: ping.')),
      ]),
  },
];

scenarios.push({
  name: 'api-retry',
  description: 'The first model request is answered HTTP 529 overloaded_error; the CLI retries and the retry gets a plain answer. Whatever the CLI writes about the failed attempt (a system api_error line, its stdout retry notice) is kept.',
  prompt: 'Name one prime number between 10 and 20 (API RETRY).',
  conversations: () =>
    main('API RETRY', [{ ...turn(text('13 is a prime number between 10 and 20.')), failFirst: { status: 529, type: 'overloaded_error', message: 'Overloaded' } }]),
});

// ---- pinned releases: record types and layouts the default scenarios above do not write ----

const NEWER = '2.1.332';
/** the last 2.0 release: subagent transcripts beside the session (`agent-<id>.jsonl`), the `Task` tool */
const LAST_2_0 = '2.0.77';

const lastUserText = (messages) => {
  const users = (messages ?? []).filter((m) => m.role === 'user' && contentText(m.content).trim() !== '');
  return users.length > 0 ? contentText(users.at(-1).content) : '';
};

/** One scripted answer per prompt of a resumed session, told apart by the newest prompt's marker. */
const answerTo = (marker, answer) => ({ name: marker, match: (b) => lastUserText(b.messages).includes(marker), countSteps: () => 0, turns: [turn(text(answer))] });

const WORKFLOW_SCRIPT = [
  "export const meta = { name: 'count-files', description: 'Count the files of the project with one agent' }",
  "const answer = await agent('WORKFLOW AGENT TASK: count the files in the current directory with ls and report the number.', { label: 'count' })",
  'return { answer }',
].join('\n');

scenarios.push(
  {
    name: 'workflow-journal',
    version: NEWER,
    description:
      'The Workflow tool (asked for in the prompt) runs a script whose one agent() runs Bash and answers; the workflow runs in the background, a <task-notification> wakes the main agent. Its agent transcript and journal.jsonl (launched/started/result records) land in <session>/subagents/workflows/<runId>/.',
    prompt: 'Use a workflow to count the files in this project.',
    conversations: () => [
      {
        name: 'main',
        match: (b) => firstUserText(b.messages).includes('Use a workflow to count the files'),
        countSteps: resultsAndNotifications,
        turns: [
          turn(tool('Workflow', { script: WORKFLOW_SCRIPT })),
          { content: [text('The workflow is counting the files in the background; I will report when it finishes.')], awaits: 1 },
          turn(text('The workflow finished: its agent counted 3 entries (README.md, hello.txt and src/).')),
        ],
      },
      countingSubagent('workflow-agent', 'WORKFLOW AGENT TASK'),
    ],
  },
  {
    name: 'worktree-relocated',
    version: NEWER,
    description:
      'EnterWorktree moves the session into a new git worktree (the session file follows it: a `relocated` record), Bash pwd there, ExitWorktree (remove) returns, then an answer.',
    prompt: 'Work in a fresh git worktree named feature: enter it, show the directory, then leave and remove it.',
    conversations: () =>
      main('Work in a fresh git worktree named feature', [
        turn(tool('ToolSearch', { query: 'select:EnterWorktree,ExitWorktree', max_results: 5 })),
        turn(tool('EnterWorktree', { name: 'feature' })),
        turn(tool('Bash', { command: 'pwd', description: 'Show the working directory' })),
        turn(tool('ExitWorktree', { action: 'remove' })),
        turn(text('I worked in the `feature` worktree, showed its directory and removed it again.')),
      ]),
  },
  {
    name: 'resume-branch',
    version: NEWER,
    description:
      'Three runs of one session: a first prompt, a resumed second prompt, then a third run resumed at the first answer (--resume-session-at, the print-mode form of /rewind): its prompt hangs off the first answer, so the second turn becomes an abandoned branch of the parentUuid tree in the same file.',
    prompt: 'BRANCH STEP ONE: name a colour.',
    resumes: [
      { prompt: 'BRANCH STEP TWO: name a fruit.' },
      { prompt: 'BRANCH STEP THREE: name an animal instead.', at: (line) => line.type === 'assistant' && JSON.stringify(line.message?.content ?? '').includes('Blue') },
    ],
    conversations: () => [
      answerTo('BRANCH STEP ONE', 'Blue.'),
      answerTo('BRANCH STEP TWO', 'An apple.'),
      answerTo('BRANCH STEP THREE', 'A fox.'),
    ],
  },
  {
    name: 'compact',
    version: NEWER,
    description:
      'Three runs of one session: a prompt, a resumed `/compact` (the CLI asks the model for a summary and replaces the history with it), then a resumed second prompt answered after the compaction.',
    prompt: 'COMPACT STEP ONE: name a colour.',
    resumes: [{ prompt: '/compact' }, { prompt: 'COMPACT STEP TWO: name a fruit.' }],
    conversations: () => [
      {
        name: 'compaction',
        match: (b) => /summar/i.test(lastUserText(b.messages)) && !lastUserText(b.messages).includes('COMPACT STEP'),
        countSteps: () => 0,
        turns: [turn(text('<summary>\nThe user asked for a colour and the assistant answered Blue.\n</summary>'))],
      },
      answerTo('COMPACT STEP ONE', 'Blue.'),
      answerTo('COMPACT STEP TWO', 'An apple.'),
    ],
  },
  {
    name: 'subagent-2.0',
    version: LAST_2_0,
    description:
      'Claude Code 2.0.77: a Task tool call whose subagent runs one Bash call and answers; 2.0 writes the subagent transcript beside the session file as agent-<agentId>.jsonl (not in <session>/subagents/).',
    prompt: 'Use a subagent to count the files in this project.',
    conversations: () => [
      {
        name: 'main',
        match: (b) => firstUserText(b.messages).includes('Use a subagent to count the files'),
        turns: [
          turn(tool('Task', { description: 'Count project files', prompt: 'SUBAGENT TASK: count the files in the current directory with ls and report the number.', subagent_type: 'general-purpose' })),
          turn(text('The subagent counted 3 entries: README.md, hello.txt and src/.')),
        ],
      },
      countingSubagent('subagent', 'SUBAGENT TASK'),
    ],
  },
);

// ---- older releases whose sessions still sit in people's ~/.claude/projects ----

/**
 * The last release shipped as a Node `cli.js`; like every release before 2.1.259 (and before 2.1.268
 * without a feature gate), it writes an attachment line with its own fields only, not the text the
 * model was sent for it (`rendered`).
 */
const LAST_CLI_JS = '2.1.112';
const CONTEXT_MARKER = 'Summarise @README.md and @src/main.js';
/** Hooks in the sandbox's project settings: context added at start-up and with the prompt. */
const CONTEXT_HOOKS = {
  hooks: {
    SessionStart: [{ hooks: [{ type: 'command', command: `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"The release branch of this sandbox is frozen until Friday."}}'` }] }],
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: "echo 'Project rule: answer in one short sentence and name the file you read.'" }] }],
  },
};

/** Hooks adding context, @-mentioned files and a nested CLAUDE.md, answered once; `version` pins the release. */
const contextAttachments = (name, version, description) => ({
  name,
  ...(version ? { version } : {}),
  description,
  prompt: `${CONTEXT_MARKER} in one sentence.`,
  setup: ({ writeFile }) => {
    writeFile('.claude/settings.json', `${JSON.stringify(CONTEXT_HOOKS, null, 2)}\n`);
    writeFile('src/CLAUDE.md', 'Files under src/ are generated: never edit them by hand.\n');
  },
  conversations: () => [
    {
      name: 'main',
      match: (b) => (b.messages ?? []).some((m) => m.role === 'user' && contentText(m.content).includes(CONTEXT_MARKER)),
      turns: [turn(text('README.md calls this sandbox a tiny project for recording fixtures, and src/main.js prints hello.'))],
    },
  ],
});

scenarios.push(
  contextAttachments(
    `v${LAST_CLI_JS}-context-attachments`,
    LAST_CLI_JS,
    `Claude Code ${LAST_CLI_JS}: a SessionStart hook adding context, a UserPromptSubmit hook printing a project rule, @-mentions of README.md and of src/main.js (beside a src/CLAUDE.md), then one answer. The context reaches the model as attachment lines that hold only their own fields (no rendered text before 2.1.259).`,
  ),
  contextAttachments(
    'context-attachments',
    undefined,
    'The same hooks, @-mentions and nested CLAUDE.md as v2.1.112-context-attachments, with the default release: its attachment lines carry the text the model was sent (rendered).',
  ),
);

/** the last 1.0 release (a Node `cli.js`, before the native binary) */
const LAST_1_0 = '1.0.128';
const CORE = ['shell-tool', 'file-edit', 'parallel-tools', 'thinking'];
const subagentBy = (version) => ({ subagent: { ...scenarios.find((s) => s.name === 'subagent-2.0'), description: `a Task tool call whose subagent runs one Bash call and answers (${version} writes agent-<agentId>.jsonl beside the session file)` } });
scenarios.push(...olderRelease(scenarios, LAST_1_0, [...CORE, 'subagent'], subagentBy(LAST_1_0)), ...olderRelease(scenarios, LAST_2_0, CORE));

