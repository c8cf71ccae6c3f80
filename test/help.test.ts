/** Help that teaches: every command's --help, the help topics, and what atx says when it is misused. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { BUILTIN_PROFILES } from '../redaction/index.js';
import { EXIT_CODE_TABLE } from '../src/errors.js';
import { COMMAND_NAMES } from '../src/cli/main.js';
import { runInProcess } from './helpers.js';

/** The lines of a section of a help text: from its title to the next blank line. */
function section(help: string, title: string): string[] {
  const start = help.split('\n').indexOf(`${title}:`);
  if (start === -1) return [];
  const lines = help.split('\n').slice(start + 1);
  const end = lines.findIndex((line) => line.trim() === '');
  return lines.slice(0, end === -1 ? undefined : end);
}

const KNOWN_CODES = new Set(EXIT_CODE_TABLE.map((row) => row.code));

/** The subcommands a command's --help lists (`outbox list`, `serve keys create`, ...), found by walking the help texts. */
async function subcommandsOf(path: string): Promise<string[]> {
  const run = await runInProcess([...path.split(' '), '--help'], { columns: 10_000 });
  const names = section(run.stdout, 'Commands').map((line) => /^ {2}(\S+)/.exec(line)?.[1]).filter((name) => name !== undefined && name !== 'help');
  const paths = names.map((name) => `${path} ${name}`);
  return [...paths, ...(await Promise.all(paths.map(subcommandsOf))).flat()];
}

const SUBCOMMANDS = (await Promise.all(COMMAND_NAMES.map(subcommandsOf))).flat();

describe('every command\'s --help', () => {
  it('walks the subcommands too', () => {
    expect(SUBCOMMANDS).toEqual(expect.arrayContaining(['outbox list', 'outbox flush', 'outbox drop', 'rules test', 'serve keys', 'serve keys create', 'serve openapi']));
  });

  it.each([...COMMAND_NAMES, ...SUBCOMMANDS])('atx %s --help: one paragraph, examples, exit codes, environment', async (name) => {
    // A terminal wide enough that commander's own wrapping never breaks the description.
    const run = await runInProcess([...name.split(' '), '--help'], { columns: 10_000 });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Usage: atx ${name}\\b`));
    expect(lines[1]).toBe('');
    expect(lines[2]!.length).toBeGreaterThan(40);
    expect(lines[3], 'the description is one paragraph without hard line breaks').toBe('');

    const examples = section(run.stdout, 'Examples');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) expect(example).toMatch(/^ {2}\S.*\batx\b|^ {2}atx\b/);

    const codes = section(run.stdout, 'Exit codes');
    expect(codes.length).toBeGreaterThanOrEqual(2);
    expect(codes[0]).toMatch(/^ {2}0 /);
    for (const line of codes) {
      const code = /^ {2}(\d+)[ ,]/.exec(line)?.[1];
      if (code !== undefined && Number(code) < 128) expect(KNOWN_CODES.has(Number(code)), line).toBe(true);
    }

    const environment = section(run.stdout, 'Environment');
    expect(environment.some((line) => line.includes('NO_COLOR'))).toBe(true);
  });

  it('the commands that read inputs name the variables that change their output', async () => {
    const convert = await runInProcess(['convert', '--help'], { columns: 10_000 });
    expect(section(convert.stdout, 'Environment').join('\n')).toMatch(/ATX_CONFIG[\s\S]*ATX_KEY[\s\S]*ATX_CLOCK/);
    const upload = await runInProcess(['upload', '--help'], { columns: 10_000 });
    expect(section(upload.stdout, 'Environment').join('\n')).toMatch(/ATX_ENDPOINT[\s\S]*ATX_OUTBOX/);
    expect(section(upload.stdout, 'Exit codes').join('\n')).toMatch(/^ {2}4 /m);
  });
});

describe('atx help <topic>', () => {
  it('exit-codes lists every exit code atx has', async () => {
    const run = await runInProcess(['help', 'exit-codes']);
    expect(run.code).toBe(0);
    for (const row of EXIT_CODE_TABLE) expect(run.stdout).toMatch(new RegExp(`^ {2}${row.code} {2}${row.meaning.slice(0, 20).replace(/[()]/g, '\\$&')}`, 'm'));
  });

  it('profiles lists every built-in profile', async () => {
    const run = await runInProcess(['help', 'profiles']);
    expect(run.code).toBe(0);
    for (const profile of BUILTIN_PROFILES) expect(run.stdout).toMatch(new RegExp(`^ {2}${profile.name} +\\S`, 'm'));
  });

  it('formats lists every adapter and each of its formats, and the output formats', async () => {
    const run = await runInProcess(['help', 'formats']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/json[\s\S]*jsonl[\s\S]*--stream/);
    for (const adapter of ADAPTERS) {
      expect(run.stdout).toMatch(new RegExp(`^ {2}${adapter.id} `, 'm'));
      for (const format of adapter.formats) expect(run.stdout).toContain(`    ${format.id} `);
    }
  });

  it('a command name shows that command\'s help; an unknown topic is a usage error', async () => {
    const schema = await runInProcess(['help', 'schema']);
    expect(schema.stdout).toMatch(/^Usage: atx schema/);
    const unknown = await runInProcess(['help', 'nonsense']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('(see atx help --help)');
  });
});

describe('atx --version', () => {
  it('prints the package version on stdout alone and exits 0, long or short', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = await runInProcess([flag]);
      expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });
});

describe('misuse', () => {
  it('atx alone prints the short usage on stderr, nothing on stdout, and exits 2', async () => {
    const run = await runInProcess([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Usage: atx [\s\S]*convert[\s\S]*atx --help/);
  });

  it('an unknown option points at the help of the command it was given to', async () => {
    const run = await runInProcess(['run', '-o', 'never.json', '--no-such-flag', '--', 'true']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("atx: error: unknown option '--no-such-flag' (see atx run --help)\n");
    const nested = await runInProcess(['serve', 'keys', 'create', '--no-such-flag']);
    expect(nested.stderr).toContain('(see atx serve keys create --help)');
    const top = await runInProcess(['--no-such-flag']);
    expect(top.stderr).toContain('(see atx --help)');
  });
});
