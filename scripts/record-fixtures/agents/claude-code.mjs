// Claude Code driver of the fixture recorder: the real `claude` CLI against the scripted
// Anthropic Messages server (servers/anthropic.mjs). Scenarios: scenarios/claude-code.mjs.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIMEOUT_MS, SANDBOX_ROOT, SCRATCH, SCRIPTS_DIR, assertNoSecrets, baseAgentEnv, versionCheckEnv, copyTree, innerScenario, innerTimeoutMs, isolationNote, log, namespaceNote, npmInstallPinned, parseJsonl, prepareSandbox, processOutcome, publishRecording, recordScenarios, recordingContext, rmrf, runAgentProcess, runInner, sha256, shownEnv, startScenarioServer, writeRunFacts } from '../lib.mjs';

const PACKAGE = '@anthropic-ai/claude-code';
const VERSION = process.env.ATX_CLAUDE_CODE_VERSION || '2.1.332';
/** A scenario may pin its own release (`version`), e.g. a newer record type or an older layout. */
const versionOf = (scenario) => scenario.version ?? VERSION;
const installDir = (version) => path.join(SCRATCH, `${PACKAGE.replace(/[@/]/g, '_')}-${version}`);
const FAKE_KEY = 'sk-ant-test-not-a-real-key';

function platformPackage() {
  const arch = os.arch();
  if (process.platform === 'linux') {
    let musl = false;
    try {
      musl = !process.report.getReport().header.glibcVersionRuntime;
    } catch {}
    return `${PACKAGE}-linux-${arch}${musl ? '-musl' : ''}`;
  }
  return `${PACKAGE}-${process.platform}-${arch}`;
}

/** The native binary: the platform package's `claude`, else the wrapper's bin. */
function claudeBinary(version) {
  const dir = installDir(version);
  const candidates = [
    path.join(dir, 'node_modules', platformPackage(), 'claude'),
    path.join(dir, 'node_modules', PACKAGE, 'bin', 'claude.exe'),
    path.join(dir, 'node_modules', '.bin', 'claude'),
  ];
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8', timeout: 60_000, env: versionCheckEnv(path.join(SCRATCH, 'version-home')) });
    if (r.status === 0 && r.stdout.includes(version)) return { bin: c, versionLine: r.stdout.trim() };
  }
  return null;
}

const installed = new Map();
function ensureInstalled(version) {
  if (installed.has(version)) return installed.get(version);
  npmInstallPinned(PACKAGE, version);
  const found = claudeBinary(version);
  if (!found) throw new Error(`installed ${PACKAGE}@${version} but found no working binary under ${installDir(version)}`);
  installed.set(version, found);
  return found;
}

function agentEnv({ home, port }) {
  // the binary's own scratch (`claude-<uid>/`, `cc-socks/`) goes inside the sandboxed HOME, which is removed after the run
  return {
    ...baseAgentEnv(home),
    TMPDIR: path.join(home, 'tmp'),
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: FAKE_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
  };
}

function buildArgs(scenario, variant, ctx, resumeArgs) {
  if (resumeArgs) return ['-p', ...resumeArgs, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions'];
  const flags = typeof scenario.flags === 'function' ? scenario.flags(ctx) : (scenario.flags ?? []);
  const args = ['-p'];
  if (!scenario.stdin) args.push(scenario.prompt);
  args.push('--output-format', 'stream-json', '--verbose');
  if (scenario.skipPermissions !== false) args.push('--dangerously-skip-permissions');
  if (variant === 'partial') args.push('--include-partial-messages');
  args.push(...flags);
  return args;
}

export async function inner(spec) {
  const { variant, runDir, home, sandbox, bin, resumeArgs } = spec;
  const scenario = await innerScenario('claude-code', spec);
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR };
  const server = await startScenarioServer('anthropic.mjs', scenario, ctx, runDir);
  const args = buildArgs(scenario, variant, ctx, resumeArgs);
  const env = agentEnv({ home, port: server.port });
  fs.mkdirSync(env.TMPDIR, { recursive: true });
  const run = await runAgentProcess({
    bin, args, cwd: sandbox, env, runDir,
    stdin: scenario.stdin && !resumeArgs ? scenario.stdin(ctx) : undefined,
    timeoutMs: scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  fs.writeFileSync(path.join(runDir, 'stdout.jsonl'), run.stdout);
  await server.close();
  writeRunFacts(runDir, { args, ...processOutcome(run), port: server.port, stats: server.stats, envNames: Object.keys(env) });
}

/** Short structural summary of a JSONL file, for recording.json and the console. */
export function summarizeJsonl(lines) {
  const inc = (o, k) => (o[k] = (o[k] ?? 0) + 1);
  const s = { lines: lines.length, types: {}, systemSubtypes: {}, attachmentTypes: {}, blockTypes: {}, toolUseResultKeys: {}, toolNames: {}, isErrorResults: 0, sidechainLines: 0 };
  for (const l of lines) {
    inc(s.types, l.type ?? '(none)');
    if (l.type === 'system' && l.subtype) inc(s.systemSubtypes, l.subtype);
    if (l.type === 'attachment') inc(s.attachmentTypes, l.attachment?.type ?? '(none)');
    if (l.isSidechain) s.sidechainLines++;
    const tur = l.toolUseResult ?? l.tool_use_result;
    if (tur !== undefined) {
      const k = typeof tur === 'object' && tur !== null ? (Array.isArray(tur) ? '[array]' : Object.keys(tur).sort().join(',')) : `(${typeof tur})`;
      inc(s.toolUseResultKeys, k);
    }
    // Only conversation lines: `api-request-blob` lines also carry a `message` (request replay data).
    const content = l.type === 'user' || l.type === 'assistant' ? l.message?.content : undefined;
    if (Array.isArray(content))
      for (const b of content) {
        inc(s.blockTypes, b.type);
        if (b.type === 'tool_use') inc(s.toolNames, b.name);
        if (b.type === 'tool_result' && b.is_error) s.isErrorResults++;
        if (b.type === 'tool_result' && Array.isArray(b.content)) for (const c of b.content) inc(s.blockTypes, `tool_result>${c.type}`);
      }
    else if (typeof content === 'string') inc(s.blockTypes, '(string)');
  }
  return s;
}

/**
 * Copies the session file, its folder (2.1: subagents/, workflows) and, for 2.0.x, the
 * `agent-<id>.jsonl` subagent files written beside it (same project folder) into the fixture.
 */
function publishSessionFiles(home, sessionId, tmpOut, files, scenarioName) {
  const found = findSession(home, sessionId);
  if (!found) {
    log(`${scenarioName}: no session file for session ${sessionId}`);
    return;
  }
  const buf = fs.readFileSync(found.file);
  fs.writeFileSync(path.join(tmpOut, 'session.jsonl'), buf);
  files['session.jsonl'] = {
    bytes: buf.length,
    sha256: sha256(buf),
    what: `session file ~/.claude/projects/${path.basename(found.projectDir)}/<sessionId>.jsonl`,
    summary: summarizeJsonl(parseJsonl(buf)),
  };
  const extra = [];
  if (fs.existsSync(found.dir)) {
    fs.mkdirSync(path.join(tmpOut, 'session'), { recursive: true });
    copyTree(found.dir, path.join(tmpOut, 'session'), extra, 'session');
  }
  for (const name of fs.readdirSync(found.projectDir)) {
    if (!/^agent-.+\.jsonl$/.test(name)) continue;
    fs.copyFileSync(path.join(found.projectDir, name), path.join(tmpOut, name));
    extra.push(name);
  }
  for (const rel of extra) {
    const b = fs.readFileSync(path.join(tmpOut, rel));
    files[rel] = {
      bytes: b.length,
      sha256: sha256(b),
      what: rel.startsWith('session/') ? `~/.claude/projects/<slug>/<sessionId>/${rel.slice('session/'.length)}` : `~/.claude/projects/<slug>/${rel} (beside the session file)`,
      ...(rel.endsWith('.jsonl') ? { summary: summarizeJsonl(parseJsonl(b)) } : {}),
    };
  }
}

/** The session file of `sessionId` under the throwaway HOME, and its companion folder. */
function findSession(home, sessionId) {
  const projects = path.join(home, '.claude', 'projects');
  if (!sessionId || !fs.existsSync(projects)) return null;
  for (const slug of fs.readdirSync(projects)) {
    const file = path.join(projects, slug, `${sessionId}.jsonl`);
    if (fs.existsSync(file)) return { file, dir: path.join(projects, slug, sessionId), projectDir: path.join(projects, slug) };
  }
  return null;
}

/** The `uuid` of the `pick`ed line of a session file (for --resume-session-at). */
function lineUuid(sessionFile, pick) {
  const lines = parseJsonl(fs.readFileSync(sessionFile));
  const found = lines.find(pick);
  if (!found?.uuid) throw new Error('no session line matches the resume point');
  return found.uuid;
}

async function recordScenario(scenario, { bin, versionLine, ns }) {
  // base [+ partial], then the scenario's resumed runs of the same session (same HOME, same sandbox)
  const variants = ['base', ...(scenario.partial ? ['partial'] : []), ...(scenario.resumes ?? []).map((_, i) => `resume-${i + 1}`)];
  const tmpOut = path.join(SCRATCH, 'out', scenario.name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const runs = {};
  const sessionHome = path.join(SCRATCH, 'home', scenario.name);
  let sessionId;
  let sandbox;
  for (const variant of variants) {
    const resume = variant.startsWith('resume-') ? scenario.resumes[Number(variant.slice('resume-'.length)) - 1] : undefined;
    const runDir = path.join(SCRATCH, 'runs', scenario.name, variant);
    // the partial run's session file is not kept: it gets a HOME of its own
    const home = variant === 'partial' ? `${sessionHome}-partial` : sessionHome;
    rmrf(runDir);
    fs.mkdirSync(runDir, { recursive: true });
    if (!resume) {
      rmrf(home);
      fs.mkdirSync(home, { recursive: true });
      sandbox = prepareSandbox(scenario);
    }
    let resumeArgs;
    if (resume) {
      const found = findSession(home, sessionId);
      if (!found) throw new Error(`${scenario.name}/${variant}: no session to resume`);
      resumeArgs = [resume.prompt, '--resume', sessionId];
      if (resume.at) resumeArgs.push('--resume-session-at', lineUuid(found.file, resume.at));
    }
    log(`${scenario.name}/${variant}: running (${namespaceNote(ns)})`);
    const spec = { driver: 'claude-code', scenarioName: scenario.name, variant, runDir, home, sandbox, bin, resumeArgs };
    const run = await runInner(spec, ns, innerTimeoutMs(scenario), `${scenario.name}/${variant}`);
    runs[variant] = { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats, args: run.args };
    const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
    const streamName = variant === 'base' ? 'stream.jsonl' : variant === 'partial' ? 'stream-partial.jsonl' : `stream-${variant}.jsonl`;
    fs.writeFileSync(path.join(tmpOut, streamName), stdout);
    const streamLines = parseJsonl(stdout);
    files[streamName] = { bytes: stdout.length, sha256: sha256(stdout), what: `CLI stdout (stream-json${variant === 'partial' ? ', --include-partial-messages' : resume ? `, ${variant} of the session` : ''})`, summary: summarizeJsonl(streamLines) };
    log(`${scenario.name}/${variant}: exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, ${streamLines.length} stdout lines, model server ${JSON.stringify(run.stats)}`);
    if (variant === 'base') sessionId = streamLines.find((l) => l.session_id)?.session_id;
  }
  publishSessionFiles(sessionHome, sessionId, tmpOut, files, scenario.name);
  rmrf(`${sessionHome}-partial`);

  assertNoSecrets(tmpOut, [FAKE_KEY]);

  const base = runs.base;
  const recording = {
    agent: 'claude-code',
    package: PACKAGE,
    version: versionOf(scenario),
    versionOutput: versionLine,
    command: ['claude', ...base.args],
    ...(runs.partial ? { commandPartial: ['claude', ...runs.partial.args] } : {}),
    ...(scenario.resumes ? { commandsResumed: Object.entries(runs).filter(([v]) => v.startsWith('resume-')).map(([, r]) => ['claude', ...r.args]) } : {}),
    stdin: scenario.stdin ? scenario.stdin({ sandbox: path.join(SANDBOX_ROOT, scenario.name), scriptsDir: SCRIPTS_DIR }) : undefined,
    cwd: path.join(SANDBOX_ROOT, scenario.name),
    env: shownEnv(agentEnv({ home: path.join(SCRATCH, 'home', scenario.name), port: 'PORT' }), 'ANTHROPIC_API_KEY'),
    nodeVersion: process.version,
    agentBinary: bin.endsWith(`${path.sep}.bin${path.sep}claude`)
      ? `${path.relative(path.join(installDir(versionOf(scenario)), 'node_modules'), bin)} (the package's Node CLI, run with ${process.version})`
      : `${path.relative(path.join(installDir(versionOf(scenario)), 'node_modules'), bin)} (native executable; Node is only used by the recorder)`,
    ...recordingContext(ns, 'scripts/record-fixtures/servers/anthropic.mjs (scripted Anthropic Messages API on 127.0.0.1)', scenario),
    runs,
    files,
  };
  publishRecording(tmpOut, 'claude-code', scenario.name, recording);
  return recording;
}

/** Records the named scenarios (all when none are named). */
export function record(names) {
  return recordScenarios('claude-code', names, {
    workDir: SCRATCH,
    intro: (ns) => `isolation: ${isolationNote(ns)}`,
    recordOne: async (s, ns) => {
      const { bin, versionLine } = ensureInstalled(versionOf(s));
      log(`claude: ${bin} (${versionLine})`);
      await recordScenario(s, { bin, versionLine, ns });
    },
  });
}
