// Factory Droid driver of the fixture recorder: the real `droid` (npm `@factory/cli`, a Bun-compiled
// binary shipped in the per-platform package `@factory/cli-linux-x64`) against the scripted Chat
// Completions server (servers/openai-chat.mjs), through a bring-your-own-key custom model
// (`customModels` in ~/.factory/settings.json, provider `generic-chat-completion-api`). No Factory
// login is needed for a custom model: the calls to Factory's servers (auth, cloud sync, telemetry)
// fail inside the loopback-only namespace and droid carries on. Scenarios: scenarios/droid.mjs.
//
// Each prompt of a scenario is one `droid exec -o stream-json` run: the first creates the session,
// later ones continue it with `-s <session id>` (read from the first run's init line). Kept:
//   stdout.jsonl (stdout.2.jsonl, ...)   each run's stdout, byte for byte
//   <id>.jsonl, <id>.settings.json       ~/.factory/sessions/<cwd slug>/ after the last run
// settings.json (it holds the fake key), logs, caches and the .bak copy of the settings are not copied.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, assertNoSecrets, baseAgentEnv, checkedVersionLine, freshDirs, innerScenario, installOnce, isolationText, log, npmInstallPinned, parseJsonl, prepareSandbox, publishRecording, recordScenarios, runEachPrompt, runPromptsInNamespace, sha256, shownEnv, startScenarioServer, versionHome } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';

const PACKAGE = '@factory/cli-linux-x64';
// 0.225.1 of the `@factory/cli` wrapper names a binary package that was never published; 0.225.2 is
const VERSION = process.env.ATX_DROID_VERSION || '0.225.2';
const FAKE_KEY = 'sk-droid-fixture-not-a-real-key';
const DISPLAY_NAME = 'ATX Coder';
/** the id droid gives the first custom model: its display name, dashed, and its index */
const MODEL_ID = 'custom:ATX-Coder-0';
const SANDBOX_ROOT = '/tmp/atx-sandbox-droid';
const WORK = path.join(SCRATCH, 'droid');

const binPath = (version) => path.join(SCRATCH, `${PACKAGE.replace(/[@/]/g, '_')}-${version}`, 'node_modules', '@factory', 'cli-linux-x64', 'bin', 'droid');

function agentEnv(home) {
  return { ...baseAgentEnv(home), NO_COLOR: '1', FACTORY_DISABLE_KEYRING: '1', FACTORY_DROID_AUTO_UPDATE_ENABLED: 'false' };
}

function writeSettings(home, port) {
  fs.mkdirSync(path.join(home, '.factory'), { recursive: true });
  const settings = {
    customModels: [{ model: CHAT_MODEL, displayName: DISPLAY_NAME, baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: FAKE_KEY, provider: 'generic-chat-completion-api', maxOutputTokens: 4096 }],
  };
  fs.writeFileSync(path.join(home, '.factory', 'settings.json'), JSON.stringify(settings, null, 2));
}

function ensureInstalled(version) {
  npmInstallPinned(PACKAGE, version);
  const bin = binPath(version);
  const home = versionHome(WORK);
  const versionLine = checkedVersionLine({ bin, env: agentEnv(home), pkg: PACKAGE, version, command: 'droid --version' });
  return { bin, versionLine };
}

function buildArgs(scenario, index, sessionId) {
  return [
    'exec', '-o', 'stream-json', '--auto', 'high', '-m', MODEL_ID,
    ...(index > 0 ? ['-s', sessionId] : []),
    ...(scenario.flags ?? []),
    scenario.prompts[index],
  ];
}

const sessionIdOf = (stdout) => parseJsonl(stdout).find((l) => l.type === 'system' && l.subtype === 'init')?.session_id;

export async function inner(spec) {
  const { runDir, home, sandbox, bin } = spec;
  const scenario = await innerScenario('droid', spec);
  const server = await startScenarioServer('openai-chat.mjs', scenario, { sandbox }, runDir, { models: [CHAT_MODEL] });
  writeSettings(home, server.port);
  const env = agentEnv(home);
  const timeoutMs = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { runs, sessionId } = await runEachPrompt({ bin, buildArgs, scenario, sandbox, env, runDir, timeoutMs, sessionIdOf });
  await server.close();
  fs.writeFileSync(path.join(runDir, 'run.json'), JSON.stringify({ runs, sessionId, port: server.port, stats: server.stats, envNames: Object.keys(env) }, null, 2));
}

/** Short structural summary of a JSON lines file: how many lines of each type. */
function summarizeJsonl(lines) {
  const s = { lines: lines.length, types: {}, toolCalls: {} };
  for (const l of lines) {
    const type = l.type === 'message' ? `message:${l.role ?? l.message?.role ?? '?'}` : l.type ?? '(none)';
    s.types[type] = (s.types[type] ?? 0) + 1;
    if (l.type === 'tool_call') s.toolCalls[l.toolName] = (s.toolCalls[l.toolName] ?? 0) + 1;
    for (const b of Array.isArray(l.message?.content) ? l.message.content : []) {
      if (b?.type === 'tool_use') s.toolCalls[b.name] = (s.toolCalls[b.name] ?? 0) + 1;
    }
  }
  return s;
}

const fileEntry = (buf, what, summary) => ({ bytes: buf.length, sha256: sha256(buf), what, ...(summary ? { summary } : {}) });
const stdoutName = (index) => (index === 0 ? 'stdout.jsonl' : `stdout.${index + 1}.jsonl`);

/** The session folder droid made for the sandbox: ~/.factory/sessions/<cwd slug>/ */
function sessionFolder(home) {
  const root = path.join(home, '.factory', 'sessions');
  const slugs = fs.readdirSync(root).filter((d) => fs.statSync(path.join(root, d)).isDirectory());
  if (slugs.length !== 1) throw new Error(`expected one session folder under ${root}, found ${slugs.join(', ') || 'none'}`);
  return { dir: path.join(root, slugs[0]), slug: slugs[0] };
}

async function recordScenario(scenario, { bin, versionLine, version, ns }) {
  const tmpOut = path.join(WORK, 'out', scenario.name);
  const runDir = path.join(WORK, 'runs', scenario.name);
  const home = path.join(WORK, 'home', scenario.name);
  freshDirs(tmpOut, runDir, home);
  const sandbox = prepareSandbox(scenario, SANDBOX_ROOT);
  const spec = { driver: 'droid', scenarioName: scenario.name, variant: 'stream-json', runDir, home, sandbox, bin };
  const run = await runPromptsInNamespace(spec, ns, scenario, 'droid');

  const files = {};
  run.runs.forEach((_, i) => {
    const buf = fs.readFileSync(path.join(runDir, `run-${i + 1}`, 'stdout.jsonl'));
    fs.writeFileSync(path.join(tmpOut, stdoutName(i)), buf);
    files[stdoutName(i)] = fileEntry(buf, `stdout of run ${i + 1} (\`droid exec -o stream-json ...\`), byte for byte`, summarizeJsonl(parseJsonl(buf)));
  });
  const { dir, slug } = sessionFolder(home);
  const id = run.sessionId;
  for (const name of [`${id}.jsonl`, `${id}.settings.json`]) {
    const buf = fs.readFileSync(path.join(dir, name));
    fs.writeFileSync(path.join(tmpOut, name), buf);
    files[name] = fileEntry(buf, `~/.factory/sessions/<cwd slug>/${name} after the last run, byte for byte`, name.endsWith('.jsonl') ? summarizeJsonl(parseJsonl(buf)) : undefined);
  }
  const others = fs.readdirSync(dir).filter((f) => f !== `${id}.jsonl` && f !== `${id}.settings.json`);

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const recording = {
    agent: 'droid',
    package: `${PACKAGE} (the binary of @factory/cli)`,
    version,
    versionOutput: versionLine,
    scenario: { name: scenario.name, description: scenario.description, prompts: scenario.prompts },
    how: {
      commands: scenario.prompts.map((_, i) => ['droid', ...buildArgs(scenario, i, i > 0 ? id : undefined)]),
      cwd: sandbox,
      env: shownEnv(agentEnv(`<scratch>/droid/home/${scenario.name}`)),
      settings: { customModels: [{ model: CHAT_MODEL, displayName: DISPLAY_NAME, baseUrl: 'http://127.0.0.1:PORT/v1', apiKey: '<fake key, not recorded>', provider: 'generic-chat-completion-api', maxOutputTokens: 4096 }] },
      modelServer: 'scripts/record-fixtures/servers/openai-chat.mjs (scripted OpenAI Chat Completions API on 127.0.0.1)',
      isolation: isolationText(ns),
      host: `node ${process.version} on ${process.platform}-${os.arch()}`,
      at: new Date().toISOString(),
    },
    runs: run.runs.map((r) => ({ exitCode: r.exitCode, signal: r.signal, timedOut: r.timedOut, durationMs: r.durationMs })),
    modelServerStats: run.stats,
    sessionId: id,
    sessionFolder: `~/.factory/sessions/${slug}/`,
    notKept: {
      '~/.factory/settings.json': 'the custom model settings (hold the fake key); shown above without the key',
      ...(others.length ? { [others.join(', ')]: 'other files of the session folder (a backup of the settings); not copied' } : {}),
      '~/.factory/logs, cache, state, telemetry': 'droid logs and bookkeeping; not copied',
    },
    files,
  };
  publishRecording(tmpOut, 'droid', scenario.name, recording);
  log(`droid ${scenario.name}: session ${JSON.stringify(files[`${id}.jsonl`].summary.types)}`);
}

/** Records the named scenarios (all when none are named); the binary is installed before the first. */
export function record(names) {
  const installed = installOnce(ensureInstalled);
  return recordScenarios('droid', names, { workDir: WORK, recordOne: (s, ns) => recordScenario(s, { ...installed(s.version ?? VERSION), version: s.version ?? VERSION, ns }) });
}
