// Nanocoder driver of the fixture recorder: the real `nanocoder` (npm `@nanocollective/nanocoder`)
// against the scripted Chat Completions server (servers/openai-chat.mjs). Scenarios:
// scenarios/nanocoder.mjs.
//
// Nanocoder 1.30.0 needs Node >= 22.19 (its undici binds zlib's zstd decompressor at load time),
// so the runs use the Node binary of the npm package `node-<platform>-<arch>` rather than the
// recorder's own Node. Each scenario is recorded twice, each time in a fresh HOME and sandbox:
//   session   `nanocoder --no-plain --mode yolo ... run "<prompt>"`: the Ink runtime, which needs a
//             terminal (run under `script` for a pseudo-terminal) and is the one that saves the
//             session, to ~/.local/share/nanocoder/sessions/<uuid>.json (kept as <uuid>.json)
//   json      `nanocoder --plain --json --mode yolo ... run "<prompt>"`: the headless runtime; its
//             stdout is one pretty-printed JSON report (kept as stdout.json). It saves no session.
// The provider is an OpenAI-compatible entry of ~/.config/nanocoder/agents.config.json (it holds
// the fake key and is not copied), as are the sessions index sessions.json, preferences, the
// prompt history and the logs.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, assertNoSecrets, baseAgentEnv, freshDirs, innerTimeoutMs, installOnce, log, loopbackUp, namespaceNote, npmInstallPinned, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, rmrf, runAgentProcess, scenarioModule, runInner, sha256, shownEnv, versionCheckEnv, versionHome, writeRunFacts } from '../lib.mjs';
import { CHAT_MODEL, startModelServer } from '../servers/openai-chat.mjs';

export const PACKAGE = '@nanocollective/nanocoder';
export const VERSION = process.env.ATX_NANOCODER_VERSION || '1.30.0';
/** the Node that runs nanocoder: a release binary, as npm ships it */
export const NODE = { package: `node-${process.platform}-${os.arch()}`, version: process.env.ATX_NANOCODER_NODE_VERSION || '22.23.3' };
/** the OpenAI-compatible provider of agents.config.json (the key is fake and never recorded) */
const PROVIDER = { name: 'atx', model: CHAT_MODEL, apiKey: 'sk-nanocoder-fixture-not-a-real-key' };
const SANDBOX_ROOT = '/tmp/atx-sandbox-nanocoder';
const WORK = path.join(SCRATCH, 'nanocoder');

function agentEnv(home, tmp, variant) {
  // the Ink runtime draws on a terminal; the headless one must not think it has one
  return { ...baseAgentEnv(home), TMPDIR: tmp, NO_COLOR: '1', ...(variant === 'session' ? { TERM: 'xterm-256color', COLUMNS: '120', LINES: '40' } : {}) };
}

function ensureInstalled() {
  const node = path.join(npmInstallPinned(NODE.package, NODE.version), 'node_modules', NODE.package, 'bin', 'node');
  const dir = npmInstallPinned(PACKAGE, VERSION);
  const cli = path.join(dir, 'node_modules', ...PACKAGE.split('/'), 'dist', 'cli.js');
  // its own HOME and TMPDIR: Node 22 leaves a node-compile-cache folder in the TMPDIR it is given
  const r = spawnSync(node, [cli, '--version'], { encoding: 'utf8', timeout: 120_000, env: versionCheckEnv(versionHome(WORK)) });
  const versionLine = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n')[0];
  if (versionLine !== VERSION) throw new Error(`installed ${PACKAGE}@${VERSION} but \`nanocoder --version\` said: ${versionLine}`);
  const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return { node, cli, versionLine, nodeVersion };
}

const commonArgs = ['--mode', 'yolo', '--trust-directory', '--provider', PROVIDER.name, '--model', PROVIDER.model];
const runArgs = (variant, scenario) => [...(variant === 'session' ? ['--no-plain'] : ['--plain', '--json']), ...commonArgs, 'run', scenario.prompt];
const shellQuote = (arg) => `'${arg.replace(/'/g, `'\\''`)}'`;

function writeProviderConfig(home, port) {
  const dir = path.join(home, '.config', 'nanocoder');
  fs.mkdirSync(dir, { recursive: true });
  const provider = { name: PROVIDER.name, baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: PROVIDER.apiKey, models: [PROVIDER.model] };
  fs.writeFileSync(path.join(dir, 'agents.config.json'), JSON.stringify({ nanocoder: { providers: [provider] } }, null, 2));
}

export async function inner(spec) {
  const { scenarioName, variant, runDir, home, tmp, sandbox, node, cli } = spec;
  loopbackUp(spec);
  const { scenarios } = await import(scenarioModule('nanocoder'));
  const scenario = scenarios.find((s) => s.name === scenarioName);
  const script = { name: scenario.name, conversations: scenario.conversations({ sandbox }) };
  const server = await startModelServer({ scenario: script, logFile: path.join(runDir, 'model-server.log'), models: [PROVIDER.model] });
  writeProviderConfig(home, server.port);
  const env = agentEnv(home, tmp, variant);
  const argv = [node, cli, ...runArgs(variant, scenario)];
  // the Ink runtime refuses to start without a terminal: `script` gives it a pseudo-terminal
  const [bin, ...args] = variant === 'session' ? ['script', '-qefc', argv.map(shellQuote).join(' '), '/dev/null'] : argv;
  const run = await runAgentProcess({ bin, args, cwd: sandbox, env, runDir, timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  fs.writeFileSync(path.join(runDir, variant === 'session' ? 'terminal.txt' : 'stdout.json'), run.stdout);
  await server.close();
  writeRunFacts(runDir, { ...processOutcome(run), port: server.port, stats: server.stats, envNames: Object.keys(env) });
}

const fileEntry = (buf, what, summary) => ({ bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) });

function summarizeSession(doc) {
  const s = { messages: 0, roles: {}, toolCalls: 0 };
  for (const m of doc.messages ?? []) {
    s.messages++;
    s.roles[m.role] = (s.roles[m.role] ?? 0) + 1;
    s.toolCalls += m.tool_calls?.length ?? 0;
  }
  return s;
}

const summarizeReport = (doc) => ({ kind: doc.kind, exitCode: doc.exitCode, toolCalls: doc.toolCalls?.length ?? 0, filesChanged: doc.filesChanged });

/** Runs one variant of a scenario in its own HOME and a fresh sandbox; returns its run facts. */
async function recordVariant(scenario, variant, { node, cli, ns }) {
  const runDir = path.join(WORK, 'runs', scenario.name, variant);
  const home = path.join(WORK, 'home', scenario.name, variant);
  const tmp = path.join(WORK, 'tmp', scenario.name, variant);
  freshDirs(runDir, home, tmp);
  const sandbox = prepareSandbox(scenario, SANDBOX_ROOT);
  log(`nanocoder ${scenario.name} ${variant} (${namespaceNote(ns)})`);
  const spec = { driver: 'nanocoder', scenarioName: scenario.name, variant, runDir, home, tmp, sandbox, node, cli };
  const run = await runInner(spec, ns, innerTimeoutMs(scenario), `${scenario.name} ${variant}`);
  if (run.exitCode !== 0 || run.timedOut) throw new Error(`${scenario.name} ${variant}: nanocoder exited ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}; see ${runDir}`);
  return { run, runDir, home, sandbox };
}

async function recordScenario(scenario, install) {
  const tmpOut = path.join(WORK, 'out', scenario.name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const runs = {};

  const saved = await recordVariant(scenario, 'session', install);
  const sessionsDir = path.join(saved.home, '.local', 'share', 'nanocoder', 'sessions');
  const sessionFiles = fs.readdirSync(sessionsDir).filter((f) => f.endsWith('.json') && f !== 'sessions.json');
  if (sessionFiles.length !== 1) throw new Error(`${scenario.name}: expected one saved session, found ${sessionFiles.join(', ') || 'none'}`);
  const [sessionFile] = sessionFiles;
  const sessionBuf = fs.readFileSync(path.join(sessionsDir, sessionFile));
  fs.writeFileSync(path.join(tmpOut, sessionFile), sessionBuf);
  files[sessionFile] = fileEntry(sessionBuf, '~/.local/share/nanocoder/sessions/<uuid>.json after the `session` run, byte for byte', summarizeSession(JSON.parse(sessionBuf.toString('utf8'))));
  runs.session = { command: ['nanocoder', ...runArgs('session', scenario)], terminal: 'pseudo-terminal from `script -qefc <command> /dev/null`', cwd: saved.sandbox, ...pick(saved.run) };

  const headless = await recordVariant(scenario, 'json', install);
  const reportBuf = fs.readFileSync(path.join(headless.runDir, 'stdout.json'));
  fs.writeFileSync(path.join(tmpOut, 'stdout.json'), reportBuf);
  files['stdout.json'] = fileEntry(reportBuf, 'stdout of the `json` run, byte for byte', summarizeReport(JSON.parse(reportBuf.toString('utf8'))));
  runs.json = { command: ['nanocoder', ...runArgs('json', scenario)], cwd: headless.sandbox, ...pick(headless.run) };

  assertNoSecrets(tmpOut, [PROVIDER.apiKey]);
  const recording = {
    agent: 'nanocoder',
    package: PACKAGE,
    version: VERSION,
    versionOutput: install.versionLine,
    runtime: `${install.nodeVersion} from npm ${NODE.package}@${NODE.version} (nanocoder needs Node >= 22.19)`,
    runs,
    env: shownEnv(agentEnv(`<scratch>/nanocoder/home/${scenario.name}/<variant>`, `<scratch>/nanocoder/tmp/${scenario.name}/<variant>`, 'session')),
    envNote: 'TERM, COLUMNS and LINES only for the session run',
    config: `~/.config/nanocoder/agents.config.json: {nanocoder: {providers: [{name: "${PROVIDER.name}", baseUrl: "http://127.0.0.1:PORT/v1", apiKey: "<fake key, not recorded>", models: ["${PROVIDER.model}"]}]}}`,
    recorderNodeVersion: process.version,
    ...recordingContext(install.ns, 'scripted-openai-chat (scripts/record-fixtures/servers/openai-chat.mjs, Chat Completions on 127.0.0.1)', scenario, { prompt: scenario.prompt }),
    sessionId: sessionFile.replace(/\.json$/, ''),
    notKept: {
      'sessions/sessions.json': 'the index of saved sessions (id, title, times, provider, model, workingDirectory); not copied',
      '~/.config/nanocoder/': 'agents.config.json (holds the fake key), nanocoder-preferences.json, .nano-coder-history; not copied',
      '~/.local/state/nanocoder/logs/': "nanocoder's own log; not copied",
      'terminal output of the session run': 'what the Ink runtime drew on the pseudo-terminal; not copied',
    },
    files,
  };
  publishRecording(tmpOut, 'nanocoder', scenario.name, recording);
  log(`nanocoder ${scenario.name}: session ${JSON.stringify(files[sessionFile].summary)}, report ${JSON.stringify(files['stdout.json'].summary)}`);
  return recording;
}

const pick = (run) => ({ exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServerStats: run.stats });

/** Records the named scenarios (all when none are named). */
export function record(names) {
  // installed on the first scenario that runs, so naming an unknown scenario installs nothing
  const installed = installOnce(ensureInstalled);
  return recordScenarios('nanocoder', names, { workDir: WORK, recordOne: (s, ns) => recordScenario(s, { ns, ...installed(VERSION) }) });
}

