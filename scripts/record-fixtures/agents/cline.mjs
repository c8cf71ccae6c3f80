// Cline CLI driver of the fixture recorder: the real `cline` (npm `cline`, a Bun-compiled binary per
// platform) against the scripted Chat Completions server (servers/openai-chat.mjs). Scenarios:
// scenarios/cline.mjs.
//
// Each scenario is one fresh HOME: `cline auth -p openai ...` points the OpenAI-compatible provider
// at the local server, then one `cline --json -P openai -m <model> "<prompt>"` run. What is kept:
//   stdout.jsonl                 the run's stdout, byte for byte
//   <id>.json, <id>.messages.json   ~/.cline/data/sessions/<id>/ after the run
// The session index db/sessions.db, settings (they hold the fake key) and logs are not copied.
// Cline leaves a hub daemon running in the background; it is ended by its process id after the run.
// The agent gets its own TMPDIR under the scratch folder.

import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, assertNoSecrets, baseAgentEnv, checkedVersionLine, freshDirs, innerScenario, innerTimeoutMs, installOnce, log, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, runAgentProcess, runInner, sha256, shownEnv, startScenarioServer, writeRunFacts } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';

const PACKAGE = 'cline';
const VERSION = process.env.ATX_CLINE_VERSION || '3.0.65';
const FAKE_KEY = 'sk-cline-fixture-not-a-real-key';
const SANDBOX_ROOT = '/tmp/atx-sandbox-cline';
const WORK = path.join(SCRATCH, 'cline');

const installDir = (version) => path.join(SCRATCH, `${PACKAGE}-${version}`);

function agentEnv(home, tmp) {
  return { ...baseAgentEnv(home), TMPDIR: tmp, NO_COLOR: '1' };
}

function ensureInstalled(version) {
  npmInstallPinned(PACKAGE, version);
  const bin = path.join(installDir(version), 'node_modules', '.bin', 'cline');
  const home = path.join(WORK, 'version-home');
  const tmp = path.join(WORK, 'version-tmp');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(tmp, { recursive: true });
  const versionLine = checkedVersionLine({ bin, env: agentEnv(home, tmp), pkg: PACKAGE, version, command: 'cline --version' });
  return { bin, versionLine };
}

const authArgs = (port) => ['auth', '-p', 'openai', '-k', FAKE_KEY, '-m', CHAT_MODEL, '-b', `http://127.0.0.1:${port}/v1`];
/** `-P openai` picks the provider in 3.x; 2.x has no -P (auth's provider stays) and asks before acting unless --yolo. */
const runArgs = (scenario) => ['--json', ...(scenario.runFlags ?? ['-P', 'openai']), '-m', CHAT_MODEL, scenario.prompt];

/** Process ids of the hub daemons whose HOME is this run's HOME (only ours, never by name alone). */
function hubDaemonsOf(home) {
  const pids = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmd.includes('--cline-hub-daemon')) continue;
      const env = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`HOME=${home}`)) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

function endHubDaemons(home) {
  const pids = hubDaemonsOf(home);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
  }
  return pids;
}

export async function inner(spec) {
  const { runDir, home, tmp, sandbox, bin } = spec;
  const scenario = await innerScenario('cline', spec);
  const server = await startScenarioServer('openai-chat.mjs', scenario, { sandbox }, runDir, { models: [CHAT_MODEL] });
  const env = agentEnv(home, tmp);
  const timeoutMs = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const authDir = path.join(runDir, 'auth');
  fs.mkdirSync(authDir, { recursive: true });
  const auth = await runAgentProcess({ bin, args: authArgs(server.port), cwd: sandbox, env, runDir: authDir, timeoutMs });
  let run = { code: auth.code, signal: auth.signal, timedOut: auth.timedOut, durationMs: 0, stdout: Buffer.alloc(0) };
  if (auth.code === 0 && !auth.timedOut) run = await runAgentProcess({ bin, args: runArgs(scenario), cwd: sandbox, env, runDir, timeoutMs });
  fs.writeFileSync(path.join(runDir, 'stdout.jsonl'), run.stdout);
  const hubs = endHubDaemons(home);
  await server.close();
  writeRunFacts(runDir, {
    authExitCode: auth.code, ...processOutcome(run),
    hubDaemonsEnded: hubs.length, port: server.port, stats: server.stats, envNames: Object.keys(env),
  });
}

/** Short structural summary of a stdout file: how many lines of each type / agent_event type. */
function summarizeStdout(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {}, agentEvents: {} };
  for (const l of lines) {
    inc(s.types, l.type ?? '(none)');
    if (l.type === 'agent_event') inc(s.agentEvents, l.event?.type ?? '(none)');
  }
  return s;
}

function summarizeMessages(doc) {
  const s = { messages: 0, roles: {}, blocks: {} };
  for (const m of doc.messages ?? []) {
    s.messages++;
    s.roles[m.role] = (s.roles[m.role] ?? 0) + 1;
    for (const b of Array.isArray(m.content) ? m.content : []) s.blocks[b.type] = (s.blocks[b.type] ?? 0) + 1;
  }
  return s;
}

const fileEntry = (buf, what, summary) => ({ bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) });

async function recordScenario(scenario, { bin, versionLine, version, ns }) {
  const tmpOut = path.join(WORK, 'out', scenario.name);
  const runDir = path.join(WORK, 'runs', scenario.name);
  const home = path.join(WORK, 'home', scenario.name);
  const tmp = path.join(WORK, 'tmp', scenario.name);
  freshDirs(tmpOut, runDir, home, tmp);
  const sandbox = prepareSandbox(scenario, SANDBOX_ROOT);
  log(`cline ${scenario.name} (${namespaceNote(ns)})`);
  // two agent runs: `cline auth`, then the prompt
  const run = await runInner({ driver: 'cline', scenarioName: scenario.name, variant: 'json', runDir, home, tmp, sandbox, bin }, ns, innerTimeoutMs(scenario, 2), scenario.name);
  // a scenario whose run fails on purpose (a model error) says which exit code it expects
  if (run.authExitCode !== 0 || run.exitCode !== (scenario.expectExitCode ?? 0) || run.timedOut) throw new Error(`${scenario.name}: cline exited ${run.exitCode} (auth ${run.authExitCode})${run.timedOut ? ' (timed out)' : ''}; see ${runDir}`);

  const files = {};
  const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
  fs.writeFileSync(path.join(tmpOut, 'stdout.jsonl'), stdout);
  files['stdout.jsonl'] = fileEntry(stdout, 'stdout of `cline --json ...`, byte for byte', summarizeStdout(parseJsonl(stdout)));
  const tasksDir = path.join(home, '.cline', 'data', 'tasks');
  if (!fs.existsSync(path.join(home, '.cline', 'data', 'sessions')) && fs.existsSync(tasksDir)) {
    // 2.x prints the panel's messages ({ts, type: say|ask, ...} lines): read as cline/panel-json
    files['stdout.jsonl'].what = 'stdout of `cline --json ...` (2.x: task_started, then JSON lines of the panel\'s say/ask messages), byte for byte';
    return publishTaskFolder(scenario, { tasksDir, tmpOut, files, sandbox, versionLine, version, run, ns });
  }
  const sessionsDir = path.join(home, '.cline', 'data', 'sessions');
  const ids = fs.readdirSync(sessionsDir);
  if (ids.length !== 1) throw new Error(`${scenario.name}: expected one session folder, found ${ids.join(', ') || 'none'}`);
  const [id] = ids;
  for (const name of [`${id}.json`, `${id}.messages.json`]) {
    const kept = name;
    const buf = fs.readFileSync(path.join(sessionsDir, id, name));
    fs.writeFileSync(path.join(tmpOut, kept), buf);
    const summary = kept.endsWith('.messages.json') ? summarizeMessages(JSON.parse(buf.toString('utf8'))) : undefined;
    files[kept] = fileEntry(buf, `~/.cline/data/sessions/<id>/${name}, byte for byte (id ${id})`, summary);
  }
  const others = fs.readdirSync(path.join(sessionsDir, id)).filter((f) => f !== `${id}.json` && f !== `${id}.messages.json`);

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const recording = {
    ...recordingFacts(scenario, { versionLine, version, sandbox, run, ns }),
    sessionId: id,
    notKept: {
      'db/sessions.db': 'SQLite index of the sessions under ~/.cline/data/db/; not copied',
      'settings/providers.json': 'provider settings written by `cline auth` (hold the fake key); not copied',
      ...(others.length ? { [others.join(', ')]: 'other files of the session folder; not copied' } : {}),
    },
    files,
  };
  publishRecording(tmpOut, 'cline', scenario.name, recording);
  log(`cline ${scenario.name}: stdout ${JSON.stringify(files['stdout.jsonl'].summary.agentEvents)}`);
  return recording;
}

/** The recording's facts every release shares. */
const recordingFacts = (scenario, { versionLine, version, sandbox, run, ns }) => ({
  agent: 'cline',
  package: PACKAGE,
  version,
  versionOutput: versionLine,
  commands: [['cline', ...authArgs('PORT').map((a) => (a === FAKE_KEY ? '<fake key, not recorded>' : a))], ['cline', ...runArgs(scenario)]],
  cwd: sandbox,
  env: shownEnv(agentEnv(`<scratch>/cline/home/${scenario.name}`, `<scratch>/cline/tmp/${scenario.name}`)),
  nodeVersion: process.version,
  ...recordingContext(ns, 'scripted-openai-chat (scripts/record-fixtures/servers/openai-chat.mjs, Chat Completions on 127.0.0.1)', scenario, { prompt: scenario.prompt }),
  run: { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, hubDaemonsEnded: run.hubDaemonsEnded },
  modelServerStats: run.stats,
});

/** 2.x keeps each task as the VS Code extension does: ~/.cline/data/tasks/<id>/, copied as <id>/. */
function publishTaskFolder(scenario, { tasksDir, tmpOut, files, ...facts }) {
  const ids = fs.readdirSync(tasksDir);
  if (ids.length !== 1) throw new Error(`${scenario.name}: expected one task folder, found ${ids.join(', ') || 'none'}`);
  const [id] = ids;
  fs.mkdirSync(path.join(tmpOut, id));
  for (const name of fs.readdirSync(path.join(tasksDir, id)).filter((f) => f.endsWith('.json'))) {
    const buf = fs.readFileSync(path.join(tasksDir, id, name));
    fs.writeFileSync(path.join(tmpOut, id, name), buf);
    files[`${id}/${name}`] = fileEntry(buf, `~/.cline/data/tasks/<id>/${name}, byte for byte (id ${id})`);
  }
  assertNoSecrets(tmpOut, [FAKE_KEY]);
  const recording = {
    ...recordingFacts(scenario, facts),
    taskId: id,
    notKept: {
      'state/taskHistory.json, globalState.json': 'the task index and state under ~/.cline/data/; not copied',
      'secrets.json': 'provider key written by `cline auth` (the fake key); not copied',
    },
    files,
  };
  publishRecording(tmpOut, 'cline', scenario.name, recording);
  log(`cline ${scenario.name}: task ${id}: ${Object.keys(files).join(', ')}`);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  const installed = installOnce(ensureInstalled);
  return recordScenarios('cline', names, { workDir: WORK, recordOne: (s, ns) => recordScenario(s, { ...installed(s.version ?? VERSION), version: s.version ?? VERSION, ns }) });
}
