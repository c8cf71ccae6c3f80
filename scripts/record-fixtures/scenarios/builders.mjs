// Builders shared by the agents' scenario files (scenarios/<agent>.mjs).
//
// Block makers: each scripted server's turn shapes (text, thoughts, tool calls, one model turn);
// a scenario file takes those of its agent's server and passes them as `say` to a story.
//
// Stories: what several agents are recorded doing, in the same words: the prompt, the marker its
// conversation is recognised by, and the scripted model's text. A story's `turns(say, ...steps)`
// wraps the agent's own tool calls: one turn a step (a step is a call, or an array of calls made
// together), then the answer.

/** servers/anthropic.mjs */
export const ANTHROPIC_BLOCKS = {
  text: (t) => ({ type: 'text', text: t }),
  thinking: (t) => ({ type: 'thinking', thinking: t }),
  tool: (name, input) => ({ type: 'tool_use', name, input }),
  turn: (...content) => ({ content }),
};

/** servers/openai-chat.mjs */
export const CHAT_BLOCKS = {
  text: (t) => ({ type: 'text', text: t }),
  reasoning: (t) => ({ type: 'reasoning', text: t }),
  call: (name, args) => ({ type: 'tool_call', name, arguments: args }),
  turn: (...content) => ({ content }),
};

/** servers/openai-responses.mjs */
export const RESPONSES_BLOCKS = {
  text: (t) => ({ type: 'text', text: t }),
  reasoning: (summary, content) => ({ type: 'reasoning', summary, ...(content ? { content } : {}) }),
  turn: (...output) => ({ output }),
};

/** servers/gemini.mjs */
export const GEMINI_BLOCKS = {
  text: (t) => ({ text: t }),
  thought: (t) => ({ thought: t }),
  call: (name, args) => ({ functionCall: { name, args } }),
  turn: (...parts) => ({ parts }),
};

/** A story of tool calls, one turn a step, then `answer`; `intro` (a text) opens the first step's turn. */
export function callsThenAnswer({ prompt, marker, intro, answer }) {
  return {
    prompt,
    marker,
    intro,
    answer,
    turns: ({ text, turn }, ...steps) => [
      ...steps.map((calls, i) => turn(...(i === 0 && intro ? [text(intro)] : []), ...[calls].flat())),
      turn(text(answer)),
    ],
  };
}

/**
 * A scenario file's `tell(fields, story, calls)`: the scenario `fields` (name, description, and
 * any other) telling `story` with the agent's calls `calls(ctx)` (one step each). `ask(question)`
 * gives the fields that carry the story's prompt, `told(story, ...steps)` the conversations.
 */
export const teller = (ask, told) => ({ name, description, ...fields }, story, calls = () => []) => ({ name, description, ...ask(story.prompt), ...fields, conversations: (ctx) => told(story, ...calls(ctx)) });

/**
 * Copies of the scenarios `names` pinned to an older release `version`, recorded beside the
 * current ones as `v<version>-<name>` (one run each: no partial variant). `changes[name]` replaces
 * fields where the older release offers other tools or flags.
 */
export function olderRelease(scenarios, version, names, changes = {}) {
  return names.map((name) => {
    const scenario = scenarios.find((s) => s.name === name);
    if (!scenario) throw new Error(`olderRelease: no scenario ${name}`);
    return { ...scenario, partial: false, ...changes[name], name: `v${version}-${name}`, version, description: `Release ${version}: ${changes[name]?.description ?? scenario.description}` };
  });
}

/** plain-answer: one text answer, no tools. */
export const HELLO = callsThenAnswer({
  prompt: 'Say hello to the fixture recorder in one short sentence.',
  marker: 'Say hello to the fixture recorder',
  answer: 'Hello, fixture recorder! This answer comes from a scripted model server.',
});

/** thinking / reasoning: a thought (the agent's own block, `thought` or `shortThought`) and the answer in one turn. */
export const MATH = {
  prompt: 'What is 17 * 23? Think it through first.',
  marker: 'What is 17 * 23?',
  thought: '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391. Double-check: 23 * 17 = 230 + 161 = 391.',
  shortThought: '17 * 23 = 17 * 20 + 17 * 3 = 340 + 51 = 391.',
  turns: ({ text, turn }, thought) => [turn(thought, text('17 * 23 = **391**.'))],
};

/** shell-tool: `ls` in the shell, then what it showed. */
export const LIST_FILES = callsThenAnswer({
  prompt: 'List the files in this project using the shell, then tell me what you saw.',
  marker: 'List the files in this project using the shell',
  intro: "I'll list the files.",
  answer: 'The project contains `README.md`, `hello.txt` and a `src/` folder.',
});

/** file-edit: write notes.txt (`content`), then replace `old` by `new` in it. */
export const NOTES = {
  ...callsThenAnswer({
    prompt: 'Create notes.txt with a short todo list, then change the first item.',
    marker: 'Create notes.txt with a short todo list',
    answer: 'Created `notes.txt` with two items and changed the first one to "buy oat milk".',
  }),
  content: 'TODO\n- buy milk\n- write fixtures\n',
  old: '- buy milk',
  new: '- buy oat milk',
};

/** failing-command: `ls /nonexistent` exits 2. */
export const MISSING_DIR = callsThenAnswer({
  prompt: 'Run ls on /nonexistent and tell me what happened.',
  marker: 'Run ls on /nonexistent',
  answer: 'The command failed: `/nonexistent` does not exist (exit code 2).',
});

/** timeout-command: `sleep 5` given a one-second timeout. */
export const SLEEP = callsThenAnswer({
  prompt: 'Run sleep 5 but give it only one second.',
  marker: 'Run sleep 5',
  answer: 'The command was stopped after the 1 second timeout.',
});

/** parallel-tools: read README.md and run `git log --oneline` in one turn. */
export const README_AND_LOG = callsThenAnswer({
  prompt: 'Read README.md and show the git log at the same time.',
  marker: 'Read README.md and show the git log',
  intro: "I'll do both at once.",
  answer: 'README.md describes the sandbox project, and the git log has a single commit: "initial commit".',
});

/** parallel-tools: read README.md and count the lines of src/main.js in one turn. */
export const README_AND_LINES = callsThenAnswer({
  prompt: 'Read README.md and count the lines of src/main.js at the same time.',
  marker: 'Read README.md and count the lines',
  intro: 'Doing both at once.',
  answer: 'README.md is a short sandbox description, and `src/main.js` has 1 line.',
});

/** long-session: `count` shell calls (`echo step N`), one a turn; `steps(call)` makes them from `call(n)`. */
export const ECHO_STEPS = (count) => ({
  ...callsThenAnswer({
    prompt: `Echo the steps one by one, ${count} of them.`,
    marker: 'Echo the steps one by one',
    answer: `All ${count} steps were echoed.`,
  }),
  steps: (call) => Array.from({ length: count }, (_, i) => call(i + 1)),
});

/** subagent: the main agent hands `task` to a subagent, whose prompt carries `subMarker` and which runs `ls | wc -l`. */
export const COUNT_FILES = {
  ...callsThenAnswer({
    prompt: 'Use a subagent to count the files in this project.',
    marker: 'Use a subagent to count the files',
    answer: 'The subagent counted 3 entries: README.md, hello.txt and src/.',
  }),
  task: 'SUBAGENT TASK: count the files in the current directory with ls and report the number.',
  subMarker: 'SUBAGENT TASK',
  subTurns: callsThenAnswer({ answer: 'There are 3 entries in the current directory.' }).turns,
};

/** denied-tool: a write of denied.txt (content 'nope\n') that the agent does not let happen; `answer` says how. */
export const DENIED_WRITE = (answer) =>
  callsThenAnswer({ prompt: 'Create a file called denied.txt containing the word nope.', marker: 'Create a file called denied.txt', answer });

/** file-edit: read hello.txt, replace `old` by `greeting` in it, create NOTES.md (`notes`) saying so. */
export const GREETING = (agent) => ({
  ...callsThenAnswer({
    prompt: `Change the greeting in hello.txt to "hello from ${agent}" and add a NOTES.md that says what you changed.`,
    marker: 'Change the greeting in hello.txt',
    intro: 'Let me read the file first.',
    answer: `Done: \`hello.txt\` now says "hello from ${agent}", and \`NOTES.md\` records the change.`,
  }),
  old: 'hello from the sandbox',
  greeting: `hello from ${agent}`,
  notes: `# Notes\n\n- hello.txt now says "hello from ${agent}".\n`,
});

/** failing-tool: tools that fail (a shell command that exits 2, a read of missing.txt, an edit of a typo not in hello.txt). */
export const MISSING_FILE = callsThenAnswer({
  prompt: 'Show me missing.txt and fix the typo "wrold" in hello.txt.',
  marker: 'Show me missing.txt',
  intro: 'Let me look at it.',
  answer: '`missing.txt` does not exist, and `hello.txt` has no "wrold" in it, so there was nothing to fix.',
});
