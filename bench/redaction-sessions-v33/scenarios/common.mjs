// Builds an agent's v33 scenarios from the stories (story.mjs). Every v33 agent talks to the
// recorder's Chat Completions server (servers/openai-chat.mjs): `toCall(step, sandbox)` makes the
// agent's tool call of a step; `ask(prompt)` gives the scenario fields carrying the prompt (one run
// each); `extra` adds agent fields (flags) to each scenario.

import path from 'node:path';
import { STORIES } from './story.mjs';

const RECORDER = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../scripts/record-fixtures');
const { contentText } = await import(path.join(RECORDER, 'servers/openai-chat.mjs'));
const { CHAT_BLOCKS } = await import(path.join(RECORDER, 'scenarios/builders.mjs'));
export const { call } = CHAT_BLOCKS;
const { text, reasoning, turn } = CHAT_BLOCKS;

const DESCRIPTIONS = {
  secrets:
    'v33 secrets session: a PEM key pasted in the prompt and written; an OpenSSH key cat; a service-account JSON through the read tool; a Django key rotated by an edit and shown by git diff; a migration whose stack trace prints a connection string; a token wrapped by fold; a heredoc .env; docker --build-arg/-e; curl -u with a URL api_key/sig query and a JSON answer holding several secrets; reasoning and an answer paraphrasing values.',
  clean: 'v33 clean session: a CA certificate, an ssh public key, a service-account example with placeholders, an edit and its diff, a stack trace without a password, a wrapped integrity hash, a heredoc of placeholders, docker and curl with references, a JSON answer of ids and digests; no secret.',
};

/** Position of the newest user message holding `marker`, or -1. */
function newestUserWith(body, marker) {
  const messages = body?.messages ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user' && contentText(messages[i].content).includes(marker)) return i;
  }
  return -1;
}

/** The one conversation of a prompt: requests whose user text holds `marker`; a step is a tool result after it. */
const conversation = (marker, turns) => [
  {
    name: 'main',
    match: (body) => newestUserWith(body, marker) >= 0,
    countSteps: (body) => (body?.messages ?? []).slice(newestUserWith(body, marker) + 1).filter((m) => m?.role === 'tool').length,
    turns,
  },
];

export function agentScenarios({ agent, toCall, ask, extra = {} }) {
  return Object.entries(STORIES).map(([name, story]) => {
    const fixed = story(agent, '/SANDBOX');
    return {
      name,
      description: DESCRIPTIONS[name],
      ...ask(fixed.prompt),
      setup: fixed.setup,
      ...extra,
      conversations: (ctx) => {
        const s = story(agent, ctx.sandbox);
        const turns = s.steps.map((step, i) => turn(...(i === 0 ? [text(s.intro)] : []), toCall(step, ctx.sandbox)));
        turns.push(turn(reasoning(s.reasoning), text(s.answer)));
        return conversation(s.marker, turns);
      },
    };
  });
}
