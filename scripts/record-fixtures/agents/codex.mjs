// Codex driver of the fixture recorder: the real `codex exec --json` CLI (@openai/codex) against
// the scripted OpenAI Responses server (servers/openai-responses.mjs). Scenarios:
// scenarios/codex.mjs. Every run gets a throwaway HOME and CODEX_HOME (config.toml pointing a
// custom model provider at 127.0.0.1, wire_api = "responses"); the rollout file Codex writes
// under $CODEX_HOME/sessions/YYYY/MM/DD/ is saved byte for byte as rollout.jsonl, stdout as
// stream.jsonl.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SANDBOX_ROOT, SCRATCH, SCRIPTS_DIR, assertNoSecrets, baseAgentEnv, versionCheckEnv, innerScenario, innerTimeoutMs, isolationNote, log, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, rmrf, runAgentProcess, runInner, sha256, shownEnv, startScenarioServer, writeRunFacts } from '../lib.mjs';

const PACKAGE = '@openai/codex';
const VERSION = process.env.ATX_CODEX_VERSION || '0.171.0';
const FAKE_KEY = 'sk-atx-fake-openai-key-not-real';
const KEY_ENV = 'ATX_FAKE_OPENAI_KEY';
const MODEL = 'gpt-5.5';
/** Everything of this driver lives under its own folders: other agents record at the same time. */
const WORK = path.join(SCRATCH, 'codex');
const SANDBOXES = path.join(SANDBOX_ROOT, 'codex');

const installDir = (version) => path.join(SCRATCH, `${PACKAGE.replace(/[@/]/g, '_')}-${version}`);

function targetTriple() {
  const arch = os.arch() === 'arm64' ? 'aarch64' : 'x86_64';
  if (process.platform === 'linux') return `${arch}-unknown-linux-musl`;
  if (process.platform === 'darwin') return `${arch}-apple-darwin`;
  return `${arch}-pc-windows-msvc`;
}

/**
 * The native binary. Layouts seen: 0.20–0.39 `bin/codex-<triple>`; 0.66–0.98
 * `vendor/<triple>/codex/codex`; 0.128 `@openai/codex-<platform>/vendor/<triple>/codex/codex`;
 * 0.149+ `@openai/codex-<platform>/vendor/<triple>/bin/codex`.
 */
function codexBinary(version) {
  const triple = targetTriple();
  const found = [];
  const walk = (dir, depth) => {
    if (depth > 8) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p, depth + 1);
      else if ((entry.name === 'codex' || entry.name === `codex-${triple}`) && p.includes(triple)) found.push(p);
    }
  };
  walk(path.join(installDir(version), 'node_modules'), 0);
  for (const bin of found) {
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000, env: versionCheckEnv(path.join(WORK, 'version-home')) });
    if (r.status === 0 && r.stdout.includes(version)) return { bin, versionLine: r.stdout.trim() };
  }
  return null;
}

function ensureInstalled(version) {
  npmInstallPinned(PACKAGE, version);
  const found = codexBinary(version);
  if (!found) throw new Error(`installed ${PACKAGE}@${version} but found no working binary under ${installDir(version)}`);
  return found;
}

/** config.toml: a custom provider on the scripted server, no retries, analytics and feedback off. */
export function configToml(port, scenario, ctx) {
  const extra = typeof scenario.config === 'function' ? scenario.config(ctx) : (scenario.config ?? '');
  return `model = "${MODEL}"
model_provider = "atx"
model_reasoning_summary = "detailed"
check_for_update_on_startup = false

[model_providers.atx]
name = "atx scripted model server"
base_url = "http://127.0.0.1:${port}/v1"
env_key = "${KEY_ENV}"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[feedback]
enabled = false
${extra}`;
}

function agentEnv({ home }) {
  return { ...baseAgentEnv(home), CODEX_HOME: path.join(home, '.codex'), [KEY_ENV]: FAKE_KEY };
}

function buildArgs(scenario) {
  return [
    'exec', '--json', '--skip-git-repo-check',
    ...(scenario.bypass === false ? [] : ['--dangerously-bypass-approvals-and-sandbox']),
    ...(scenario.flags ?? []),
    scenario.prompt,
  ];
}

export async function inner(spec) {
  const { runDir, home, sandbox, bin } = spec;
  const scenario = await innerScenario('codex', spec);
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR };
  const server = await startScenarioServer('openai-responses.mjs', scenario, ctx, runDir, { firstBodyFile: path.join(runDir, 'first-request.json') });
  const codexHome = path.join(home, '.codex');
  fs.mkdirSync(codexHome, { recursive: true });
  fs.writeFileSync(path.join(codexHome, 'config.toml'), configToml(server.port, scenario, ctx));
  if (scenario.rules) {
    fs.mkdirSync(path.join(codexHome, 'rules'), { recursive: true });
    fs.writeFileSync(path.join(codexHome, 'rules', 'default.rules'), scenario.rules);
  }
  const args = buildArgs(scenario);
  const env = agentEnv({ home });
  const run = await runAgentProcess({ bin, args, cwd: sandbox, env, runDir, timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  fs.writeFileSync(path.join(runDir, 'stdout.jsonl'), run.stdout);
  await server.close();
  writeRunFacts(runDir, { args, ...processOutcome(run), port: server.port, stats: server.stats, envNames: Object.keys(env) });
}

/** Short structural summary of a Codex JSONL file (rollout, legacy rollout, or exec --json stdout). */
export function summarizeJsonl(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {}, responseItems: {}, eventMsgs: {}, itemCompleted: {}, streamItems: {}, toolNames: {} };
  for (const l of lines) {
    const p = l.payload && typeof l.payload === 'object' ? l.payload : undefined;
    if (typeof l.type === 'string') inc(s.types, l.type);
    else if (l.msg?.type) inc(s.types, `(id,msg) ${l.msg.type}`);
    else if (l.record_type) inc(s.types, `(record_type) ${l.record_type}`);
    else inc(s.types, `(keys) ${Object.keys(l).sort().join(',')}`.slice(0, 80));
    if (l.type === 'response_item' && p) inc(s.responseItems, p.type + (p.role ? `:${p.role}` : ''));
    if (l.type === 'event_msg' && p) inc(s.eventMsgs, p.type);
    if (l.type === 'event_msg' && p?.type === 'item_completed') inc(s.itemCompleted, p.item?.type);
    if (l.item?.type) inc(s.streamItems, `${l.type} ${l.item.type}${l.item.status ? `:${l.item.status}` : ''}`);
    const item = l.type === 'response_item' ? p : l.type === undefined && !l.msg ? l : undefined;
    if (item && (item.type === 'function_call' || item.type === 'custom_tool_call')) inc(s.toolNames, (item.namespace ? `${item.namespace}/` : '') + item.name);
  }
  for (const k of Object.keys(s)) if (s[k] && typeof s[k] === 'object' && Object.keys(s[k]).length === 0) delete s[k];
  return s;
}

/** Rollout files under $CODEX_HOME/sessions, with their first line parsed. */
function rolloutFiles(codexHome) {
  const out = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/^rollout-.*\.jsonl$/.test(e.name)) out.push(p);
    }
  };
  walk(path.join(codexHome, 'sessions'));
  return out.sort().map((file) => {
    const first = parseJsonl(fs.readFileSync(file))[0] ?? {};
    const meta = first.type === 'session_meta' ? first.payload ?? {} : first;
    return { file, meta };
  });
}

async function recordScenario(scenario, { ns }) {
  const version = scenario.version ?? VERSION;
  const { bin, versionLine } = ensureInstalled(version);
  const tmpOut = path.join(WORK, 'out', scenario.name);
  const runDir = path.join(WORK, 'runs', scenario.name);
  const home = path.join(WORK, 'home', scenario.name);
  for (const d of [tmpOut, runDir, home]) {
    rmrf(d);
    fs.mkdirSync(d, { recursive: true });
  }
  const sandbox = prepareSandbox(scenario, SANDBOXES);
  log(`codex ${version} ${scenario.name}: running (${namespaceNote(ns)})`);
  const run = await runInner({ driver: 'codex', scenarioName: scenario.name, variant: 'base', runDir, home, sandbox, bin }, ns, innerTimeoutMs(scenario), scenario.name);
  const files = {};

  const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
  fs.writeFileSync(path.join(tmpOut, 'stream.jsonl'), stdout);
  const streamLines = parseJsonl(stdout);
  files['stream.jsonl'] = { bytes: stdout.length, sha256: sha256(stdout), what: 'stdout of codex exec --json', summary: summarizeJsonl(streamLines) };
  log(`${scenario.name}: exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, ${streamLines.length} stdout lines, model server ${JSON.stringify(run.stats)}`);

  const codexHome = path.join(home, '.codex');
  const threadId = streamLines.find((l) => l.type === 'thread.started')?.thread_id;
  const rollouts = rolloutFiles(codexHome);
  if (rollouts.length === 0) throw new Error(`${scenario.name}: no rollout file under ${codexHome}/sessions`);
  const isMain = (r) => (threadId ? r.meta.id === threadId : !(r.meta.source && typeof r.meta.source === 'object'));
  let others = 0;
  for (const r of rollouts) {
    const buf = fs.readFileSync(r.file);
    const subagent = r.meta.source?.subagent;
    const kind = typeof subagent === 'string' ? subagent : typeof subagent?.other === 'string' ? subagent.other : subagent ? 'subagent' : undefined;
    const name = isMain(r) ? 'rollout.jsonl' : `${kind ?? `other-${++others}`}-rollout.jsonl`;
    if (files[name]) throw new Error(`${scenario.name}: two rollout files would be saved as ${name}`);
    fs.writeFileSync(path.join(tmpOut, name), buf);
    files[name] = {
      bytes: buf.length,
      sha256: sha256(buf),
      what: `rollout file $CODEX_HOME/${path.relative(codexHome, r.file)}${kind ? ` (a ${kind} subagent session of the main one)` : ''}`,
      summary: summarizeJsonl(parseJsonl(buf)),
    };
  }
  if (!files['rollout.jsonl']) throw new Error(`${scenario.name}: no rollout file for thread ${threadId}`);

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const ctx = { sandbox: path.join(SANDBOXES, scenario.name), scriptsDir: SCRIPTS_DIR };
  const recording = {
    agent: 'codex',
    package: PACKAGE,
    version,
    versionOutput: versionLine,
    command: ['codex', ...run.args],
    cwd: path.join(SANDBOXES, scenario.name),
    env: shownEnv(agentEnv({ home }), KEY_ENV),
    configToml: configToml('PORT', scenario, ctx),
    ...(scenario.rules ? { rules: scenario.rules } : {}),
    nodeVersion: process.version,
    agentBinary: `${path.relative(path.join(installDir(version), 'node_modules'), bin)} (native executable; Node is only used by the recorder)`,
    ...recordingContext(ns, 'scripts/record-fixtures/servers/openai-responses.mjs (scripted OpenAI Responses API on 127.0.0.1)', scenario),
    run: { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats },
    files,
  };
  publishRecording(tmpOut, 'codex', scenario.name, recording);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  return recordScenarios('codex', names, {
    workDir: WORK,
    intro: (ns) => `codex: default ${PACKAGE}@${VERSION}; isolation: ${isolationNote(ns)}`,
    recordOne: (s, ns) => recordScenario(s, { ns }),
  });
}
