// Scenarios recorded against the real Pi coding agent (@mariozechner/pi-coding-agent).
//
// Each scenario:
//   name          folder name under fixtures/pi/
//   description   what it exercises (copied into recording.json)
//   prompts       the user prompts, in order: `pi --mode json -p <p1> <p2> ...` sends them one after
//                 another in one session; the RPC run sends one `prompt` command per entry
//   rpc           also record `pi --mode rpc` (rpc.jsonl)
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
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_MARKER, PLANTED_PROMPT, PLANTED_TEXTS, setupPlanted } from '../planted-secrets.mjs';

const text = (t) => ({ type: 'text', text: t });
const thinking = (t) => ({ type: 'thinking', thinking: t });
const tool = (name, input) => ({ type: 'tool_use', name, input });
const turn = (...content) => ({ content });

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
  {
    name: 'plain-answer',
    description: 'One plain text answer, no tools.',
    prompts: ['Say hello to the fixture recorder in one short sentence.'],
    rpc: true,
    conversations: () => [prompt('Say hello to the fixture recorder', [turn(text('Hello, fixture recorder! This answer comes from a scripted model server.'))])],
  },
  {
    name: 'thinking',
    description: 'A thinking block (with signature) followed by a text answer; --thinking high.',
    prompts: ['What is 17 * 23? Think it through first.'],
    flags: () => ['--thinking', 'high'],
    rpc: true,
    conversations: () => [
      prompt('What is 17 * 23?', [
        turn(thinking('17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391. Double-check: 23 * 17 = 230 + 161 = 391.'), text('17 * 23 = **391**.')),
      ]),
    ],
  },
  {
    name: 'shell-tool',
    description: 'One bash tool call (ls) that succeeds, then a final answer.',
    prompts: ['List the files in this project using the shell, then tell me what you saw.'],
    rpc: true,
    conversations: () => [
      prompt('List the files in this project using the shell', [
        turn(text("I'll list the files."), tool('bash', { command: 'ls' })),
        turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
      ]),
    ],
  },
  {
    name: 'file-edit',
    description: 'write a new file, then edit it (real edits in the sandbox; the edit result carries a diff), then a final answer.',
    prompts: ['Create notes.txt with a short todo list, then change the first item.'],
    conversations: ({ sandbox }) => [
      prompt('Create notes.txt with a short todo list', [
        turn(tool('write', { path: `${sandbox}/notes.txt`, content: 'TODO\n- buy milk\n- write fixtures\n' })),
        turn(tool('edit', { path: 'notes.txt', edits: [{ oldText: '- buy milk', newText: '- buy oat milk' }] })),
        turn(text('Created `notes.txt` with two items and changed the first one to "buy oat milk".')),
      ]),
    ],
  },
  {
    name: 'failing-command',
    description: 'A bash command that exits non-zero (ls /nonexistent), then an answer.',
    prompts: ['Run ls on /nonexistent and tell me what happened.'],
    conversations: () => [
      prompt('Run ls on /nonexistent', [
        turn(tool('bash', { command: 'ls /nonexistent' })),
        turn(text('The command failed: `/nonexistent` does not exist (exit code 2).')),
      ]),
    ],
  },
  {
    name: 'timeout-command',
    description: 'A bash call with its timeout parameter (sleep 5 with timeout 1 s), then an answer.',
    prompts: ['Run sleep 5 but give it only one second.'],
    conversations: () => [
      prompt('Run sleep 5', [
        turn(tool('bash', { command: 'sleep 5', timeout: 1 })),
        turn(text('The command was stopped after the 1 second timeout.')),
      ]),
    ],
  },
  {
    name: 'parallel-tools',
    description: 'Two tool calls in one assistant message (read + bash), run in parallel, both results sent back together.',
    prompts: ['Read README.md and show the git log at the same time.'],
    conversations: () => [
      prompt('Read README.md and show the git log', [
        turn(text("I'll do both at once."), tool('read', { path: 'README.md' }), tool('bash', { command: 'git log --oneline' })),
        turn(text('README.md describes the sandbox project, and the git log has a single commit: "initial commit".')),
      ]),
    ],
  },
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
  {
    name: 'planted-secrets',
    description: PLANTED_DESCRIPTION,
    prompts: [PLANTED_PROMPT()],
    setup: setupPlanted,
    conversations: ({ sandbox }) => [
      prompt(PLANTED_MARKER, [
        turn(text(PLANTED_TEXTS.env), tool('bash', { command: 'cat .env' })),
        turn(text(PLANTED_TEXTS.key), tool('bash', { command: `cat ${PLANTED_KEY_PATH}` })),
        turn(text(PLANTED_TEXTS.config), tool('write', { path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() })),
        turn(text(PLANTED_TEXTS.final())),
      ]),
    ],
  },
  {
    name: 'long-session',
    description: '150 sequential bash tool calls (echo step N) in one prompt, then a final answer.',
    prompts: ['Echo the steps one by one, 150 of them.'],
    timeoutMs: 15 * 60_000,
    conversations: () => [
      prompt('Echo the steps one by one', [
        ...Array.from({ length: 150 }, (_, i) => turn(tool('bash', { command: `echo step ${i + 1}` }))),
        turn(text('All 150 steps were echoed.')),
      ]),
    ],
  },
  {
    name: 'v1-shell-tool',
    description: 'Session format v1 (linear, no entry ids), written by Pi 0.30.2, the last release before session trees: one bash call, then an answer.',
    version: '0.30.2',
    prompts: ['List the files in this project using the shell, then tell me what you saw.'],
    conversations: () => [
      prompt('List the files in this project using the shell', [
        turn(text("I'll list the files."), tool('bash', { command: 'ls' })),
        turn(text('The project contains `README.md`, `hello.txt` and a `src/` folder.')),
      ]),
    ],
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
