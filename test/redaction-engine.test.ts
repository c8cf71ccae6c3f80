import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../bench/redaction/corpus.js';
import { BUILTIN_RULES } from '../redaction/rules/index.js';
import { builtinProfile, type Profile } from '../redaction/profiles.js';
import { Redactor } from '../redaction/redactor.js';
import type { Rule } from '../redaction/types.js';
import { mergePrivacy, TranscriptRedactor } from '../redaction/transcript-redactor.js';
import { EventSchema, PrivacySchema, type TranscriptEvent, type TranscriptHeader } from '../src/transcript/index.js';

const profile = (name: string): Profile => builtinProfile(name)!;
const salt = Buffer.alloc(16, 1);
const GITHUB = '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';
const STRIPE = 'sk_live_51Fon1PJH9TMSOYH5khGEeBo4EYPJ0U5wB';

function event(partial: Partial<TranscriptEvent>): TranscriptEvent {
  return { id: 'ev_1', seq: 1, timestamp: null, type: 'assistant_message', role: 'assistant', ...partial } as TranscriptEvent;
}

const header = (): TranscriptHeader => ({
  schemaVersion: '0.1.0',
  transcriptId: '0b7d9a43-5d33-4d3c-9a0a-0d2f3c4b5a69',
  source: { agent: 'claude-code', agentVersion: null, adapter: 'claude-code', adapterVersion: '1' },
  session: {
    startedAt: null, endedAt: null, capturedAt: '2026-01-01T00:00:00.000Z',
    environment: { cwd: '/home/alice/src/billing', repo: { name: 'billing', remote: 'https://alice:Zk29XqLm83NvBt71@git.acme.io/acme/billing.git', commit: 'abc' } },
  },
  submitter: { keyId: null, pseudonym: null, identityLinked: false },
  privacy: { profile: 'none', redactionApplied: false, anonymizationApplied: false, rulesApplied: [], redactionCount: 0, contentPolicy: { includeFileContents: true, toolOutput: 'full' } },
  metrics: { eventCount: 1, messageCount: 1, toolCallCount: 0, durationMs: null },
});

describe('the string redactor', () => {
  it('gives the same secret the same numbered placeholder, and another secret the next number', () => {
    const redactor = new Redactor(profile('standard'), salt);
    const first = redactor.redact(`token ${GITHUB} and again ${GITHUB}`, 'text');
    const second = redactor.redact(`later: ${GITHUB}, other ghp_Q7vLm2Xk9Rt4Wb8Nz3Hd6Jf1Gc5Ys0Pa7Ke2Mu`, 'text');
    const placeholders = [...first.redactions, ...second.redactions].map((r) => r.placeholder);
    expect(new Set(placeholders.slice(0, 3)).size).toBe(1);
    expect(placeholders[3]).not.toBe(placeholders[0]);
    expect(placeholders[3]).toMatch(/#2\]$/);
    expect(first.value).not.toContain(GITHUB);
  });

  it('reports offsets into the redacted text that select the placeholder', () => {
    const redactor = new Redactor(profile('research'), salt);
    const { value, redactions } = redactor.redact(`mail dana.fixture@fixture-mail.net, key ${STRIPE}, home /home/alice/x`, 'text');
    expect(redactions.length).toBe(3);
    for (const r of redactions) expect(value.slice(r.start, r.end)).toBe(r.placeholder);
    expect(redactions.map((r) => r.type)).toEqual(['pii', 'secret', 'pii']);
  });

  it('is idempotent: redacting the output again changes nothing', () => {
    const redactor = new Redactor(profile('research'), salt);
    const text = `export STRIPE_KEY=${STRIPE}\npostgres://app:qiG79VvherQi8pnjLP1j@db:5432/app\nAuthorization: Bearer 9f2c7Kq1LmZ8xR4tV0pN3sW6yB5dE\n/Users/bob/code`;
    const once = redactor.redact(text, 'text').value;
    const again = new Redactor(profile('research'), salt).redact(once, 'text');
    expect(again.value).toBe(once);
    expect(again.redactions).toEqual([]);
  });

  it('replaces a bare copy of a secret found earlier, where no rule would see it', () => {
    const redactor = new Redactor(profile('standard'), salt);
    redactor.redact('DB_PASSWORD=Zk29XqLm83Nv', 'text');
    const later = redactor.redact('the string Zk29XqLm83Nv appears in a log', 'text');
    expect(later.value).toBe('the string [REDACTED:password#1] appears in a log');
  });

  it('keeps a profile allowlist value', () => {
    const allowed: Profile = { ...profile('standard'), allow: [STRIPE] };
    expect(new Redactor(allowed, salt).redact(`key ${STRIPE}`, 'text').value).toContain(STRIPE);
  });

  it('anonymizes the same user to the same token, and differently under another salt', () => {
    const a = new Redactor(profile('research'), salt);
    const first = a.redact('/home/alice/a and C:\\Users\\alice\\b', 'text').value;
    const tokens = first.match(/\[ANON:user#[0-9a-f]{8}\]/g)!;
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(tokens[1]);
    const other = new Redactor(profile('research'), Buffer.alloc(16, 2)).redact('/home/alice/a', 'text').value;
    expect(other).not.toContain(tokens[0]);
  });
});

describe('the transcript redactor', () => {
  it('walks tool input key by key: a sensitive key redacts its whole value', () => {
    const redactor = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' });
    const out = redactor.event(event({
      type: 'tool_call', role: 'assistant',
      tool: { name: 'Bash', callId: 'c1', input: { command: 'deploy', env: { API_TOKEN: 'plain words are fine here', password: 'hunter2x' }, max_tokens: 10 } },
    }));
    const input = out.tool!.input as { env: { API_TOKEN: string; password: string }; max_tokens: number };
    expect(input.env.password).toBe('[REDACTED:password#1]');
    expect(input.env.API_TOKEN).toBe('plain words are fine here');
    expect(input.max_tokens).toBe(10);
    expect(out.redactions).toEqual([{ field: 'tool.input.env.password', ruleId: 'sensitive-field', type: 'secret', placeholder: '[REDACTED:password#1]', start: 0, end: 21 }]);
    expect(EventSchema.safeParse(out).success).toBe(true);
  });

  it('leaves bookkeeping fields alone and keeps earlier receipts', () => {
    const redactor = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' });
    const earlier = { field: 'text', ruleId: 'x', type: 'secret' as const, placeholder: '[REDACTED:x#1]', start: 0, end: 14 };
    const out = redactor.event(event({ nativeId: GITHUB, text: `[REDACTED:x#1] ${GITHUB}`, redactions: [earlier] }));
    expect(out.nativeId).toBe(GITHUB);
    expect(out.redactions).toHaveLength(2);
    expect(out.redactions![0]).toEqual(earlier);
  });

  it('truncates tool output to head and tail with a receipt, never cutting a placeholder', () => {
    const redactor = new TranscriptRedactor({ ...profile('research'), truncateAt: 200 }, { salt, saltSource: 'per-transcript' });
    const output = `${'a'.repeat(140)} ${STRIPE} ${'b'.repeat(500)} ${STRIPE} end`;
    const out = redactor.event(event({ type: 'tool_result', role: 'tool', tool: { name: 'Bash', callId: 'c', kind: 'shell', output } }));
    const kept = out.tool!.output!;
    expect(kept.length).toBeLessThan(output.length);
    expect(kept).toContain('characters withheld by atx');
    expect(kept.endsWith('end')).toBe(true);
    for (const r of out.redactions ?? []) expect(kept.slice(r.start, r.end)).toBe(r.placeholder);
    expect(out.withheld).toEqual([{ field: 'tool.output', reason: 'truncated', chars: expect.any(Number), keptChars: expect.any(Number) }]);
  });

  it('withholds file bodies (keeping paths and sizes), reasoning and tool output as the profile says', () => {
    const redactor = new TranscriptRedactor(profile('public'), { salt, saltSource: 'per-transcript' });
    const write = redactor.event(event({
      type: 'tool_call', tool: { name: 'Write', callId: 'w', kind: 'write', input: { file_path: '/tmp/x/notes.txt', content: 'line 1\nline 2\n' }, files: [{ path: '/tmp/x/notes.txt', action: 'edit', diff: '+a\n+b\n-c' }] },
    }));
    expect(write.tool!.input).toEqual({ file_path: '/tmp/x/notes.txt', content: '[file contents withheld: 14 characters, 2 lines]' });
    expect(write.tool!.files![0]!.diff).toBe('[diff withheld: +2 -1 lines]');
    const result = redactor.event(event({ type: 'tool_result', role: 'tool', tool: { name: 'Bash', callId: 's', kind: 'shell', output: 'x\ny\nz', status: 'ok' } }));
    expect(result.tool!.output).toBeUndefined();
    expect(result.tool!.status).toBe('ok');
    expect(result.withheld).toEqual([{ field: 'tool.output', reason: 'tool-output', chars: 5, lines: 3 }]);
    const thinking = redactor.event(event({ type: 'reasoning', text: 'let me think' }));
    expect(thinking.text).toBeUndefined();
    expect(thinking.withheld).toEqual([{ field: 'text', reason: 'reasoning', chars: 12, lines: 1 }]);
  });

  it('anonymizes the cwd everywhere, the repo name and remote, and writes a privacy block that validates', () => {
    const redactor = new TranscriptRedactor(profile('research'), { salt, saltSource: 'per-transcript' });
    const h = header();
    redactor.environment(h.session.environment);
    const out = redactor.event(event({ text: 'edited /home/alice/src/billing/src/app.ts' }));
    expect(out.text).toMatch(/^edited \[ANON:cwd#[0-9a-f]{8}\]\/src\/app\.ts$/);
    const redactedHeader = redactor.header(h);
    expect(redactedHeader.session.environment.cwd).toBe(out.text!.slice(7, 26));
    expect(redactedHeader.session.environment.repo!.name).toMatch(/^\[ANON:repo#/);
    expect(redactedHeader.session.environment.repo!.remote).toMatch(/^\[ANON:remote#/);
    expect(JSON.stringify(redactedHeader)).not.toContain('Zk29XqLm83NvBt71');
    expect(JSON.stringify(redactedHeader)).not.toContain('alice');
    const privacy = redactedHeader.privacy;
    expect(PrivacySchema.safeParse(privacy).success).toBe(true);
    expect(privacy).toMatchObject({ profile: 'research', redactionApplied: true, anonymizationApplied: true, anonymizationSalt: 'per-transcript' });
    expect(privacy.redactionCount).toBe(1 + privacy.sessionRedactions!.length);
    expect(privacy.rulesApplied).toEqual(['cloud', 'source-hosting', 'developer-tools', 'messaging', 'payments', 'ai-providers', 'databases', 'generic', 'pii']);
  });

  it('keeps identity only for a profile that links it', () => {
    const submitter = { keyId: 'k1', pseudonym: 'anon_x', identityLinked: true, identity: { name: 'Dana' } };
    const standard = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-key', submitter }).header(header());
    expect(standard.submitter).toEqual({ keyId: 'k1', pseudonym: 'anon_x', identityLinked: false });
    const team = new TranscriptRedactor(profile('team'), { salt, saltSource: 'per-key', submitter }).header(header());
    expect(team.submitter.identity).toEqual({ name: 'Dana' });
  });

  it('merges the receipts of a transcript redacted twice', () => {
    const first = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' });
    first.event(event({ text: `key ${STRIPE}` }));
    const before = first.header(header()).privacy;
    const second = new TranscriptRedactor(profile('public'), { salt, saltSource: 'per-transcript' });
    second.event(event({ text: 'mail dana.fixture@fixture-mail.net' }));
    const merged = mergePrivacy(before, second.header(header()).privacy);
    expect(merged.profile).toBe('public');
    expect(merged.contentPolicy.toolOutput).toBe('metadata-only');
    expect(merged.redactionsByRule).toMatchObject({ 'stripe-secret-key': 1, email: 1 });
  });
});

describe('copies of a secret within one string', () => {
  it('replaces a second, bare copy of a secret first seen in the same string, with receipts at the right offsets', () => {
    const redactor = new Redactor(builtinProfile('standard')!, Buffer.alloc(16, 1));
    const { value, redactions } = redactor.redact('echo Zk29XqLm83Nv; DB_PASSWORD=Zk29XqLm83Nv and mail', 'text');
    expect(value).toBe('echo [REDACTED:password#1]; DB_PASSWORD=[REDACTED:password#1] and mail');
    expect(redactions).toHaveLength(2);
    for (const r of redactions) expect(value.slice(r.start, r.end)).toBe(r.placeholder);
    redactor.checkResidue(value, 'text');
  });
});

describe('the residue check on generated transcript text', () => {
  it.each(['1', '2', '3'])('never finds anything left after redaction (corpus seed %s, both profiles)', async (seed) => {
    const { generateCorpus } = await import('../bench/redaction/corpus.js');
    for (const name of ['standard', 'research']) {
      const redactor = new Redactor(builtinProfile(name)!, Buffer.alloc(16, 3));
      for (const c of generateCorpus(seed, 'small')) {
        const { value } = redactor.redact(c.text, 'text');
        expect(() => redactor.checkResidue(value, `${c.id}`)).not.toThrow();
      }
    }
  });
});

describe('the residue check around anonymized values', () => {
  const prose = 'The nightly job rebuilt the index and wrote its summary to the usual folder.\n'.repeat(60);

  it('reads a long text the rules found clean around its changes only, and the text comes out as before', async () => {
    const { observeRuleRuns } = await import('../redaction/scanner.js');
    const redactor = new TranscriptRedactor(profile('research'), { salt, saltSource: 'per-transcript' });
    redactor.environment(header().session.environment);
    const output = `${prose}wrote /home/alice/src/billing/out.txt\n${prose}`;
    let scanned = 0;
    observeRuleRuns({ scanned: (chars) => { scanned += chars; }, ran: () => {} });
    let out: TranscriptEvent;
    try {
      out = redactor.event(event({ text: output }));
    } finally {
      observeRuleRuns(null);
    }
    const redacted = out.text!;
    expect(new Redactor(profile('research'), salt).rules.scan(output)).toEqual([]);
    expect(redacted).toMatch(/^The nightly[\s\S]*\nwrote \[ANON:cwd#[0-9a-f]{8}\]\/out\.txt\nThe nightly[\s\S]*folder\.\n$/);
    expect(redacted.length).toBeGreaterThan(9000);
    // the output once whole (the fast path), then about 2 × 1024 characters and their lines around the change
    expect(scanned).toBeGreaterThan(output.length);
    expect(scanned).toBeLessThan(output.length + 3000);
  });

  it('still fails closed when a rule finds something near a change', () => {
    const redactor = new Redactor(profile('research'), salt);
    const value = `${prose}[ANON:cwd#0a1b2c3d]/x token ghp_Q7vLm2Xk9Rt4Wb8Nz3Hd6Jf1Gc5Ys0Pa7Ke2Mu\n${prose}`;
    const at = value.indexOf('[ANON:');
    expect(() => redactor.checkResidue(value, 'tool.output', [{ start: at, end: at + 19 }])).toThrow(/still matches rule/);
  });
});

describe('watching the rules run (the engine-speed bench\'s --rules)', () => {
  it('is told of each string scanned and of each rule run on it, with what it gave, until it is removed', async () => {
    const { compileRules, observeRuleRuns } = await import('../redaction/scanner.js');
    const rule = (id: string, keywords: string[], pattern: RegExp) => ({ id, type: 'secret' as const, description: id, keywords, pattern, examples: { match: [], noMatch: [] } });
    const rules = compileRules([rule('always', [], /zz\d+/), rule('keyed', ['tok'], /tok_\w+/)]);
    const scanned: number[] = [];
    const ran: string[] = [];
    observeRuleRuns({ scanned: (chars) => scanned.push(chars), ran: (id, chars, ms, candidates) => ran.push(`${id}:${chars}:${candidates}:${ms >= 0}`) });
    try {
      rules.scan('plain words zz1');
      rules.scan('a tok_abc here');
    } finally {
      observeRuleRuns(null);
    }
    rules.scan('another tok_def');
    expect(scanned).toEqual([15, 14]);
    expect(ran).toEqual(['always:15:1:true', 'always:14:0:true', 'keyed:14:1:true']);
  });
});

describe('rules searched in long base64 runs only', () => {
  it('find in their examples what a search of the whole text finds, inside runs that long', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const { BASE64_CHARS } = await import('../redaction/encodings.js');
    const gated = BUILTIN_RULES.filter((rule) => rule.inBase64Run !== undefined);
    expect(gated.length).toBeGreaterThan(0);
    const inRun = (code: string) => BASE64_CHARS.includes(code);
    for (const rule of gated) {
      const { inBase64Run, ...everywhere } = rule;
      const alone = compileRules([everywhere]);
      const gatedAlone = compileRules([rule]);
      for (const example of [...rule.examples.match, ...rule.examples.noMatch]) {
        const found = alone.scan(example);
        expect(gatedAlone.scan(example), example).toEqual(found);
        for (const finding of found) {
          let start = finding.start;
          let end = finding.end;
          while (start > 0 && inRun(example[start - 1]!)) start -= 1;
          while (end < example.length && inRun(example[end]!)) end += 1;
          expect([...example.slice(finding.start, finding.end)].every(inRun), example).toBe(true);
          expect(end - start, example).toBeGreaterThanOrEqual(inBase64Run!);
        }
      }
      expect(rule.examples.match.some((example) => gatedAlone.scan(example).length > 0), rule.id).toBe(true);
    }
  });
});

describe('rules that run only on texts with a base64 run (Rule.needsBase64Run)', () => {
  const rule = (id: string, pattern: RegExp, needsBase64Run?: number): Rule =>
    ({ id, type: 'secret', description: id, keywords: [], pattern, ...(needsBase64Run ? { needsBase64Run } : {}), examples: { match: [], noMatch: [] } });

  it('skip a text with no run that long, and find in one with a run what they find without the need', async () => {
    const { compileRules, observeRuleRuns } = await import('../redaction/scanner.js');
    const pattern = /tok\.(?<secret>[A-Za-z0-9]{24,})/;
    const needing = compileRules([rule('dotted', pattern, 24)]);
    const plain = compileRules([rule('dotted', pattern)]);
    const ran: string[] = [];
    let spared = 0;
    observeRuleRuns({ scanned: () => {}, ran: (id) => ran.push(id), gated: () => { spared += 1; } });
    try {
      expect(needing.scan('tok.Zk29XqLm83NvBt71Qp4Rs5 a run of 23 only: Zk29XqLm83NvBt71Qp4Rs5T')).toEqual([]);
      expect(ran).toEqual([]);
      expect(spared).toBe(1);
      for (const text of ['tok.Zk29XqLm83NvBt71Qp4Rs5Tu', 'x tok.Zk29XqLm83NvBt71Qp4Rs5Tu8Vw7Yx6Za5 y', 'tok.Zk29XqLm83NvBt71Qp4Rs5Tu-9']) {
        expect(needing.scan(text), text).toEqual(plain.scan(text).map((finding) => ({ ...finding })));
        expect(needing.scan(text).length, text).toBe(1);
      }
    } finally {
      observeRuleRuns(null);
    }
  });

  it('need a run at least as long as the keyword scan notes', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const { NOTED_BASE64_RUN } = await import('../redaction/encodings.js');
    expect(() => compileRules([rule('short', /x{20}/, NOTED_BASE64_RUN - 1)])).toThrow(/base64 characters or more/);
  });

  it('is a necessary condition for each built-in rule that has one: its examples give what they give without it, and each finding holds such a run', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const { BASE64_CHARS } = await import('../redaction/encodings.js');
    const needing = BUILTIN_RULES.filter((rule) => rule.needsBase64Run !== undefined);
    expect(needing.length).toBeGreaterThan(0);
    const longestRun = (text: string) => Math.max(0, ...text.split(new RegExp(`[^${BASE64_CHARS.replace('-', '\\-')}]`)).map((run) => run.length));
    for (const rule of needing) {
      const { needsBase64Run, ...everywhere } = rule;
      const withNeed = compileRules([rule]);
      const without = compileRules([everywhere]);
      for (const example of [...rule.examples.match, ...rule.examples.noMatch]) {
        const found = without.scan(example);
        expect(withNeed.scan(example), example).toEqual(found);
        for (const finding of found) expect(longestRun(example.slice(finding.start, finding.end)), example).toBeGreaterThanOrEqual(needsBase64Run!);
      }
      expect(rule.examples.match.every((example) => withNeed.scan(example).length > 0), rule.id).toBe(true);
    }
  });
});

describe('rules that run only on texts with a digit (Rule.needsDigit)', () => {
  it('skip a text without an ASCII digit, and find in one with a digit what they find without the need', async () => {
    const { compileRules, observeRuleRuns } = await import('../redaction/scanner.js');
    const rule = (needsDigit: boolean): Rule => ({ id: 'tokenish', type: 'secret', description: 'tokenish', keywords: [], pattern: /\bzq[\w٣]{6,}/, ...(needsDigit ? { needsDigit } : {}), examples: { match: [], noMatch: [] } });
    const needing = compileRules([rule(true)]);
    const plain = compileRules([rule(false)]);
    const ran: string[] = [];
    let spared = 0;
    observeRuleRuns({ scanned: () => {}, ran: (id) => ran.push(id), gated: () => { spared += 1; } });
    try {
      // an Arabic-Indic digit is no ASCII digit
      for (const text of ['zqAbcdefgh and more', 'zqAbc٣defgh']) expect(needing.scan(text), text).toEqual([]);
      expect(ran).toEqual([]);
      expect(spared).toBe(2);
      for (const text of ['zqAbc1defgh', 'zqAbcdefgh then 7']) expect(needing.scan(text), text).toEqual(plain.scan(text).map((finding) => ({ ...finding })));
      expect(needing.scan('zqAbcdefgh then 7').length).toBe(1);
    } finally {
      observeRuleRuns(null);
    }
  });

  it('is a necessary condition for each built-in rule that has one: its examples give what they give without it, and each finding holds a digit', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const needing = BUILTIN_RULES.filter((rule) => rule.needsDigit === true);
    expect(needing.length).toBeGreaterThan(0);
    for (const rule of needing) {
      const { needsDigit, ...everywhere } = rule;
      const withNeed = compileRules([rule]);
      const without = compileRules([everywhere]);
      for (const example of [...rule.examples.match, ...rule.examples.noMatch]) {
        const found = without.scan(example);
        expect(withNeed.scan(example), example).toEqual(found);
        for (const finding of found) expect(example.slice(finding.start, finding.end), example).toMatch(/[0-9]/);
      }
      expect(rule.examples.match.every((example) => withNeed.scan(example).length > 0), rule.id).toBe(true);
    }
  });
});

describe('a gate tried at each keyword (Rule.keywordGate)', () => {
  const rule = (id: string, keywords: string[], pattern: RegExp, keywordGate?: Rule['keywordGate']): Rule =>
    ({ id, type: 'secret', description: id, keywords, pattern, ...(keywordGate ? { keywordGate } : {}), examples: { match: [], noMatch: [] } });

  it('runs the rule only on a text where it passes at one of the keywords, and finds there what the rule alone finds', async () => {
    const { compileRules, observeRuleRuns } = await import('../redaction/scanner.js');
    const pattern = /password[ \t]*=[ \t]*(?<secret>\S{8,})/i;
    const gated = compileRules([rule('assigned', ['password'], pattern, /password[ \t]*=/i)]);
    const plain = compileRules([rule('assigned', ['password'], pattern)]);
    const alone = (text: string) => plain.scan(text).map((finding) => ({ ...finding }));
    const texts = ['a password prompt; PASSWORD = Zk29XqLm83Nv', 'password=short', 'password =Zk29XqLm83Nv and password'];
    const expected = new Map(texts.map((text) => [text, alone(text)]));
    const ran: string[] = [];
    let spared = 0;
    observeRuleRuns({ scanned: () => {}, ran: (id) => ran.push(id), gated: () => { spared += 1; } });
    try {
      expect(gated.scan('the password prompt, then a password reset')).toEqual([]);
      expect(ran).toEqual([]);
      for (const text of texts) expect(gated.scan(text), text).toEqual(expected.get(text));
    } finally {
      observeRuleRuns(null);
    }
    expect(ran).toEqual(['assigned', 'assigned', 'assigned']);
    expect(spared).toBe(1);
    expect(gated.scan('PASSWORD = Zk29XqLm83Nv')).toHaveLength(1);
  });

  it('gives a predicate each keyword as written (outside ASCII too) until one passes', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const seen: string[] = [];
    const gate = (text: string, start: number, end: number) => {
      seen.push(text.slice(start, end));
      return text.startsWith('=', end);
    };
    const rules = compileRules([rule('assigned', ['secret', 'contraseña'], /(?:secret|contraseña)=(?<secret>\w{8,})/i, gate)]);
    expect(rules.scan('Secret: no; CONTRASEÑA=Zk29XqLm83Nv')).toHaveLength(1);
    expect(seen).toEqual(['Secret', 'CONTRASEÑA']);
    seen.length = 0;
    expect(rules.scan('a secret, another secret')).toEqual([]);
    expect(seen).toEqual(['secret', 'secret']);
  });

  it('keeps the order the rules were selected in, so an overlap is labelled as without the gate', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    // both find the same span: the rule whose keyword comes first names it; the gate passes only at a later `alpha`
    const text = 'alpha-beta alpha!';
    const first = (gate?: RegExp) => compileRules([rule('by-beta', ['beta'], /alpha-beta/), rule('by-alpha', ['alpha'], /alpha-beta/, gate)]).scan(text);
    expect(first().map((f) => f.ruleId)).toEqual(['by-alpha']);
    expect(first(/alpha!/).map((f) => f.ruleId)).toEqual(['by-alpha']);
  });

  it('is a necessary condition for each built-in rule that has one: its examples give what they give without it', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const gated = BUILTIN_RULES.filter((rule) => rule.keywordGate !== undefined);
    expect(gated.length).toBeGreaterThan(0);
    for (const rule of gated) {
      const { keywordGate, ...ungated } = rule;
      const withGate = compileRules([rule]);
      const without = compileRules([ungated]);
      for (const example of [...rule.examples.match, ...rule.examples.noMatch]) expect(withGate.scan(example), example).toEqual(without.scan(example));
      expect(rule.examples.match.every((example) => withGate.scan(example).length > 0), rule.id).toBe(true);
    }
  });
});

describe('rules tried where a keyword starts one of their words (Rule.keywordWords)', () => {
  const rule = (keywords: string[], locate: RegExp | Rule['detector'], keywordWords?: string[]): Rule => ({
    id: 'worded', type: 'secret', description: 'worded', keywords, keywordStarts: true,
    ...(locate instanceof RegExp ? { pattern: locate } : { detector: locate }),
    ...(keywordWords ? { keywordWords } : {}), examples: { match: [], noMatch: [] },
  });

  it('does not run on a text whose keywords all lie inside other words, and finds elsewhere what the rule alone finds', async () => {
    const { compileRules, observeRuleRuns } = await import('../redaction/scanner.js');
    const pattern = /\b(?:pass|key)[ \t]+(?<secret>\S{8,})/i;
    const worded = compileRules([rule(['pass', 'key'], pattern, ['pass', 'key'])]);
    const plain = compileRules([rule(['pass', 'key'], pattern)]);
    const texts = ['PASS Zk29XqLm83Nv', 'bypass Wq7LmZ3kVx then key Tz8pQw2mLr', '(key) key_x Rk4vT9xQ2m', 'keybinding key\tHv7qL2mZx9'];
    const expected = new Map(texts.map((text) => [text, plain.scan(text).map((finding) => ({ ...finding }))]));
    const ran: string[] = [];
    let spared = 0;
    observeRuleRuns({ scanned: () => {}, ran: (id) => ran.push(id), gated: () => { spared += 1; } });
    try {
      expect(worded.scan('bypassPermissions keybindings Co-author passkey')).toEqual([]);
      expect(ran).toEqual([]);
      expect(spared).toBe(1);
      for (const text of texts) expect(worded.scan(text), text).toEqual(expected.get(text));
    } finally {
      observeRuleRuns(null);
    }
    expect(ran).toHaveLength(texts.length);
    expect(worded.scan('Key Zk29XqLm83Nv')).toHaveLength(1);
  });

  it('tells a detector only the places where a keyword starts one of its words, the word read in any case', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const told: number[][] = [];
    const detector = (_text: string, starts?: readonly number[]) => {
      told.push([...(starts ?? [])]);
      return [];
    };
    compileRules([rule(['token', 'api key'], detector, ['token', 'api'])]).scan('tokens TOKEN x_token API key, api keys (token)');
    expect(told).toEqual([[7, 21, 30, 40]]);
  });

  it('is refused with keywords that start no word, or without keywordStarts', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    expect(() => compileRules([rule(['-pass'], /-pass (?<secret>\S+)/, ['pass'])])).toThrow(/word character/);
    expect(() => compileRules([{ ...rule(['pass'], /pass (?<secret>\S+)/, ['pass']), keywordStarts: false }])).toThrow(/keywordStarts/);
  });

  it('is a necessary condition for each built-in rule that has them: its examples, also glued to a word, give what they give without them', async () => {
    const { compileRules } = await import('../redaction/scanner.js');
    const worded = BUILTIN_RULES.filter((rule) => rule.keywordWords !== undefined);
    expect(worded.length).toBeGreaterThan(0);
    for (const rule of worded) {
      const { keywordWords, ...plain } = rule;
      const withWords = compileRules([rule]);
      const without = compileRules([plain]);
      const examples = [...rule.examples.match, ...rule.examples.noMatch];
      const glued = examples.flatMap((example) => [`by${example}`, example.replace(/\b(\w)/g, 'x$1'), example.replace(/(\w)\b/g, '$1s')]);
      for (const text of [...examples, ...glued]) expect(withWords.scan(text), text).toEqual(without.scan(text));
      expect(rule.examples.match.every((example) => withWords.scan(example).length > 0), rule.id).toBe(true);
    }
  });
});

describe('the keyword index', () => {
  it('finds every keyword that occurs, case-insensitively, also one inside another, and nothing else', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    const keywords = ['token', '--token', 'api', 'apikey', 'ghp_', 'sk-ant-'];
    const index = new KeywordIndex(keywords);
    const found = (text: string) => {
      const ids = new Set<number>();
      index.forEachFound(text, (id) => ids.add(id));
      return [...ids].map((id) => keywords[id]).sort();
    };
    expect(found('gh auth --TOKEN x; ApiKey=1 and GHP_abc')).toEqual(['--token', 'api', 'apikey', 'ghp_', 'token']);
    expect(found('café sk-ant-api03')).toEqual(['api', 'sk-ant-']);
    expect(found('nothing to see here: tok en, a-p-i')).toEqual([]);
  });

  it('reports every occurrence (id and last index) that a plain search finds, for many keyword sets', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    let state = 3;
    const next = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
    const word = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[next(alphabet.length)]).join('');
    for (let round = 0; round < 300; round++) {
      const keywords = Array.from({ length: 1 + next(10) }, () => word('abc_-', 1 + next(5)));
      const text = word('abcABC_- x', 60);
      const index = new KeywordIndex(keywords);
      const found: string[] = [];
      index.forEachFound(text, (id, end) => found.push(`${id}@${end}`));
      const expected: string[] = [];
      const lower = text.toLowerCase();
      for (let end = 0; end < text.length; end++) {
        keywords.forEach((keyword, id) => {
          if (end + 1 >= keyword.length && lower.startsWith(keyword, end + 1 - keyword.length)) expected.push(`${id}@${end}`);
        });
      }
      expect(found.sort(), JSON.stringify({ keywords, text })).toEqual(expected.sort());
    }
  });

  it('takes any run of spaces and tabs for a space between two words of a keyword, and reports where the occurrence starts', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    const keywords = ['gh secret set', 'secret', 'you have', 'clé api', 'bot ', ' st ', '-- \n'];
    const index = new KeywordIndex(keywords);
    const found = (text: string) => {
      const hits: string[] = [];
      index.forEachFound(text, (id, end, start) => hits.push(`${keywords[id]}@${start}-${end}`));
      return hits.sort();
    };
    expect(found('gh  Secret\t \tset x')).toEqual(['gh secret set@0-15', 'secret@4-9']);
    expect(found('you\thave; CLÉ   api')).toEqual(['clé api@10-18', 'you have@0-7']);
    // not a line break, and a space at a keyword's edge or beside another blank is one space
    expect(found('you\nhave gh secret\n set')).toEqual(['secret@12-17']);
    expect(found('bot\t x\tst\t--\t\n')).toEqual([]);
  });

  it('reports every occurrence a search taking runs of blanks for inner spaces finds, start and end, for many keyword sets', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    let state = 11;
    const next = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
    const word = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[next(alphabet.length)]).join('');
    for (let round = 0; round < 300; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + next(8) }, () => word('ab é\t', 1 + next(6))))];
      const text = word('abABÉé  \t\n', 80);
      const index = new KeywordIndex(keywords);
      const found: string[] = [];
      index.forEachFound(text, (id, end, start) => found.push(`${id}@${start}-${end}`));
      const expected: string[] = [];
      keywords.forEach((keyword, id) => {
        const spaced = /^\S+(?: \S+)+$/.test(keyword);
        const sticky = new RegExp(spaced ? keyword.split(' ').join('[ \\t]+') : keyword, 'iy');
        for (let start = 0; start < text.length; start++) {
          sticky.lastIndex = start;
          if (sticky.test(text)) expected.push(`${id}@${start}-${sticky.lastIndex - 1}`);
        }
      });
      expect(found.sort(), JSON.stringify({ keywords, text })).toEqual(expected.sort());
    }
  });

  it('finds keywords outside ASCII in the same pass, case folded as a case-insensitive regular expression folds them', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    const keywords = ['пароль', 'contraseña', '密码', 'api-ключ', 'κωδικός', 'token'];
    const index = new KeywordIndex(keywords);
    const found = (text: string) => {
      const hits: string[] = [];
      index.forEachFound(text, (id, end) => hits.push(`${keywords[id]}@${end}`));
      return hits.sort();
    };
    expect(found('ПАРОЛЬ: x, Contraseña y 密码 z')).toEqual(['contraseña@20', 'пароль@5', '密码@25']);
    // one inside another, and a final sigma taken for a sigma as /κωδικός/i takes it
    expect(found('API-КЛЮЧ κωδικόσ TOKEN')).toEqual(['api-ключ@7', 'token@21', 'κωδικός@15']);
    // characters that share a class with a keyword's are checked: none of these is a keyword
    expect(found('парол contrasena 密 码 码密 κωδικο')).toEqual([]);
  });

  it('reports every occurrence a case-insensitive search finds, keywords outside ASCII included, for many keyword sets', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    let state = 7;
    const next = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
    const word = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[next(alphabet.length)]).join('');
    for (let round = 0; round < 300; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + next(8) }, () => word('aßñσςпжé密-', 1 + next(4)).toLowerCase()))];
      const text = word('aAßñÑσΣςпПжЖéÉ密- x', 60);
      const index = new KeywordIndex(keywords);
      const found: string[] = [];
      index.forEachFound(text, (id, end) => found.push(`${id}@${end}`));
      const expected: string[] = [];
      keywords.forEach((keyword, id) => {
        const sticky = new RegExp(keyword.replace(/[-]/g, '\\-'), 'iy');
        for (let start = 0; start + keyword.length <= text.length; start++) {
          sticky.lastIndex = start;
          if (sticky.test(text)) expected.push(`${id}@${start + keyword.length - 1}`);
        }
      });
      expect(found.sort(), JSON.stringify({ keywords, text })).toEqual(expected.sort());
    }
  });

  it('finds the built-in keywords outside ASCII written with any character a case-insensitive regular expression takes for theirs', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    const keywords = [...new Set(BUILTIN_RULES.flatMap((rule) => rule.keywords.map((k) => k.toLowerCase())))].filter((k) => /[^\x00-\x7f]/.test(k));
    expect(keywords.length).toBeGreaterThan(10);
    const index = new KeywordIndex(keywords);
    const every = Buffer.from(Uint16Array.from({ length: 0x10000 }, (_, code) => code).buffer).toString('utf16le');
    let checked = 0;
    keywords.forEach((keyword, id) => {
      for (let i = 0; i < keyword.length; i++) {
        if (keyword.charCodeAt(i) < 128) continue;
        const same = new RegExp(keyword[i]!, 'gi');
        for (let match = same.exec(every); match; match = same.exec(every)) {
          const text = `x ${keyword.slice(0, i)}${match[0]}${keyword.slice(i + 1)} x`;
          const ids: number[] = [];
          index.forEachFound(text, (found) => ids.push(found));
          expect(ids, `${keyword} with U+${match.index.toString(16)}`).toContain(id);
          checked += 1;
        }
      }
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('knows every block outside ASCII where a character has another case', async () => {
    const { CASED_OUTSIDE_ASCII } = await import('../redaction/keyword-index.js');
    const inBlocks = (code: number) => CASED_OUTSIDE_ASCII.some(([from, to]) => code >= from && code <= to);
    const outside: string[] = [];
    for (let code = 128; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      for (const other of [char.toUpperCase(), char.toLowerCase()]) {
        if (other.length !== 1 || other === char || other.charCodeAt(0) < 128) continue;
        if (!inBlocks(code) || !inBlocks(other.charCodeAt(0))) outside.push(code.toString(16));
      }
    }
    expect(outside).toEqual([]);
  });

  it('notes where runs of its run characters start, and whether a letter of another alphabet occurs', async () => {
    const { KeywordIndex } = await import('../redaction/keyword-index.js');
    const index = new KeywordIndex(['key'], 'abc');
    const watch = (text: string) => {
      const runs = { length: 3, starts: [] as number[], nonAscii: false };
      index.forEachFound(text, () => {}, runs);
      return runs;
    };
    expect(watch('xx abcab KEY cab')).toEqual({ length: 3, starts: [3, 13], nonAscii: false });
    // a character outside ASCII ends a run; arrows, box drawing and emoji are not letters
    expect(watch('ab\u00e9abc → ─ 😀 ABC')).toEqual({ length: 3, starts: [3], nonAscii: true });
    expect(watch('abc → ─ 😀 ✓')).toEqual({ length: 3, starts: [0], nonAscii: false });
    expect(watch('日本語 key')).toMatchObject({ starts: [], nonAscii: true });
    expect(watch('key 7')).toMatchObject({ starts: [], digit: true });
    expect(watch('key ٣ seven')).not.toHaveProperty('digit');
  });
});

describe('the fast path (an event\'s strings scanned joined, once)', () => {
  // Superset property: whatever a string alone would show, the joined text shows too; else the
  // fast path would skip an event with a secret in it.
  const pieces = [
    ...generateCorpus('fast-path', 'small').map((c) => c.text),
    ...BUILTIN_RULES.flatMap((rule) => [...rule.examples.match, ...rule.examples.noMatch]),
  ];

  it.each(['standard', 'research'])('finds something in a joined text whenever one of its parts has a finding (%s)', (name) => {
    const redactor = new Redactor(profile(name), salt);
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
    let checked = 0;
    for (let start = 0; start < pieces.length; start += 1 + (next() % 5)) {
      const group = pieces.slice(start, start + 1 + (next() % 6));
      const anyAlone = group.some((piece) => redactor.mayChange(piece));
      if (!anyAlone) continue;
      checked += 1;
      expect(redactor.mayChange(group.join('\n\u0000\n')), group.join(' ‖ ').slice(0, 300)).toBe(true);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('an event of several strings redacted through the fast path equals its strings redacted one by one, in order', () => {
    const texts = generateCorpus('fast-path-3', 'small').slice(0, 300).map((c) => c.text);
    const viaEvents = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' });
    const one = new Redactor(profile('standard'), salt);
    let changed = 0;
    for (let index = 0; index + 2 < texts.length; index += 3) {
      const [text, command, output] = [texts[index]!, texts[index + 1]!, texts[index + 2]!];
      const out = viaEvents.event(event({ seq: index + 1, text, tool: { name: 'Bash', input: { command }, output } as TranscriptEvent['tool'] }));
      const expectedText = one.redact(text, 'text').value;
      one.redact('command', 'tool.input'); // the key, redacted before its value
      const expected = [expectedText, one.redact(command, 'tool.input.command').value, one.redact(output, 'tool.output').value];
      const got = [out.text, (out.tool!.input as { command: string }).command, out.tool!.output];
      expect(got).toEqual(expected);
      if (got.join('') !== text + command + output) changed += 1;
    }
    expect(changed).toBeGreaterThan(10);
  });

  it('an event with long strings (scanned alone on the fast path, their findings kept) equals its strings redacted one by one, in order', () => {
    const texts = generateCorpus('fast-path-long', 'small').slice(0, 240).map((c) => c.text);
    // past the length from which a string is scanned alone; prose no rule reads anything in
    const padding = 'The nightly job rebuilt the index and wrote its summary to the usual folder.\n'.repeat(4);
    const viaEvents = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' });
    const one = new Redactor(profile('standard'), salt);
    let changed = 0;
    for (let index = 0; index + 2 < texts.length; index += 3) {
      const [text, command, output] = [padding + texts[index]!, texts[index + 1]!, `${texts[index + 2]!}\n${padding}`];
      const out = viaEvents.event(event({ seq: index + 1, text, tool: { name: 'Bash', input: { command }, output } as TranscriptEvent['tool'] }));
      const expectedText = one.redact(text, 'text').value;
      one.redact('command', 'tool.input');
      const expectedCommand = one.redact(command, 'tool.input.command').value;
      one.redact('output', 'tool');
      const expected = [expectedText, expectedCommand, one.redact(output, 'tool.output').value];
      const got = [out.text, (out.tool!.input as { command: string }).command, out.tool!.output];
      expect(got).toEqual(expected);
      if (got.join('') !== text + command + output) changed += 1;
    }
    expect(changed).toBeGreaterThan(10);
  });

  it('scans a long string with a secret once before redacting it (then the redacted text, for the residue check)', () => {
    const secret = 'ghp_Q7vLm2Xk9Rt4Wb8Nz3Hd6Jf1Gc5Ys0Pa7Ke2Mu';
    const text = `${'The deploy went out at noon and every check stayed green afterwards.\n'.repeat(5)}token: ${secret}`;
    const rules = new Redactor(profile('standard'), salt).rules;
    const seen: string[] = [];
    const scan = rules.scan;
    (rules as { scan: typeof scan }).scan = (value) => {
      seen.push(value);
      return scan(value);
    };
    try {
      const out = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' }).event(event({ text, tool: { name: 'Bash', input: { command: 'cat notes.txt' } } as TranscriptEvent['tool'] }));
      expect(out.text).not.toContain(secret);
    } finally {
      (rules as { scan: typeof scan }).scan = scan;
    }
    expect(seen.filter((value) => value.includes(secret))).toHaveLength(1);
  });

  it('an event redacted through the fast path equals one whose strings are redacted one by one', () => {
    const texts = generateCorpus('fast-path-2', 'small').slice(0, 300).map((c) => c.text);
    const viaEvents = new TranscriptRedactor(profile('standard'), { salt, saltSource: 'per-transcript' });
    const one = new Redactor(profile('standard'), salt);
    for (const [index, text] of texts.entries()) {
      const out = viaEvents.event(event({ seq: index + 1, text, tool: undefined }));
      expect(out.text).toBe(one.redact(text, 'text').value);
    }
  });
});
