// Scenarios recorded against the real Factory Droid (`droid exec -o stream-json --auto high`).
//
// Each scenario:
//   name          folder name under fixtures/droid/
//   description   what it exercises (copied into recording.json)
//   prompts       one `droid exec` run per prompt; later runs continue the session with -s <id>
//                 (needs api.factory.ai in 0.225.2: "Failed to fetch session" offline, so every
//                 scenario here has one prompt)
//   setup(ctx)    optional: extra files in the sandbox ({ sandbox, writeFile })
//   conversations(ctx) => [{ name, match(body), countSteps(body), turns }]
//
// Turns are scripted Chat Completions answers (servers/openai-chat.mjs). A request belongs to the
// prompt whose marker is in the request's newest user text; its step is the number of tool results
// after that user message. Droid 0.225.2's tools and required parameters: Execute {command,
// summary, riskLevel: low|medium|high, riskLevelReason} (rejected without the risk fields), Read
// {file_path}, LS {directory_path?}, Edit {file_path, old_str, new_str}, Create {file_path,
// content}, Grep {pattern}, Glob {patterns}, Task {subagent_type, description, prompt}.

import { contentText } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { CHAT_BLOCKS, GREETING, HELLO, LIST_FILES, MATH, MISSING_FILE, README_AND_LINES, olderRelease, teller } from './builders.mjs';

const { reasoning, call } = CHAT_BLOCKS;
const shell = (command, summary) => call('Execute', { command, summary, riskLevelReason: 'Reads or changes files inside the sandbox project only.', riskLevel: 'low' });

/** Position of the newest user message, and which of the markers it carries. */
function newestPrompt(body, markers) {
  const messages = body?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role !== 'user') continue;
    const said = contentText(messages[i].content);
    const marker = markers.find((m) => said.includes(m));
    if (marker) return { index: i, marker };
  }
  return { index: -1, marker: undefined };
}

/** One conversation per [marker, turns] pair of a scenario's prompts. */
function conversations(...pairs) {
  const markers = pairs.map(([marker]) => marker);
  return pairs.map(([marker, turns]) => ({
    name: marker,
    match: (body) => newestPrompt(body, markers).marker === marker,
    countSteps: (body) => (body?.messages ?? []).slice(newestPrompt(body, markers).index + 1).filter((m) => m?.role === 'tool').length,
    turns,
  }));
}
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => conversations([story.marker, story.turns(CHAT_BLOCKS, ...steps)]);
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompts: [question] }), told);
const GREETING_DROID = GREETING('droid');

export const scenarios = [
  tell({ name: 'plain-answer', description: 'One plain text answer, no tools.' }, HELLO),
  tell({ name: 'reasoning', description: 'Reasoning (delta.reasoning_content) before a text answer.' }, MATH, () => [reasoning(MATH.shortThought)]),
  tell({ name: 'shell-tool', description: 'One Execute call (ls) that succeeds, then a final answer.' }, LIST_FILES, () => [shell('ls', 'List the project files')]),
  tell({ name: 'file-edit', description: 'Read an existing file, Edit it, Create a new file, then answer.' }, GREETING_DROID, ({ sandbox }) => [
    call('Read', { file_path: `${sandbox}/hello.txt` }),
    call('Edit', { file_path: `${sandbox}/hello.txt`, old_str: GREETING_DROID.old, new_str: GREETING_DROID.greeting }),
    call('Create', { file_path: `${sandbox}/NOTES.md`, content: GREETING_DROID.notes }),
  ]),
  tell({ name: 'failing-tool', description: 'A shell command that exits 2, a Read of a missing file, an Edit whose old_str is not in the file and an Execute without its required risk fields; then an answer.' }, MISSING_FILE, ({ sandbox }) => [
    shell('ls missing.txt', 'Look for missing.txt'),
    call('Read', { file_path: `${sandbox}/missing.txt` }),
    call('Edit', { file_path: `${sandbox}/hello.txt`, old_str: 'wrold', new_str: 'world' }),
    call('Execute', { command: 'cat hello.txt', summary: 'Show hello.txt' }),
  ]),
  tell({ name: 'parallel-tools', description: 'Two tool calls in one assistant message (Read + Execute), then an answer.' }, README_AND_LINES, ({ sandbox }) => [
    [call('Read', { file_path: `${sandbox}/README.md` }), shell('wc -l src/main.js', 'Count the lines of src/main.js')],
  ]),
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    shell('cat .env', 'Show .env'),
    shell(`cat ${PLANTED_KEY_PATH}`, 'Show the deploy key'),
    call('Create', { file_path: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }),
  ]),
];

// older releases whose sessions still sit in people's stores
scenarios.push(...['0.215.0'].flatMap((version) => olderRelease(scenarios, version, ['shell-tool', 'file-edit', 'parallel-tools', 'reasoning'])));
