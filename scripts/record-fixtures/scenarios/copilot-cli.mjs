// Scenarios recorded against the real GitHub Copilot CLI (`copilot -p ... --output-format json`).
//
// Each scenario:
//   name          folder name under fixtures/copilot-cli/
//   description   what it exercises (copied into recording.json)
//   prompts       one `copilot -p` run per prompt; the first run creates the session (its id is
//                 fixed with --session-id), every later run resumes it with --resume <id>
//   flags         extra copilot flags for every run
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs). Copilot resends the whole
// history on each call, several prompts included, so each prompt has its own conversation: it is
// recognised by a marker in the LAST user message of that prompt, and its steps are the tool
// results after that message. Copilot's tool names and parameters (1.0.102): bash {command,
// description, timeout?, mode?}, view {path, view_range?}, create {path, file_text},
// edit {path, old_str, new_str}, grep {pattern, path?}, glob {pattern, path?}.

import { contentText } from '../servers/openai-chat.mjs';
import { userTexts as responsesUserTexts } from '../servers/openai-responses.mjs';
import { CHAT_BLOCKS, GREETING, HELLO, LIST_FILES, MATH, MISSING_FILE, README_AND_LINES, olderRelease, teller } from './builders.mjs';

const { text, reasoning, call, turn } = CHAT_BLOCKS;

/** Index of the last user message that carries `marker`, or -1. */
function lastUserWith(body, marker) {
  const messages = body?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user' && contentText(messages[i].content).includes(marker)) return i;
  }
  return -1;
}

/**
 * One conversation per prompt, given as [marker, turns] pairs: a request belongs to the prompt
 * whose marker is in the newest user message that carries any of the markers, and its steps are
 * the tool results after that message.
 */
function byPrompt(...pairs) {
  const newest = (body) => Math.max(...pairs.map(([marker]) => lastUserWith(body, marker)));
  return pairs.map(([marker, turns]) => ({
    name: marker,
    match: (body) => lastUserWith(body, marker) >= 0 && lastUserWith(body, marker) === newest(body),
    countSteps: (body) => (body?.messages ?? []).slice(lastUserWith(body, marker) + 1).filter((m) => m?.role === 'tool').length,
    turns,
  }));
}
const prompt = (marker, turns) => byPrompt([marker, turns])[0];
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => [prompt(story.marker, story.turns(CHAT_BLOCKS, ...steps))];
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompts: [question] }), told);
const GREETING_COPILOT = GREETING('copilot');

/** fake, but shaped like a classic GitHub token (ghp_ + 36 characters) */
const FAKE_TOKEN = 'ghp_AtxFixtureFakeToken0123456789abcdefX';
/** fake, shaped like a fine-grained GitHub token, given to Copilot as its own GITHUB_TOKEN */
const FAKE_ENV_TOKEN = 'github_pat_11ATXFIXTURE0fake0token0value0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH';
const FAKE_ENV_SECRET = 'atx-fixture-env-secret-7f3a9c';

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.' }, HELLO),
  tell({ name: 'reasoning', description: 'Reasoning (delta.reasoning_content) before a text answer.' }, MATH, () => [reasoning(MATH.thought)]),
  tell({ name: 'shell-tool', description: 'One bash call (ls) that succeeds, then a final answer.' }, LIST_FILES, () => [call('bash', { command: 'ls', description: 'List files in the project' })]),
  tell({ name: 'file-edit', description: 'view an existing file, edit it (str_replace), create a new file, then answer.' }, GREETING_COPILOT, ({ sandbox }) => [
    call('view', { path: `${sandbox}/hello.txt` }),
    call('edit', { path: `${sandbox}/hello.txt`, old_str: GREETING_COPILOT.old, new_str: GREETING_COPILOT.greeting }),
    call('create', { path: `${sandbox}/NOTES.md`, file_text: GREETING_COPILOT.notes }),
  ]),
  tell({ name: 'failing-tool', description: 'A shell command that exits 2, an edit whose old_str is not in the file, and a view of a missing file; then an answer.' }, MISSING_FILE, ({ sandbox }) => [
    call('bash', { command: 'ls missing.txt', description: 'Look for missing.txt' }),
    call('view', { path: `${sandbox}/missing.txt` }),
    call('edit', { path: `${sandbox}/hello.txt`, old_str: 'wrold', new_str: 'world' }),
  ]),
  tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant message (view + bash), then an answer.' }, README_AND_LINES, ({ sandbox }) => [
    [call('view', { path: `${sandbox}/README.md` }), call('bash', { command: 'wc -l src/main.js', description: 'Count lines' })],
  ]),
  {
    name: 'multi-turn',
    description: 'Two prompts in one session: the second run resumes the first with --resume <session id> (session.resume in events.jsonl).',
    prompts: [
      'First prompt: what is in hello.txt? Use the shell.',
      'Second prompt: now append a line "bye" to hello.txt with the shell.',
    ],
    conversations: () => byPrompt(
      ['First prompt: what is in hello.txt', [
        turn(call('bash', { command: 'cat hello.txt', description: 'Show hello.txt' })),
        turn(text('`hello.txt` says "hello from the sandbox".')),
      ]],
      ['Second prompt: now append a line', [
        turn(call('bash', { command: 'echo bye >> hello.txt && tail -n 2 hello.txt', description: 'Append bye' })),
        turn(text('Appended "bye"; the file now ends with it.')),
      ]],
    ),
  },
  {
    name: 'denied-tool',
    description: "--deny-tool 'shell(rm)' on top of --allow-all-tools: the model asks for `rm -rf build`, Copilot refuses it without running it, then the model answers.",
    prompts: ['Delete the build folder with the shell.'],
    flags: ['--deny-tool', 'shell(rm)'],
    setup: ({ writeFile }) => writeFile('build/out.txt', 'built\n'),
    conversations: () => [prompt('Delete the build folder', [
      turn(text('Removing it.'), call('bash', { command: 'rm -rf build', description: 'Delete the build folder' })),
      turn(text('I was not allowed to run `rm`, so the build folder is still there.')),
    ])],
  },
  {
    name: 'subagent',
    description: 'The `task` tool starts the built-in explore subagent, which reads a file with its own model calls (subagent.started/completed, agentId on its events); then the main agent answers.',
    prompts: ['Use a subagent to find out what hello.txt says.'],
    conversations: ({ sandbox }) => byPrompt(
      ['Use a subagent to find out', [
        turn(call('task', { name: 'read-hello', description: 'Read hello.txt', prompt: 'SUBAGENT TASK: read hello.txt and report its text.', agent_type: 'explore', mode: 'sync' })),
        turn(text('The subagent reports that `hello.txt` says "hello from the sandbox".')),
      ]],
      ['SUBAGENT TASK', [
        turn(call('view', { path: `${sandbox}/hello.txt` })),
        turn(text('hello.txt contains one line: "hello from the sandbox".')),
      ]],
    ),
  },
  {
    name: 'compaction',
    description: 'A prompt with one shell call, then a second run whose prompt is `/compact`: Copilot compacts the resumed session (session.compaction_start/complete around a model.* trace of the summary call; the scripted server answers that call with the conversation\'s last scripted text, which becomes the summary).',
    prompts: ['Before compaction: show hello.txt with the shell.', '/compact'],
    conversations: () => [prompt('Before compaction: show hello.txt', [
      turn(call('bash', { command: 'cat hello.txt', description: 'Show hello.txt' })),
      turn(text('`hello.txt` says "hello from the sandbox".')),
    ])],
  },
  {
    name: 'responses-api',
    description: 'Copilot on the Responses API (COPILOT_PROVIDER_WIRE_API=responses) with a gpt-5 model name, which gets the freeform apply_patch tool: a reasoning item with a summary and a bash call, then an apply_patch edit, then a text answer.',
    prompts: ['Over the Responses API: count the lines of hello.txt, then change its text to "hello from apply_patch".'],
    wire: 'responses',
    model: 'gpt-5.4',
    conversations: ({ sandbox }) => [{
      name: 'main',
      match: (body) => responsesUserTexts(body).includes('Over the Responses API'),
      turns: [
        { output: [{ type: 'reasoning', summary: ['I should count the lines with wc first.'] }, { type: 'function_call', name: 'bash', arguments: { command: 'wc -l hello.txt', description: 'Count lines' } }] },
        { output: [{ type: 'custom_tool_call', name: 'apply_patch', input: `*** Begin Patch\n*** Update File: ${sandbox}/hello.txt\n@@\n-hello from the sandbox\n+hello from apply_patch\n*** End Patch\n` }] },
        { output: [{ type: 'text', text: '`hello.txt` had 1 line; it now says "hello from apply_patch".' }] },
      ],
    }],
  },
  {
    name: 'masked-token',
    description: `Fake secrets printed by the shell: a classic GitHub token (${FAKE_TOKEN.slice(0, 8)}…) from a file, Copilot's own GITHUB_TOKEN (a fake fine-grained token) and a variable named in --secret-env-vars. Which does Copilot mask, in stdout and in events.jsonl? (recording.json "markers" counts each value per file.)`,
    prompts: ['Print the file token.txt and the variables GITHUB_TOKEN and ATX_FIXTURE_SECRET with the shell.'],
    setup: ({ writeFile }) => writeFile('token.txt', `TOKEN=${FAKE_TOKEN}\n`),
    env: { ATX_FIXTURE_SECRET: FAKE_ENV_SECRET, GITHUB_TOKEN: FAKE_ENV_TOKEN },
    flags: ['--secret-env-vars', 'ATX_FIXTURE_SECRET'],
    markers: [FAKE_TOKEN, FAKE_ENV_TOKEN, FAKE_ENV_SECRET],
    conversations: () => [prompt('Print the file token.txt', [
      turn(call('bash', { command: 'cat token.txt; echo "gh=$GITHUB_TOKEN"; echo "secret=$ATX_FIXTURE_SECRET"', description: 'Print token.txt and the variables' })),
      turn(text('The file holds one token line, and both variables were printed.')),
    ])],
  },
];

// older releases whose sessions still sit in people's ~/.copilot (the bring-your-own-model env is in 1.0.10 and newer: 0.0.x and 1.0.0–1.0.2 need a GitHub login)
scenarios.push(...['1.0.10', '1.0.40'].flatMap((version) => olderRelease(scenarios, version, ['shell-tool', 'file-edit', 'parallel-tools', 'reasoning', 'subagent'])));

export { FAKE_ENV_SECRET, FAKE_ENV_TOKEN, FAKE_TOKEN };
