// Builds an agent's v31 scenarios from the stories (story.mjs): `toCall(step, sandbox)` makes the
// agent's tool call of a step, `think(text)` its reasoning block, `blocks` its server's turn shapes,
// `main(marker, turns)` its main conversation matcher; `extra` adds agent fields to each scenario.

import path from 'node:path';
import { STORIES } from './story.mjs';

const RECORDER = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../scripts/record-fixtures');
/** The recorder's own modules (servers, builders), wherever this corpus is. */
export const recorderModule = (rel) => import(path.join(RECORDER, rel));

const DESCRIPTIONS = {
  secrets:
    'v31 secrets session: the user pastes a token; the agent cats configs of many ecosystems, loads .envrc and prints it, shows the git remote, curls a local API with a bearer token (its JSON body holds a JSON string), reads a k8s secret (base64 .env) and an access log (URL-encoded secret), writes and edits files with secrets (one in a file path), reasons and answers repeating some.',
  clean: 'v31 clean session: lockfile hashes, commit ids, placeholders, code reading keys from env and managers, UUIDs, a base64 PNG, masked keys, a build manifest; a write and an edit; no secret.',
};

export function agentScenarios({ agent, toCall, think, blocks, main, extra = {} }) {
  const { text, turn } = blocks;
  return Object.entries(STORIES).map(([name, story]) => {
    const told = (sandbox) => story(agent, sandbox);
    const fixed = told('/SANDBOX');
    return {
      name,
      description: DESCRIPTIONS[name],
      prompt: fixed.prompt,
      setup: fixed.setup,
      ...extra,
      conversations: (ctx) => {
        const s = told(ctx.sandbox);
        const turns = s.steps.map((step, i) => turn(...(i === 0 ? [text(s.intro)] : []), toCall(step, ctx.sandbox)));
        turns.push(turn(think(s.reasoning), text(s.answer)));
        return main(s.marker, turns);
      },
    };
  });
}
