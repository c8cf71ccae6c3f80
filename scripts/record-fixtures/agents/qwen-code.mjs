// Qwen Code driver of the fixture recorder: the real `qwen` CLI (@qwen-code/qwen-code, a Node
// program) with its OpenAI provider (--auth-type openai) against the scripted Chat Completions
// server (servers/openai-chat.mjs). Scenarios: scenarios/qwen-code.mjs.
//
// Each prompt of a scenario is one `qwen -p ... --output-format stream-json` run in one HOME
// (later prompts add --continue); the first prompt runs once more with
// --include-partial-messages in a fresh HOME when the scenario asks for it. Saved per scenario:
// chat.jsonl (~/.qwen/projects/<cwd slug>/chats/<sessionId>.jsonl after the last run),
// stream.jsonl (stdout of the first run), stream-<n>.jsonl (stdout of run n > 1),
// stream-partial.jsonl, subagents/<sessionId>/agent-<id>.jsonl (+ .meta.json) when a subagent ran,
// recording.json.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, SCRIPTS_DIR, assertNoSecrets, baseAgentEnv, copyTree, innerScenario, innerTimeoutMs, installOnce, isolationNote, jsonLinesDialog, log, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, rmrf, runAgentProcess, runInner, sha256, shownEnv, startScenarioServer, versionHome, writeRunFacts } from '../lib.mjs';
import { CHAT_MODEL } from '../servers/openai-chat.mjs';

const PACKAGE = '@qwen-code/qwen-code';
const VERSION = process.env.ATX_QWEN_CODE_VERSION || '0.24.4';
const FAKE_KEY = 'sk-qwen-fixture-not-a-real-key';
/** Qwen's sandboxes live apart from other agents' (/tmp/atx-sandbox) so recordings can run side by side. */
const SANDBOX_ROOT = '/tmp/atx-sandbox-qwen';
const WORK = path.join(SCRATCH, 'qwen-code');

/** The CLI's entry script (package.json `bin.qwen`), run with the recorder's own Node. */
function qwenScript(version) {
  const dir = npmInstallPinned(PACKAGE, version);
  const pkgDir = path.join(dir, 'node_modules', ...PACKAGE.split('/'));
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const script = path.join(pkgDir, typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.qwen);
  const home = versionHome(WORK);
  const r = spawnSync(process.execPath, [script, '--version'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, HOME: home } });
  const versionLine = `${r.stdout ?? ''}`.trim();
  if (r.status !== 0 || !versionLine.includes(version)) throw new Error(`${PACKAGE}@${version}: ${script} --version failed: ${r.stderr || r.stdout}`);
  const help = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, HOME: home } }).stdout ?? '';
  return { script, versionLine, cli: cliOf(help) };
}

/**
 * What this release's command line offers. Before 0.5 (0.1.x): no --auth-type (the OpenAI
 * provider is chosen in settings.json) and --output-format only text|json (one JSON document).
 */
function cliOf(help) {
  return { authTypeFlag: help.includes('--auth-type'), streamJson: help.includes('stream-json') };
}

/** ~/.qwen/settings.json: update checks, usage statistics, telemetry and the memory-extraction side agent off. */
export const SETTINGS = {
  memory: { enableManagedAutoMemory: false },
  general: { enableAutoUpdate: false, disableAutoUpdate: true, disableUpdateNag: true },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
};

/** Older releases (0.10) ignore --openai-api-key for the OpenAI provider and read OPENAI_API_KEY. */
function agentEnv(home, version) {
  return {
    ...baseAgentEnv(home),
    ...(version && version !== VERSION ? { OPENAI_API_KEY: FAKE_KEY } : {}),
    QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
    QWEN_DISABLE_AUTO_TITLE: '1',
  };
}

function buildArgs(scenario, runIndex, partial, port, cli = { authTypeFlag: true, streamJson: true }) {
  const args = scenario.sdk ? ['--input-format', 'stream-json', '--output-format', 'stream-json'] : ['-p', scenario.prompts[runIndex], '--output-format', cli.streamJson ? 'stream-json' : 'json'];
  if (partial) args.push('--include-partial-messages');
  args.push(...(scenario.approvalMode ? ['--approval-mode', scenario.approvalMode] : ['--yolo']));
  if (runIndex > 0) args.push('--continue');
  if (cli.authTypeFlag) args.push('--auth-type', 'openai');
  args.push('--openai-base-url', `http://127.0.0.1:${port}/v1`, '--openai-api-key', FAKE_KEY, '--model', CHAT_MODEL);
  return args;
}

/** The recorded command, with the port and the key left out. */
const shownArgs = (args) => args.map((arg) => (arg === FAKE_KEY ? '<fake key, not recorded>' : arg.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:PORT')));

/**
 * SDK mode (--input-format stream-json): the recorder is the client. It sends `initialize`, then
 * one user message per prompt, each after the previous turn's `result`; it answers every
 * `can_use_tool` request with scenario.sdk.answer(request) and closes stdin after the last result.
 */
function sdkClient(scenario, sent, timeoutMs) {
  return (child) => {
    const prompts = [...scenario.prompts];
    const prompt = () => {
      const next = prompts.shift();
      if (next === undefined) return dialog.finish();
      dialog.send({ type: 'user', session_id: '', parent_tool_use_id: null, message: { role: 'user', content: next } });
    };
    const dialog = jsonLinesDialog(child, {
      sent,
      timeoutMs,
      onTimeout: () => log(`${scenario.name}/sdk: client timeout, closing stdin`),
      onMessage: (message) => {
        if (message.type === 'control_request' && message.request?.subtype === 'can_use_tool') {
          dialog.send({ type: 'control_response', response: { subtype: 'success', request_id: message.request_id, response: scenario.sdk.answer(message.request) } });
        } else if (message.type === 'control_response' && message.response?.request_id === 'atx-init') {
          prompt();
        } else if (message.type === 'result') {
          setTimeout(prompt, 100);
        }
      },
    });
    dialog.send({ type: 'control_request', request_id: 'atx-init', request: { subtype: 'initialize' } });
    return dialog.done;
  };
}

export async function inner(spec) {
  const { runIndex, partial, runDir, home, sandbox, script, cli } = spec;
  const scenario = await innerScenario('qwen-code', spec);
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR };
  const server = await startScenarioServer('openai-chat.mjs', scenario, ctx, runDir, { models: [CHAT_MODEL] });
  const args = buildArgs(scenario, runIndex, partial, server.port, cli);
  const env = agentEnv(home, scenario.version);
  const sent = [];
  const result = await runAgentProcess({
    bin: process.execPath, args: [script, ...args], cwd: sandbox, env, runDir,
    timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(scenario.sdk ? { keepStdinOpen: sdkClient(scenario, sent, scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS) } : {}),
  });
  if (scenario.sdk) fs.writeFileSync(path.join(runDir, 'stdin.jsonl'), sent.map((m) => JSON.stringify(m)).join('\n') + '\n');
  fs.writeFileSync(path.join(runDir, 'stdout.jsonl'), result.stdout);
  await server.close();
  writeRunFacts(runDir, { args: shownArgs(args), ...processOutcome(result), stats: server.stats, envNames: Object.keys(env) });
}

/** Short structural summary of a chat file or a stdout stream. */
function summarize(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {} };
  for (const l of lines) {
    const event = l.type === 'stream_event' ? `/${l.event?.type}` : '';
    inc(s.types, `${l.type ?? '(none)'}${l.subtype ? `/${l.subtype}` : ''}${event}`);
  }
  return s;
}

/** prepareSandbox, tried again after a pause: git init has failed here once in a while (a leftover of the previous run still going away). */
function freshSandbox(scenario) {
  for (let attempt = 1; ; attempt++) {
    try {
      return prepareSandbox(scenario, SANDBOX_ROOT);
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`${scenario.name}: preparing the sandbox failed (${String(err.stderr ?? err.message).trim()}); trying again`);
      spawnSync('sleep', ['2']);
    }
  }
}

/** A release without --auth-type picks the OpenAI provider from settings.json. */
const settingsFor = (cli) => (cli.authTypeFlag ? SETTINGS : { ...SETTINGS, security: { auth: { selectedType: 'openai' } } });

function prepareHome(home, cli) {
  rmrf(home);
  fs.mkdirSync(path.join(home, '.qwen'), { recursive: true });
  fs.writeFileSync(path.join(home, '.qwen', 'settings.json'), JSON.stringify(settingsFor(cli), null, 2));
}

async function runOnce(scenario, { runIndex, partial, home, sandbox, script, cli, ns }) {
  const runDir = path.join(WORK, 'runs', scenario.name, partial ? 'partial' : String(runIndex));
  rmrf(runDir);
  fs.mkdirSync(runDir, { recursive: true });
  const spec = { driver: 'qwen-code', scenarioName: scenario.name, runIndex, partial, runDir, home, sandbox, script, cli };
  const run = await runInner(spec, ns, innerTimeoutMs(scenario), `${scenario.name} run ${runIndex}`);
  const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
  log(`${scenario.name} run ${runIndex}${partial ? ' (partial)' : ''}: exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, ${stdout.length} stdout bytes, model server ${JSON.stringify(run.stats)}`);
  if (run.stats.pastEnd > 0) throw new Error(`${scenario.name} run ${runIndex}: the agent asked for more turns than the scenario scripted; see ${runDir}`);
  return { run, stdout };
}

/** 0.1.x chat documents under ~/.qwen/tmp/<project hash>/chats/session-*.json, relative to ~/.qwen/tmp. */
function legacyChatFiles(home) {
  const tmp = path.join(home, '.qwen', 'tmp');
  if (!fs.existsSync(tmp)) return [];
  return fs.readdirSync(tmp).flatMap((hash) => {
    const chats = path.join(tmp, hash, 'chats');
    return fs.existsSync(chats) ? fs.readdirSync(chats).filter((f) => f.endsWith('.json')).map((f) => `${hash}/chats/${f}`) : [];
  });
}

/** The chat files under ~/.qwen/projects/<slug>/chats/, relative to ~/.qwen/projects. */
function chatFiles(home) {
  const projects = path.join(home, '.qwen', 'projects');
  if (!fs.existsSync(projects)) return [];
  return fs.readdirSync(projects).flatMap((slug) => {
    const chats = path.join(projects, slug, 'chats');
    return fs.existsSync(chats) ? fs.readdirSync(chats).filter((f) => f.endsWith('.jsonl')).map((f) => `${slug}/chats/${f}`) : [];
  });
}

/** The JSONL chat file (0.5 and newer) and its subagents' transcripts. */
function copyChatJsonl(home, scenario, tmpOut, files, addFile) {
  const chats = chatFiles(home);
  if (chats.length !== 1) throw new Error(`${scenario.name}: expected one chat file under ${home}/.qwen/projects, found ${chats.length}`);
  addFile('chat.jsonl', fs.readFileSync(path.join(home, '.qwen', 'projects', chats[0])), `~/.qwen/projects/${chats[0].replace(/[^/]+\.jsonl$/, '<sessionId>.jsonl')} after the last run`);
  // subagents' transcripts (agent-<id>.jsonl) and their .meta.json, kept under the same relative path
  const subagents = path.join(home, '.qwen', 'projects', chats[0].split('/')[0], 'subagents');
  if (fs.existsSync(subagents)) {
    const copied = [];
    fs.mkdirSync(path.join(tmpOut, 'subagents'), { recursive: true });
    copyTree(subagents, path.join(tmpOut, 'subagents'), copied, 'subagents');
    for (const rel of copied) {
      const buf = fs.readFileSync(path.join(tmpOut, rel));
      files[rel] = { bytes: buf.length, sha256: sha256(buf), what: `~/.qwen/projects/<slug>/${rel}`, ...(rel.endsWith('.jsonl') ? { summary: summarize(parseJsonl(buf)) } : {}) };
    }
  }
}

async function recordScenario(scenario, { script, versionLine, cli, version, ns }) {
  const tmpOut = path.join(WORK, 'out', scenario.name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const runs = [];
  const addFile = (name, buf, what) => {
    fs.writeFileSync(path.join(tmpOut, name), buf);
    files[name] = { bytes: buf.length, sha256: sha256(buf), what, ...(name.endsWith('.jsonl') ? { summary: summarize(parseJsonl(buf)) } : {}) };
  };

  const home = path.join(WORK, 'home', scenario.name);
  let sdkStdin;
  prepareHome(home, cli);
  const sandbox = freshSandbox(scenario);
  for (const runIndex of scenario.sdk ? [0] : scenario.prompts.keys()) {
    const { run, stdout } = await runOnce(scenario, { runIndex, partial: false, home, sandbox, script, cli, ns });
    const name = scenario.sdk ? 'sdk.jsonl' : !cli.streamJson ? 'output.json' : runIndex === 0 ? 'stream.jsonl' : `stream-${runIndex + 1}.jsonl`;
    addFile(name, stdout, scenario.sdk ? 'CLI stdout in SDK mode (--input-format stream-json --output-format stream-json); what the recorder sent is in recording.json sdkStdin' : `CLI stdout of run ${runIndex + 1} (--output-format ${cli.streamJson ? 'stream-json' : 'json'}${runIndex > 0 ? ', --continue' : ''})`);
    runs.push({ variant: scenario.sdk ? 'sdk' : runIndex === 0 ? 'base' : `continue-${runIndex + 1}`, exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats, command: ['qwen', ...run.args] });
    if (scenario.sdk) sdkStdin = parseJsonl(fs.readFileSync(path.join(WORK, 'runs', scenario.name, '0', 'stdin.jsonl')));
  }
  const legacy = legacyChatFiles(home);
  if (legacy.length === 1) addFile('chat.legacy.json', fs.readFileSync(path.join(home, '.qwen', 'tmp', legacy[0])), `~/.qwen/tmp/${legacy[0].replace(/[^/]+$/, '<session>.json')} (the one-document chat file of releases before the JSONL chats)`);
  else copyChatJsonl(home, scenario, tmpOut, files, addFile);

  if (scenario.partial) {
    const partialHome = `${home}-partial`;
    prepareHome(partialHome, cli);
    const partialSandbox = freshSandbox(scenario);
    const { run, stdout } = await runOnce(scenario, { runIndex: 0, partial: true, home: partialHome, sandbox: partialSandbox, script, cli, ns });
    addFile('stream-partial.jsonl', stdout, 'CLI stdout of a separate run of the first prompt with --include-partial-messages');
    runs.push({ variant: 'partial', exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats, command: ['qwen', ...run.args] });
    rmrf(partialHome);
  }

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const recording = {
    agent: 'qwen-code',
    package: PACKAGE,
    version,
    versionOutput: versionLine,
    command: runs[0].command,
    cwd: path.join(SANDBOX_ROOT, scenario.name),
    env: shownEnv(agentEnv(path.join(WORK, 'home', scenario.name), version), 'OPENAI_API_KEY'),
    settings: { file: '~/.qwen/settings.json', content: settingsFor(cli) },
    chatFile: files['chat.jsonl']?.what ?? files['chat.legacy.json'].what,
    nodeVersion: process.version,
    ...recordingContext(ns, 'scripts/record-fixtures/servers/openai-chat.mjs (scripted OpenAI Chat Completions API on 127.0.0.1)', scenario, { prompts: scenario.prompts }),
    ...(sdkStdin ? { sdkStdin } : {}),
    runs,
    files,
  };
  publishRecording(tmpOut, 'qwen-code', scenario.name, recording);
  rmrf(home);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  const installed = installOnce(qwenScript, ({ script, versionLine }, version, ns) => `qwen ${version}: ${script} (${versionLine}); isolation: ${isolationNote(ns)}`);
  return recordScenarios('qwen-code', names, { workDir: WORK, recordOne: (s, ns) => recordScenario(s, { ...installed(s.version ?? VERSION, ns), version: s.version ?? VERSION, ns }) });
}
