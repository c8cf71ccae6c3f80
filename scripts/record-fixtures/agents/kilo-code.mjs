// Kilo Code CLI driver of the fixture recorder: the real `kilo` (npm `@kilocode/cli`, a Bun-compiled
// binary from the optional platform package `@kilocode/cli-<platform>-<arch>`) against the scripted
// Chat Completions server (servers/openai-chat.mjs), through a provider of its own config
// ($XDG_CONFIG_HOME/kilo/kilo.json) using `@ai-sdk/openai-compatible`. Scenarios: scenarios/kilo-code.mjs.
//
// Every scenario runs with a fresh HOME; when all scenarios are recorded they share one data folder,
// so one kilo.db holds all their sessions: it is published as fixtures/kilo-code/store/kilo.db (WAL
// checkpointed into the one file). Per scenario: stdout of `kilo run --format json` → run.jsonl,
// `kilo export <sessionID>` (stdout into a file) → export.json.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { REPO, SCRATCH, assertNoSecrets, baseAgentEnv, ensureTmpDir, innerScenario, isolationText, log, namespaceMode, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishFixture, publishRecording, recordEach, rmrf, runAgentProcess, runInner, scenarioModule, selectScenarios, sha256, shownEnv, stageSingleFile, startScenarioServer, writeRecording, writeRunFacts, xdgEnv } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';
import { noDownloadsEnv } from './opencode.mjs';

const PACKAGE = '@kilocode/cli';
/** The platform package holding the binary; installed by itself, since the `@kilocode/cli` wrapper only picks it (and 7.7.9 has no wrapper on the registry). */
const BINARY_PACKAGE = `@kilocode/cli-linux-${os.arch()}`;
// 7.8.1 is the newest @kilocode/cli, but none of its platform binaries is on the registry (checked
// 2026-11-29); 7.7.9 is the newest release whose linux binary is.
const VERSION = process.env.ATX_KILO_CODE_VERSION || '7.7.9';
const FAKE_KEY = 'sk-atx-kilo-fake-key-not-real';
const PROVIDER = 'atx';
const SANDBOX_ROOT = '/tmp/atx-sandbox-kilo';
const WORK = path.join(SCRATCH, 'kilo-code');
const STORE_DATA = path.join(WORK, 'store-data');
/** Kilo starts slowly (snapshots, indexing, migrations): a run gets longer than the recorder's default. */
const RUN_TIMEOUT_MS = 480_000;
const EXPORT_TIMEOUT_MS = 240_000;
const ALLOW_ALL = { edit: 'allow', bash: 'allow', webfetch: 'allow', external_directory: 'allow' };

function kiloBinary(dir) {
  const bin = path.join(dir, 'node_modules', ...BINARY_PACKAGE.split('/'), 'bin', 'kilo');
  return fs.existsSync(bin) ? bin : undefined;
}

function agentEnv(home, dataHome, scenario) {
  return {
    ...baseAgentEnv(home),
    ...xdgEnv(home, dataHome),
    ...noDownloadsEnv('KILO'),
    KILO_DISABLE_SHARE: '1',
    KILO_DISABLE_SESSION_INGEST: '1',
    KILO_TELEMETRY_LEVEL: 'off',
    KILO_NO_DAEMON: '1',
    KILO_DISABLE_CODEBASE_INDEXING: '1',
    ...scenario?.env,
  };
}

function ensureInstalled() {
  const dir = npmInstallPinned(BINARY_PACKAGE, VERSION);
  const bin = kiloBinary(dir);
  if (!bin) throw new Error(`installed ${BINARY_PACKAGE}@${VERSION} but found no kilo binary under ${dir}`);
  const home = path.join(WORK, 'version-home');
  const versionEnv = agentEnv(home, path.join(home, 'data'));
  ensureTmpDir(versionEnv);
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 120_000, env: versionEnv });
  const versionLine = (r.stdout ?? '').trim().split('\n').pop() ?? '';
  if (!versionLine.includes(VERSION)) throw new Error(`\`kilo --version\` said: ${versionLine}`);
  return { bin, versionLine };
}

function kiloConfig(scenario, port, apiKey) {
  const model = { name: 'ATX Coder', reasoning: true, tool_call: true, limit: { context: 128000, output: 8192 } };
  const options = { baseURL: `http://127.0.0.1:${port}/v1`, apiKey };
  const provider = { npm: '@ai-sdk/openai-compatible', name: 'atx scripted model server', options, models: { [CHAT_MODEL]: model } };
  return { $schema: 'https://app.kilo.ai/config.json', share: 'disabled', autoupdate: false, permission: scenario.permission ?? ALLOW_ALL, provider: { [PROVIDER]: provider }, model: `${PROVIDER}/${CHAT_MODEL}` };
}

const runArgs = (scenario) => ['run', '--format', 'json', ...(scenario.flags ?? []), '--model', `${PROVIDER}/${CHAT_MODEL}`, scenario.prompt];

/** `kilo export <id>` with stdout straight into a file (a Bun process may exit before a large pipe write ends). */
function exportSession({ bin, sessionId, cwd, env, runDir }) {
  const out = fs.openSync(path.join(runDir, 'export.json'), 'w');
  const err = fs.openSync(path.join(runDir, 'export-stderr.txt'), 'w');
  return new Promise((resolve) => {
    const child = spawn(bin, ['export', sessionId], { cwd, env, stdio: ['ignore', out, err], detached: true });
    // a loaded machine (load 40 on 2 cores) took over a minute to start kilo: a killed export left an empty export.json
    const timer = setTimeout(() => child.kill('SIGKILL'), EXPORT_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.closeSync(out);
      fs.closeSync(err);
      resolve(code);
    });
  });
}

export async function inner(spec) {
  const { runDir, home, dataHome, sandbox, bin } = spec;
  const scenario = await innerScenario('kilo-code', spec);
  const server = await startScenarioServer('openai-chat.mjs', scenario, { sandbox }, runDir, { models: [CHAT_MODEL] });
  fs.mkdirSync(path.join(home, '.config', 'kilo'), { recursive: true });
  fs.writeFileSync(path.join(home, '.config', 'kilo', 'kilo.json'), JSON.stringify(kiloConfig(scenario, server.port, FAKE_KEY), null, 2));
  const env = agentEnv(home, dataHome, scenario);
  const args = runArgs(scenario);
  const run = await runAgentProcess({ bin, args, cwd: sandbox, env, runDir, timeoutMs: scenario.timeoutMs ?? RUN_TIMEOUT_MS });
  fs.writeFileSync(path.join(runDir, 'run.jsonl'), run.stdout);
  const sessionId = parseJsonl(run.stdout).find((l) => typeof l.sessionID === 'string')?.sessionID;
  const exportExitCode = sessionId ? await exportSession({ bin, sessionId, cwd: sandbox, env, runDir }) : undefined;
  await server.close();
  writeRunFacts(runDir, { args, sessionId, ...processOutcome(run), exportExitCode, stats: server.stats });
}

/** prepareSandbox, tried again after a pause: its git commands fail now and then on a loaded machine. */
function sandboxWithRetry(scenario) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return prepareSandbox(scenario, SANDBOX_ROOT);
    } catch (err) {
      if (attempt >= 4) throw err;
      log(`kilo-code ${scenario.name}: sandbox attempt ${attempt} failed (${err.message}); trying again`);
      spawnSync('sleep', ['3']);
    }
  }
}

/** Where and how a run was recorded. */
const machineFacts = (ns) => ({
  recordedAt: new Date().toISOString(),
  nodeVersion: process.version,
  platform: `${process.platform}-${os.arch()}`,
  isolation: isolationText(ns),
  modelServer: 'scripts/record-fixtures/servers/openai-chat.mjs (scripted Chat Completions API on 127.0.0.1)',
});

const fileEntry = (buf, what) => ({ bytes: buf.length, sha256: sha256(buf), what });

async function recordOne(scenario, { bin, versionLine, ns, all }) {
  const runDir = path.join(WORK, 'runs', scenario.name);
  const home = path.join(WORK, 'home', scenario.name);
  const dataHome = all ? STORE_DATA : path.join(WORK, 'data', scenario.name);
  for (const dir of [runDir, home, ...(all ? [] : [dataHome])]) rmrf(dir);
  for (const dir of [runDir, home, dataHome]) fs.mkdirSync(dir, { recursive: true });
  const sandbox = sandboxWithRetry(scenario);
  log(`kilo-code ${scenario.name}: running ${versionLine}`);
  const spec = { driver: 'kilo-code', scenarioName: scenario.name, variant: 'current', runDir, home, dataHome, sandbox, bin };
  const run = await runInner(spec, ns, (scenario.timeoutMs ?? RUN_TIMEOUT_MS) + 90_000);
  log(`kilo-code ${scenario.name}: exit ${run.exitCode}, session ${run.sessionId}, model server ${JSON.stringify(run.stats)}`);
  if (!run.sessionId) throw new Error(`no sessionID on stdout; see ${runDir}`);
  if (run.exportExitCode !== 0) throw new Error(`kilo export ${run.sessionId} ended with ${run.exportExitCode ?? 'a kill (timeout)'}; see ${runDir}/export-stderr.txt`);
  const out = path.join(WORK, 'out', scenario.name);
  rmrf(out);
  fs.mkdirSync(out, { recursive: true });
  const files = {};
  for (const [name, what] of [['run.jsonl', 'stdout of `kilo run --format json`'], ['export.json', 'stdout of `kilo export <sessionID>` (into a file)']]) {
    const buf = fs.readFileSync(path.join(runDir, name));
    fs.writeFileSync(path.join(out, name), buf);
    files[name] = fileEntry(buf, what);
  }
  const recording = {
    agent: 'kilo-code',
    package: PACKAGE,
    binaryPackage: BINARY_PACKAGE,
    version: VERSION,
    versionOutput: versionLine,
    command: ['kilo', ...run.args],
    exportCommand: ['kilo', 'export', run.sessionId],
    sessionId: run.sessionId,
    cwd: path.join(SANDBOX_ROOT, scenario.name),
    env: shownEnv(agentEnv('$HOME', all ? '<shared store data folder>' : '$HOME/.local/share', scenario)),
    config: kiloConfig(scenario, 'PORT', '<fake key, not recorded>'),
    scenario: { name: scenario.name, description: scenario.description },
    run: { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, exportExitCode: run.exportExitCode, modelServer: run.stats },
    ...machineFacts(ns),
    ...(all ? { store: `fixtures/kilo-code/store/kilo.db#${run.sessionId}` } : {}),
    files,
  };
  writeRecording(out, recording);
  assertNoSecrets(out, [FAKE_KEY]);
  publishFixture(out, 'kilo-code', scenario.name);
  return run.sessionId;
}

/** A checkpointed copy of the shared kilo.db (read with the SQLite the adapter uses; only the copy is touched). */
function publishStore(sessions) {
  const copy = path.join(WORK, 'store-copy');
  rmrf(copy);
  fs.mkdirSync(copy, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const file = path.join(STORE_DATA, 'kilo', `kilo.db${suffix}`);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(copy, `kilo.db${suffix}`));
  }
  const { Database } = createRequire(path.join(REPO, 'package.json'))('node-sqlite3-wasm');
  const db = new Database(path.join(copy, 'kilo.db'), { fileMustExist: true });
  db.exec('PRAGMA locking_mode=EXCLUSIVE');
  const ids = db.all('SELECT id FROM session ORDER BY id').map((r) => r.id);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.exec('VACUUM');
  db.close();
  const out = path.join(WORK, 'out', 'store');
  const buf = stageSingleFile(path.join(copy, 'kilo.db'), out, [FAKE_KEY]);
  const recording = {
    agent: 'kilo-code', package: PACKAGE, binaryPackage: BINARY_PACKAGE, version: VERSION,
    what: 'the SQLite store ($XDG_DATA_HOME/kilo/kilo.db) that every scenario of one recorder run wrote into; its write-ahead log checkpointed into this one file and the copy vacuumed (content untouched)',
    recordedAt: new Date().toISOString(),
    sessions: ids,
    scenarios: sessions,
    files: { 'kilo.db': fileEntry(buf, 'kilo.db, WAL checkpointed') },
  };
  publishRecording(out, 'kilo-code', 'store', recording);
}

/** Records the named scenarios (all when none are named; only then is the shared store published). */
export async function record(names) {
  const { scenarios } = await import(scenarioModule('kilo-code'));
  const selected = selectScenarios('kilo-code', scenarios, names);
  const all = names.length === 0;
  fs.mkdirSync(WORK, { recursive: true });
  const installed = ensureInstalled();
  const ns = namespaceMode();
  if (all) rmrf(STORE_DATA);
  const sessions = {};
  const failed = await recordEach('kilo-code', selected, async (scenario) => {
    sessions[scenario.name] = await recordOne(scenario, { ...installed, ns, all });
  });
  if (all && failed.length === 0) publishStore(sessions);
  return failed;
}
