// ACP driver of the fixture recorder: real ACP agents driven by `atx run --acp` (atx is the ACP
// client) against the scripted model server each agent's provider speaks. For every agent and
// scenario (scenarios/acp.mjs) it saves, into fixtures/acp/<agent>-<scenario>/:
//   capture.jsonl   the two-way capture atx wrote (--capture), one JSON-RPC message a line
//   stdout.jsonl    the agent's bare stdout, byte for byte (a tee between atx and the agent)
//   recording.json  versions, commands, settings, what the model server saw
// Needs a built atx (npm run build). Agents: ATX_ACP_AGENTS=claude-code-acp,gemini,... (default all).
//
// Also runnable as `node acp.mjs --tee <file> <command...>`: starts <command> with this process's
// stdin, copies its stdout to both <file> and our stdout, and exits with its exit code.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TIMEOUT_MS, REPO, SANDBOX_ROOT, SCRATCH, assertNoSecrets, baseAgentEnv, innerTimeoutMs, isolationText, log, loopbackUp, namespaceMode, npmInstallPinned, parseJsonl, prepareSandbox, publishFixture, rmrf, runAgentProcess, runInner, sha256, writeRecording } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';
import { configToml as codexConfigToml } from './codex.mjs';
import { SETTINGS as GEMINI_SETTINGS } from './gemini-cli.mjs';
import { NODE as NANOCODER_NODE, PACKAGE as NANOCODER_PACKAGE, VERSION as NANOCODER_VERSION } from './nanocoder.mjs';
import { noDownloadsEnv } from './opencode.mjs';
import { SETTINGS as QWEN_SETTINGS } from './qwen-code.mjs';

const THIS_FILE = fileURLToPath(import.meta.url);
const ANTHROPIC_KEY = 'sk-ant-acp-fixture-not-a-real-key';
const OPENAI_KEY = 'sk-atx-acp-fake-openai-key-not-real';
const GEMINI_KEY = 'AIzaFAKE-atx-acp-not-a-real-key';
const FAKE_KEYS = [ANTHROPIC_KEY, OPENAI_KEY, GEMINI_KEY];
const OPENAI_KEY_ENV = 'ATX_FAKE_OPENAI_KEY';

const writeJson = (file, value) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
};
const nodeScript = (installDir, pkg, bin) => {
  const pkgDir = path.join(installDir, 'node_modules', ...pkg.split('/'));
  const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  return path.join(pkgDir, typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[bin]);
};

/**
 * Each ACP agent: the package, how it is started in ACP mode, which scripted server it talks to,
 * and the settings that point it there (written into its throwaway HOME).
 */
const AGENTS = {
  'claude-code-acp': {
    package: '@zed-industries/claude-code-acp',
    version: process.env.ATX_CLAUDE_CODE_ACP_VERSION || '0.16.2',
    server: 'anthropic',
    command: (dir) => [process.execPath, nodeScript(dir, '@zed-industries/claude-code-acp', 'claude-code-acp')],
    env: ({ port }) => ({
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: ANTHROPIC_KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', IS_SANDBOX: '1',
    }),
    settings: () => ({}),
  },
  // the successor of @zed-industries/claude-code-acp, built on @anthropic-ai/claude-agent-sdk
  'claude-agent-acp': {
    package: '@agentclientprotocol/claude-agent-acp',
    version: process.env.ATX_CLAUDE_AGENT_ACP_VERSION || '0.101.0',
    server: 'anthropic',
    command: (dir) => [process.execPath, nodeScript(dir, '@agentclientprotocol/claude-agent-acp', 'claude-agent-acp')],
    env: ({ port }) => ({
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`, ANTHROPIC_API_KEY: ANTHROPIC_KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', IS_SANDBOX: '1',
    }),
    // it starts in mode `auto` (a classifier decides, nothing is asked): `default` asks the client
    settings: () => ({ '.claude/settings.json': { permissions: { defaultMode: 'default' } } }),
  },
  'codex-acp': {
    package: '@zed-industries/codex-acp',
    version: process.env.ATX_CODEX_ACP_VERSION || '0.16.0',
    server: 'openai-responses',
    command: (dir) => [process.execPath, nodeScript(dir, '@zed-industries/codex-acp', 'codex-acp')],
    env: ({ home }) => ({ CODEX_HOME: path.join(home, '.codex'), [OPENAI_KEY_ENV]: OPENAI_KEY }),
    // Codex's own recorder settings, asking before any command that is not known to be safe
    settings: ({ port }) => ({
      '.codex/config.toml': codexConfigToml(port, {}, {}).replace('model_provider = "atx"\n', 'model_provider = "atx"\napproval_policy = "untrusted"\nsandbox_mode = "danger-full-access"\n'),
    }),
  },
  // the successor of @zed-industries/codex-acp: a Node adapter over the @openai/codex it depends on
  'agentclientprotocol-codex-acp': {
    package: '@agentclientprotocol/codex-acp',
    version: process.env.ATX_AGENTCLIENTPROTOCOL_CODEX_ACP_VERSION || '2.6.0',
    server: 'openai-responses',
    command: (dir) => [process.execPath, nodeScript(dir, '@agentclientprotocol/codex-acp', 'codex-acp')],
    env: ({ home }) => ({ CODEX_HOME: path.join(home, '.codex'), [OPENAI_KEY_ENV]: OPENAI_KEY }),
    settings: ({ port }) => ({
      '.codex/config.toml': codexConfigToml(port, {}, {}).replace('model_provider = "atx"\n', 'model_provider = "atx"\napproval_policy = "on-request"\nsandbox_mode = "read-only"\n'),
    }),
    // its Codex (0.166) rejects approval_policy "untrusted" and ran the shell call without asking under
    // on-request/read-only: a denial cannot be scripted, so `shell-denied` is not recorded
    scenarios: ['shell-allowed', 'plan-and-edit'],
  },
  gemini: {
    package: '@google/gemini-cli',
    version: process.env.ATX_GEMINI_CLI_VERSION || '0.61.0',
    server: 'gemini',
    command: (dir) => [process.execPath, nodeScript(dir, '@google/gemini-cli', 'gemini'), '--acp', '--model', 'gemini-2.5-pro'],
    env: ({ port }) => ({ GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`, GEMINI_API_KEY: GEMINI_KEY, GEMINI_CLI_NO_RELAUNCH: 'true', GEMINI_SANDBOX: 'false', NO_BROWSER: 'true' }),
    // the Gemini CLI recorder's settings
    settings: () => ({ '.gemini/settings.json': GEMINI_SETTINGS }),
  },
  qwen: {
    package: '@qwen-code/qwen-code',
    version: process.env.ATX_QWEN_CODE_VERSION || '0.24.4',
    server: 'openai-chat:qwen',
    command: (dir, { port }) => [
      process.execPath, nodeScript(dir, '@qwen-code/qwen-code', 'qwen'), '--acp',
      '--auth-type', 'openai', '--openai-base-url', `http://127.0.0.1:${port}/v1`, '--openai-api-key', OPENAI_KEY, '--model', CHAT_MODEL,
    ],
    env: () => ({ QWEN_DISABLE_AUTO_TITLE: '1' }),
    // the Qwen Code recorder's settings
    settings: () => ({ '.qwen/settings.json': QWEN_SETTINGS }),
  },
  opencode: {
    package: 'opencode-ai',
    version: process.env.ATX_OPENCODE_VERSION || '1.18.33',
    server: 'openai-chat:opencode',
    command: (dir) => [path.join(dir, 'node_modules', '.bin', 'opencode'), 'acp'],
    env: ({ home }) => ({
      XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local', 'share'), XDG_STATE_HOME: path.join(home, '.local', 'state'),
      XDG_CACHE_HOME: path.join(home, '.cache'), ...noDownloadsEnv(),
    }),
    settings: ({ port }) => ({
      '.config/opencode/opencode.json': {
        $schema: 'https://opencode.ai/config.json',
        share: 'disabled',
        autoupdate: false,
        permission: { edit: 'ask', bash: 'ask', webfetch: 'ask' },
        provider: {
          atx: {
            npm: '@ai-sdk/openai-compatible',
            name: 'atx scripted model server',
            options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: OPENAI_KEY },
            models: { [CHAT_MODEL]: { name: 'ATX Coder', tool_call: true, limit: { context: 128000, output: 8192 } } },
          },
        },
        model: `atx/${CHAT_MODEL}`,
      },
    }),
  },
  // `nanocoder --acp`, on the Node release its recorder uses (it needs Node >= 22.19); ACP sessions
  // start in its `auto-accept` mode, which asks before every shell command
  nanocoder: {
    package: NANOCODER_PACKAGE,
    version: NANOCODER_VERSION,
    extraPackages: [[NANOCODER_NODE.package, NANOCODER_NODE.version]],
    server: 'openai-chat:nanocoder',
    command: (dir) => [
      path.join(npmInstallPinned(NANOCODER_NODE.package, NANOCODER_NODE.version), 'node_modules', NANOCODER_NODE.package, 'bin', 'node'),
      path.join(dir, 'node_modules', ...NANOCODER_PACKAGE.split('/'), 'dist', 'cli.js'), '--acp', '--provider', 'atx', '--model', CHAT_MODEL,
    ],
    env: () => ({ NO_COLOR: '1' }),
    // the ACP server saves each session like the app does: published as fixtures/nanocoder/acp-<scenario>/
    savedSessions: { agent: 'nanocoder', dir: '.local/share/nanocoder/sessions', file: /^[0-9a-f-]{36}\.json$/ },
    settings: ({ port }) => ({
      '.config/nanocoder/agents.config.json': { nanocoder: { providers: [{ name: 'atx', baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: OPENAI_KEY, models: [CHAT_MODEL] }] } },
    }),
  },
};

/** The scripted server module for an agent, and how its main conversation is recognised. */
async function serverFor(server) {
  const kind = server.split(':')[0];
  const mod = await import(`../servers/${kind}.mjs`);
  const texts = {
    anthropic: (b) => mod.firstUserText(b.messages),
    'openai-responses': (b) => mod.userTexts(b),
    'openai-chat': (b) => mod.userTexts(b),
    gemini: (b) => mod.userTexts(b.contents),
  }[kind];
  return { start: mod.startModelServer, userText: texts };
}

function agentEnvFor(agent, ctx) {
  return { ...baseAgentEnv(ctx.home), ...agent.env(ctx) };
}

function writeSettings(agent, ctx) {
  for (const [rel, content] of Object.entries(agent.settings(ctx))) {
    const file = path.join(ctx.home, rel);
    if (typeof content === 'string') {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    } else writeJson(file, content);
  }
}

export async function inner(spec) {
  const { agentId, scenarioName, runDir, home, sandbox, installDir } = spec;
  loopbackUp(spec);
  const { scenarios, MARKER } = await import('../scenarios/acp.mjs');
  const scenario = scenarios.find((s) => s.name === scenarioName);
  const agent = AGENTS[agentId];
  const server = await serverFor(agent.server);
  const model = await server.start({
    scenario: { name: `${agentId}-${scenario.name}`, conversations: [{ name: 'main', match: (b) => server.userText(b).includes(MARKER), turns: scenario.turns(agent.server, { sandbox }) }] },
    logFile: path.join(runDir, 'model-server.log'),
  });
  const ctx = { home, port: model.port, sandbox };
  writeSettings(agent, ctx);
  const agentCommand = agent.command(installDir, ctx);
  const atxArgs = [
    path.join(REPO, 'dist', 'bin', 'atx.js'), 'run', '--acp', '--prompt', scenario.prompt, scenario.permissions === 'allow' ? '--allow-all' : '--deny-all',
    '--capture', path.join(runDir, 'capture.jsonl'), '-o', path.join(runDir, 'transcript.json'), '--',
    process.execPath, THIS_FILE, '--tee', path.join(runDir, 'stdout.jsonl'), ...agentCommand,
  ];
  // a private temp folder: inside the pid namespace every outside process looks gone, and atx's
  // start-up sweep of dead runs' temp folders must not see those of live runs outside
  const env = { ...agentEnvFor(agent, ctx), TMPDIR: path.join(runDir, 'tmp') };
  fs.mkdirSync(env.TMPDIR, { recursive: true });
  const result = await runAgentProcess({ bin: process.execPath, args: atxArgs, cwd: sandbox, env, runDir, timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  fs.writeFileSync(path.join(runDir, 'atx-stdout.txt'), result.stdout);
  await model.close();
  writeJson(path.join(runDir, 'run.json'), {
    agentCommand: agentCommand.map((a) => (a.startsWith(installDir) ? `<install>${a.slice(installDir.length)}` : a === process.execPath ? 'node' : a)).map((a) => a.replace(String(model.port), 'PORT')),
    atxArgs: atxArgs.slice(1, atxArgs.indexOf('--')).map((a) => (a.startsWith(runDir) ? path.basename(a) : a)),
    exitCode: result.code, signal: result.signal, timedOut: result.timedOut, durationMs: result.durationMs, modelServer: model.stats, envNames: Object.keys(env),
  });
}

function summarize(buf) {
  const count = {};
  for (const line of parseJsonl(buf)) {
    const msg = line.msg ?? line;
    const key = msg.method === 'session/update' ? `session/update:${msg.params?.update?.sessionUpdate}` : msg.method ? `${msg.method}${msg.id !== undefined ? ' (request)' : ''}` : 'response';
    count[key] = (count[key] ?? 0) + 1;
  }
  return count;
}

async function recordOne(agentId, scenario, ns) {
  const agent = AGENTS[agentId];
  const installDir = npmInstallPinned(agent.package, agent.version);
  for (const [pkg, version] of agent.extraPackages ?? []) npmInstallPinned(pkg, version); // installed before the network goes
  const name = `${agentId}-${scenario.name}`;
  const runDir = path.join(SCRATCH, 'runs', 'acp', name);
  const home = path.join(SCRATCH, 'home', 'acp', name);
  rmrf(runDir);
  rmrf(home);
  fs.mkdirSync(runDir, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  const sandbox = prepareSandbox({ name: `acp-${name}` });
  const run = await runInner({ driver: 'acp', agentId, scenarioName: scenario.name, variant: 'acp', runDir, home, sandbox, installDir }, ns, innerTimeoutMs(scenario), name);
  const capture = fs.readFileSync(path.join(runDir, 'capture.jsonl'));
  const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
  log(`${name}: atx exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, capture ${capture.length} bytes, stdout ${stdout.length} bytes, model server ${JSON.stringify(run.modelServer)}`);
  if (run.exitCode !== 0) throw new Error(`${name}: atx run --acp exited ${run.exitCode}; see ${runDir}/stderr.txt`);

  const tmpOut = path.join(SCRATCH, 'out', 'acp', name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const addFile = (file, buf, what) => {
    fs.writeFileSync(path.join(tmpOut, file), buf);
    files[file] = { bytes: buf.length, sha256: sha256(buf), what, summary: summarize(buf) };
  };
  addFile('capture.jsonl', capture, 'the two-way capture written by `atx run --acp --capture`: {"ts","dir","msg"} a line, in wire order');
  addFile('stdout.jsonl', stdout, "the agent's bare stdout, byte for byte (copied by a tee between atx and the agent)");
  assertNoSecrets(tmpOut, FAKE_KEYS);
  const atxVersion = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).version;
  const sdk = JSON.parse(fs.readFileSync(path.join(REPO, 'node_modules', '@agentclientprotocol', 'sdk', 'package.json'), 'utf8')).version;
  const recording = {
    agent: agentId,
    package: agent.package,
    version: agent.version,
    client: `atx ${atxVersion} (run --acp, @agentclientprotocol/sdk ${sdk})`,
    command: ['atx', ...run.atxArgs, '--', ...run.agentCommand.map((a) => (FAKE_KEYS.includes(a) ? '<fake key, not recorded>' : a))],
    cwd: path.join(SANDBOX_ROOT, `acp-${name}`),
    env: Object.fromEntries(Object.entries(agentEnvFor(agent, { home: '<home>', port: 'PORT', sandbox: '<sandbox>' })).map(([k, v]) => [k, FAKE_KEYS.includes(v) ? '<fake key, not recorded>' : k === 'PATH' ? '<inherited>' : v])),
    settings: JSON.parse(JSON.stringify(agent.settings({ home: '<home>', port: 'PORT' })).replaceAll(OPENAI_KEY, '<fake key, not recorded>')),
    modelServer: `scripts/record-fixtures/servers/${agent.server.split(':')[0]}.mjs on 127.0.0.1`,
    modelServerStats: run.modelServer,
    exitCode: run.exitCode,
    durationMs: run.durationMs,
    nodeVersion: process.version,
    platform: `${process.platform}-${os.arch()}`,
    isolation: isolationText(ns),
    recordedAt: new Date().toISOString(),
    scenario: { name: scenario.name, description: scenario.description, prompt: scenario.prompt, permissions: scenario.permissions },
    files,
  };
  writeRecording(tmpOut, recording);
  assertNoSecrets(tmpOut, FAKE_KEYS);
  publishFixture(tmpOut, 'acp', name);
  if (agent.savedSessions) publishSavedSession(agent, scenario, { home, name, recording });
}

/** The session file the agent itself saved during an ACP run, as a fixture of that agent's own adapter. */
function publishSavedSession(agent, scenario, { home, name, recording }) {
  const { agent: owner, dir, file } = agent.savedSessions;
  const sessions = path.join(home, dir);
  const found = fs.existsSync(sessions) ? fs.readdirSync(sessions).filter((f) => file.test(f)) : [];
  if (found.length !== 1) throw new Error(`${name}: expected one session saved under ~/${dir}, found ${found.join(', ') || 'none'}`);
  const tmpOut = path.join(SCRATCH, 'out', 'acp-saved', name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const buf = fs.readFileSync(path.join(sessions, found[0]));
  fs.writeFileSync(path.join(tmpOut, found[0]), buf);
  writeRecording(tmpOut, {
    ...recording,
    what: `~/${dir}/${found[0]}, saved by ${agent.package} ${agent.version} itself while it served the ACP run of fixtures/acp/${name}/ (same command, settings and model server)`,
    files: { [found[0]]: { bytes: buf.length, sha256: sha256(buf), what: 'the saved session, byte for byte' } },
  });
  assertNoSecrets(tmpOut, FAKE_KEYS);
  publishFixture(tmpOut, owner, `acp-${scenario.name}`);
}

/** Records `<agent>-<scenario>` names (all when none are named; ATX_ACP_AGENTS limits the agents). */
export async function record(names) {
  const { scenarios } = await import('../scenarios/acp.mjs');
  if (!fs.existsSync(path.join(REPO, 'dist', 'bin', 'atx.js'))) throw new Error('atx is not built: run npm run build first');
  const agents = (process.env.ATX_ACP_AGENTS ? process.env.ATX_ACP_AGENTS.split(',') : Object.keys(AGENTS)).filter((a) => AGENTS[a]);
  const plan = agents.flatMap((agentId) =>
    scenarios.filter((scenario) => !AGENTS[agentId].scenarios || AGENTS[agentId].scenarios.includes(scenario.name)).map((scenario) => ({ agentId, scenario, name: `${agentId}-${scenario.name}` })),
  );
  const unknown = names.filter((n) => !plan.some((p) => p.name === n));
  if (unknown.length) throw new Error(`unknown acp scenario(s): ${unknown.join(', ')}; known: ${plan.map((p) => p.name).join(', ')}`);
  const ns = namespaceMode();
  log(`acp: ${agents.join(', ')}; isolation: ${ns.mode}`);
  const failed = [];
  for (const { agentId, scenario, name } of plan.filter((p) => names.length === 0 || names.includes(p.name))) {
    try {
      await recordOne(agentId, scenario, ns);
    } catch (err) {
      failed.push(name);
      log(`${name}: FAILED: ${err.message}`);
    }
  }
  return failed;
}

/** `--tee <file> <command...>`: the agent's stdout to both <file> and ours. */
function tee([file, command, ...args]) {
  const out = fs.createWriteStream(file);
  const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => {
    out.write(chunk);
    process.stdout.write(chunk);
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('close', (code, signal) => out.end(() => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 9) : 1))));
}

if (process.argv[1] === THIS_FILE && process.argv[2] === '--tee') tee(process.argv.slice(3));
