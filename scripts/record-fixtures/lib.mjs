// Shared core of the fixture recorder: sandboxes, network isolation, running an agent, and
// publishing fixtures. Each agent's driver (agents/<agent>.mjs) uses these pieces.

import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SCRIPTS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(SCRIPTS_DIR, '../..');
export const SCRATCH = process.env.ATX_RECORD_DIR || path.join(os.tmpdir(), 'atx-record');
export const SANDBOX_ROOT = '/tmp/atx-sandbox';
export const DEFAULT_TIMEOUT_MS = 180_000;
/** Where recordings are published: fixtures/, or ATX_RECORD_FIXTURES_DIR (a corpus of its own). */
export const FIXTURES_DIR = process.env.ATX_RECORD_FIXTURES_DIR ? path.resolve(process.env.ATX_RECORD_FIXTURES_DIR) : path.join(REPO, 'fixtures');

/** The module of an agent's scenarios: scenarios/<agent>.mjs, or <ATX_RECORD_SCENARIOS_DIR>/<agent>.mjs. */
export const scenarioModule = (agent) => pathToFileURL(path.join(process.env.ATX_RECORD_SCENARIOS_DIR ? path.resolve(process.env.ATX_RECORD_SCENARIOS_DIR) : path.join(SCRIPTS_DIR, 'scenarios'), `${agent}.mjs`)).href;

export const log = (...a) => console.error('[record]', ...a);
export const sha256 = (buf) => crypto.createHash('sha256').update(buf).digest('hex');
export const rmrf = (p) => fs.rmSync(p, { recursive: true, force: true });

/** Installs `pkg@version` into a scratch folder (once) and returns that folder. */
export function npmInstallPinned(pkg, version) {
  const dir = path.join(SCRATCH, `${pkg.replace(/[@/]/g, '_')}-${version}`);
  const marker = path.join(dir, 'node_modules', ...pkg.split('/'), 'package.json');
  if (fs.existsSync(marker) && JSON.parse(fs.readFileSync(marker, 'utf8')).version === version) return dir;
  log(`installing ${pkg}@${version} into ${dir}`);
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(path.join(dir, 'package.json')))
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'atx-record-scratch', private: true }, null, 2));
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `${pkg}@${version}`], { stdio: 'inherit' });
  return dir;
}

/** How runs are isolated: a network namespace with only loopback (and a pid namespace) when allowed. */
export function namespaceMode() {
  if (process.env.ATX_RECORD_NO_NAMESPACE === '1') return { mode: 'none', prefix: [], why: 'ATX_RECORD_NO_NAMESPACE=1' };
  const full = ['unshare', '--net', '--pid', '--fork', '--mount-proc', '--kill-child'];
  if (spawnSync(full[0], [...full.slice(1), 'true']).status === 0) return { mode: 'net+pid', prefix: full };
  const net = ['unshare', '--net'];
  if (spawnSync(net[0], [...net.slice(1), 'true']).status === 0) return { mode: 'net', prefix: net };
  return { mode: 'none', prefix: [], why: 'unshare not permitted' };
}

export const isolationText = (ns) => (ns.mode === 'none' ? `none (${ns.why})` : `unshare ${ns.prefix.slice(1).join(' ')} + ip link set lo up`);

/** A fresh small git project at /tmp/atx-sandbox/<name>; `scenario.setup` may add files. */
function emptyGitConfig(root) {
  const file = path.join(root, '.gitconfig-empty');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(file, '');
  return file;
}

/** The sandbox roots this process uses: removed when the run ends (see removeSandboxes). */
const sandboxRoots = new Set();

/** A root's marker that this process uses it: two recorders may share a root (each agent's paths are fixed, as fixtures name them). */
const ownerMark = (root, pid = process.pid) => path.join(root, `.recorder-${pid}`);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Other live recorders using the root: while one is, the root stays (it holds that run's sandboxes). */
function otherLiveOwners(root) {
  let names = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  return names
    .map((name) => /^\.recorder-(\d+)$/.exec(name)?.[1])
    .filter((pid) => pid !== undefined && Number(pid) !== process.pid && isAlive(Number(pid)));
}

/** Removes the sandboxes this run made (project copies, agents' homes, fake keys) unless another live recorder still uses the root; the install cache stays. */
export function removeSandboxes() {
  for (const root of sandboxRoots) {
    fs.rmSync(ownerMark(root), { force: true });
    if (otherLiveOwners(root).length === 0) rmrf(root);
  }
  sandboxRoots.clear();
}

/** An inner run (inside the namespace, its own pids) leaves the root to its outer recorder, which marks and removes it. */
const isInnerRun = process.argv.includes('--inner');

export function prepareSandbox(scenario, root = SANDBOX_ROOT) {
  if (!isInnerRun && !sandboxRoots.has(root)) {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(ownerMark(root), '');
    sandboxRoots.add(root);
  }
  const sandbox = path.join(root, scenario.name);
  rmrf(sandbox);
  fs.mkdirSync(path.join(sandbox, 'src'), { recursive: true });
  const writeFile = (rel, data) => {
    fs.mkdirSync(path.dirname(path.join(sandbox, rel)), { recursive: true });
    fs.writeFileSync(path.join(sandbox, rel), data);
  };
  writeFile('README.md', '# Sandbox\n\nA tiny project used to record agent-transcript fixtures.\n');
  writeFile('hello.txt', 'hello from the sandbox\n');
  writeFile('src/main.js', "console.log('hello');\n");
  scenario.setup?.({ sandbox, writeFile });
  const gitEnv = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Fixture Recorder',
    GIT_AUTHOR_EMAIL: 'fixtures@example.invalid',
    GIT_COMMITTER_NAME: 'Fixture Recorder',
    GIT_COMMITTER_EMAIL: 'fixtures@example.invalid',
    GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    // an empty file of our own, not /dev/null: on one machine /dev/null was briefly a regular file holding text
    GIT_CONFIG_GLOBAL: emptyGitConfig(root),
    GIT_CONFIG_NOSYSTEM: '1',
  };
  const git = (...args) => execFileSync('git', args, { cwd: sandbox, env: gitEnv, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial commit');
  return sandbox;
}

/**
 * The environment every agent run starts from; drivers add their provider settings. TMPDIR is a
 * folder inside the run's HOME (removed with it), so no agent leaves files in the machine's /tmp.
 */
export function baseAgentEnv(home) {
  return {
    PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: path.join(home, 'tmp'),
    USER: os.userInfo().username,
    SHELL: '/bin/bash',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TZ: 'UTC',
  };
}

/**
 * Runs `record.mjs --inner <spec>` inside the namespace; the driver named in spec.driver does the
 * inner work (start a model server on loopback, run the agent). Resolves with the exit code.
 */
export function runInNamespace(spec, ns, timeoutMs) {
  const argv = [...ns.prefix, process.execPath, path.join(SCRIPTS_DIR, 'record.mjs'), '--inner', JSON.stringify({ ...spec, inNamespace: ns.mode !== 'none' })];
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'], detached: ns.mode === 'none' });
    const timer = setTimeout(() => {
      log(`outer timeout: killing run ${spec.scenarioName}/${spec.variant}`);
      try {
        process.kill(ns.mode === 'none' ? -child.pid : child.pid, 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** How runs are isolated, for a driver's "running" log line. */
export const namespaceNote = (ns) => (ns.mode === 'none' ? `no namespace: ${ns.why}` : `unshare ${ns.mode}`);

/** The outer time limit of a scenario's inner part: its agent runs, and half a minute for the rest. */
export const innerTimeoutMs = (scenario, runs = 1) => (scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS) * runs + 30_000;

/**
 * Runs the driver's inner part (`spec`) in the namespace and returns the run.json it wrote in
 * spec.runDir; throws (naming the run `what`) when it wrote none.
 */
export async function runInner(spec, ns, timeoutMs, what) {
  const code = await runInNamespace(spec, ns, timeoutMs);
  const runFile = path.join(spec.runDir, 'run.json');
  if (!fs.existsSync(runFile)) throw new Error(`${what ? `${what}: ` : ''}inner run failed (exit ${code}); see ${spec.runDir}`);
  return JSON.parse(fs.readFileSync(runFile, 'utf8'));
}

/** Inside the namespace: writes `facts` as runDir/run.json for the outer side (runInner) to read. */
export function writeRunFacts(runDir, facts) {
  fs.writeFileSync(path.join(runDir, 'run.json'), JSON.stringify(facts, null, 2));
}

/** How an agent process ended (from runAgentProcess), as run.json records it. */
export const processOutcome = (run) => ({ exitCode: run.code, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs });

/** Inside the namespace: bring loopback up. */
export function loopbackUp(spec) {
  if (spec.inNamespace) execFileSync('ip', ['link', 'set', 'lo', 'up']);
}

/**
 * Runs the agent process to completion (or timeout), capturing stdout whole and stderr to
 * runDir/stderr.txt; kills whatever the agent left in its process group.
 */
export async function runAgentProcess({ bin, args, cwd, env, stdin, timeoutMs = DEFAULT_TIMEOUT_MS, runDir, keepStdinOpen }) {
  ensureTmpDir(env);
  const started = Date.now();
  const child = spawn(bin, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const out = [];
  const errFile = fs.createWriteStream(path.join(runDir, 'stderr.txt'));
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.pipe(errFile);
  if (typeof keepStdinOpen === 'function') await keepStdinOpen(child);
  else if (stdin !== undefined) child.stdin.end(stdin);
  else child.stdin.end();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }, timeoutMs);
  const { code, signal } = await new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  clearTimeout(timer);
  await new Promise((r) => setTimeout(r, 300)); // let stdout drain
  try {
    process.kill(-child.pid, 'SIGKILL'); // leftovers in the agent's process group
  } catch {}
  return { code, signal, timedOut, durationMs: Date.now() - started, stdout: Buffer.concat(out) };
}

export function parseJsonl(buf) {
  const out = [];
  for (const line of buf.toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      out.push({ __unparsed: line.slice(0, 200) });
    }
  }
  return out;
}

/** Copies a folder; `files` collects the copied paths relative to `relBase`. */
export function copyTree(src, dst, files, relBase) {
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, ent.name);
    const d = path.join(dst, ent.name);
    if (ent.isDirectory()) {
      fs.mkdirSync(d, { recursive: true });
      copyTree(s, d, files, path.join(relBase, ent.name));
    } else if (ent.isFile()) {
      fs.copyFileSync(s, d);
      fs.chmodSync(d, 0o644); // agents write some files 0600; fixtures must be readable by everyone
      files.push(path.join(relBase, ent.name));
    }
  }
}

/** Throws if any file under `dir` contains one of the secrets (fake keys must never reach a fixture). */
export function assertNoSecrets(dir, secrets) {
  const leaks = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (secrets.some((s) => fs.readFileSync(p).includes(s))) leaks.push(p);
    }
  };
  walk(dir);
  if (leaks.length) throw new Error(`a fake API key was found in ${leaks.join(', ')}; not writing fixtures`);
}

/**
 * Replaces the recorded files of fixtures/<agent>/<scenario>/ with the new recording. Goldens
 * (*.expected.json) stay: regenerate them with ATX_UPDATE_GOLDENS=1 and review the diff.
 */
export function publishFixture(tmpOut, agent, scenarioName) {
  const outDir = path.join(FIXTURES_DIR, agent, scenarioName);
  if (fs.existsSync(outDir)) {
    for (const entry of fs.readdirSync(outDir)) if (!entry.endsWith('.expected.json')) rmrf(path.join(outDir, entry));
  }
  fs.mkdirSync(outDir, { recursive: true });
  fs.cpSync(tmpOut, outDir, { recursive: true });
  log(`${scenarioName}: wrote ${path.relative(REPO, outDir)}`);
}

/** The scenarios named on the command line (all when none are); an unknown name is an error. */
export function selectScenarios(agent, scenarios, names) {
  const unknown = names.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown ${agent} scenario(s): ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`);
  return names.length ? scenarios.filter((s) => names.includes(s.name)) : scenarios;
}

/** Records each scenario in turn; one that fails is logged and named in the result, the others still run. */
export async function recordEach(agent, scenarios, recordOne) {
  const failed = [];
  for (const scenario of scenarios) {
    try {
      await recordOne(scenario);
    } catch (err) {
      failed.push(scenario.name);
      log(`${agent} ${scenario.name}: FAILED: ${err.message}`);
    }
  }
  return failed;
}

/**
 * A driver's `record(names)`: loads scenarios/<agent>.mjs, keeps the named scenarios (all when none
 * are), makes `workDir`, picks the isolation (logs `intro(ns)` when given) and records each scenario
 * with `recordOne(scenario, ns)`. Resolves with the names that failed.
 */
export async function recordScenarios(agent, names, { workDir, intro, recordOne }) {
  const { scenarios } = await import(scenarioModule(agent));
  const selected = selectScenarios(agent, scenarios, names);
  fs.mkdirSync(workDir, { recursive: true });
  const ns = namespaceMode();
  if (intro) log(intro(ns));
  return recordEach(agent, selected, (scenario) => recordOne(scenario, ns));
}

/**
 * `install(version)` once per version: later calls with that version return the first result.
 * `describe(installed, version, ...more)`, when given, is logged after each install.
 */
export function installOnce(install, describe) {
  const installs = new Map();
  return (version, ...more) => {
    if (!installs.has(version)) {
      installs.set(version, install(version));
      if (describe) log(describe(installs.get(version), version, ...more));
    }
    return installs.get(version);
  };
}

/** How a run is isolated, for the log: the mode, and a warning when the network is not cut off. */
export const isolationNote = (ns) => `${ns.mode}${ns.mode === 'none' ? ` (${ns.why}: runs are NOT network-isolated)` : ''}`;

/** Writes `recording` (how a fixture was made) as `dir`/recording.json. */
export function writeRecording(dir, recording) {
  fs.writeFileSync(path.join(dir, 'recording.json'), JSON.stringify(recording, null, 2) + '\n');
}

/**
 * Runs `<bin> --version` (or `args`) and returns the line it printed (the first of stdout + stderr,
 * or the last with `lastLine`); throws unless that line names `version`.
 */
/** Creates the TMPDIR an agent's environment names (programs fall back to /tmp when it is missing). */
export function ensureTmpDir(env) {
  if (env?.TMPDIR) fs.mkdirSync(env.TMPDIR, { recursive: true });
}

/** The environment of an `<agent> --version` check: its own HOME and TMPDIR under `home`. */
export function versionCheckEnv(home) {
  const env = { PATH: process.env.PATH, HOME: home, TMPDIR: path.join(home, 'tmp') };
  ensureTmpDir(env);
  return env;
}

export function checkedVersionLine({ bin, args = ['--version'], env, pkg, version, command, lastLine = false }) {
  ensureTmpDir(env);
  const r = spawnSync(bin, args, { encoding: 'utf8', timeout: 120_000, env });
  const lines = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n');
  const versionLine = lastLine ? lines.pop() : lines[0];
  if (!versionLine.includes(version)) throw new Error(`installed ${pkg}@${version} but \`${command}\` said: ${versionLine}`);
  return versionLine;
}

/** Calls `onMessage` with each line of `stream` that parses as JSON (other lines are skipped). */
export function onJsonLines(stream, onMessage) {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let at;
    while ((at = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      onMessage(message);
    }
  });
}

/**
 * A JSON-lines conversation with an agent over its stdin/stdout: `send` writes a message (kept in
 * `sent`), `onMessage` sees each message the agent prints. `finish` (also on exit or after
 * `timeoutMs`, when `onTimeout` is told first) closes stdin and resolves `done`.
 */
export function jsonLinesDialog(child, { sent, timeoutMs, onTimeout, onMessage }) {
  let resolveDone;
  const done = new Promise((resolve) => {
    resolveDone = resolve;
  });
  const send = (message) => {
    sent.push(message);
    child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  const timer = setTimeout(() => {
    onTimeout();
    finish();
  }, timeoutMs);
  function finish() {
    clearTimeout(timer);
    child.stdin.end();
    resolveDone();
  }
  onJsonLines(child.stdout, onMessage);
  child.on('exit', finish);
  return { send, finish, done };
}

/**
 * The fields of recording.json that say where, when and against which model server a scenario was
 * recorded; `scenarioExtra` adds to the scenario's name and description (e.g. its prompts).
 */
export function recordingContext(ns, modelServer, scenario, scenarioExtra = {}) {
  return {
    platform: `${process.platform}-${os.arch()}`,
    isolation: isolationText(ns),
    modelServer,
    recordedAt: new Date().toISOString(),
    scenario: { name: scenario.name, description: scenario.description, ...scenarioExtra },
  };
}

/** Writes recording.json into `tmpOut`, then publishes it as fixtures/<agent>/<scenario>/. */
export function publishRecording(tmpOut, agent, scenarioName, recording) {
  writeRecording(tmpOut, recording);
  publishFixture(tmpOut, agent, scenarioName);
}

/** Inside the namespace: brings loopback up and returns the scenario spec names (from scenarios/<agent>.mjs). */
export async function innerScenario(agent, spec) {
  loopbackUp(spec);
  const { scenarios } = await import(scenarioModule(agent));
  return scenarios.find((s) => s.name === spec.scenarioName);
}

/** Starts servers/<serverFile> scripted with the scenario's conversations, logging to runDir/model-server.log. */
export async function startScenarioServer(serverFile, scenario, ctx, runDir, options = {}) {
  const { startModelServer } = await import(`./servers/${serverFile}`);
  return startModelServer({ scenario: { name: scenario.name, conversations: scenario.conversations(ctx) }, logFile: path.join(runDir, 'model-server.log'), ...options });
}

/**
 * Inside the namespace: one agent process per prompt of the scenario, each in its own `run-<n>/`
 * with its stdout, stopping at the first that fails. `sessionIdOf` reads the session id the first
 * run printed, for `buildArgs` of the next ones (a driver that picks the id itself passes none).
 */
export async function runEachPrompt({ bin, buildArgs, scenario, sandbox, env, runDir, timeoutMs, sessionId, sessionIdOf }) {
  const runs = [];
  for (let i = 0; i < scenario.prompts.length; i++) {
    const args = buildArgs(scenario, i, sessionId);
    const stepDir = path.join(runDir, `run-${i + 1}`);
    fs.mkdirSync(stepDir, { recursive: true });
    const run = await runAgentProcess({ bin, args, cwd: sandbox, env, runDir: stepDir, timeoutMs });
    fs.writeFileSync(path.join(stepDir, 'stdout.jsonl'), run.stdout);
    if (sessionIdOf) sessionId ??= sessionIdOf(run.stdout);
    runs.push({ args, ...processOutcome(run) });
    if (run.code !== 0 || run.timedOut || !sessionId) break;
  }
  return { runs, sessionId };
}

/**
 * Runs the driver's inner part (one agent process per prompt) in the namespace and returns its
 * run.json; throws unless every prompt's run exited cleanly.
 */
export async function runPromptsInNamespace(spec, ns, scenario, agentCommand) {
  log(`${spec.driver} ${scenario.name}: ${scenario.prompts.length} run(s) (${namespaceNote(ns)})`);
  const run = await runInner(spec, ns, innerTimeoutMs(scenario, scenario.prompts.length), scenario.name);
  const bad = run.runs.find((r) => r.exitCode !== 0 || r.timedOut);
  if (bad || run.runs.length !== scenario.prompts.length) throw new Error(`${scenario.name}: ${agentCommand} exited ${bad?.exitCode}${bad?.timedOut ? ' (timed out)' : ''}; see ${spec.runDir}`);
  return run;
}

/** A scratch HOME under `work` for running an agent's `--version` (created when missing). */
export function versionHome(work) {
  const home = path.join(work, 'version-home');
  fs.mkdirSync(home, { recursive: true });
  return home;
}

/** An agent's environment as recording.json shows it: PATH as inherited, the fake key variable hidden. */
export function shownEnv(env, fakeKeyVar) {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, k === fakeKeyVar ? '<fake key, not recorded>' : k === 'PATH' ? '<inherited>' : v]));
}

/** Copies `src` alone into a fresh folder `out` (readable by everyone), checks it for the secrets and returns its bytes. */
export function stageSingleFile(src, out, secrets) {
  rmrf(out);
  fs.mkdirSync(out, { recursive: true });
  const copy = path.join(out, path.basename(src));
  fs.copyFileSync(src, copy);
  fs.chmodSync(copy, 0o644);
  assertNoSecrets(out, secrets);
  return fs.readFileSync(copy);
}

/** Empties (or creates) each folder. */
export function freshDirs(...dirs) {
  for (const dir of dirs) {
    rmrf(dir);
    fs.mkdirSync(dir, { recursive: true });
  }
}

/** The XDG folders of an agent run: all under `home`, except the data folder, which the caller picks. */
export function xdgEnv(home, dataHome) {
  return {
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: dataHome,
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
  };
}
