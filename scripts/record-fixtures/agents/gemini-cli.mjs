// Gemini CLI driver of the fixture recorder: the real `gemini` CLI (@google/gemini-cli, a Node
// program) against the scripted Gemini API server (servers/gemini.mjs). Scenarios:
// scenarios/gemini-cli.mjs. Older releases (legacy JSON chat files, hashed project folders) are
// installed the same way, each pinned by the scenario that needs it.

import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SANDBOX_ROOT, SCRATCH, SCRIPTS_DIR, assertNoSecrets, baseAgentEnv, innerScenario, innerTimeoutMs, installOnce, isolationNote, log, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, rmrf, runAgentProcess, runInner, sha256, shownEnv, startScenarioServer, writeRunFacts } from '../lib.mjs';

const PACKAGE = '@google/gemini-cli';
const VERSION = process.env.ATX_GEMINI_CLI_VERSION || '0.61.0';
const MODEL = 'gemini-2.5-pro';
const FAKE_KEY = 'AIzaFAKE-atx-test-not-a-real-key';

/** The CLI's entry script (package.json `bin.gemini`) in a pinned install. */
function geminiScript(version) {
  const dir = npmInstallPinned(PACKAGE, version);
  const pkgDir = path.join(dir, 'node_modules', ...PACKAGE.split('/'));
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.gemini;
  const script = path.join(pkgDir, bin);
  const r = spawnSync(process.execPath, [script, '--version'], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, HOME: path.join(SCRATCH, 'version-home'), GEMINI_CLI_NO_RELAUNCH: 'true' },
  });
  if (r.status !== 0 || !r.stdout.includes(version)) throw new Error(`${PACKAGE}@${version}: ${script} --version failed: ${r.stderr || r.stdout}`);
  return { script, versionLine: r.stdout.trim(), installDir: dir };
}

/** API-key auth, folder trust, update checks and telemetry off (keys of every settings layout since 0.3). */
export const SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, disableAutoUpdate: true, disableUpdateNag: true },
  telemetry: { enabled: false },
  privacy: { usageStatisticsEnabled: false },
};

/** SETTINGS and what the scenario adds. */
function settingsFor(scenario, ctx) {
  return { ...SETTINGS, ...(scenario.settings ? scenario.settings(ctx) : {}) };
}

function agentEnv({ home, port }) {
  return {
    ...baseAgentEnv(home),
    GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
    GEMINI_API_KEY: FAKE_KEY,
    GEMINI_CLI_NO_RELAUNCH: 'true',
    GEMINI_SANDBOX: 'false',
    NO_BROWSER: 'true',
  };
}

function buildArgs(scenario, run, output) {
  const args = ['-p', run.prompt, '--output-format', output, '--model', MODEL];
  if (scenario.yolo !== false) args.push('--yolo');
  if (run.resume) args.push('--resume', 'latest');
  args.push(...(run.flags ?? []));
  return args;
}

export async function inner(spec) {
  const { runIndex, output, runDir, home, sandbox, script } = spec;
  const scenario = await innerScenario('gemini-cli', spec);
  const run = scenario.runs[runIndex];
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR };
  const server = await startScenarioServer('gemini.mjs', scenario, ctx, runDir);
  const args = buildArgs(scenario, run, output);
  const env = agentEnv({ home, port: server.port });
  const result = await runAgentProcess({
    bin: process.execPath, args: [script, ...args], cwd: sandbox, env, runDir,
    timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  fs.writeFileSync(path.join(runDir, 'stdout'), result.stdout);
  await server.close();
  writeRunFacts(runDir, { args, ...processOutcome(result), port: server.port, stats: server.stats, envNames: Object.keys(env) });
}

/** Every file under ~/.gemini/tmp/<project>/chats/, relative to ~/.gemini/tmp. */
function chatFiles(home) {
  const tmp = path.join(home, '.gemini', 'tmp');
  const found = [];
  if (!fs.existsSync(tmp)) return found;
  for (const project of fs.readdirSync(tmp)) {
    const chats = path.join(tmp, project, 'chats');
    if (!fs.existsSync(chats)) continue;
    for (const entry of fs.readdirSync(chats, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) found.push(path.relative(tmp, path.join(entry.parentPath, entry.name)));
    }
  }
  return found.sort();
}

/** Which project-folder scheme the CLI used: sha256 of the project root, or a short id from ~/.gemini/projects.json. */
function projectScheme(home, sandbox, folder) {
  if (folder === crypto.createHash('sha256').update(sandbox).digest('hex')) return 'sha256 of the project root (before 0.29)';
  let registry;
  try {
    registry = JSON.parse(fs.readFileSync(path.join(home, '.gemini', 'projects.json'), 'utf8'));
  } catch {}
  return registry?.projects?.[sandbox] === folder ? 'short id from ~/.gemini/projects.json (0.29 and later)' : 'unknown';
}

/** Short structural summary of a chat file (JSONL records or one JSON document). */
export function summarizeChat(buf) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { records: 0, kinds: {}, messageTypes: {}, toolNames: {}, toolStatuses: {}, repeatedIds: 0, setKeys: {} };
  const seen = new Set();
  const message = (m) => {
    inc(s.messageTypes, m.type ?? '(none)');
    if (seen.has(m.id)) s.repeatedIds++;
    seen.add(m.id);
    for (const c of m.toolCalls ?? []) {
      inc(s.toolNames, c.name);
      inc(s.toolStatuses, c.status);
    }
  };
  const text = buf.toString('utf8');
  if (text.trimStart().startsWith('{\n')) {
    const doc = JSON.parse(text);
    s.records = 1;
    s.kinds.document = 1;
    for (const m of doc.messages ?? []) message(m);
    return s;
  }
  for (const r of parseJsonl(buf)) {
    s.records++;
    if (r.$set) {
      inc(s.kinds, '$set');
      for (const k of Object.keys(r.$set)) inc(s.setKeys, k);
    } else if (r.$rewindTo) inc(s.kinds, '$rewindTo');
    else if (typeof r.id === 'string') {
      inc(s.kinds, 'message');
      message(r);
    } else if (r.sessionId) inc(s.kinds, 'metadata');
    else inc(s.kinds, '(other)');
  }
  return s;
}

function summarizeStream(buf) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: 0, types: {} };
  for (const l of parseJsonl(buf)) {
    s.lines++;
    inc(s.types, l.type === 'message' ? `message/${l.role}` : l.type === 'tool_result' ? `tool_result/${l.status}` : l.type ?? '(none)');
  }
  return s;
}

/** A failed `--output-format json` run prints its JSON document at the end of stderr (after log lines). */
function jsonOnStderr(runDir) {
  const stderr = fs.readFileSync(path.join(runDir, 'stderr.txt'), 'utf8');
  const start = stderr.lastIndexOf('\n{\n');
  if (start === -1) return undefined;
  const text = stderr.slice(start + 1);
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  return Buffer.from(text);
}

async function runOnce(scenario, { runIndex, output, home, sandbox, runDir, script, ns }) {
  rmrf(runDir);
  fs.mkdirSync(runDir, { recursive: true });
  const spec = { driver: 'gemini-cli', scenarioName: scenario.name, runIndex, output, runDir, home, sandbox, script };
  const run = await runInner(spec, ns, innerTimeoutMs(scenario), `${scenario.name} run ${runIndex}`);
  const stdout = fs.readFileSync(path.join(runDir, 'stdout'));
  log(`${scenario.name} run ${runIndex} (${output}): exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, ${stdout.length} stdout bytes, model server ${JSON.stringify(run.stats)}`);
  return { run, stdout };
}

function prepareHome(home, scenario, ctx) {
  rmrf(home);
  fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
  fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify(settingsFor(scenario, ctx), null, 2));
  if (scenario.policy) {
    fs.mkdirSync(path.join(home, '.gemini', 'policies'), { recursive: true });
    fs.writeFileSync(path.join(home, '.gemini', 'policies', 'atx.toml'), scenario.policy);
  }
}

async function recordScenario(scenario, { ns, scripts }) {
  const tmpOut = path.join(SCRATCH, 'out', 'gemini-cli', scenario.name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const runs = [];
  const addFile = (name, buf, what, summary) => {
    fs.writeFileSync(path.join(tmpOut, name), buf);
    files[name] = { bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) };
  };

  // The session runs share one HOME and one sandbox (so a later run can --resume the earlier one).
  const home = path.join(SCRATCH, 'home', 'gemini-cli', scenario.name);
  const sandbox = prepareSandbox(scenario);
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR };
  prepareHome(home, scenario, ctx);
  for (const [runIndex, spec] of scenario.runs.entries()) {
    const version = spec.version ?? scenario.version ?? VERSION;
    const { script } = scripts(version);
    const output = spec.output ?? 'stream-json';
    log(`${scenario.name} run ${runIndex}: gemini ${version} (${namespaceNote(ns)})`);
    const runDir = path.join(SCRATCH, 'runs', 'gemini-cli', scenario.name, String(runIndex));
    const { run, stdout } = await runOnce(scenario, { runIndex, output, home, sandbox, runDir, script, ns });
    const name = spec.save ?? (output === 'json' ? 'output.json' : 'stream.jsonl');
    const errorDocument = output === 'json' && stdout.length === 0 ? jsonOnStderr(runDir) : undefined;
    if (errorDocument) {
      addFile(name, errorDocument, `the JSON document of run ${runIndex} (--output-format json, ${version}), taken byte for byte from the end of stderr: a failed run prints it there and nothing on stdout`);
    } else {
      addFile(name, stdout, `CLI stdout of run ${runIndex} (--output-format ${output}, ${version})`, output === 'json' ? undefined : summarizeStream(stdout));
    }
    runs.push({ version, exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats, command: ['gemini', ...run.args] });
  }

  // The chat files the session left behind, byte for byte.
  const chats = chatFiles(home);
  const main = chats.filter((rel) => /\/chats\/session-[^/]+\.jsonl?$/.test(rel));
  if (main.length === 0) throw new Error(`${scenario.name}: no chat file under ${home}/.gemini/tmp`);
  const project = main[0].split('/')[0];
  for (const rel of chats) {
    const buf = fs.readFileSync(path.join(home, '.gemini', 'tmp', rel));
    const base = path.basename(rel);
    if (base.includes('.unreadable-') || base.includes('.tmp-')) continue;
    const inChats = rel.split('/').slice(2).join('/');
    // session-<time>-<id8>.jsonl -> chat.jsonl, the legacy session-<time>-<id8>.json -> chat.legacy.json
    // (so that their goldens, chat.expected.json and chat.legacy.expected.json, do not collide);
    // subagent chats keep their path below chats/
    const name = /^session-[^/]+\.jsonl$/.test(inChats) ? 'chat.jsonl' : /^session-[^/]+\.json$/.test(inChats) ? 'chat.legacy.json' : `chats/${inChats}`;
    if (name.includes('/')) fs.mkdirSync(path.join(tmpOut, path.dirname(name)), { recursive: true });
    addFile(name, buf, `~/.gemini/tmp/<project>/chats/${inChats}`, summarizeChat(buf));
  }

  // The same first prompt once more with --output-format json, in a fresh HOME (a one-shot run).
  let jsonRun;
  if (scenario.json) {
    const jsonHome = `${home}-json`;
    const jsonSandbox = prepareSandbox(scenario);
    prepareHome(jsonHome, scenario, { sandbox: jsonSandbox, scriptsDir: SCRIPTS_DIR });
    const version = scenario.runs[0].version ?? scenario.version ?? VERSION;
    const { script } = scripts(version);
    const runDir = path.join(SCRATCH, 'runs', 'gemini-cli', scenario.name, 'json');
    const { run, stdout } = await runOnce(scenario, { runIndex: 0, output: 'json', home: jsonHome, sandbox: jsonSandbox, runDir, script, ns });
    addFile('output.json', stdout, `CLI stdout of a separate run of the first prompt with --output-format json (${version})`);
    jsonRun = { version, exitCode: run.exitCode, durationMs: run.durationMs, modelServer: run.stats, command: ['gemini', ...run.args] };
  }

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const recording = {
    agent: 'gemini-cli',
    package: PACKAGE,
    version: runs[runs.length - 1].version,
    versions: [...new Set(runs.map((r) => r.version))],
    versionOutput: scripts(runs[runs.length - 1].version).versionLine,
    command: runs[0].command,
    cwd: path.join(SANDBOX_ROOT, scenario.name),
    env: shownEnv(agentEnv({ home: path.join(SCRATCH, 'home', 'gemini-cli', scenario.name), port: 'PORT' }), 'GEMINI_API_KEY'),
    settings: settingsFor(scenario, { sandbox: path.join(SANDBOX_ROOT, scenario.name), scriptsDir: '<scripts/record-fixtures>' }),
    ...(scenario.policy ? { policy: { file: '~/.gemini/policies/atx.toml', toml: scenario.policy } } : {}),
    projectFolder: { name: project, scheme: projectScheme(home, sandbox, project) },
    chatFiles: chats.map((rel) => `~/.gemini/tmp/${rel}`),
    nodeVersion: process.version,
    ...recordingContext(ns, 'scripts/record-fixtures/servers/gemini.mjs (scripted Gemini API v1beta on 127.0.0.1)', scenario),
    runs,
    ...(jsonRun ? { jsonRun } : {}),
    files,
  };
  publishRecording(tmpOut, 'gemini-cli', scenario.name, recording);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  const scripts = installOnce(geminiScript);
  return recordScenarios('gemini-cli', names, {
    workDir: SCRATCH,
    intro: (ns) => `gemini-cli ${VERSION} (scenarios may pin older releases); isolation: ${isolationNote(ns)}`,
    recordOne: (s, ns) => recordScenario(s, { ns, scripts }),
  });
}
