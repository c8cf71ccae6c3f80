// Pi driver of the fixture recorder: the real `pi` CLI (@mariozechner/pi-coding-agent) against the
// scripted Anthropic Messages server (servers/anthropic.mjs, through servers/pi-extras.mjs), as a
// custom provider in ~/.pi/agent/models.json with `api: "anthropic-messages"`.
// Scenarios: scenarios/pi.mjs. Each scenario is run with `pi --mode json -p ...` (stream.jsonl +
// the session file it wrote, session.jsonl) and, when the scenario says so, with `pi --mode rpc`
// fed one `prompt` command per prompt (rpc.jsonl).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SCRATCH, SCRIPTS_DIR, assertNoSecrets, baseAgentEnv, innerTimeoutMs, installOnce, isolationNote, jsonLinesDialog, log, loopbackUp, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, rmrf, runAgentProcess, runInner, scenarioModule, sha256, shownEnv, versionHome, writeRunFacts } from '../lib.mjs';

const PACKAGE = '@mariozechner/pi-coding-agent';
const VERSION = process.env.ATX_PI_VERSION || '0.73.1';
const FAKE_KEY = 'sk-ant-pi-fixture-not-a-real-key';
const PROVIDER = 'atx';
const MODEL = 'claude-sonnet-4-5';
/** Pi's sandboxes live apart from other agents' (/tmp/atx-sandbox) so recordings can run side by side. */
const SANDBOX_ROOT = '/tmp/atx-sandbox-pi';
const WORK = path.join(SCRATCH, 'pi');

const installDir = (version) => path.join(SCRATCH, `${PACKAGE.replace(/[@/]/g, '_')}-${version}`);
const packageDir = (version) => path.join(installDir(version), 'node_modules', ...PACKAGE.split('/'));

function ensureInstalled(version) {
  npmInstallPinned(PACKAGE, version);
  const bin = path.join(installDir(version), 'node_modules', '.bin', 'pi');
  const home = versionHome(WORK);
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: home, PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1' } });
  const versionLine = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (!versionLine.includes(version)) throw new Error(`installed ${PACKAGE}@${version} but \`pi --version\` said: ${versionLine}`);
  return { bin, versionLine };
}

function agentEnv(home) {
  return {
    ...baseAgentEnv(home),
    PI_SKIP_VERSION_CHECK: '1',
    PI_OFFLINE: '1',
    PI_TELEMETRY: '0',
  };
}

/** ~/.pi/agent/models.json and settings.json: one custom provider speaking Anthropic Messages to our server. */
function writeAgentConfig(home, port, scenario) {
  const dir = path.join(home, '.pi', 'agent');
  fs.mkdirSync(dir, { recursive: true });
  const models = {
    providers: {
      [PROVIDER]: {
        baseUrl: `http://127.0.0.1:${port}`,
        api: 'anthropic-messages',
        apiKey: FAKE_KEY,
        // a scenario's `extraModels`: more ids of the same scripted server (for set_model / cycle_model)
        models: [MODEL, ...(scenario.extraModels ?? [])].map((id) => ({ id, name: `Scripted Claude (atx fixtures)${id === MODEL ? '' : `: ${id}`}`, reasoning: true, input: ['text', 'image'], contextWindow: 200000, maxTokens: 16384, cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } })),
      },
    },
  };
  fs.writeFileSync(path.join(dir, 'models.json'), JSON.stringify(models, null, 2));
  const settings = { defaultProvider: PROVIDER, defaultModel: MODEL, quietStartup: true, ...(scenario.settings ?? {}) };
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

function buildArgs(scenario, mode, ctx) {
  const flags = typeof scenario.flags === 'function' ? scenario.flags(ctx) : (scenario.flags ?? []);
  const args = ['--mode', mode, '--provider', PROVIDER, '--model', MODEL, ...flags];
  if (mode === 'json') args.push('-p', ...scenario.prompts);
  return args;
}

/** The RPC command of one `prompts` entry: a string is a `prompt`, an object another command (`bash`, `set_model`, ...). */
const rpcCommand = (entry, id) => (typeof entry === 'string' ? { id, type: 'prompt', message: entry } : { id, ...entry });

/**
 * RPC: one `prompt` command per prompt, each sent after the previous one finished (agent_end, or
 * the fixture extension's "atx: ..." notification for its commands); dialogs are answered by
 * scenario.uiAnswer; then get_session_stats; then stdin is closed, which ends pi.
 */
function rpcDriver(scenario, sent, timeoutMs) {
  return (child) => {
    let waiting = null;
    const steps = [
      ...scenario.prompts.map((entry, i) => ({
        command: rpcCommand(entry, `atx-${i + 1}`),
        done: typeof entry !== 'string'
          ? (e) => e.type === 'response' && e.id === `atx-${i + 1}`
          : entry.startsWith('/atx-')
            ? (e) => e.type === 'extension_ui_request' && e.method === 'notify' && String(e.message).startsWith('atx:')
            : (e) => e.type === 'agent_end' || (e.type === 'response' && e.id === `atx-${i + 1}` && e.success === false),
      })),
      { command: { id: 'atx-stats', type: 'get_session_stats' }, done: (e) => e.type === 'response' && e.command === 'get_session_stats' },
    ];
    const dialog = jsonLinesDialog(child, {
      sent,
      timeoutMs,
      onTimeout: () => log(`${scenario.name}/rpc: driver timeout, closing stdin`),
      onMessage: (event) => {
        if (event.type === 'extension_ui_request' && ['select', 'confirm', 'input', 'editor'].includes(event.method)) {
          dialog.send({ type: 'extension_ui_response', id: event.id, ...(scenario.uiAnswer ? scenario.uiAnswer(event) : { cancelled: true }) });
        }
        if (waiting?.done(event)) {
          waiting = null;
          setTimeout(next, 100);
        }
      },
    });
    const next = () => {
      const step = steps.shift();
      if (!step) return dialog.finish();
      waiting = step;
      dialog.send(step.command);
    };
    next();
    return dialog.done;
  };
}

export async function inner(spec) {
  const { scenarioName, variant, runDir, home, sandbox, bin, pkgDir } = spec;
  loopbackUp(spec);
  const { scenarios } = await import(scenarioModule('pi'));
  const { startPiModelServer } = await import('../servers/pi-extras.mjs');
  const scenario = scenarios.find((s) => s.name === scenarioName);
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR, packageDir: pkgDir };
  const server = await startPiModelServer({
    scenario: { name: scenario.name, conversations: scenario.conversations(ctx) },
    logFile: path.join(runDir, 'model-server.log'),
    failFirst: scenario.failFirst ?? 0,
  });
  writeAgentConfig(home, server.port, scenario);
  const args = buildArgs(scenario, variant, ctx);
  const env = agentEnv(home);
  const timeoutMs = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sent = [];
  const run = await runAgentProcess({
    bin, args, cwd: sandbox, env, runDir, timeoutMs,
    ...(variant === 'rpc' ? { keepStdinOpen: rpcDriver(scenario, sent, timeoutMs) } : {}),
  });
  fs.writeFileSync(path.join(runDir, 'stdout.jsonl'), run.stdout);
  await server.close();
  writeRunFacts(runDir, {
    args, ...processOutcome(run), port: server.port,
    stats: server.stats, injectedFailures: server.injectedFailures?.() ?? 0, envNames: Object.keys(env), stdin: sent,
  });
}

/** Short structural summary of a Pi JSONL file, for recording.json and the console. */
export function summarizeJsonl(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {}, roles: {}, blockTypes: {}, toolNames: {}, updateTypes: {}, isErrorResults: 0 };
  for (const l of lines) {
    inc(s.types, l.type ?? '(none)');
    const message = l.type === 'message' || l.type === 'message_end' ? l.message : undefined;
    if (l.type === 'message_update') inc(s.updateTypes, l.assistantMessageEvent?.type ?? '(none)');
    if (!message) continue;
    inc(s.roles, message.role ?? '(none)');
    if (message.role === 'toolResult' && message.isError) s.isErrorResults++;
    if (Array.isArray(message.content))
      for (const b of message.content) {
        inc(s.blockTypes, b.type);
        if (b.type === 'toolCall') inc(s.toolNames, b.name);
      }
  }
  return s;
}

function findSessionFiles(home) {
  const root = path.join(home, '.pi', 'agent', 'sessions');
  const found = [];
  if (!fs.existsSync(root)) return found;
  for (const slug of fs.readdirSync(root)) {
    for (const f of fs.readdirSync(path.join(root, slug))) if (f.endsWith('.jsonl')) found.push(path.join(root, slug, f));
  }
  return found.sort();
}

async function recordScenario(scenario, { bin, versionLine, version, ns }) {
  const variants = scenario.rpcOnly ? ['rpc'] : ['json', ...(scenario.rpc ? ['rpc'] : [])];
  const tmpOut = path.join(WORK, 'out', scenario.name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const runs = {};
  const sandboxPath = path.join(SANDBOX_ROOT, scenario.name);
  const pkgDir = packageDir(version);
  for (const variant of variants) {
    const runDir = path.join(WORK, 'runs', scenario.name, variant);
    const home = path.join(WORK, 'home', scenario.name, variant);
    rmrf(runDir);
    rmrf(home);
    fs.mkdirSync(runDir, { recursive: true });
    fs.mkdirSync(home, { recursive: true });
    const sandbox = prepareSandbox(scenario, SANDBOX_ROOT);
    log(`pi ${scenario.name}/${variant}: running (${namespaceNote(ns)})`);
    const spec = { driver: 'pi', scenarioName: scenario.name, variant, runDir, home, sandbox, bin, pkgDir };
    const run = await runInner(spec, ns, innerTimeoutMs(scenario), `${scenario.name}/${variant}`);
    runs[variant] = {
      exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats,
      ...(run.injectedFailures ? { injectedFailures: run.injectedFailures } : {}), args: run.args,
      ...(variant === 'rpc' ? { stdin: run.stdin } : {}),
    };
    if (run.exitCode !== 0 || run.timedOut) throw new Error(`${scenario.name}/${variant}: pi exited ${run.exitCode}${run.timedOut ? ' (timed out)' : ''}; see ${runDir}/stderr.txt`);
    const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
    const name = variant === 'rpc' ? 'rpc.jsonl' : 'stream.jsonl';
    fs.writeFileSync(path.join(tmpOut, name), stdout);
    const lines = parseJsonl(stdout);
    files[name] = {
      bytes: stdout.length, sha256: sha256(stdout),
      what: variant === 'rpc' ? 'stdout of `pi --mode rpc` (events and command responses), byte for byte' : 'stdout of `pi --mode json -p ...`, byte for byte',
      summary: summarizeJsonl(lines),
    };
    log(`pi ${scenario.name}/${variant}: exit ${run.exitCode}, ${lines.length} stdout lines, model server ${JSON.stringify(run.stats)}`);
    const sessions = findSessionFiles(home);
    if (variant === 'rpc') {
      runs.rpc.sessionFiles = sessions.map((f) => path.relative(home, f).replace(/^\.pi\/agent\/sessions\/[^/]+\//, '~/.pi/agent/sessions/<cwd slug>/'));
      // an RPC-only scenario keeps the session files of its run (more than one after new_session/fork), oldest first
      if (scenario.rpcOnly) sessions.forEach((file, i) => keepSessionFile(file, i === 0 ? 'session.jsonl' : `session-${i + 1}.jsonl`, 'rpc.jsonl'));
      continue;
    }
    if (sessions.length !== 1) throw new Error(`${scenario.name}: expected one session file, found ${sessions.length} under ${home}`);
    keepSessionFile(sessions[0], 'session.jsonl', 'stream.jsonl');
  }

  function keepSessionFile(file, name, sameRunAs) {
    const buf = fs.readFileSync(file);
    fs.writeFileSync(path.join(tmpOut, name), buf);
    files[name] = {
      bytes: buf.length, sha256: sha256(buf),
      what: `session file ~/.pi/agent/sessions/${path.basename(path.dirname(file))}/${path.basename(file)}, byte for byte (same run as ${sameRunAs})`,
      summary: summarizeJsonl(parseJsonl(buf)),
    };
  }

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const ctx = { sandbox: sandboxPath, scriptsDir: SCRIPTS_DIR, packageDir: `<scratch>/${path.relative(SCRATCH, pkgDir)}` };
  const envShown = shownEnv(agentEnv(path.join(WORK, 'home', scenario.name, '<mode>')));
  const recording = {
    agent: 'pi',
    package: PACKAGE,
    version,
    versionOutput: versionLine,
    ...(scenario.rpcOnly ? {} : { command: ['pi', ...buildArgs(scenario, 'json', ctx)] }),
    ...(scenario.rpc || scenario.rpcOnly ? { commandRpc: ['pi', ...buildArgs(scenario, 'rpc', ctx)], rpcStdin: runs.rpc.stdin } : {}),
    cwd: sandboxPath,
    env: envShown,
    agentConfig: {
      '~/.pi/agent/models.json': `provider "${PROVIDER}": api anthropic-messages, baseUrl http://127.0.0.1:PORT, apiKey <fake key, not recorded>, model ${MODEL} (reasoning: true)`,
      '~/.pi/agent/settings.json': { defaultProvider: PROVIDER, defaultModel: MODEL, quietStartup: true, ...(scenario.settings ?? {}) },
    },
    nodeVersion: process.version,
    ...recordingContext(ns, `scripts/record-fixtures/servers/anthropic.mjs (scripted Anthropic Messages API on 127.0.0.1)${scenario.failFirst ? ` behind servers/pi-extras.mjs answering the first ${scenario.failFirst} request(s) with 529 overloaded` : ''}`, scenario, { prompts: scenario.prompts }),
    runs,
    files,
  };
  publishRecording(tmpOut, 'pi', scenario.name, recording);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  const installed = installOnce(ensureInstalled, ({ bin, versionLine }, version, ns) => `pi ${version}: ${bin} (${versionLine}); isolation: ${isolationNote(ns)}`);
  return recordScenarios('pi', names, {
    workDir: WORK,
    recordOne: async (s, ns) => {
      const version = s.version ?? VERSION;
      await recordScenario(s, { ...installed(version, ns), version, ns });
    },
  });
}
