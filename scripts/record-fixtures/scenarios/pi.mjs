// Scenarios recorded against the real Pi coding agent (@mariozechner/pi-coding-agent).
//
// Each scenario:
//   name          folder name under fixtures/pi/
//   description   what it exercises (copied into recording.json)
//   prompts       the user prompts, in order: `pi --mode json -p <p1> <p2> ...` sends them one after
//                 another in one session; the RPC run sends one `prompt` command per entry
//   rpc           also record `pi --mode rpc` (rpc.jsonl)
//   rpcOnly       record only `pi --mode rpc`, and keep its session files (session.jsonl, session-2.jsonl
//                 after a new_session); `prompts` may then hold other RPC commands as objects
//                 ({ type: 'bash', command }, { type: 'set_model', ... }), each sent after the previous reply
//   extraModels   more model ids of the scripted provider (for set_model / cycle_model)
//   flags(ctx)    extra CLI flags (both runs)
//   uiAnswer(req) RPC only: the answer to an extension_ui_request dialog (select/confirm/...)
//   version       a different Pi release (older session formats); default: the driver's pinned one
//   failFirst     the model server answers the first N /v1/messages with 529 overloaded (auto-retry)
//   settings      extra ~/.pi/agent/settings.json keys
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   timeoutMs     per-run timeout
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Turns are scripted model answers (see servers/anthropic.mjs). Pi keeps one session for several
// prompts, so a conversation is recognised by a marker in the LAST user prompt of the request and
// its step is the number of tool results after that prompt.

import { contentText } from '../servers/anthropic.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { ANTHROPIC_BLOCKS, ECHO_STEPS, HELLO, LIST_FILES, MATH, MISSING_DIR, NOTES, README_AND_LOG, SLEEP, teller } from './builders.mjs';

const { text, thinking, tool, turn } = ANTHROPIC_BLOCKS;

/** index of the last user message that carries text (not only tool results) */
function lastPromptIndex(messages) {
  for (let i = (messages ?? []).length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') return i;
    if (Array.isArray(m.content) && m.content.some((b) => b?.type === 'text')) return i;
  }
  return -1;
}

export function lastPromptText(messages) {
  const i = lastPromptIndex(messages);
  if (i < 0) return '';
  const m = messages[i];
  return typeof m.content === 'string' ? m.content : m.content.filter((b) => b?.type === 'text').map((b) => b.text).join('\n');
}

function toolResultsSinceLastPrompt(messages) {
  let n = 0;
  for (const m of (messages ?? []).slice(lastPromptIndex(messages) + 1)) {
    if (m.role === 'user' && Array.isArray(m.content)) n += m.content.filter((b) => b?.type === 'tool_result').length;
  }
  return n;
}

/** One prompt's scripted answers: matched by a marker in the last user prompt. */
const prompt = (marker, turns) => ({
  name: marker,
  match: (b) => lastPromptText(b.messages).includes(marker),
  countSteps: (b) => toolResultsSinceLastPrompt(b.messages),
  turns,
});
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => [prompt(story.marker, story.turns(ANTHROPIC_BLOCKS, ...steps))];
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompts: [question] }), told);
const ECHO_150 = ECHO_STEPS(150);

/**
 * A small extension written into the sandbox: commands the recorder types as prompts.
 * `/atx-branch` goes back to before the last user prompt with Pi's own tree navigation
 * (ctx.navigateTree, what `/tree` does), summarizing the abandoned branch; `/atx-compact` runs
 * Pi's compaction and waits for it. Both notify "atx: ..." when done (seen by the RPC driver).
 */
export const FIXTURE_EXTENSION = `// atx fixture recorder: drives Pi's own tree navigation and compaction from a prompt.
export default function (pi: any) {
  pi.registerCommand("atx-branch", {
    description: "go back to before the last user prompt (like /tree), summarizing the abandoned branch",
    handler: async (_args: string, ctx: any) => {
      const users = ctx.sessionManager.getBranch().filter((e: any) => e.type === "message" && e.message.role === "user");
      const target = users[users.length - 1];
      await ctx.navigateTree(target.id, { summarize: true });
      ctx.ui.notify("atx: branched", "info");
    },
  });
  pi.registerCommand("atx-compact", {
    description: "compact the context now and wait for it",
    handler: async (_args: string, ctx: any) => {
      await new Promise((resolve) => ctx.compact({ onComplete: resolve, onError: resolve }));
      ctx.ui.notify("atx: compacted", "info");
    },
  });
}
`;
const EXTENSION_REL = '.atx/atx-fixture-extension.ts';
const withExtension = {
  setup: ({ writeFile }) => writeFile(EXTENSION_REL, FIXTURE_EXTENSION),
  flags: ({ sandbox }) => ['-e', `${sandbox}/${EXTENSION_REL}`],
};

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.', rpc: true }, HELLO),
  tell({ name: 'thinking', description: 'A thinking block (with signature) followed by a text answer; --thinking high.', flags: () => ['--thinking', 'high'], rpc: true }, MATH, () => [thinking(MATH.thought)]),
  tell({ name: 'shell-tool', description: 'One bash tool call (ls) that succeeds, then a final answer.', rpc: true }, LIST_FILES, () => [tool('bash', { command: 'ls' })]),
  tell({ name: 'file-edit', description: 'write a new file, then edit it (real edits in the sandbox; the edit result carries a diff), then a final answer.' }, NOTES, ({ sandbox }) => [
    tool('write', { path: `${sandbox}/notes.txt`, content: NOTES.content }),
    tool('edit', { path: 'notes.txt', edits: [{ oldText: NOTES.old, newText: NOTES.new }] }),
  ]),
  tell({ name: 'failing-command', description: 'A bash command that exits non-zero (ls /nonexistent), then an answer.' }, MISSING_DIR, () => [tool('bash', { command: 'ls /nonexistent' })]),
  tell({ name: 'timeout-command', description: 'A bash call with its timeout parameter (sleep 5 with timeout 1 s), then an answer.' }, SLEEP, () => [tool('bash', { command: 'sleep 5', timeout: 1 })]),
  tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant message (read + bash), run in parallel, both results sent back together.' }, README_AND_LOG, () => [
    [tool('read', { path: 'README.md' }), tool('bash', { command: 'git log --oneline' })],
  ]),
  {
    name: 'denied-tool',
    description:
      "Pi has no built-in approvals; extensions gate tools. With Pi's own example extension permission-gate.ts (-e), a dangerous bash call (rm -rf) is blocked: in json mode (no UI) automatically, in RPC mode the recorder answers the extension's select dialog with \"No\".",
    prompts: ['Delete the build folder with rm -rf.'],
    flags: ({ packageDir }) => ['-e', `${packageDir}/examples/extensions/permission-gate.ts`],
    rpc: true,
    uiAnswer: (req) => (req.method === 'select' ? { value: 'No' } : req.method === 'confirm' ? { confirmed: false } : { cancelled: true }),
    conversations: () => [
      prompt('Delete the build folder', [
        turn(tool('bash', { command: 'rm -rf build' })),
        turn(text('The command was blocked, so I did not delete anything.')),
      ]),
    ],
  },
  {
    name: 'branch',
    description:
      "Three prompts in one session; between the second and third, the fixture extension's /atx-branch goes back to before the second prompt with Pi's own tree navigation (ctx.navigateTree with a branch summary, as /tree does). The second prompt, its bash call and answer stay in the file as an abandoned branch; a branch_summary entry starts the active branch.",
    prompts: [
      'BRANCH-A: What is 2 + 2?',
      'BRANCH-B: Save that answer to answer.txt with the shell.',
      '/atx-branch',
      'BRANCH-C: Never mind the file; say the answer in words.',
    ],
    rpc: true,
    ...withExtension,
    conversations: () => [
      prompt('BRANCH-A', [turn(text('2 + 2 = 4.'))]),
      prompt('BRANCH-B', [turn(tool('bash', { command: 'echo 4 > answer.txt' })), turn(text('Saved 4 to answer.txt.'))]),
      prompt('BRANCH-C', [turn(text('Four.'))]),
    ],
  },
  {
    name: 'compaction',
    description:
      "Two prompts with a compaction in between: the fixture extension's /atx-compact runs Pi's own compaction (ctx.compact, what /compact does); the summary comes from the model server (a side call without tools).",
    prompts: ['COMPACT-A: Show the first line of hello.txt.', '/atx-compact', 'COMPACT-B: And what did the file say again?'],
    rpc: true,
    ...withExtension,
    conversations: () => [
      prompt('COMPACT-A', [turn(tool('bash', { command: 'head -n 1 hello.txt' })), turn(text('It says "hello from the sandbox".'))]),
      prompt('COMPACT-B', [turn(text('hello.txt says "hello from the sandbox".'))]),
    ],
  },
  {
    name: 'retry',
    description:
      'The model server answers the first request with 529 overloaded; Pi retries by itself (auto_retry_start / auto_retry_end on stdout) and the second attempt answers.',
    prompts: ['Say hi after a retry.'],
    failFirst: 1,
    settings: { retry: { enabled: true, maxRetries: 3, baseDelayMs: 200, provider: { maxRetries: 0 } } },
    conversations: () => [prompt('Say hi after a retry', [turn(text('Hi! That took a second try.'))])],
  },
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    tool('bash', { command: 'cat .env' }),
    tool('bash', { command: `cat ${PLANTED_KEY_PATH}` }),
    tool('write', { path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }),
  ]),
  tell({ name: 'long-session', description: '150 sequential bash tool calls (echo step N) in one prompt, then a final answer.', timeoutMs: 15 * 60_000 }, ECHO_150, () => ECHO_150.steps((n) => tool('bash', { command: `echo step ${n}` }))),
  {
    name: 'rpc-commands',
    description:
      "RPC commands other than prompts, whose replies are the stream's only record of them: two shell commands the user runs (`bash`: one succeeds, one exits 3), a prompt, a rename (set_session_name), a model switch (set_model), a thinking level (set_thinking_level), then new_session and a prompt in the new session. The run's two session files are kept (session.jsonl, session-2.jsonl).",
    rpcOnly: true,
    extraModels: ['claude-scripted-second'],
    prompts: [
      { type: 'bash', command: 'echo user ran this && ls' },
      'RPC-A: What does hello.txt say?',
      { type: 'bash', command: 'echo failing >&2; exit 3' },
      { type: 'set_session_name', name: 'RPC commands' },
      { type: 'set_model', provider: 'atx', modelId: 'claude-scripted-second' },
      { type: 'set_thinking_level', level: 'high' },
      'RPC-B: Thanks. Anything else in the project?',
      { type: 'new_session' },
      'RPC-C: A new start: say hi.',
    ],
    conversations: () => [
      prompt('RPC-A', [turn(tool('bash', { command: 'cat hello.txt' })), turn(text('It says "hello from the sandbox".'))]),
      prompt('RPC-B', [turn(text('There is also a README.md and a src/ folder.'))]),
      prompt('RPC-C', [turn(text('Hi!'))]),
    ],
  },
  {
    name: 'v1-shell-tool',
    description: 'Session format v1 (linear, no entry ids), written by Pi 0.30.2, the last release before session trees: one bash call, then an answer.',
    version: '0.30.2',
    prompts: [LIST_FILES.prompt],
    conversations: () => told(LIST_FILES, tool('bash', { command: 'ls' })),
  },
  {
    name: 'v2-shell-tool',
    description: 'Session format v2 (tree with id/parentId, before the hookMessage→custom rename), written by Pi 0.32.3: two prompts, one bash call.',
    version: '0.32.3',
    prompts: ['V2-A: List the files in this project using the shell.', 'V2-B: Thanks, and how many were there?'],
    conversations: () => [
      prompt('V2-A', [turn(tool('bash', { command: 'ls' })), turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.'))]),
      prompt('V2-B', [turn(text('There were three entries.'))]),
    ],
  },
];

export { contentText };
