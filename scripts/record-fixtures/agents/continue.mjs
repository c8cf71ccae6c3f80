// Continue CLI driver of the fixture recorder: the real `cn` (npm `@continuedev/cli`, plain JS)
// in headless mode against the scripted Chat Completions server (servers/openai-chat.mjs), with
// no Continue hub login: a local config.yaml names one `provider: openai` model whose apiBase is
// the loopback server, and `--config` points at it. Scenarios: scenarios/continue.mjs.
//
// Each scenario is one fresh HOME and one `cn -p --format json --config <config.yaml> [flags] "<prompt>"`.
// What is kept:
//   stdout.jsonl     the run's stdout, byte for byte (one JSON object a line)
//   <id>.json        ~/.continue/sessions/<id>.json, the saved session
// and, in recording.json, the entries of ~/.continue/sessions/sessions.json (the index of the
// saved sessions: a JSON array, which atx reads as no session).
// The config (it holds the fake key), logs/cn.log and permissions.yaml are not copied.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, assertNoSecrets, baseAgentEnv, checkedVersionLine, innerTimeoutMs, installOnce, isolationText, log, loopbackUp, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishFixture, recordScenarios, rmrf, scenarioModule, runAgentProcess, runInner, sha256, versionHome, writeRecording, writeRunFacts } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';

/** What this driver records, and where it works. */
const CN = {
  package: '@continuedev/cli',
  version: process.env.ATX_CONTINUE_VERSION || '1.5.47',
  model: CHAT_MODEL,
  // the apiKey of the local config: fake, and checked never to reach a fixture
  fakeKey: 'sk-continue-fixture-not-a-real-key',
  sandboxes: '/tmp/atx-sandbox-continue',
  work: path.join(SCRATCH, 'continue'),
};

function agentEnv(home, tmp) {
  return { ...baseAgentEnv(home), TMPDIR: tmp, NO_COLOR: '1', CONTINUE_CLI_ENABLE_TELEMETRY: '0' };
}

/** A config.yaml with one model served by the loopback server; no hub, no login. */
function localConfig(port) {
  return [
    'name: atx-fixture-recorder',
    'version: 0.0.1',
    'schema: v1',
    'models:',
    `  - name: ${CN.model}`,
    '    provider: openai',
    `    model: ${CN.model}`,
    `    apiBase: http://127.0.0.1:${port}/v1`,
    `    apiKey: ${CN.fakeKey}`,
    '    roles: [chat]',
    '',
  ].join('\n');
}

function ensureInstalled(version) {
  const dir = npmInstallPinned(CN.package, version);
  const bin = path.join(dir, 'node_modules', '.bin', 'cn');
  const home = versionHome(CN.work);
  const versionLine = checkedVersionLine({ bin, env: agentEnv(home, home), pkg: CN.package, version, command: 'cn --version', lastLine: true });
  return { bin, versionLine };
}

const runArgs = (scenario, configPath) => ['-p', '--format', 'json', '--config', configPath, ...(scenario.flags ?? []), scenario.prompt];

/** The scripted model server of one scenario, on loopback, logging into the run folder. */
async function serveScript(scenario, sandbox, runDir) {
  const { startModelServer } = await import('../servers/openai-chat.mjs');
  const conversations = scenario.conversations({ sandbox });
  return startModelServer({ scenario: { name: scenario.name, conversations }, logFile: path.join(runDir, 'model-server.log'), models: [CN.model] });
}

/** Inside the namespace: the server, the config naming it, one headless `cn` run. */
export async function inner(spec) {
  loopbackUp(spec);
  const scenario = (await import(scenarioModule('continue'))).scenarios.find(({ name }) => name === spec.scenarioName);
  const server = await serveScript(scenario, spec.sandbox, spec.runDir);
  const configPath = path.join(spec.runDir, 'config.yaml');
  fs.writeFileSync(configPath, localConfig(server.port));
  const timeoutMs = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const run = await runAgentProcess({ bin: spec.bin, args: runArgs(scenario, configPath), cwd: spec.sandbox, env: agentEnv(spec.home, spec.tmp), runDir: spec.runDir, timeoutMs });
  fs.writeFileSync(path.join(spec.runDir, 'stdout.jsonl'), run.stdout);
  await server.close();
  writeRunFacts(spec.runDir, { ...processOutcome(run), port: server.port, stats: server.stats });
}

/** Roles, tool call states and their statuses in a saved session: what the fixture holds. */
function summarizeSession(session) {
  const tally = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const summary = { items: 0, roles: {}, toolStatuses: {}, fields: {} };
  for (const item of session.history ?? []) {
    summary.items++;
    tally(summary.roles, item.message?.role ?? '(none)');
    for (const key of Object.keys(item)) tally(summary.fields, key);
    for (const state of item.toolCallStates ?? []) tally(summary.toolStatuses, state.status ?? '(none)');
  }
  return summary;
}

const kept = (buf, what, summary) => ({ bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) });

function collect(scenario, { home, runDir, tmpOut }) {
  const files = {};
  const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
  fs.writeFileSync(path.join(tmpOut, 'stdout.jsonl'), stdout);
  files['stdout.jsonl'] = kept(stdout, 'stdout of `cn -p --format json ...`, byte for byte', { lines: parseJsonl(stdout).length });
  const sessionsDir = path.join(home, '.continue', 'sessions');
  const sessionFiles = fs.readdirSync(sessionsDir).filter((f) => f.endsWith('.json') && f !== 'sessions.json');
  if (sessionFiles.length !== 1) throw new Error(`${scenario.name}: expected one session file, found ${sessionFiles.join(', ') || 'none'}`);
  const name = sessionFiles[0];
  const buf = fs.readFileSync(path.join(sessionsDir, name));
  fs.writeFileSync(path.join(tmpOut, name), buf);
  files[name] = kept(buf, `~/.continue/sessions/${name}, byte for byte`, summarizeSession(JSON.parse(buf.toString('utf8'))));
  // the index is a JSON array, not a session: its entry is kept in recording.json, not as a file
  files['sessions.json'] = { index: JSON.parse(fs.readFileSync(path.join(sessionsDir, 'sessions.json'), 'utf8')), what: '~/.continue/sessions/sessions.json (the index of the saved sessions), parsed' };
  return { files, sessionId: sessionFiles[0].replace(/\.json$/, '') };
}

/** The agent's environment as recorded: scratch paths by name, PATH left out. */
function recordedEnv(name) {
  const env = agentEnv(`<scratch>/continue/home/${name}`, `<scratch>/continue/tmp/${name}`);
  return { ...env, PATH: '<inherited>' };
}

const hostFacts = (ns) => ({ nodeVersion: process.version, platform: `${process.platform}-${os.arch()}`, isolation: isolationText(ns) });

async function recordScenario(scenario, { bin, versionLine, version, ns }) {
  const dirs = Object.fromEntries(['out', 'runs', 'home', 'tmp'].map((kind) => [kind, path.join(CN.work, kind, scenario.name)]));
  for (const dir of Object.values(dirs)) {
    rmrf(dir);
    fs.mkdirSync(dir, { recursive: true });
  }
  const sandbox = prepareSandbox(scenario, CN.sandboxes);
  log(`continue ${scenario.name} (${namespaceNote(ns)})`);
  const spec = { driver: 'continue', scenarioName: scenario.name, variant: 'headless', runDir: dirs.runs, home: dirs.home, tmp: dirs.tmp, sandbox, bin };
  const run = await runInner(spec, ns, innerTimeoutMs(scenario), scenario.name);
  if (run.exitCode !== 0 || run.timedOut) throw new Error(`${scenario.name}: cn exited ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}; see ${dirs.runs}`);

  const { files, sessionId } = collect(scenario, { home: dirs.home, runDir: dirs.runs, tmpOut: dirs.out });
  assertNoSecrets(dirs.out, [CN.fakeKey]);
  const recording = {
    agent: 'continue',
    package: CN.package,
    version,
    versionOutput: versionLine,
    command: ['cn', ...runArgs(scenario, '<scratch>/config.yaml')],
    config: localConfig('PORT').replace(CN.fakeKey, '<fake key, not recorded>'),
    cwd: sandbox,
    env: recordedEnv(scenario.name),
    ...hostFacts(ns),
    modelServer: 'scripted-openai-chat (scripts/record-fixtures/servers/openai-chat.mjs, Chat Completions on 127.0.0.1)',
    recordedAt: new Date().toISOString(),
    scenario: (({ name, description, prompt }) => ({ name, description, prompt }))(scenario),
    run: { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs },
    modelServerStats: run.stats,
    sessionId,
    notKept: {
      'config.yaml': 'the local model config passed with --config (holds the fake key); shown above without it',
      'logs/cn.log, permissions.yaml': 'the CLI log and its default tool permissions under ~/.continue/; not copied',
    },
    files,
  };
  writeRecording(dirs.out, recording);
  publishFixture(dirs.out, 'continue', scenario.name);
  log(`continue ${scenario.name}: ${JSON.stringify(files[`${sessionId}.json`].summary)}`);
}

/** Records the named scenarios (all when none are named); installs `cn` before the first. */
export function record(names) {
  const installed = installOnce(ensureInstalled);
  return recordScenarios('continue', names, { workDir: CN.work, recordOne: (s, ns) => recordScenario(s, { ...installed(s.version ?? CN.version), version: s.version ?? CN.version, ns }) });
}
