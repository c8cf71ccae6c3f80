#!/usr/bin/env node
// Fixture recorder: runs REAL agent CLIs against a scripted local model server and saves what
// each agent printed and wrote, byte for byte, into fixtures/<agent>/<scenario>/.
//
//   npm run fixtures:record                               # every agent, every scenario
//   npm run fixtures:record -- claude-code                # one agent
//   npm run fixtures:record -- claude-code shell-tool thinking
//
// One driver per agent in agents/<agent>.mjs exports `record(scenarioNames)` (resolves with the
// names that failed) and `inner(spec)` (the part that runs inside the network namespace).
// Shared pieces are in lib.mjs; model servers in servers/. Env: ATX_RECORD_DIR (scratch folder,
// default $TMPDIR/atx-record), ATX_RECORD_NO_NAMESPACE=1 (skip unshare), ATX_<AGENT>_VERSION,
// ATX_RECORD_SCENARIOS_DIR (a corpus's own <agent>.mjs scenario files), ATX_RECORD_FIXTURES_DIR
// (publish there instead of fixtures/).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCRIPTS_DIR, log, removeSandboxes } from './lib.mjs';

const AGENTS = fs.readdirSync(path.join(SCRIPTS_DIR, 'agents')).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -4)).sort();
const driver = (name) => import(`./agents/${name}.mjs`);

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--inner') {
    const spec = JSON.parse(argv[1]);
    return (await driver(spec.driver)).inner(spec);
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`usage: npm run fixtures:record -- [agent [scenario ...]]\n  no agent: every agent, every scenario (rewrites fixtures/)\n  agents: ${AGENTS.join(', ')}\n  env: ATX_RECORD_DIR, ATX_RECORD_NO_NAMESPACE=1, ATX_<AGENT>_VERSION,\n       ATX_RECORD_SCENARIOS_DIR (take <agent>.mjs scenarios from there), ATX_RECORD_FIXTURES_DIR (publish there, not fixtures/)\n`);
    return;
  }
  const flags = argv.filter((a) => a.startsWith('-'));
  if (flags.length) {
    // a mistyped flag must not fall through to "record everything"
    log(`unknown option ${flags[0]}; see --help`);
    process.exit(2);
  }
  const names = argv;
  if (names.length && !AGENTS.includes(names[0])) {
    log(`unknown agent "${names[0]}"; known: ${AGENTS.join(', ')}`);
    process.exit(2);
  }
  const plan = names.length ? [[names[0], names.slice(1)]] : AGENTS.map((agent) => [agent, []]);
  const failed = [];
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      removeSandboxes();
      process.exit(128 + os.constants.signals[signal]);
    });
  }
  try {
    for (const [agent, scenarios] of plan) {
      for (const name of await (await driver(agent)).record(scenarios)) failed.push(`${agent}/${name}`);
    }
  } finally {
    removeSandboxes();
  }
  if (failed.length) {
    log(`failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
