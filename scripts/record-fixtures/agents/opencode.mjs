// OpenCode driver of the fixture recorder: the real `opencode` CLI (npm `opencode-ai`) against the
// scripted OpenAI Chat Completions server (servers/openai-chat.mjs), through a provider of its own
// config that uses the built-in `@ai-sdk/openai-compatible`. Scenarios: scenarios/opencode.mjs.
//
// Two releases are recorded:
//   current (ATX_OPENCODE_VERSION, default 1.18.33): keeps sessions in SQLite
//     (~/.local/share/opencode/opencode.db). Every scenario of a run shares one data folder, so one
//     small database holds all their sessions: it is published as fixtures/opencode/store/opencode.db
//     (WAL checkpointed into the one file), and only by a run of all scenarios.
//   legacy (ATX_OPENCODE_LEGACY_VERSION, default 1.1.65, the last release before 1.2): keeps them as
//     a JSON file tree (storage/session|message|part); scenarios marked `legacy` are also recorded
//     with it, into fixtures/opencode/legacy-<scenario>/ (run.jsonl, export.json, storage/**).
// For each run: stdout of `opencode run --format json` (through a pipe, as `| atx convert` reads
// it) → run.jsonl, stdout of `opencode export <sessionID>` (into a file: see exportToFile) →
// export.json.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { DEFAULT_TIMEOUT_MS, REPO, SANDBOX_ROOT, SCRATCH, assertNoSecrets, baseAgentEnv, copyTree, innerScenario, isolationNote, log, namespaceMode, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishFixture, publishRecording, recordingContext, rmrf, runAgentProcess, runInner, scenarioModule, selectScenarios, sha256, shownEnv, stageSingleFile, startScenarioServer, writeRecording, writeRunFacts, xdgEnv } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';

const PACKAGE = 'opencode-ai';
const VERSION = process.env.ATX_OPENCODE_VERSION || '1.18.33';
const LEGACY_VERSION = process.env.ATX_OPENCODE_LEGACY_VERSION || '1.1.65';
const FAKE_KEY = 'sk-atx-opencode-fake-key-not-real';
const PROVIDER = 'atx';
const ROOT = path.join(SCRATCH, 'opencode');
/** the data folder every current-release scenario of a run writes into (one opencode.db) */
const STORE_DATA = path.join(ROOT, 'store-data');

const installDir = (version) => path.join(SCRATCH, `${PACKAGE}-${version}`);

function platformPackage() {
  const arch = os.arch();
  let musl = false;
  try {
    musl = process.platform === 'linux' && !process.report.getReport().header.glibcVersionRuntime;
  } catch {}
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return [`opencode-${platform}-${arch}${musl ? '-musl' : ''}`, `opencode-${platform}-${arch}-baseline${musl ? '-musl' : ''}`];
}

/** The native binary of the platform package (a Bun-compiled executable); Node only runs the recorder. */
function opencodeBinary(version) {
  const modules = path.join(installDir(version), 'node_modules');
  const candidates = [...platformPackage().map((p) => path.join(modules, p, 'bin', 'opencode')), path.join(modules, PACKAGE, 'bin', 'opencode')];
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue;
    const home = path.join(ROOT, 'version-home');
    const r = spawnSync(c, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: home, XDG_DATA_HOME: `${home}/data`, XDG_CONFIG_HOME: `${home}/config`, XDG_STATE_HOME: `${home}/state`, XDG_CACHE_HOME: `${home}/cache`, OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' } });
    const line = r.stdout.trim().split('\n')[0] ?? '';
    if (r.status === 0 && line.includes(version)) return { bin: c, versionLine: line };
  }
  return null;
}

function ensureInstalled(version) {
  const dir = npmInstallPinned(PACKAGE, version);
  if (dir !== installDir(version)) throw new Error(`unexpected install folder ${dir}`);
  const found = opencodeBinary(version);
  if (!found) throw new Error(`installed ${PACKAGE}@${version} but found no working binary under ${dir}`);
  return found;
}

/** No model list fetch, no self-update, no LSP downloads: for OpenCode, and under KILO_ for its fork Kilo. */
export const noDownloadsEnv = (prefix = 'OPENCODE') => ({
  [`${prefix}_DISABLE_MODELS_FETCH`]: '1',
  [`${prefix}_DISABLE_AUTOUPDATE`]: '1',
  [`${prefix}_DISABLE_LSP_DOWNLOAD`]: '1',
});

function agentEnv({ home, dataHome }) {
  return { ...baseAgentEnv(home), ...xdgEnv(home, dataHome), ...noDownloadsEnv() };
}

const ALLOW_ALL = { edit: 'allow', bash: 'allow', webfetch: 'allow', external_directory: 'allow' };

function opencodeConfig(scenario, port) {
  return {
    $schema: 'https://opencode.ai/config.json',
    share: 'disabled',
    autoupdate: false,
    permission: scenario.permission ?? ALLOW_ALL,
    provider: {
      [PROVIDER]: {
        npm: '@ai-sdk/openai-compatible',
        name: 'atx scripted model server',
        options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: FAKE_KEY },
        models: { [CHAT_MODEL]: { name: 'ATX Coder', reasoning: true, tool_call: true, limit: { context: 128000, output: 8192 } } },
      },
    },
    model: `${PROVIDER}/${CHAT_MODEL}`,
  };
}

function runArgs(scenario) {
  return ['run', '--format', 'json', ...(scenario.flags ?? []), '--model', `${PROVIDER}/${CHAT_MODEL}`, scenario.prompt];
}

export async function inner(spec) {
  const { runDir, home, dataHome, sandbox, bin } = spec;
  const scenario = await innerScenario('opencode', spec);
  const ctx = { sandbox };
  const server = await startScenarioServer('openai-chat.mjs', scenario, ctx, runDir, { models: [CHAT_MODEL] });
  fs.mkdirSync(path.join(home, '.config', 'opencode'), { recursive: true });
  fs.writeFileSync(path.join(home, '.config', 'opencode', 'opencode.json'), JSON.stringify(opencodeConfig(scenario, server.port), null, 2));
  const env = agentEnv({ home, dataHome });
  const args = runArgs(scenario);
  const run = await runAgentProcess({ bin, args, cwd: sandbox, env, runDir, timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  fs.writeFileSync(path.join(runDir, 'run.jsonl'), run.stdout);
  fs.renameSync(path.join(runDir, 'stderr.txt'), path.join(runDir, 'run-stderr.txt'));
  const sessionId = parseJsonl(run.stdout).find((l) => typeof l.sessionID === 'string')?.sessionID;
  let exported;
  if (sessionId) exported = await exportToFile({ bin, sessionId, cwd: sandbox, env, runDir });
  await server.close();
  writeRunFacts(runDir, {
    args, sessionId, ...processOutcome(run),
    exportExitCode: exported?.code, port: server.port, stats: server.stats, envNames: Object.keys(env),
  });
}

/**
 * `opencode export <id>` with stdout written straight to a file. Through a pipe, 1.18.33 loses
 * everything past the first 64 KiB of a large export (the Bun process exits before its stdout
 * write finishes), so the export is never read from a pipe.
 */
function exportToFile({ bin, sessionId, cwd, env, runDir }) {
  const out = fs.openSync(path.join(runDir, 'export.json'), 'w');
  const err = fs.openSync(path.join(runDir, 'export-stderr.txt'), 'w');
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(bin, ['export', sessionId], { cwd, env, stdio: ['ignore', out, err], detached: true });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      fs.closeSync(out);
      fs.closeSync(err);
      try {
        process.kill(-child.pid, 'SIGKILL'); // leftovers in its process group
      } catch {}
      resolve({ code, signal, durationMs: Date.now() - started });
    });
  });
}

/** Short structural summary of a `run --format json` stdout, for recording.json and the console. */
function summarizeRun(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {}, partTypes: {}, toolStates: {}, tools: {} };
  for (const l of lines) {
    inc(s.types, l.type ?? '(none)');
    if (l.part) inc(s.partTypes, l.part.type);
    if (l.part?.type === 'tool') {
      inc(s.toolStates, l.part.state?.status);
      inc(s.tools, l.part.tool);
    }
  }
  return s;
}

function summarizeExport(doc) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { messages: 0, roles: {}, partTypes: {}, toolStates: {} };
  for (const m of doc?.messages ?? []) {
    s.messages++;
    inc(s.roles, m.info?.role);
    for (const p of m.parts ?? []) {
      inc(s.partTypes, p.type);
      if (p.type === 'tool') inc(s.toolStates, p.state?.status);
    }
  }
  return s;
}

const fileEntry = (buf, what, summary) => ({ bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) });

async function recordRun(scenario, { release, bin, versionLine, ns, dataHome, tmpOut }) {
  const label = release === 'legacy' ? `legacy-${scenario.name}` : scenario.name;
  const runDir = path.join(ROOT, 'runs', label);
  const home = path.join(ROOT, 'home', label);
  rmrf(runDir);
  rmrf(home);
  fs.mkdirSync(runDir, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(dataHome, { recursive: true });
  const sandbox = prepareSandbox(scenario);
  log(`${label}: running ${release} ${versionLine} (${namespaceNote(ns)})`);
  const timeoutMs = (scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 90_000;
  const run = await runInner({ driver: 'opencode', scenarioName: scenario.name, variant: release, runDir, home, dataHome, sandbox, bin }, ns, timeoutMs, label);
  const stdout = fs.readFileSync(path.join(runDir, 'run.jsonl'));
  const lines = parseJsonl(stdout);
  log(`${label}: exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, ${lines.length} stdout lines, session ${run.sessionId}, model server ${JSON.stringify(run.stats)}`);
  if (!run.sessionId) throw new Error(`${label}: no sessionID on stdout; see ${runDir}`);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  fs.writeFileSync(path.join(tmpOut, 'run.jsonl'), stdout);
  files['run.jsonl'] = fileEntry(stdout, 'stdout of `opencode run --format json`', summarizeRun(lines));
  const exported = fs.readFileSync(path.join(runDir, 'export.json'));
  fs.writeFileSync(path.join(tmpOut, 'export.json'), exported);
  let doc;
  try {
    doc = JSON.parse(exported.toString('utf8'));
  } catch {}
  files['export.json'] = fileEntry(exported, 'stdout of `opencode export <sessionID>` (redirected to a file)', summarizeExport(doc));
  return { label, run, files, runDir, sandbox };
}

function recordingJson(scenario, { release, version, versionLine, ns, run, files, store }) {
  return {
    agent: 'opencode',
    package: PACKAGE,
    version,
    versionOutput: versionLine,
    release,
    command: ['opencode', ...run.args],
    exportCommand: ['opencode', 'export', run.sessionId],
    sessionId: run.sessionId,
    cwd: path.join(SANDBOX_ROOT, scenario.name),
    env: shownEnv(agentEnv({ home: '$HOME', dataHome: release === 'legacy' ? '$HOME/.local/share' : '<shared store data folder>' })),
    config: { ...opencodeConfig(scenario, 'PORT'), provider: { [PROVIDER]: { ...opencodeConfig(scenario, 'PORT').provider[PROVIDER], options: { baseURL: 'http://127.0.0.1:PORT/v1', apiKey: '<fake key, not recorded>' } } } },
    nodeVersion: process.version,
    ...recordingContext(ns, 'scripts/record-fixtures/servers/openai-chat.mjs (scripted OpenAI Chat Completions API on 127.0.0.1)', scenario),
    run: { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, exportExitCode: run.exportExitCode, modelServer: run.stats },
    ...(store ? { store } : {}),
    files,
  };
}

/**
 * Copies the shared store (opencode.db with its -wal/-shm) and checkpoints the write-ahead log into
 * the one database file, with the SQLite the adapter itself uses (node-sqlite3-wasm, from the
 * repository's node_modules). Only the copy is touched.
 */
function publishStore(sessions) {
  const src = path.join(STORE_DATA, 'opencode');
  const tmp = path.join(ROOT, 'store-copy');
  rmrf(tmp);
  fs.mkdirSync(tmp, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const file = path.join(src, `opencode.db${suffix}`);
    if (fs.existsSync(file)) fs.copyFileSync(file, path.join(tmp, `opencode.db${suffix}`));
  }
  const { Database } = createRequire(path.join(REPO, 'package.json'))('node-sqlite3-wasm');
  const db = new Database(path.join(tmp, 'opencode.db'), { fileMustExist: true });
  db.exec('PRAGMA locking_mode=EXCLUSIVE');
  const rows = db.all('SELECT id FROM session ORDER BY id');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  for (const suffix of ['-wal', '-shm']) rmrf(path.join(tmp, `opencode.db${suffix}`));
  const out = path.join(ROOT, 'out', 'store');
  const buf = stageSingleFile(path.join(tmp, 'opencode.db'), out, [FAKE_KEY]);
  publishRecording(out, 'opencode', 'store', {
    agent: 'opencode', package: PACKAGE, version: VERSION,
    what: 'the SQLite store ($XDG_DATA_HOME/opencode/opencode.db) that every scenario of one recorder run wrote into; its write-ahead log was checkpointed into this one file (a copy; content untouched)',
    recordedAt: new Date().toISOString(),
    sessions: rows.map((r) => r.id),
    scenarios: sessions,
    files: { 'opencode.db': fileEntry(buf, 'opencode.db, WAL checkpointed') },
  });
}

/** Records the named scenarios (all when none are named). */
export async function record(names) {
  const { scenarios } = await import(scenarioModule('opencode'));
  const all = names.length === 0;
  const selected = selectScenarios('opencode', scenarios, names);
  fs.mkdirSync(ROOT, { recursive: true });
  const current = ensureInstalled(VERSION);
  const legacy = selected.some((s) => s.legacy) ? ensureInstalled(LEGACY_VERSION) : undefined;
  const ns = namespaceMode();
  log(`opencode: ${current.bin} (${current.versionLine}); legacy: ${legacy ? `${legacy.bin} (${legacy.versionLine})` : 'not needed'}; isolation: ${isolationNote(ns)}`);
  if (all) rmrf(STORE_DATA);
  else log('only some scenarios named: fixtures/opencode/store/opencode.db is rebuilt by a run of all scenarios only (npm run fixtures:record -- opencode)');
  const failed = [];
  const storeSessions = {};
  for (const scenario of selected) {
    try {
      const tmpOut = path.join(ROOT, 'out', scenario.name);
      const dataHome = all ? STORE_DATA : path.join(ROOT, 'data', scenario.name);
      if (!all) rmrf(dataHome);
      const r = await recordRun(scenario, { release: 'current', ...current, ns, dataHome, tmpOut });
      storeSessions[scenario.name] = r.run.sessionId;
      const recording = recordingJson(scenario, { release: 'current', version: VERSION, versionLine: current.versionLine, ns, run: r.run, files: r.files, store: `fixtures/opencode/store/opencode.db#${r.run.sessionId}` });
      writeRecording(tmpOut, recording);
      assertNoSecrets(tmpOut, [FAKE_KEY]);
      publishFixture(tmpOut, 'opencode', scenario.name);
    } catch (err) {
      failed.push(scenario.name);
      log(`${scenario.name}: FAILED: ${err.message}`);
    }
    if (!scenario.legacy || !legacy) continue;
    const label = `legacy-${scenario.name}`;
    try {
      const tmpOut = path.join(ROOT, 'out', label);
      const dataHome = path.join(ROOT, 'data', label);
      rmrf(dataHome);
      const r = await recordRun(scenario, { release: 'legacy', ...legacy, ns, dataHome, tmpOut });
      const storage = path.join(dataHome, 'opencode', 'storage');
      if (!fs.existsSync(storage)) throw new Error(`${label}: no storage/ folder under ${dataHome}/opencode`);
      const copied = [];
      fs.mkdirSync(path.join(tmpOut, 'storage'), { recursive: true });
      copyTree(storage, path.join(tmpOut, 'storage'), copied, 'storage');
      for (const rel of copied) r.files[rel] = fileEntry(fs.readFileSync(path.join(tmpOut, rel)), `$XDG_DATA_HOME/opencode/${rel}`);
      const recording = recordingJson(scenario, { release: 'legacy', version: LEGACY_VERSION, versionLine: legacy.versionLine, ns, run: r.run, files: r.files });
      writeRecording(tmpOut, recording);
      assertNoSecrets(tmpOut, [FAKE_KEY]);
      publishFixture(tmpOut, 'opencode', label);
    } catch (err) {
      failed.push(label);
      log(`${label}: FAILED: ${err.message}`);
    }
  }
  if (all && failed.length === 0) publishStore(storeSessions);
  else if (all) log(`store not published: ${failed.join(', ')} failed`);
  return failed;
}
