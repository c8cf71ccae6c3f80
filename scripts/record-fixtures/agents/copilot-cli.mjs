// GitHub Copilot CLI driver of the fixture recorder: the real `copilot` (@github/copilot, a Node
// single-executable per platform) against the scripted Chat Completions server
// (servers/openai-chat.mjs), through Copilot's bring-your-own-model settings (COPILOT_OFFLINE,
// COPILOT_PROVIDER_*). Scenarios: scenarios/copilot-cli.mjs.
//
// Each prompt of a scenario is one `copilot -p ... --output-format json` run: the first creates the
// session under a fixed id (--session-id), later ones resume it (--resume). What is kept:
//   stdout.jsonl (stdout.2.jsonl, ...)  each run's stdout, byte for byte
//   events.jsonl                        ~/.copilot/session-state/<id>/events.jsonl after the last run
//   workspace.yaml, checkpoints/, rewind-file-snapshots/   the files beside it
// The 235 MB package Copilot unpacks on first start is shared between runs (COPILOT_PKG_CACHE_HOME).

import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, assertNoSecrets, baseAgentEnv, ensureTmpDir, checkedVersionLine, copyTree, freshDirs, innerScenario, installOnce, log, npmInstallPinned, parseJsonl, prepareSandbox, publishRecording, recordScenarios, recordingContext, rmrf, runEachPrompt, runPromptsInNamespace, sha256, startScenarioServer, versionHome } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';

const PACKAGE = '@github/copilot';
const VERSION = process.env.ATX_COPILOT_VERSION || '1.0.102';
const FAKE_KEY = 'sk-copilot-fixture-not-a-real-key';
const SANDBOX_ROOT = '/tmp/atx-sandbox-copilot';
const WORK = path.join(SCRATCH, 'copilot-cli');
const PKG_CACHE = path.join(WORK, 'pkg-cache');
/** files of the session folder that are not kept: locks, and the per-session SQLite workflow store */
const NOT_KEPT = /\.lock$|\.db(-wal|-shm)?$/;

const installDir = (version) => path.join(SCRATCH, `${PACKAGE.replace(/[@/]/g, '_')}-${version}`);

/** A stable session id per scenario, so re-recordings diff cleanly. */
const sessionIdFor = (name) => {
  const hex = crypto.createHash('sha256').update(`atx-copilot-fixture:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Releases without a native platform package (1.0.0 and older) run their `index.js` and refuse
 * Node < 24: they get a Node 24 from npm first on PATH (their bin is a `#!/usr/bin/env node` script).
 */
const NODE = { package: `node-${process.platform}-${os.arch()}`, version: process.env.ATX_COPILOT_NODE_VERSION || '24.21.0' };
const nodeBinDir = () => path.join(SCRATCH, `${NODE.package}-${NODE.version}`, 'node_modules', NODE.package, 'bin');
const hasNativePackage = (version) => fs.existsSync(path.join(installDir(version), 'node_modules', '@github', `copilot-${process.platform}-${os.arch()}`));
const needsOwnNode = (version) => version !== undefined && !hasNativePackage(version);

function agentEnv(home, port, scenario = {}) {
  const base = baseAgentEnv(home);
  if (needsOwnNode(scenario.version)) base.PATH = `${nodeBinDir()}:${base.PATH}`;
  return {
    ...base,
    COPILOT_OFFLINE: 'true',
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port ?? 'PORT'}/v1`,
    COPILOT_PROVIDER_API_KEY: FAKE_KEY,
    COPILOT_PROVIDER_WIRE_API: scenario.wire ?? 'completions',
    COPILOT_MODEL: scenario.model ?? CHAT_MODEL,
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PKG_CACHE_HOME: PKG_CACHE,
  };
}

/** Chat Completions unless the scenario asks for the Responses API (`wire: 'responses'`). */
const serverFor = (scenario) => (scenario.wire === 'responses' ? 'openai-responses.mjs' : 'openai-chat.mjs');

function ensureInstalled(version) {
  npmInstallPinned(PACKAGE, version);
  if (needsOwnNode(version)) npmInstallPinned(NODE.package, NODE.version);
  const bin = path.join(installDir(version), 'node_modules', '.bin', 'copilot');
  const home = versionHome(WORK);
  const env = agentEnv(home, undefined, { version });
  const versionLine = checkedVersionLine({ bin, env, pkg: PACKAGE, version, command: 'copilot --version' });
  ensureTmpDir(env);
  const help = spawnSync(bin, ['--help'], { encoding: 'utf8', timeout: 120_000, env }).stdout ?? '';
  return { bin, versionLine, knownFlags: [...new Set(help.match(/--[a-z][a-z-]*/g) ?? [])] };
}

/** Flags this recorder passes that older releases lack (1.0.0: no --session-id, no telemetry switch) are left out. */
function buildArgs(scenario, index, sessionId, knownFlags) {
  const args = [
    '-p', scenario.prompts[index],
    '--output-format', 'json',
    '--allow-all-tools', '--allow-all-paths', '--disable-client-telemetry', '--no-auto-update',
    index === 0 ? '--session-id' : '--resume', sessionId,
    ...(scenario.flags ?? []),
  ];
  if (!knownFlags) return args;
  const kept = [];
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('--') || knownFlags.includes(args[i])) kept.push(args[i]);
    else if (args[i] === '--session-id') i++; // and its value
  }
  return kept;
}

export async function inner(spec) {
  const { runDir, home, sandbox, bin, sessionId, knownFlags } = spec;
  const scenario = await innerScenario('copilot-cli', spec);
  const server = await startScenarioServer(serverFor(scenario), scenario, { sandbox }, runDir, { models: [scenario.model ?? CHAT_MODEL] });
  const env = { ...agentEnv(home, server.port, scenario), ...(scenario.env ?? {}) };
  const timeoutMs = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { runs } = await runEachPrompt({ bin, buildArgs: (sc, i, id) => buildArgs(sc, i, id, knownFlags), scenario, sandbox, env, runDir, timeoutMs, sessionId });
  await server.close();
  fs.writeFileSync(path.join(runDir, 'run.json'), JSON.stringify({ runs, port: server.port, stats: server.stats, envNames: Object.keys(env) }, null, 2));
}

/** Short structural summary of a Copilot JSONL file, for recording.json and the console. */
export function summarizeJsonl(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {}, ephemeral: 0, toolNames: {}, failedTools: 0 };
  for (const l of lines) {
    inc(s.types, l.type ?? '(none)');
    if (l.ephemeral) s.ephemeral++;
    if (l.type === 'tool.execution_start') inc(s.toolNames, l.data?.toolName ?? '(none)');
    if (l.type === 'tool.execution_complete' && l.data?.success === false) s.failedTools++;
  }
  return s;
}

const stdoutName = (index) => (index === 0 ? 'stdout.jsonl' : `stdout.${index + 1}.jsonl`);

function fileEntry(buf, what, summary) {
  return { bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) };
}

/** Where each planted marker string shows up, for scenarios that ask (masking of tokens). */
function markerPresence(tmpOut, markers) {
  const found = {};
  for (const name of fs.readdirSync(tmpOut).filter((f) => f.endsWith('.jsonl'))) {
    const text = fs.readFileSync(path.join(tmpOut, name), 'utf8');
    found[name] = Object.fromEntries(markers.map((m) => [m, text.split(m).length - 1]));
  }
  return found;
}

/** The session's folder: named by --session-id, else (a release without it) the only one there. */
function sessionFolder(home, sessionId) {
  const root = path.join(home, '.copilot', 'session-state');
  if (fs.existsSync(path.join(root, sessionId))) return path.join(root, sessionId);
  const found = fs.readdirSync(root).filter((f) => fs.statSync(path.join(root, f)).isDirectory());
  if (found.length !== 1) throw new Error(`expected one session folder under ${root}, found ${found.join(', ') || 'none'}`);
  return path.join(root, found[0]);
}

async function recordScenario(scenario, { bin, versionLine, knownFlags, version, ns }) {
  const tmpOut = path.join(WORK, 'out', scenario.name);
  const runDir = path.join(WORK, 'runs', scenario.name);
  const home = path.join(WORK, 'home', scenario.name);
  freshDirs(tmpOut, runDir, home);
  const sessionId = sessionIdFor(scenario.name);
  const sandbox = prepareSandbox(scenario, SANDBOX_ROOT);
  const spec = { driver: 'copilot-cli', scenarioName: scenario.name, variant: 'json', runDir, home, sandbox, bin, sessionId, knownFlags };
  const run = await runPromptsInNamespace(spec, ns, scenario, 'copilot');

  const files = {};
  run.runs.forEach((_, i) => {
    const buf = fs.readFileSync(path.join(runDir, `run-${i + 1}`, 'stdout.jsonl'));
    const summary = summarizeJsonl(parseJsonl(buf));
    // a slash-command run (/compact) prints no conversation at all: kept, but not as a .jsonl the
    // golden test would expect a Transcript from
    const name = summary.types['user.message'] ? stdoutName(i) : stdoutName(i).replace(/\.jsonl$/, '.txt');
    fs.writeFileSync(path.join(tmpOut, name), buf);
    files[name] = fileEntry(buf, `stdout of run ${i + 1} (\`copilot -p ... --output-format json\`), byte for byte${name.endsWith('.txt') ? '; JSON lines, but no conversation events in it' : ''}`, summary);
  });
  const sessionDir = sessionFolder(home, sessionId);
  const events = fs.readFileSync(path.join(sessionDir, 'events.jsonl'));
  fs.writeFileSync(path.join(tmpOut, 'events.jsonl'), events);
  files['events.jsonl'] = fileEntry(events, `~/.copilot/session-state/<id>/events.jsonl after the last run, byte for byte`, summarizeJsonl(parseJsonl(events)));
  const beside = [];
  const dropped = [];
  copyTree(sessionDir, tmpOut, beside, '');
  for (const rel of beside) {
    if (rel === 'events.jsonl') continue;
    if (NOT_KEPT.test(rel)) {
      if (!rel.endsWith('.lock')) dropped.push(rel);
      rmrf(path.join(tmpOut, rel));
      continue;
    }
    files[rel] = fileEntry(fs.readFileSync(path.join(tmpOut, rel)), `~/.copilot/session-state/<id>/${rel}, byte for byte`);
  }
  const store = fs.readdirSync(path.join(home, '.copilot')).filter((f) => f.startsWith('session-store.db'));

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const envShown = Object.fromEntries(Object.entries(agentEnv(`<scratch>/copilot-cli/home/${scenario.name}`, undefined, scenario)).map(([k, v]) => {
    if (k === 'PATH') return [k, '<inherited>'];
    if (k === 'COPILOT_PROVIDER_API_KEY') return [k, '<fake key, not recorded>'];
    if (k === 'COPILOT_PKG_CACHE_HOME') return [k, '<scratch>/copilot-cli/pkg-cache'];
    return [k, v];
  }));
  const recording = {
    agent: 'copilot-cli',
    package: PACKAGE,
    version,
    versionOutput: versionLine,
    commands: scenario.prompts.map((_, i) => ['copilot', ...buildArgs(scenario, i, sessionId, knownFlags)]),
    cwd: sandbox,
    env: { ...envShown, ...(scenario.env ?? {}) },
    nodeVersion: process.version,
    ...(needsOwnNode(version) ? { runtime: `Node ${NODE.version} from npm ${NODE.package}, first on PATH (this release has no native package and needs Node >= 24)` } : {}),
    ...recordingContext(ns, `scripts/record-fixtures/servers/${serverFor(scenario)} (scripted OpenAI ${scenario.wire === 'responses' ? 'Responses' : 'Chat Completions'} API on 127.0.0.1)`, scenario, { prompts: scenario.prompts }),
    runs: run.runs.map((r) => ({ exitCode: r.exitCode, signal: r.signal, timedOut: r.timedOut, durationMs: r.durationMs })),
    modelServerStats: run.stats,
    notKept: {
      'session-store.db': `SQLite index of all sessions beside session-state/ (${store.join(', ') || 'none'}); not copied`,
      ...(dropped.length ? { [dropped.join(', ')]: 'per-session SQLite workflow store written beside events.jsonl (workflow_* and factory_* tables, empty in this run); not copied' } : {}),
    },
    ...(scenario.markers ? { markers: markerPresence(tmpOut, scenario.markers) } : {}),
    files,
  };
  publishRecording(tmpOut, 'copilot-cli', scenario.name, recording);
  log(`copilot-cli ${scenario.name}: ${Object.keys(files).length} files; events ${JSON.stringify(files['events.jsonl'].summary.types)}`);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  const installed = installOnce(ensureInstalled);
  return recordScenarios('copilot-cli', names, { workDir: WORK, recordOne: (s, ns) => recordScenario(s, { ...installed(s.version ?? VERSION), version: s.version ?? VERSION, ns }) });
}
