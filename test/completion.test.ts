/** `atx completion`: the bash script, sourced in bash and driven as bash's completion would drive it. */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../adapters/index.js';
import { BUILTIN_PROFILES } from '../redaction/index.js';
import { WRITERS } from '../src/writers/index.js';
import { runInProcess } from './helpers.js';

const hasShell = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

let bashScript = '';
beforeAll(async () => {
  const run = await runInProcess(['completion', 'bash']);
  expect(run.code).toBe(0);
  bashScript = run.stdout;
});

/** What bash would offer for the words typed so far (the last one is being completed). */
function complete(...words: string[]): string[] {
  const driver = `${bashScript}
COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}
_atx
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-s'], { input: driver, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

describe('atx completion bash', () => {
  it('completes commands and subcommands', () => {
    expect(complete('atx', 'con')).toEqual(['convert']);
    expect(complete('atx', 'serve', 'keys', 'c')).toEqual(['create']);
    expect(complete('atx', 'outbox', '')).toEqual(expect.arrayContaining(['list', 'flush', 'drop']));
  });

  it('completes the flags of the command typed, past the words before', () => {
    expect(complete('atx', 'convert', '--prof')).toEqual(['--profile']);
    expect(complete('atx', 'convert', 'a.jsonl', '-o', 'out.json', '--id-')).toEqual(['--id-from-content']);
    expect(complete('atx', 'serve', '--max-st')).toEqual(['--max-storage-mb', '--max-string-mb']);
  });

  it('completes profile names, format names and adapter names from the registries', () => {
    expect(complete('atx', 'convert', '--profile', '')).toEqual(BUILTIN_PROFILES.map((profile) => profile.name));
    expect(complete('atx', 'convert', '--format', '')).toEqual(WRITERS.map((writer) => writer.format));
    expect(complete('atx', 'run', '--from', '')).toEqual(['auto', ...ADAPTERS.map((adapter) => adapter.id)]);
    expect(complete('atx', 'discover', '--agent', 'cl')).toEqual(ADAPTERS.map((adapter) => adapter.id).filter((id) => id.startsWith('cl')));
  });

  it('offers nothing of its own after --, where the agent\'s command line begins', () => {
    expect(complete('atx', 'run', '-o', 'x.json', '--', 'con')).toEqual([]);
  });
});

describe.each(['zsh', 'fish'] as const)('atx completion %s', (shell) => {
  it('prints a script naming every command, and the shell (when installed) reads it without a syntax error', async () => {
    const run = await runInProcess(['completion', shell]);
    expect(run.code).toBe(0);
    for (const command of ['convert', 'upload', 'serve', 'completion']) expect(run.stdout).toContain(command);
    if (!hasShell(shell)) return; // this machine has no such shell: the text checks above are all we can do
    // the script as an argument: fish 3.6 cannot read a script from the socket node gives as stdin ("Is a directory")
    const check = spawnSync(shell, ['-n', '-c', run.stdout], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
