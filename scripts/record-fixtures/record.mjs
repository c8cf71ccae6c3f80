#!/usr/bin/env node
// Fixture recorder: runs the REAL agent CLI against a scripted local model
// server and saves what the agent printed and wrote, byte for byte.
//
//   npm run fixtures:record                         # all Claude Code scenarios
//   npm run fixtures:record -- claude-code          # same
//   npm run fixtures:record -- claude-code shell-tool thinking
//
// Env knobs: ATX_RECORD_DIR (scratch folder, default $TMPDIR/atx-record),
// ATX_CLAUDE_CODE_VERSION (default below), ATX_RECORD_NO_NAMESPACE=1 (skip unshare).
//
// Each run happens inside `unshare --net --pid --fork --mount-proc` (a network
// namespace with only loopback, and a pid namespace so every process the agent
// leaves behind dies with it) when the kernel allows it; otherwise it falls
// back to a plain child process and kills the agent's process group.

import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const SCRIPTS_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(SCRIPTS_DIR, '../..');
const FIXTURES = path.join(REPO, 'fixtures', 'claude-code');
const PACKAGE = '@anthropic-ai/claude-code';
const VERSION = process.env.ATX_CLAUDE_CODE_VERSION || '2.1.330';
const SCRATCH = process.env.ATX_RECORD_DIR || path.join(os.tmpdir(), 'atx-record');
const INSTALL_DIR = path.join(SCRATCH, `claude-code-${VERSION}`);
const SANDBOX_ROOT = '/tmp/atx-sandbox';
const FAKE_KEY = 'sk-ant-test-not-a-real-key';
const DEFAULT_TIMEOUT_MS = 180_000;

const log = (...a) => console.error('[record]', ...a);

// ---------------------------------------------------------------- install

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
function claudeBinary() {
  const candidates = [
    path.join(INSTALL_DIR, 'node_modules', platformPackage(), 'claude'),
    path.join(INSTALL_DIR, 'node_modules', PACKAGE, 'bin', 'claude.exe'),
    path.join(INSTALL_DIR, 'node_modules', '.bin', 'claude'),
  ];
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: path.join(SCRATCH, 'version-home') } });
    if (r.status === 0 && r.stdout.includes(VERSION)) return { bin: c, versionLine: r.stdout.trim() };
  }
  return null;
}

function ensureInstalled() {
  let found = claudeBinary();
  if (found) return found;
  log(`installing ${PACKAGE}@${VERSION} into ${INSTALL_DIR}`);
  fs.mkdirSync(INSTALL_DIR, { recursive: true });
  if (!fs.existsSync(path.join(INSTALL_DIR, 'package.json')))
    fs.writeFileSync(path.join(INSTALL_DIR, 'package.json'), JSON.stringify({ name: 'atx-record-claude-code', private: true }, null, 2));
  execFileSync('npm', ['install', '--prefix', INSTALL_DIR, '--no-audit', '--no-fund', '--no-save', `${PACKAGE}@${VERSION}`], { stdio: 'inherit' });
  found = claudeBinary();
  if (!found) throw new Error(`installed ${PACKAGE}@${VERSION} but found no working binary under ${INSTALL_DIR}`);
  return found;
}

// ---------------------------------------------------------------- namespaces

function namespaceMode() {
  if (process.env.ATX_RECORD_NO_NAMESPACE === '1') return { mode: 'none', prefix: [], why: 'ATX_RECORD_NO_NAMESPACE=1' };
  const full = ['unshare', '--net', '--pid', '--fork', '--mount-proc', '--kill-child'];
  if (spawnSync(full[0], [...full.slice(1), 'true']).status === 0) return { mode: 'net+pid', prefix: full };
  const net = ['unshare', '--net'];
  if (spawnSync(net[0], [...net.slice(1), 'true']).status === 0) return { mode: 'net', prefix: net };
  return { mode: 'none', prefix: [], why: 'unshare not permitted' };
}

// ---------------------------------------------------------------- sandbox

function rmrf(p) {
  fs.rmSync(p, { recursive: true, force: true });
}

function prepareSandbox(scenario) {
  const sandbox = path.join(SANDBOX_ROOT, scenario.name);
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
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
  };
  const git = (...args) => execFileSync('git', args, { cwd: sandbox, env: gitEnv, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial commit');
  return sandbox;
}

// ---------------------------------------------------------------- inner run

function agentEnv({ home, port }) {
  return {
    PATH: process.env.PATH || '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USER: os.userInfo().username,
    SHELL: '/bin/bash',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TZ: 'UTC',
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: FAKE_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
  };
}

function buildArgs(scenario, variant, ctx) {
  const flags = typeof scenario.flags === 'function' ? scenario.flags(ctx) : (scenario.flags ?? []);
  const args = ['-p'];
  if (!scenario.stdin) args.push(scenario.prompt);
  args.push('--output-format', 'stream-json', '--verbose');
  if (scenario.skipPermissions !== false) args.push('--dangerously-skip-permissions');
  if (variant === 'partial') args.push('--include-partial-messages');
  args.push(...flags);
  return args;
}

async function innerRun(spec) {
  const { scenarioName, variant, runDir, home, sandbox, bin, inNamespace } = spec;
  if (inNamespace) execFileSync('ip', ['link', 'set', 'lo', 'up']);
  const { scenarios } = await import('./scenarios/claude-code.mjs');
  const { startModelServer } = await import('./model-server.mjs');
  const scenario = scenarios.find((s) => s.name === scenarioName);
  const ctx = { sandbox, scriptsDir: SCRIPTS_DIR };
  const server = await startModelServer({
    scenario: { name: scenario.name, conversations: scenario.conversations(ctx) },
    logFile: path.join(runDir, 'model-server.log'),
  });
  const args = buildArgs(scenario, variant, ctx);
  const env = agentEnv({ home, port: server.port });
  const started = Date.now();
  const child = spawn(bin, args, { cwd: sandbox, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const out = [];
  const errFile = fs.createWriteStream(path.join(runDir, 'stderr.txt'));
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.pipe(errFile);
  if (scenario.stdin) child.stdin.end(scenario.stdin(ctx));
  else child.stdin.end();
  const timeoutMs = scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS;
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
  fs.writeFileSync(path.join(runDir, 'stdout.jsonl'), Buffer.concat(out));
  await server.close();
  fs.writeFileSync(
    path.join(runDir, 'run.json'),
    JSON.stringify({ args, exitCode: code, signal, timedOut, durationMs: Date.now() - started, port: server.port, stats: server.stats, envNames: Object.keys(env) }, null, 2),
  );
}

// ---------------------------------------------------------------- outer

function runInner(spec, ns, timeoutMs) {
  const argv = [...ns.prefix, process.execPath, fileURLToPath(import.meta.url), '--inner', JSON.stringify({ ...spec, inNamespace: ns.mode !== 'none' })];
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

function parseJsonl(buf) {
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

function copyTree(src, dst, files, relBase) {
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, ent.name);
    const d = path.join(dst, ent.name);
    if (ent.isDirectory()) {
      fs.mkdirSync(d, { recursive: true });
      copyTree(s, d, files, path.join(relBase, ent.name));
    } else if (ent.isFile()) {
      fs.copyFileSync(s, d);
      fs.chmodSync(d, 0o644); // the agent writes some files 0600; fixtures must be readable by everyone
      files.push(path.join(relBase, ent.name));
    }
  }
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

const sha256 = (buf) => crypto.createHash('sha256').update(buf).digest('hex');

async function recordScenario(scenario, { bin, versionLine, ns }) {
  const outDir = path.join(FIXTURES, scenario.name);
  const variants = ['base', ...(scenario.partial ? ['partial'] : [])];
  const tmpOut = path.join(SCRATCH, 'out', scenario.name);
  rmrf(tmpOut);
  fs.mkdirSync(tmpOut, { recursive: true });
  const files = {};
  const runs = {};
  for (const variant of variants) {
    const runDir = path.join(SCRATCH, 'runs', scenario.name, variant);
    const home = path.join(SCRATCH, 'home', scenario.name);
    rmrf(runDir);
    rmrf(home);
    fs.mkdirSync(runDir, { recursive: true });
    fs.mkdirSync(home, { recursive: true });
    const sandbox = prepareSandbox(scenario);
    log(`${scenario.name}/${variant}: running (${ns.mode === 'none' ? `no namespace: ${ns.why}` : `unshare ${ns.mode}`})`);
    const timeoutMs = (scenario.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 30_000;
    const innerCode = await runInner({ scenarioName: scenario.name, variant, runDir, home, sandbox, bin }, ns, timeoutMs);
    const runFile = path.join(runDir, 'run.json');
    if (!fs.existsSync(runFile)) throw new Error(`${scenario.name}/${variant}: inner run failed (exit ${innerCode}); see ${runDir}`);
    const run = JSON.parse(fs.readFileSync(runFile, 'utf8'));
    runs[variant] = { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, durationMs: run.durationMs, modelServer: run.stats, args: run.args };
    const stdout = fs.readFileSync(path.join(runDir, 'stdout.jsonl'));
    const streamName = variant === 'partial' ? 'stream-partial.jsonl' : 'stream.jsonl';
    fs.writeFileSync(path.join(tmpOut, streamName), stdout);
    const streamLines = parseJsonl(stdout);
    files[streamName] = { bytes: stdout.length, sha256: sha256(stdout), what: `CLI stdout (stream-json${variant === 'partial' ? ', --include-partial-messages' : ''})`, summary: summarizeJsonl(streamLines) };
    log(`${scenario.name}/${variant}: exit ${run.exitCode}${run.timedOut ? ' (TIMED OUT)' : ''}, ${streamLines.length} stdout lines, model server ${JSON.stringify(run.stats)}`);
    if (variant !== 'base') continue;

    const sessionId = streamLines.find((l) => l.session_id)?.session_id;
    const projects = path.join(home, '.claude', 'projects');
    let sessionFile;
    let sessionDir;
    if (fs.existsSync(projects))
      for (const slug of fs.readdirSync(projects)) {
        const f = path.join(projects, slug, `${sessionId}.jsonl`);
        if (sessionId && fs.existsSync(f)) {
          sessionFile = f;
          sessionDir = path.join(projects, slug, sessionId);
        }
      }
    if (!sessionFile) {
      log(`${scenario.name}: no session file for session ${sessionId} under ${projects}`);
      continue;
    }
    const buf = fs.readFileSync(sessionFile);
    fs.writeFileSync(path.join(tmpOut, 'session.jsonl'), buf);
    files['session.jsonl'] = {
      bytes: buf.length,
      sha256: sha256(buf),
      what: `session file ~/.claude/projects/${path.basename(path.dirname(sessionFile))}/<sessionId>.jsonl`,
      summary: summarizeJsonl(parseJsonl(buf)),
    };
    if (fs.existsSync(sessionDir)) {
      const extra = [];
      fs.mkdirSync(path.join(tmpOut, 'session'), { recursive: true });
      copyTree(sessionDir, path.join(tmpOut, 'session'), extra, 'session');
      for (const rel of extra) {
        const b = fs.readFileSync(path.join(tmpOut, rel));
        files[rel] = {
          bytes: b.length,
          sha256: sha256(b),
          what: `~/.claude/projects/<slug>/<sessionId>/${rel.slice('session/'.length)}`,
          ...(rel.endsWith('.jsonl') ? { summary: summarizeJsonl(parseJsonl(b)) } : {}),
        };
      }
    }
  }

  // Secrets check: the fake key must never reach a fixture.
  const leaks = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (fs.readFileSync(p).includes(FAKE_KEY)) leaks.push(p);
    }
  };
  walk(tmpOut);
  if (leaks.length) throw new Error(`fake API key found in ${leaks.join(', ')}; not writing fixtures`);

  const base = runs.base;
  const recording = {
    agent: 'claude-code',
    package: PACKAGE,
    version: VERSION,
    versionOutput: versionLine,
    command: ['claude', ...base.args],
    ...(runs.partial ? { commandPartial: ['claude', ...runs.partial.args] } : {}),
    stdin: scenario.stdin ? scenario.stdin({ sandbox: path.join(SANDBOX_ROOT, scenario.name), scriptsDir: SCRIPTS_DIR }) : undefined,
    cwd: path.join(SANDBOX_ROOT, scenario.name),
    env: Object.fromEntries(
      Object.entries(agentEnv({ home: path.join(SCRATCH, 'home', scenario.name), port: 'PORT' })).map(([k, v]) => [k, k === 'ANTHROPIC_API_KEY' ? '<fake key, not recorded>' : k === 'PATH' ? '<inherited>' : v]),
    ),
    nodeVersion: process.version,
    agentBinary: `${path.relative(path.join(INSTALL_DIR, 'node_modules'), bin)} (native executable; Node is only used by the recorder)`,
    platform: `${process.platform}-${os.arch()}`,
    isolation: ns.mode === 'none' ? `none (${ns.why})` : `unshare ${ns.prefix.slice(1).join(' ')} + ip link set lo up`,
    modelServer: 'scripts/record-fixtures/model-server.mjs (scripted Anthropic Messages API on 127.0.0.1)',
    recordedAt: new Date().toISOString(),
    scenario: { name: scenario.name, description: scenario.description },
    runs,
    files,
  };
  fs.writeFileSync(path.join(tmpOut, 'recording.json'), JSON.stringify(recording, null, 2) + '\n');

  rmrf(outDir);
  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  fs.cpSync(tmpOut, outDir, { recursive: true });
  log(`${scenario.name}: wrote ${Object.keys(files).length + 1} files to ${path.relative(REPO, outDir)}`);
  return recording;
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--inner') return innerRun(JSON.parse(argv[1]));
  let names = argv.filter((a) => !a.startsWith('-'));
  if (names[0] === 'claude-code') names = names.slice(1);
  else if (names.length && ['codex', 'gemini', 'opencode', 'pi'].includes(names[0])) {
    log(`agent ${names[0]} is not supported by this recorder yet (only claude-code)`);
    process.exit(2);
  }
  const { scenarios } = await import('./scenarios/claude-code.mjs');
  const unknown = names.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) {
    log(`unknown scenario(s): ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const selected = names.length ? scenarios.filter((s) => names.includes(s.name)) : scenarios;
  fs.mkdirSync(SCRATCH, { recursive: true });
  const { bin, versionLine } = ensureInstalled();
  const ns = namespaceMode();
  log(`claude: ${bin} (${versionLine}); isolation: ${ns.mode}${ns.mode === 'none' ? ` (${ns.why}: runs are NOT network-isolated)` : ''}`);
  const failed = [];
  for (const s of selected) {
    try {
      await recordScenario(s, { bin, versionLine, ns });
    } catch (err) {
      failed.push(s.name);
      log(`${s.name}: FAILED: ${err.message}`);
    }
  }
  if (failed.length) {
    log(`failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
