/**
 * The bundled program (dist/bundle/, written by `npm run build`: scripts/bundle.mjs) is the one
 * users run, and must behave as the modules tsc emitted: same output bytes, worker threads
 * included. The bundled run is made with every module of dist/src, dist/adapters and
 * dist/redaction refused by a module hook, so it cannot pass by falling back to them.
 */
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, type CliRun, ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-bundle-');

const BUNDLE = join(ROOT, 'dist/bundle/cli.js');

/** A hook, preloaded in every thread, that refuses the unbundled modules. */
const REFUSE_UNBUNDLED = `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/\\/dist\\/(src|adapters|redaction|bin\\/cli)[/.]/.test(resolved.url)) throw new Error('the bundle loaded an unbundled module: ' + resolved.url);
  return resolved;
}`;
const PRELOAD = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(REFUSE_UNBUNDLED)}`)});`;

/** The CLI through the bundle (every unbundled module refused) or through the modules. */
function run(args: string[], bundled: boolean, preload = ''): Promise<CliRun> {
  return bundled
    ? runCli(args, { nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(PRELOAD + preload)}`] })
    : runCli(args, { env: { ATX_UNBUNDLED: '1' } });
}

describe('the bundled CLI', () => {
  it('is built, and not older than the modules (npm run build writes it; tsc alone does not)', () => {
    expect(existsSync(BUNDLE), `${BUNDLE} is missing: run npm run build`).toBe(true);
    expect(statSync(BUNDLE).mtimeMs, `${BUNDLE} is older than ${CLI} (tsc ran after it), so atx would not run it: run npm run build`).toBeGreaterThanOrEqual(statSync(CLI).mtimeMs);
  });

  it('answers --version as the unbundled modules do, loading none of them', async () => {
    const [bundled, modules] = await Promise.all([run(['--version'], true), run(['--version'], false)]);
    expect(bundled.stderr).toBe('');
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toBe(modules.stdout);
    expect(bundled.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('converts and redacts a folder with worker threads to the same bytes as the unbundled modules', async () => {
    const input = scratch();
    cpSync(join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl'), join(input, 'a-session.jsonl'));
    cpSync(join(ROOT, 'fixtures/codex/planted-secrets/rollout.jsonl'), join(input, 'b-rollout.jsonl'));
    const outputs = { bundled: join(scratch(), 'out'), modules: join(scratch(), 'out') };
    const bundled = await run(['convert', input, '-o', `${outputs.bundled}/`, '--jobs', '2'], true);
    const modules = await run(['convert', input, '-o', `${outputs.modules}/`, '--jobs', '2'], false);
    expect(bundled.stderr).not.toContain('unbundled module');
    expect(bundled.code).toBe(0);
    expect(modules.code).toBe(0);
    const names = readdirSync(outputs.bundled).sort();
    expect(names).toEqual(['a-session.transcript.json', 'b-rollout.transcript.json']);
    expect(readdirSync(outputs.modules).sort()).toEqual(names);
    for (const name of names) {
      const text = readFileSync(join(outputs.bundled, name), 'utf8');
      expect(text).toContain('"redactionCount"');
      expect(text, name).toBe(readFileSync(join(outputs.modules, name), 'utf8'));
    }
  });

  it('names our source files in a stack trace (--debug), through the bundle\'s source maps', async () => {
    const session = join(ROOT, 'fixtures/claude-code/thinking/session.jsonl');
    // an internal error thrown inside our writing code: standard output refuses every write
    const refuseStdout = "process.stdout.write = () => { throw new Error('standard output refused by the test'); };";
    const bundled = await run(['convert', session, '--debug'], true, refuseStdout);
    expect(bundled.code, bundled.stderr).toBe(5); // not a system error: a bug's exit code, even with stdout refusing the last flush
    expect(bundled.stderr).toContain('standard output refused by the test');
    expect(bundled.stderr).toMatch(/\n {4}at .*\/src\/[\w/-]+\.ts:\d+:\d+\)?\n/);
    expect(bundled.stderr).not.toContain('dist/bundle/');
  });
});
