// Scenarios recorded against the real Kilo Code CLI (`kilo run --format json`, npm `@kilocode/cli`).
//
// Kilo runs OpenCode's code with OpenCode's tools (bash, read, write, edit, task with the same
// parameters), so most scenarios are OpenCode's own (scenarios/opencode.mjs), taken by name; the
// ones below are Kilo's. Fields as there, plus `env` (extra environment of the run).

import { userTexts } from '../servers/openai-chat.mjs';
import { PLANTED_CONFIG_JSON, PLANTED_DESCRIPTION, PLANTED_KEY_PATH, PLANTED_STORY, setupPlanted } from '../planted-secrets.mjs';
import { scenarios as openCodeScenarios } from './opencode.mjs';
import { CHAT_BLOCKS, teller } from './builders.mjs';

const { text, call, turn } = CHAT_BLOCKS;
const conversation = (marker, turns) => [{ name: 'main', match: (body) => userTexts(body).includes(marker), turns }];
/** The conversation of a story (scenarios/builders.mjs), told with these calls. */
const told = (story, ...steps) => conversation(story.marker, story.turns(CHAT_BLOCKS, ...steps));
/** A scenario telling a story (scenarios/builders.mjs teller). */
const tell = teller((question) => ({ prompt: question }), told);

const SHARED = ['plain-answer', 'reasoning', 'shell-tool', 'file-edit', 'denied-tool', 'rejected-tool', 'subagent'];
/** OpenCode's scenario, without what only OpenCode's recorder uses (its legacy release). */
const shared = (name) => {
  const { legacy: _legacy, ...scenario } = openCodeScenarios.find((s) => s.name === name);
  return scenario;
};

export const scenarios = [
  ...SHARED.map(shared),
  {
    name: 'failing-tool',
    description: 'A bash command that exits non-zero (ls /nonexistent), then a read of a file that does not exist (a tool error), then an answer.',
    prompt: 'Run ls on /nonexistent, then read missing.txt, and tell me what happened.',
    conversations: ({ sandbox }) =>
      conversation('Run ls on /nonexistent, then read', [
        turn(call('bash', { command: 'ls /nonexistent', description: 'List a missing directory' })),
        turn(call('read', { filePath: `${sandbox}/missing.txt` })),
        turn(text('Both failed: `/nonexistent` does not exist (exit code 2) and there is no missing.txt.')),
      ]),
  },
  tell({ name: 'planted-secrets', description: PLANTED_DESCRIPTION, setup: setupPlanted }, PLANTED_STORY, ({ sandbox }) => [
    call('bash', { command: 'cat .env', description: 'Show .env' }),
    call('bash', { command: `cat ${PLANTED_KEY_PATH}`, description: 'Show the deploy key' }),
    call('write', { filePath: `${sandbox}/config.json`, content: PLANTED_CONFIG_JSON() }),
  ]),
];
