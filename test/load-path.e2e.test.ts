/**
 * What a batch loads (issue 15): every thread of `atx convert <folder> -o out/` loads its modules
 * itself, so a module loaded for nothing is paid once per core. The Transcript schema (zod) and the
 * streaming JSON parser are needed only when a Transcript is read, or an endpoint is sent to: a
 * batch of native sessions must run with both made unloadable, and a Transcript input must not.
 * An agent's converter is needed only for that agent's sessions: detection never loads one.
 * The redaction engine (100+ rule modules) is needed only when a profile redacts: `--profile none`,
 * `schema` and `validate` look a profile up at most, and help (which loads every command) none.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, FIXED_CLOCK, ROOT, runCli } from './support/cli-process.js';
import { FAKE_AGENT } from './support/fake-acp-agent.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-load-path-');

/** A module hook, preloaded in every thread (workers inherit --import), that refuses these packages, and the modules `refused` matches. */
const KEPT_OFF = ['zod', '@streamparser/json'];
const hooks = (refused: RegExp | undefined, packages: readonly string[]) => `export async function resolve(specifier, context, next) {
  if (${JSON.stringify(packages)}.some((name) => specifier === name || specifier.startsWith(name + '/'))) throw new Error('loaded on a path that must not need it: ' + specifier);
  const resolved = await next(specifier, context);
  if (${refused ? `new RegExp(${JSON.stringify(refused.source)}).test(resolved.url)` : 'false'}) throw new Error('loaded on a path that must not need it: ' + resolved.url);
  return resolved;
}`;
const preload = (refused: RegExp | undefined, packages: readonly string[]) =>
  `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks(refused, packages))}`)});`;

/** Every redaction module but the profile table (which imports no rule). */
const REDACTION_ENGINE = /\/redaction\/(?!profiles\.js$)[^/]+(?:\/[^/]+)*\.js$/;

/** Every agent's converter module but Claude Code's (Kilo Code's is OpenCode's). */
const OTHER_CONVERTERS = /\/adapters\/(?!claude-code\/)[^/]+\/converter\.js$/;

/**
 * `packages` are refused as well as the modules `refused` matches: by default the schema library and the streaming parser.
 * `stopOn`: a command that runs until stopped (watch) gets SIGTERM once its stderr holds this text.
 */
function runWithout(args: string[], refused?: RegExp, packages: readonly string[] = KEPT_OFF, stopOn?: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(preload(refused, packages))}`, CLI, ...args], {
      cwd: ROOT,
      // the modules tsc emitted, not the bundle: what each path loads is decided there (the bundle's chunks follow it)
      env: { PATH: process.env.PATH ?? '', TMPDIR: tmpdir(), NO_COLOR: '1', TZ: 'UTC', ATX_CLOCK: FIXED_CLOCK, ATX_ID_SEED: 'test', ATX_UNBUNDLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const err: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => {
      err.push(chunk);
      if (stopOn !== undefined && Buffer.concat(err).toString('utf8').includes(stopOn)) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr: Buffer.concat(err).toString('utf8') }));
  });
}

describe('the load path of a batch', () => {
  it('a folder of native sessions, with worker threads, loads neither the schema library nor the streaming JSON parser', async () => {
    const input = scratch();
    cpSync(join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl'), join(input, 'a-session.jsonl'));
    cpSync(join(ROOT, 'fixtures/codex/planted-secrets/rollout.jsonl'), join(input, 'b-rollout.jsonl'));
    cpSync(join(ROOT, 'fixtures/gemini-cli/legacy-json/chat.legacy.json'), join(input, 'c-chat.json'));
    const out = join(scratch(), 'out');
    const run = await runWithout(['convert', input, '-o', `${out}/`, '--jobs', '2']);
    expect(run.stderr).not.toContain('must not need it');
    expect(run.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['a-session.transcript.json', 'b-rollout.transcript.json', 'c-chat.transcript.json']);
  });

  it('a folder of Claude Code sessions, with worker threads, loads no other agent\'s converter', async () => {
    const input = scratch();
    for (const name of ['planted-secrets', 'shell-tool', 'thinking']) {
      cpSync(join(ROOT, `fixtures/claude-code/${name}/session.jsonl`), join(input, `${name}.jsonl`));
    }
    const out = join(scratch(), 'out');
    const run = await runWithout(['convert', input, '-o', `${out}/`, '--jobs', '2'], OTHER_CONVERTERS);
    expect(run.stderr).not.toContain('must not need it');
    expect(run.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['planted-secrets.transcript.json', 'shell-tool.transcript.json', 'thinking.transcript.json']);
  });

  it('a Codex session loads the Codex converter (the hook above does refuse an agent\'s converter)', async () => {
    const input = scratch();
    cpSync(join(ROOT, 'fixtures/codex/planted-secrets/rollout.jsonl'), join(input, 'rollout.jsonl'));
    const run = await runWithout(['convert', input, '-o', `${join(scratch(), 'out')}/`, '--jobs', '2'], OTHER_CONVERTERS);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/must not need it: file:.*\/adapters\/codex\/converter\.js/);
  });

  it('a Transcript input still loads them (the hook above does refuse)', async () => {
    const dir = scratch();
    const transcript = join(dir, 'session.transcript.json');
    expect((await runCli(['convert', join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl'), '-o', transcript])).code).toBe(0);
    const run = await runWithout(['redact', transcript, '-o', join(dir, 'redacted.json')]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('must not need it');
  });
});

describe('the load path of a command that redacts nothing', () => {
  const session = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');

  it('convert --profile none, to a file and to a folder with worker threads, loads no redaction rule', async () => {
    const out = scratch();
    const one = await runWithout(['convert', session, '--profile', 'none', '-o', join(out, 'one.json')], REDACTION_ENGINE);
    expect(one.stderr).not.toContain('must not need it');
    expect(one.code).toBe(0);
    const input = scratch();
    cpSync(session, join(input, 'a.jsonl'));
    cpSync(join(ROOT, 'fixtures/claude-code/thinking/session.jsonl'), join(input, 'b.jsonl'));
    const batch = await runWithout(['convert', input, '--profile', 'none', '-o', `${join(out, 'batch')}/`, '--jobs', '2'], REDACTION_ENGINE);
    expect(batch.stderr).not.toContain('must not need it');
    expect(batch.code).toBe(0);
    expect(readdirSync(join(out, 'batch')).sort()).toEqual(['a.transcript.json', 'b.transcript.json']);
  });

  it('run --acp --profile none loads no redaction rule', async () => {
    const dir = scratch();
    const agent = join(dir, 'fake-agent.cjs');
    writeFileSync(agent, FAKE_AGENT);
    const out = join(dir, 'run.json');
    const run = await runWithout(['run', '--acp', '--profile', 'none', '--allow-all', '--prompt', 'hi', '-o', out, '--', process.execPath, agent], REDACTION_ENGINE, []);
    expect(run.stderr).not.toContain('must not need it');
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(true);
  });

  it('schema and validate load no redaction module at all', async () => {
    const transcript = join(scratch(), 'session.transcript.json');
    expect((await runCli(['convert', session, '--profile', 'none', '-o', transcript])).code).toBe(0);
    for (const args of [['schema'], ['validate', transcript]]) {
      const run = await runWithout(args, /\/redaction\//, []);
      expect(run.stderr).not.toContain('must not need it');
      expect(run.code).toBe(0);
    }
  });

  it('atx --help, and the help of each command that redacts, sends or lists rules, loads no redaction rule', async () => {
    for (const args of [['--help'], ['upload', '--help'], ['sync', '--help'], ['watch', '--help'], ['scan', '--help'], ['rules', '--help']]) {
      const run = await runWithout(args, REDACTION_ENGINE, []);
      expect(run.stderr, args.join(' ')).not.toContain('must not need it');
      expect(run.code, args.join(' ')).toBe(0);
    }
  });

  it('sync with nothing due loads no redaction rule with the default profile; with --profile none it is still refused (exit 2)', async () => {
    const folder = scratch();
    const keyFile = join(scratch(), 'key');
    writeFileSync(keyFile, 'atx_loadpath_0123456789abcdef0123456789abcdef', { mode: 0o600 });
    const sending = ['--state', join(scratch(), 'sync-state.json'), '--key-file', keyFile, '--endpoint', 'http://127.0.0.1:9'];
    const idle = await runWithout(['sync', folder, ...sending], REDACTION_ENGINE, []);
    expect(idle.stderr).not.toContain('must not need it');
    expect(idle.code).toBe(0);
    const refused = await runWithout(['sync', folder, '--profile', 'none', ...sending], undefined, []);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('profile none does not redact secrets');
  });

  it('watch loads no redaction rule until a session is to be archived, then does (the default profile)', async () => {
    const folder = scratch();
    const watchArgs = ['watch', folder, '--archive', join(scratch(), 'archive'), '--state', join(scratch(), 'watch-state.json'), '--idle', '200ms'];
    const waiting = await runWithout(watchArgs, REDACTION_ENGINE, [], 'watching 1 folder');
    expect(waiting.stderr).not.toContain('must not need it');
    expect(waiting.stderr).toContain('watching 1 folder');
    expect(waiting.code).toBe(0);
    cpSync(session, join(folder, 'session.jsonl'));
    const archiving = await runWithout(watchArgs, REDACTION_ENGINE, [], 'must not need it');
    expect(archiving.stderr).toMatch(/must not need it: file:.*\/redaction\//);
  });

  it('the default profile does load the rules (the hook above does refuse them)', async () => {
    const run = await runWithout(['convert', session, '-o', join(scratch(), 'out.json')], REDACTION_ENGINE);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/must not need it: file:.*\/redaction\/index\.js/);
  });
});
