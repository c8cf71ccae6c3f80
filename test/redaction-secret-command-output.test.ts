/**
 * A command that reads one secret, then its output of one token: the token is the secret whatever
 * its shape (hex, a UUID, a word and a number), both in a Transcript (a shell call and its result,
 * linked by the call's id) and in a terminal capture (a prompt line, then the token). Commands that
 * change, list or merely mention secrets, and outputs that are not one value, are left alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinProfile } from '../redaction/profiles.js';
import { loneSecretToken, readsOneSecret, shellCommandOf } from '../redaction/secret-reading-commands.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import type { RedactableEvent } from '../redaction/transcript-shape.js';
import { runCli } from './support/cli-process.js';

describe('a command that reads one secret', () => {
  it.each([
    'gh auth token',
    'heroku auth:token',
    'syncthing cli config gui apikey get',
    'git config --get credential.https://git.example.org.password',
    'aws configure get aws_secret_access_key',
    'vault kv get -field=password kv/reports',
    'printenv REPORTS_API_TOKEN',
    'echo $DEPLOY_TOKEN',
    'cat ~/.config/notes/token',
    "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d",
    'op read op://Private/db/password',
    // the words are lower-cased before they are read: the Kelvin sign becomes a `k`
    'printenv DEPLOY_SIGNING_\u212AEY',
    'CAT ~/.CONFIG/NOTES/PASSPHRASE',
  ])('reads one: %s', (command) => {
    expect(readsOneSecret(command)).toBe(true);
  });

  it.each([
    'gh auth status',
    'gh auth login --with-token',
    'vault kv put kv/reports password=x',
    'kubectl get secrets',
    'echo $DEPLOY_TOKEN | wc -c',
    'docker run -d -e API_TOKEN image',
    'git rev-parse HEAD',
    'cat tokenizer_config.json',
    'npm token list',
    'openssl rand -hex 32',
    'gh auth token; git push',
    'grep -r password src/',
  ])('does not: %s', (command) => {
    expect(readsOneSecret(command)).toBe(false);
  });
});

describe('an output of one token', () => {
  it('is the secret whatever its shape; a mask, a path, a number or several words are not', () => {
    for (const output of ['aba8d2dcd75e2c9c80c680a67142f87e\n', 'birch-lantern-19', '0a6c5d4e-3f21-4b8a-9c7d-e6f5a4b3c2d1\n', 'QuietRiver88\n', '  hT2kWq9ZrLm4Vx7PnB3c  \n']) {
      const span = loneSecretToken(output);
      expect(span, output).toBeDefined();
      expect(output.slice(span!.start, span!.end)).toBe(output.trim());
    }
    for (const output of ['********\n', '/run/secrets/token\n', '41\n', 'No value found at kv/data/reports\n', 'HttpClient\n', 'null\n', '']) {
      expect(loneSecretToken(output), output).toBeUndefined();
    }
  });

  it('reads the command from each adapter\'s input shape', () => {
    expect(shellCommandOf({ command: 'gh auth token' })).toBe('gh auth token');
    expect(shellCommandOf({ cmd: 'gh auth token' })).toBe('gh auth token');
    expect(shellCommandOf({ command: ['bash', '-lc', 'gh auth token'] })).toBe('gh auth token');
    expect(shellCommandOf({ command: ['gh', 'auth', 'token'] })).toBe('gh auth token');
    expect(shellCommandOf({ path: 'a.txt' })).toBeUndefined();
  });
});

describe('in a Transcript', () => {
  const redactor = () => new TranscriptRedactor(builtinProfile('standard')!, { salt: Buffer.alloc(16, 3), saltSource: 'per-transcript' });
  const call = (id: string, command: string): RedactableEvent => ({ type: 'tool_call', tool: { kind: 'shell', callId: id, input: { command } } } as RedactableEvent);
  const result = (id: string, output: string): RedactableEvent => ({ type: 'tool_result', tool: { kind: 'shell', callId: id, output } } as RedactableEvent);

  it('the result of a call that reads a secret is replaced, and so are its later copies', () => {
    const r = redactor();
    r.event(call('c1', 'syncthing cli config gui apikey get'));
    const answered = r.event(result('c1', 'aba8d2dcd75e2c9c80c680a67142f87e\n'));
    expect(answered.tool!.output).toBe('[REDACTED:secret#1]\n');
    expect(answered.redactions?.[0]?.ruleId).toBe('secret-command-output');
    const later = r.event({ type: 'assistant_message', text: 'Your key is aba8d2dcd75e2c9c80c680a67142f87e.' } as RedactableEvent);
    expect(later.text).toBe('Your key is [REDACTED:secret#1].');
  });

  it('the same output of another call, or of a call whose result has come, is left', () => {
    const r = redactor();
    r.event(call('c1', 'git rev-parse HEAD'));
    expect(r.event(result('c1', 'aba8d2dcd75e2c9c80c680a67142f87e\n')).tool!.output).toBe('aba8d2dcd75e2c9c80c680a67142f87e\n');
    r.event(call('c2', 'gh auth token'));
    r.event(result('c2', '********\n'));
    expect(r.event(result('c2', 'birch-lantern-19\n')).tool!.output).toBe('birch-lantern-19\n');
  });

  it('the profile without secret rules leaves it', () => {
    const r = new TranscriptRedactor(builtinProfile('none')!, { salt: Buffer.alloc(16, 3), saltSource: 'per-transcript' });
    r.event(call('c1', 'gh auth token'));
    expect(r.event(result('c1', 'birch-lantern-19\n')).tool!.output).toBe('birch-lantern-19\n');
  });
});

describe('through the CLI (a Claude Code session written here: the scripted model server cannot make a real token appear)', () => {
  const line = (record: object) => `${JSON.stringify({ sessionId: 's1', cwd: '/home/ann', version: '2.1.332', timestamp: '2026-11-29T10:00:00.000Z', ...record })}\n`;
  const session = [
    line({ type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'what is my sync api key?' } }),
    line({ type: 'assistant', uuid: 'a1', parentUuid: 'u1', message: { id: 'm1', role: 'assistant', model: 'claude', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'syncthing cli config gui apikey get' } }] } }),
    line({ type: 'user', uuid: 'u2', parentUuid: 'a1', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '5e0ce1650ec14746dda2a8a514244687\n', is_error: false }] } }),
  ].join('');

  it('convert, scan and upload --dry-run find the same secret, and the output no longer holds it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atx-secret-command-'));
    try {
      const file = join(dir, 'session.jsonl');
      writeFileSync(file, session);
      const converted = await runCli(['convert', file, '-q']);
      expect(converted.code).toBe(0);
      expect(converted.stdout).not.toContain('5e0ce1650ec14746dda2a8a514244687');
      const scanned = JSON.parse((await runCli(['scan', file, '--json'])).stdout) as { findings: Array<{ ruleId: string }> };
      expect(scanned.findings.map((finding) => finding.ruleId)).toEqual(['secret-command-output']);
      const planned = JSON.parse((await runCli(['upload', file, '--dry-run', '--json'])).stdout) as { items: Array<{ plan: { redactionsByRule: Record<string, number> } }> };
      expect(planned.items[0]!.plan.redactionsByRule).toEqual({ 'secret-command-output': 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
