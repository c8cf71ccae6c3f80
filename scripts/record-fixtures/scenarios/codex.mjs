// Scenarios recorded against the real Codex CLI (`codex exec --json`).
//
// Each scenario:
//   name          folder name under fixtures/codex/ (older releases: v<version>-<name>)
//   description   what it exercises (copied into recording.json)
//   prompt        the exec prompt (last CLI argument)
//   version       optional: pinned Codex release for this scenario (default: the driver's VERSION)
//   bypass        default true: add --dangerously-bypass-approvals-and-sandbox
//   flags         extra CLI flags (before the prompt)
//   config        extra config.toml text appended to the generated config (ctx => string or string)
//   rules         optional execpolicy rules written to $CODEX_HOME/rules/default.rules
//   timeoutMs     per-run timeout
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), turns }]
//
// ctx = { sandbox: absolute sandbox dir, scriptsDir: the record-fixtures folder }.
// Turns are scripted model answers (see servers/openai-responses.mjs). The main conversation is
// recognised by a marker in its user messages; requests of Codex's automatic approval reviewer
// ("guardian", --approve-for-me) carry the whole transcript, marker included, so they are told
// apart first.

import { userTexts } from '../servers/openai-responses.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { ECHO_STEPS, HELLO, LIST_FILES, MATH, README_AND_LOG, RESPONSES_BLOCKS, callsThenAnswer, teller } from './builders.mjs';

const { text, reasoning, turn } = RESPONSES_BLOCKS;
const fn = (name, args, extra = {}) => ({ type: 'function_call', name, arguments: args, ...extra });
const patch = (input) => ({ type: 'custom_tool_call', name: 'apply_patch', input });

/** The automatic approval reviewer's requests (Codex 0.169: a separate "guardian" subagent session). */
export const isGuardian = (body) => /agent history whose request action you are assessing|agent history added since your last approval assessment/.test(userTexts(body));

/** Main conversation: a user message contains `marker`. */
const main = (marker, turns) => [{ name: 'main', match: (b) => !isGuardian(b) && userTexts(b).includes(marker), turns }];
/** The main conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => main(story.marker, story.turns(RESPONSES_BLOCKS, ...steps));
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompt: question }), told);
const ECHO_160 = ECHO_STEPS(160);

/** Tool outputs that answer a call: Codex also injects call-less outputs (the goal objective) into the history. */
const answeredCalls = (body) => (body.input ?? []).filter((i) => i?.type === 'function_call_output' && typeof i.call_id === 'string').length;

/** The last user message of a Responses request (Codex's compaction request ends with its summarization prompt). */
const lastUserText = (body) => {
  const users = (Array.isArray(body?.input) ? body.input : []).filter((i) => i && (i.type === 'message' || i.type === undefined) && i.role === 'user');
  return users.length > 0 ? userTexts({ input: [users.at(-1)] }) : '';
};
/** Codex's own summarization prompt ("…CONTEXT CHECKPOINT COMPACTION…"), not the summary it hands on afterwards */
const COMPACTION_REQUEST = /checkpoint/i;
const AUTO_COMPACT_SUMMARY = 'Handoff summary: the user asked for the project files; ls was run in the sandbox.';

/** Multi-agent v2 (0.169): the collaboration tools live in the `collaboration` namespace. */
const collab = (name, args) => fn(name, args, { namespace: 'collaboration' });
const spawnCountFiles = (message) => turn(collab('spawn_agent', { task_name: 'count_files', message, fork_turns: 'none' }));
const waitAgent = () => turn(collab('wait_agent', { timeout_ms: 30000 }));
/** The spawned child `/root/count_files`: its task arrives as an inter-agent message ("Message Type: NEW_TASK", the text itself encrypted). */
const countFilesChild = (turns, countSteps) => ({
  name: 'child',
  match: (b) => !isGuardian(b) && /Message Type: NEW_TASK\\nTask name: \/root\/count_files/.test(JSON.stringify(b.input ?? [])),
  ...(countSteps ? { countSteps } : {}),
  turns: [turn(exec('ls')), ...turns],
});

/** `exec_command` as gpt-5.x models call it in 0.1xx releases. */
const exec = (cmd, extra = {}) => fn('exec_command', { cmd, ...extra });
/** The `shell` tool of older releases (argv array). */
const shell = (command, extra = {}) => fn('shell', { command, ...extra });

const LEGACY_PATCH_ADD = '*** Begin Patch\n*** Add File: notes.txt\n+TODO\n+- buy milk\n+- write fixtures\n*** End Patch\n';
const LEGACY_PATCH_UPDATE = '*** Begin Patch\n*** Update File: notes.txt\n@@\n TODO\n-- buy milk\n+- buy oat milk\n*** End Patch\n';

/** One combined scenario for a pinned release: shell tool, apply_patch (as that release expects), a failing command. */
function releaseTools(version, { applyPatchTool = false, execTool = false } = {}) {
  const run = (argv, cmd) => (execTool ? exec(cmd) : shell(argv));
  const applyPatch = (p) => (applyPatchTool ? patch(p) : shell(['apply_patch', p]));
  return {
    name: `v${version}-tools`,
    version,
    description: `Codex ${version}: a reasoning summary and a short text, a shell call (ls), apply_patch adding then updating notes.txt (${applyPatchTool ? 'the freeform apply_patch tool' : 'through the shell tool, as this release expects'}), a command that exits 2, then a final answer.`,
    prompt: 'List the files, create notes.txt with a todo list, change its first item, then run ls on /nonexistent.',
    conversations: () =>
      main('create notes.txt with a todo list', [
        turn(reasoning(['**Listing the project**\n\nI will look at the files first.']), text('Let me look at the project first.'), run(['bash', '-lc', 'ls'], 'ls')),
        turn(applyPatch(LEGACY_PATCH_ADD)),
        turn(applyPatch(LEGACY_PATCH_UPDATE)),
        turn(run(['bash', '-lc', 'ls /nonexistent'], 'ls /nonexistent')),
        turn(text('Created `notes.txt`, changed its first item to "buy oat milk"; `ls /nonexistent` failed with exit code 2.')),
      ]),
  };
}

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.' }, HELLO),
  tell({ name: 'reasoning', description:  'A reasoning item with two summary parts, raw reasoning_text content and (fake) encrypted_content, then a text answer.' }, MATH, () => [
    reasoning(['**Multiplying 17 by 23**\n\n17 * 20 = 340 and 17 * 3 = 51, so 391.', '**Double-checking**\n\n23 * 17 = 230 + 161 = 391.'], ['17*23: 17*20=340, 17*3=51, 340+51=391. Check 23*17=230+161=391.']),
  ]),
  tell({ name: 'shell-tool', description: 'A short text and one exec_command call (ls) that succeeds, then a final answer.' }, LIST_FILES, () => [exec('ls')]),
  {
    name: 'file-edit',
    description:
      'Three apply_patch calls (freeform custom tool): add notes.txt, update it (two hunks), delete old.txt; then a final answer. Real edits in the sandbox.',
    prompt: 'Create notes.txt with a short todo list, then change it, and delete old.txt.',
    setup: ({ writeFile }) => writeFile('old.txt', 'an old file\n'),
    conversations: () =>
      main('Create notes.txt with a short todo list', [
        turn(patch('*** Begin Patch\n*** Add File: notes.txt\n+TODO\n+- buy milk\n+- write fixtures\n+- ship it\n*** End Patch\n')),
        turn(patch('*** Begin Patch\n*** Update File: notes.txt\n@@\n TODO\n-- buy milk\n+- buy oat milk\n@@\n - write fixtures\n-- ship it\n+- ship it on Friday\n*** End Patch\n')),
        turn(patch('*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\n')),
        turn(text('Created `notes.txt`, changed two of its items, and deleted `old.txt`.')),
      ]),
  },
  tell(
    { name: 'failing-command', description: 'exec_command `ls /nonexistent` (exit 2), then an apply_patch that cannot apply (the file does not exist), then an answer.' },
    callsThenAnswer({
      prompt: 'Run ls on /nonexistent, then patch missing.txt, and tell me what happened.',
      marker: 'Run ls on /nonexistent',
      answer: 'Both failed: `/nonexistent` does not exist (exit code 2), and `missing.txt` could not be patched because it does not exist.',
    }),
    () => [exec('ls /nonexistent'), patch('*** Begin Patch\n*** Update File: missing.txt\n@@\n-old line\n+new line\n*** End Patch\n')],
  ),
  tell({ name: 'parallel-tools', description: 'Two exec_command calls in one model response (parallel_tool_calls), both outputs in the next request, then an answer.' }, README_AND_LOG, () => [
    [exec('cat README.md'), exec('git log --oneline')],
  ]),
  {
    name: 'denied-tool',
    description:
      'No --dangerously-bypass-approvals-and-sandbox; --approve-for-me routes approvals to Codex\'s automatic reviewer (a "guardian" subagent that asks the same model server, which answers outcome "deny"). An exec_command asking for escalated permissions (rm hello.txt) is declined; then an answer. The reviewer\'s own rollout is kept as guardian-rollout.jsonl.',
    prompt: 'Delete hello.txt from this project.',
    bypass: false,
    flags: ['--approve-for-me'],
    conversations: () => [
      ...main('Delete hello.txt from this project', [
        turn(exec('rm hello.txt', { sandbox_permissions: 'require_escalated', justification: 'Do you want to delete hello.txt?' })),
        turn(text('The deletion of `hello.txt` was declined by the approval review, so the file is still there.')),
      ]),
      {
        name: 'guardian',
        match: isGuardian,
        countSteps: () => 0,
        turns: [
          turn(
            text(
              JSON.stringify({
                risk_level: 'high',
                user_authorization: 'low',
                outcome: 'deny',
                rationale: 'Scripted review: deleting files outside the sandbox is denied for this fixture.',
              }),
            ),
          ),
        ],
      },
    ],
  },
  tell(
    {
      name: 'forbidden-command',
      description:
        'An execpolicy rule ($CODEX_HOME/rules/default.rules: prefix_rule(pattern=["rm"], decision="forbidden")) rejects exec_command `rm hello.txt` before it runs; then an answer. The rejected call is in the rollout only (exec --json prints nothing for it).',
      rules: 'prefix_rule(pattern=["rm"], decision="forbidden")\n',
    },
    callsThenAnswer({
      prompt: 'Remove hello.txt with rm.',
      marker: 'Remove hello.txt with rm',
      answer: 'The command was rejected by the execution policy (`rm` is forbidden), so hello.txt was not removed.',
    }),
    () => [exec('rm hello.txt')],
  ),
  {
    name: 'long-running-command',
    description:
      'exec_command `sleep 1; echo done` with yield_time_ms 250 returns "Process running with session ID N"; write_stdin polls that session until it exits; then an answer.',
    prompt: 'Run a slow command and wait for it to finish.',
    conversations: () =>
      main('Run a slow command and wait for it', [
        turn(exec('sleep 1; echo done', { yield_time_ms: 250 })),
        {
          awaits: 1,
          output: (body) => {
            const outputs = (body.input ?? []).filter((i) => i.type === 'function_call_output');
            const last = JSON.stringify(outputs[outputs.length - 1]?.output ?? '');
            const id = /session ID (\d+)/.exec(last)?.[1];
            return [fn('write_stdin', { session_id: Number(id ?? 0), chars: '', yield_time_ms: 5000 })];
          },
        },
        turn(text('The slow command finished and printed `done`.')),
      ]),
  },
  {
    name: 'mcp',
    description:
      'A stdio MCP server (servers/mcp-echo.mjs, [mcp_servers.atx] in config.toml). Codex 0.169 defers MCP tools behind tool_search: a tool_search_call finds the mcp__atx namespace, then a namespaced function_call (namespace mcp__atx, name echo); then an answer.',
    prompt: 'Use the atx echo MCP tool to echo "ping".',
    config: ({ scriptsDir }) => `\n[mcp_servers.atx]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(`${scriptsDir}/servers/mcp-echo.mjs`)}]\n`,
    conversations: () =>
      main('Use the atx echo MCP tool', [
        turn({ type: 'raw', withCallId: true, idPrefix: 'tsc_', item: { type: 'tool_search_call', status: 'completed', execution: 'client', arguments: { query: 'atx echo' } } }),
        turn(fn('echo', { text: 'ping' }, { namespace: 'mcp__atx' })),
        turn(text('The MCP echo tool answered: ping.')),
      ]),
  },
  {
    name: 'web-search',
    description: 'A server-side web_search_call item (action search) followed by a text answer in the same model response.',
    prompt: 'Search the web for the agent-transcript project and summarize.',
    conversations: () =>
      main('Search the web for the agent-transcript project', [
        turn({ type: 'web_search_call', query: 'agent-transcript atx coding agent transcripts' }, text('The search found pages describing agent-transcript, a converter of coding-agent logs.')),
      ]),
  },
  tell({ name: 'planted-secrets', description: `${PLANTED_DESCRIPTION} config.json is added with apply_patch.`, setup: setupPlanted }, PLANTED_STORY, () => [
    exec('cat .env'),
    exec(`cat ${PLANTED_KEY_PATH}`),
    patch(`*** Begin Patch\n*** Add File: config.json\n${PLANTED_CONFIG_JSON().replace(/^(.*)\n/gm, '+$1\n')}*** End Patch\n`),
  ]),
  tell({ name: 'long-session', description: '160 sequential exec_command calls (echo step N) in one exec run, then a final answer.', timeoutMs: 15 * 60_000 }, ECHO_160, () => ECHO_160.steps((n) => exec(`echo step ${n}`))),
  {
    name: 'subagents',
    description:
      'Multi-agent v2 ([features] multi_agent + multi_agent_v2): the main agent calls collaboration.spawn_agent (task count_files, fork_turns none); the child agent runs exec_command ls and answers; the main agent calls collaboration.wait_agent, then answers. The child\'s own rollout is kept as subagent-rollout.jsonl.',
    prompt: 'Delegate counting the files of this project to a helper agent.',
    config: '\n[features]\nmulti_agent = true\nmulti_agent_v2 = true\n',
    conversations: () => [
      ...main('Delegate counting the files', [
        spawnCountFiles('Count the files at the top of the sandbox with ls and report the number.'),
        waitAgent(),
        turn(text('The helper agent counted the files: there are 3 entries at the top of the project.')),
      ]),
      countFilesChild([turn(text('There are 3 entries: README.md, hello.txt and src.'))]),
    ],
  },
  {
    name: 'subagents-followup',
    description:
      'Multi-agent v2: spawn_agent (task count_files), wait_agent, followup_task with a second task for the same child, wait_agent, list_agents, then an answer. The child answers both tasks (the second after no tool). The child\'s rollout is kept as subagent-rollout.jsonl.',
    prompt: 'Ask a helper agent to count the files, then to look into src.',
    config: '\n[features]\nmulti_agent_v2 = true\n',
    conversations: () => [
      ...main('Ask a helper agent to count the files', [
        spawnCountFiles('Count the files at the top of the sandbox with ls.'),
        waitAgent(),
        turn(collab('followup_task', { target: 'count_files', message: 'Now say what src holds.' })),
        waitAgent(),
        turn(collab('list_agents', {})),
        turn(text('The helper counted 3 entries at the top and found that src holds main.js.')),
      ]).map((c) => ({ ...c, countSteps: answeredCalls })),
      countFilesChild(
        [{ ...turn(text('There are 3 entries: README.md, hello.txt and src.')), awaits: 1 }, turn(text('src holds main.js.'))],
        // one step per tool output and per answer already given (the follow-up task comes after the first answer)
        (b) => answeredCalls(b) + (b.input ?? []).filter((i) => i?.type === 'message' && i.role === 'assistant').length,
      ),
    ],
  },
  {
    name: 'goal',
    description:
      'Thread goals ([features] goals): create_goal with an objective, then update_goal status complete, then an answer. Codex records thread_goal_updated events.',
    prompt: 'Set a goal to tidy the README, then mark it complete.',
    config: '\n[features]\ngoals = true\n',
    conversations: () =>
      main('Set a goal to tidy the README', [
        turn(fn('create_goal', { objective: 'Tidy the README of the sandbox project.' })),
        turn(fn('update_goal', { status: 'complete' })),
        turn(text('The goal "Tidy the README of the sandbox project." is set and marked complete.')),
      ]).map((c) => ({ ...c, countSteps: answeredCalls })),
  },
  {
    name: 'auto-compact',
    description:
      'Automatic compaction (-c model_auto_compact_token_limit=1000): an exec_command call, after which the history is over the limit, so Codex asks the model for a summary (its own compaction request) and goes on from it with the final answer.',
    prompt: 'List the files of this project (AUTO COMPACT), then say what you saw.',
    flags: ['-c', 'model_auto_compact_token_limit=1000'],
    conversations: () => [
      {
        name: 'compaction',
        match: (b) => !isGuardian(b) && COMPACTION_REQUEST.test(lastUserText(b)),
        countSteps: () => 0,
        turns: [turn(text(AUTO_COMPACT_SUMMARY))],
      },
      {
        name: 'main',
        match: (b) => !isGuardian(b) && userTexts(b).includes('AUTO COMPACT'),
        // the compacted history has no tool outputs left: its summary counts as the step taken
        countSteps: (b) => answeredCalls(b) + (userTexts(b).includes(AUTO_COMPACT_SUMMARY) ? 1 : 0),
        turns: [turn(exec('ls')), turn(text('The project holds README.md, hello.txt and src/.'))],
      },
    ],
  },
  // Older releases still found on disks: one combined scenario each.
  releaseTools('0.128.0', { applyPatchTool: true, execTool: true }),
  releaseTools('0.66.0'),
  releaseTools('0.39.0'),
  releaseTools('0.20.0'),
];

