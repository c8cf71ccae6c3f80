/** End-to-end: the redaction commands as scripts and CI jobs run them (the built CLI as a subprocess). */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const PLANTED = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');
const CLEAN = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');
const planted = JSON.parse(readFileSync(join(ROOT, 'fixtures/planted-secrets.json'), 'utf8')) as { secrets: { value: string }[]; pii: { value: string }[] };
const plantedValues = [...planted.secrets, ...planted.pii].map((entry) => entry.value);
const scratch = scratchFolders('atx-redact-e2e-');

function expectNoPlanted(text: string): void {
  for (const value of plantedValues) {
    expect(text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1)), `leaked ${value.slice(0, 12)}…`).toBe(false);
  }
}

describe('atx scan', () => {
  it('fails a CI job on a planted secret, listing rule, field and location but never the secret', async () => {
    const run = await runCli(['scan', PLANTED, '--fail-on-findings']);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(/^\S+planted-secrets\/session\.jsonl:\d+\tev_\d+\t\S+\t[a-z0-9-]+\t(secret|pii)$/);
    expect(run.stdout).toContain('private-key-block');
    expectNoPlanted(run.stdout + run.stderr);
  });

  it('passes on a log without secrets, and adds personal data with --profile research', async () => {
    expect((await runCli(['scan', CLEAN, '--fail-on-findings'])).code).toBe(0);
    const json = await runCli(['scan', PLANTED, '--profile', 'research', '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { count: number; findings: { type: string; ruleId: string }[] };
    expect(report.findings.some((f) => f.type === 'pii' && f.ruleId === 'email')).toBe(true);
    expect(report.count).toBe(report.findings.length);
    expectNoPlanted(json.stdout);
  });

  it('scans a Transcript as well as a native log, from a file or stdin', async () => {
    const converted = await runCli(['convert', PLANTED, '--profile', 'none', '-q']);
    const fromStdin = await runCli(['scan', '-', '--fail-on-findings'], { input: converted.stdout });
    expect(fromStdin.code).toBe(1);
    expect(fromStdin.stdout).toMatch(/^-\tev_\d+\t/m);
    const nativeStdin = await runCli(['scan', '--fail-on-findings'], { input: readFileSync(PLANTED) });
    expect(nativeStdin.code).toBe(1);
  });
});

describe('atx convert --profile and atx redact', () => {
  it('research: a valid Transcript with receipts, and nothing planted left', async () => {
    const run = await runCli(['convert', PLANTED, '--profile', 'research']);
    expect(run.code).toBe(0);
    const transcript = TranscriptSchema.parse(JSON.parse(run.stdout));
    expect(transcript.privacy).toMatchObject({ profile: 'research', redactionApplied: true, anonymizationApplied: true });
    expect(transcript.events.some((e) => (e.redactions ?? []).length > 0)).toBe(true);
    expect(run.stderr).toMatch(/profile research: \d+ redaction\(s\)/);
    expectNoPlanted(run.stdout + run.stderr);
  });

  it('the default profile is standard: secrets go, personal data stays', async () => {
    const run = await runCli(['convert', PLANTED]);
    const transcript = JSON.parse(run.stdout) as Transcript;
    expect(transcript.privacy.profile).toBe('standard');
    for (const secret of planted.secrets) expect(run.stdout).not.toContain(JSON.stringify(secret.value).slice(1, -1));
    expect(run.stdout).toContain('dana.fixture@fixture-mail.net');
  });

  it('redact applies a profile to a Transcript; a second pass changes nothing', async () => {
    const raw = await runCli(['convert', PLANTED, '--profile', 'none', '-q']);
    const once = await runCli(['redact', '-', '--profile', 'research', '--fail-on-findings'], { input: raw.stdout });
    expect(once.code).toBe(1);
    expectNoPlanted(once.stdout);
    const twice = await runCli(['redact', '-', '--profile', 'research', '--fail-on-findings'], { input: once.stdout });
    expect(twice.code).toBe(0);
    const [a, b] = [JSON.parse(once.stdout) as Transcript, JSON.parse(twice.stdout) as Transcript];
    expect(b.events).toEqual(a.events);
    expect(b.privacy.redactionCount).toBe(a.privacy.redactionCount);
  });

  it('atx run passes the agent output through unchanged but saves only the redacted Transcript', async () => {
    const out = join(scratch(), 'run.json');
    const stream = join(ROOT, 'fixtures/codex/planted-secrets/stream.jsonl');
    const run = await runCli(['run', '-o', out, '--profile', 'research', '--', 'cat', stream]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(readFileSync(stream, 'utf8'));
    const saved = readFileSync(out, 'utf8');
    expect((JSON.parse(saved) as Transcript).privacy.profile).toBe('research');
    expectNoPlanted(saved);
  });

  it('refuses a key file others can read, and with a private one fills submitter without the secret', async () => {
    const dir = scratch();
    const keyFile = join(dir, 'key');
    const secret = 'Qm9zL2mX8vN4pR7tW1yB3cD6';
    writeFileSync(keyFile, `atx_k7f3a9_${secret}\n`);
    chmodSync(keyFile, 0o644);
    const refused = await runCli(['convert', CLEAN, '--key-file', keyFile]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('chmod 600');
    chmodSync(keyFile, 0o600);
    const run = await runCli(['convert', CLEAN, '--key-file', keyFile, '--profile', 'research']);
    expect(run.code).toBe(0);
    const transcript = JSON.parse(run.stdout) as Transcript;
    expect(transcript.submitter.keyId).toBe('k7f3a9');
    expect(transcript.submitter.pseudonym).toMatch(/^anon_[0-9a-f]{24}$/);
    expect(transcript.privacy.anonymizationSalt).toBe('per-key');
    const again = JSON.parse((await runCli(['convert', CLEAN, '--profile', 'research'], { env: { ATX_KEY: `atx_k7f3a9_${secret}` } })).stdout) as Transcript;
    expect(again.submitter.pseudonym).toBe(transcript.submitter.pseudonym);
    expect(run.stdout + run.stderr + refused.stderr).not.toContain(secret);
  });
});

describe('profiles and rules', () => {
  it('lists the built-in profiles and a custom one from the config file', async () => {
    const dir = scratch();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({
      profiles: {
        acme: {
          extends: 'standard',
          pii: true,
          allow: ['sk_live_allowed_for_docs_0000000000'],
          rules: [{ id: 'acme-ticket-token', type: 'secret', keywords: ['acmetk_'], pattern: 'acmetk_[a-z0-9]{24}', examples: { match: ['x acmetk_q8v2k5m1x9z3w7r4t6y0p2n8'], noMatch: ['acmetk_short'] } }],
        },
      },
    }));
    const run = await runCli(['profiles', '--json', '--config', config]);
    const names = (JSON.parse(run.stdout) as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(['none', 'standard', 'team', 'research', 'public', 'acme']);
    const tested = await runCli(['rules', 'test', 'token acmetk_q8v2k5m1x9z3w7r4t6y0p2n8', '--profile', 'acme', '--config', config]);
    expect(tested.stdout).toBe('token [REDACTED:acme-ticket-token#1]\n');
    const table = await runCli(['profiles', '--config', config]);
    expect(table.stdout).toMatch(/^acme\s+yes\s+yes\s+no\s+full/m);
  });

  it('rejects an invalid config with the path and the reason', async () => {
    const dir = scratch();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ profiles: { acme: { toolOutput: 'some', rules: [{ id: 'x', type: 'secret', pattern: '(', examples: { match: ['a'], noMatch: ['b'] } }] } } }));
    const run = await runCli(['convert', CLEAN, '--profile', 'acme', '--config', config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('profiles.acme.toolOutput');
    expect(run.stderr).toContain('profiles.acme.rules.0.pattern: invalid regular expression');
    writeFileSync(config, JSON.stringify({ profiles: { acme: { rules: [{ id: 'x', type: 'secret', pattern: 'tok_[0-9]+', examples: { match: ['tok_12'], noMatch: ['tok_34'] } }] } } }));
    const failingExample = await runCli(['profiles', '--config', config]);
    expect(failingExample.code).toBe(2);
    expect(failingExample.stderr).toContain('profiles.acme.rules.0.examples.noMatch.0');
    writeFileSync(config, JSON.stringify({ profiles: { acme: { rules: [{ id: 'x', type: 'secret', pattern: 'tok_[a-z]+', examples: { match: ['tok_abcdefghijkl'], noMatch: ['tok_'] } }] } } }));
    const shielded = await runCli(['profiles', '--config', config]);
    expect(shielded.code).toBe(2);
    expect(shielded.stderr).toContain('profiles.acme.rules.0.examples.match.0: the rule finds nothing in "tok_abcdefghijkl" (its pattern matches, but the shields leave the value alone');
  });

  it('rules lists every rule with its type; rules test --examples runs them all', async () => {
    const list = await runCli(['rules', '--json']);
    const rules = (JSON.parse(list.stdout) as { rules: { id: string; type: string }[] }).rules;
    expect(rules.filter((r) => r.type === 'secret').length).toBeGreaterThan(60);
    expect(rules.filter((r) => r.type === 'pii').length).toBeGreaterThanOrEqual(7);
    const examples = await runCli(['rules', 'test', '--examples']);
    expect(examples.code).toBe(0);
    expect(examples.stdout).toMatch(/\d+ rules, 0 failing example\(s\)/);
  });
});
