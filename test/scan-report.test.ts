/**
 * `atx scan --format sarif|markdown` (src/scan-report/): SARIF validated against the SARIF 2.1.0
 * JSON Schema as the SARIF TC published it (shipped by @microsoft/jest-sarif, a draft-04 schema),
 * each planted finding at its native line, and no planted value anywhere in either report.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortDescription } from '../src/scan-report/report.js';
import { artifactUri } from '../src/scan-report/sarif.js';
import { expectGolden, ROOT, runInProcess } from './helpers.js';

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: Array<{
    physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
    logicalLocations: Array<{ name: string; fullyQualifiedName: string; properties: { event: string | null; seq: number | null } }>;
  }>;
  partialFingerprints: Record<string, string>;
}
interface SarifLog {
  runs: Array<{
    tool: { driver: { name: string; version: string; rules: Array<{ id: string; properties: { family: string; tags: string[] } }> } };
    results: SarifResult[];
  }>;
}

const schemaFile = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
// unicodeRegExp off: the schema's `language` pattern has a stray `]`, an error only under the u flag
// both are CommonJS modules whose function is their `default` too
const ajv = new AjvDraft04.default({ allErrors: true, unicodeRegExp: false });
ajvFormats.default(ajv);
const validateSarif = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);

function expectValidSarif(log: unknown): void {
  const valid = validateSarif(log);
  expect(valid ? [] : validateSarif.errors).toEqual([]);
}

/** A fixture path as a user in the repository would type it (the reports name inputs as given). */
const fixture = (path: string) => relative(process.cwd(), join(ROOT, 'fixtures', path));
const PLANTED_LOG = fixture('claude-code/planted-secrets/session.jsonl');
const PLANTED_TRANSCRIPT = fixture('claude-code/planted-secrets/session.expected.json');
const CLEAN_LOGS = [fixture('claude-code/plain-answer/session.jsonl'), fixture('codex/plain-answer/rollout.jsonl')];

interface Planted { kind: string; value: string }
const planted = JSON.parse(readFileSync(join(ROOT, 'fixtures/planted-secrets.json'), 'utf8')) as { secrets: Planted[]; pii: Planted[] };
const plantedAll = [...planted.secrets, ...planted.pii];

/** The rule that finds each planted kind. */
const RULE_OF_KIND: Record<string, string> = {
  'github-token': 'github-pat',
  'aws-access-key-id': 'aws-access-key-id',
  'aws-secret-access-key': 'secret-assignment',
  'stripe-secret-key': 'stripe-secret-key',
  'database-url-password': 'url-credentials',
  'openai-api-key': 'openai-api-key',
  'slack-bot-token': 'slack-bot-token',
  'private-key': 'private-key-block',
  email: 'email',
  phone: 'phone',
  'credit-card': 'payment-card',
  iban: 'iban',
};

/** What must not be printed of a value: itself, its start, and each line of a multi-line one. */
function tellTales(value: string): string[] {
  const lines = value.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'));
  return [value, value.slice(0, 8), ...lines];
}

function expectNoPlantedValue(text: string): void {
  const leaked = plantedAll.flatMap(({ kind, value }) => tellTales(value).filter((part) => text.includes(part)).map(() => kind));
  expect(leaked).toEqual([]);
}

const plantedLogLines = readFileSync(PLANTED_LOG, 'utf8').split('\n');

/** 1-based numbers of the planted log's lines that hold a value (as JSON writes it). */
function linesHolding(value: string): number[] {
  const needle = JSON.stringify(value).slice(1, -1);
  return plantedLogLines.flatMap((line, i) => (line.includes(needle) ? [i + 1] : []));
}

describe('atx scan --format sarif', () => {
  let stdout = '';
  let code: number | null = null;
  let log: SarifLog;
  beforeAll(async () => {
    ({ stdout, code } = await runInProcess(['scan', PLANTED_LOG, '--profile', 'research', '--format', 'sarif', '--fail-on-findings', '-q']));
    log = JSON.parse(stdout) as SarifLog;
  });

  it('is valid SARIF 2.1.0, and findings still fail the scan as in the other formats', () => {
    expectValidSarif(log);
    expect(code).toBe(1);
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]!.tool.driver.name).toBe('atx');
  });

  it('places each planted value at the native line it is on, under the rule that finds it', () => {
    const results = log.runs[0]!.results;
    const placed = plantedAll.map(({ kind, value }) => {
      const lines = linesHolding(value);
      const found = results.filter((r) => r.ruleId === RULE_OF_KIND[kind] && lines.includes(r.locations[0]!.physicalLocation.region!.startLine));
      return [kind, found.length > 0];
    });
    expect(Object.fromEntries(placed)).toEqual(Object.fromEntries(plantedAll.map(({ kind }) => [kind, true])));
    const lineWithoutValue = results.filter((r) => !plantedAll.some(({ value }) => linesHolding(value).includes(r.locations[0]!.physicalLocation.region!.startLine)));
    expect(lineWithoutValue).toEqual([]);
    expect(new Set(results.map((r) => r.locations[0]!.physicalLocation.artifactLocation.uri))).toEqual(new Set([artifactUri(PLANTED_LOG, process.cwd())]));
  });

  it('lists each rule that fired once, with its family and type, and results point at it', () => {
    const { rules } = log.runs[0]!.tool.driver;
    const results = log.runs[0]!.results;
    expect(rules.map((r) => r.id)).toEqual([...new Set(results.map((r) => r.ruleId))].sort());
    for (const result of results) expect(rules[result.ruleIndex]!.id).toBe(result.ruleId);
    const byId = Object.fromEntries(rules.map((r) => [r.id, r.properties]));
    expect(byId['github-pat']).toEqual({ family: 'source-hosting', tags: ['security', 'secret'] });
    expect(byId.email).toEqual({ family: 'pii', tags: ['security', 'pii'] });
    expect(results.find((r) => r.ruleId === 'github-pat')!.level).toBe('error');
    expect(results.find((r) => r.ruleId === 'email')!.level).toBe('warning');
  });

  it('names the rule, field and event in each message, and prints no planted value nor its start', () => {
    const result = log.runs[0]!.results.find((r) => r.ruleId === 'github-pat')!;
    expect(result.message.text).toMatch(/rule github-pat .* in field text of event ev_\d+/);
    expectNoPlantedValue(stdout);
  });

  it('gives each finding its own fingerprint, the same on the next run', async () => {
    const fingerprints = log.runs[0]!.results.map((r) => r.partialFingerprints['atxFinding/v1']);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    const again = JSON.parse((await runInProcess(['scan', PLANTED_LOG, '--profile', 'research', '--format', 'sarif', '-q'])).stdout) as SarifLog;
    expect(again.runs[0]!.results.map((r) => r.partialFingerprints['atxFinding/v1'])).toEqual(fingerprints);
  });

  it('locates a finding in a Transcript by its input, event and field (a Transcript has no native line)', async () => {
    const run = await runInProcess(['scan', PLANTED_TRANSCRIPT, '--format', 'sarif', '-q']);
    const transcriptLog = JSON.parse(run.stdout) as SarifLog;
    expectValidSarif(transcriptLog);
    const [location] = transcriptLog.runs[0]!.results.find((r) => r.ruleId === 'github-pat')!.locations;
    expect(location!.physicalLocation).toEqual({ artifactLocation: { uri: artifactUri(PLANTED_TRANSCRIPT, process.cwd()) } });
    expect(location!.logicalLocations[0]).toMatchObject({ name: 'text', fullyQualifiedName: 'ev_1.text', properties: { event: 'ev_1', seq: 1 } });
    expectNoPlantedValue(run.stdout);
  });

  it('is valid with no results when nothing is found, and exits 0', async () => {
    const run = await runInProcess(['scan', ...CLEAN_LOGS, '--format', 'sarif', '--fail-on-findings', '-q']);
    expect(run.code).toBe(0);
    const clean = JSON.parse(run.stdout) as SarifLog;
    expectValidSarif(clean);
    expect(clean.runs[0]!.results).toEqual([]);
  });
});

describe('atx scan --format markdown', () => {
  it('sums up the findings by rule and by input (golden), with no planted value', async () => {
    const run = await runInProcess(['scan', PLANTED_LOG, fixture('codex/planted-secrets/rollout.jsonl'), '--profile', 'research', '--format', 'markdown', '-q']);
    expect(run.code).toBe(0);
    expectGolden(run.stdout, join(ROOT, 'test/scan-report.expected.md'));
    expectNoPlantedValue(run.stdout);
  });

  it('says so when nothing is found, and what the profile does not look for', async () => {
    const research = await runInProcess(['scan', ...CLEAN_LOGS, '--profile', 'research', '--format', 'markdown', '-q']);
    expect(research.stdout.split('\n').slice(0, 3)).toEqual(['## atx scan: no findings in 2 inputs', '', 'No secrets or personal data found in 2 inputs.']);
    const standard = await runInProcess(['scan', ...CLEAN_LOGS, '--format', 'markdown', '-q']);
    expect(standard.stdout).toContain('No secrets found in 2 inputs.');
    expect(standard.stdout).toContain('does not look for personal data');
  });
});

describe('atx scan --json and --format', () => {
  it('--json is --format json, and the two together are a usage error', async () => {
    const json = await runInProcess(['scan', PLANTED_LOG, '--json', '-q']);
    const format = await runInProcess(['scan', PLANTED_LOG, '--format', 'json', '-q']);
    expect(json.stdout).toBe(format.stdout);
    expect(JSON.parse(json.stdout)).toMatchObject({ profile: 'standard', inputs: 1, skipped: 0 });
    expect((await runInProcess(['scan', PLANTED_LOG, '--json', '--format', 'sarif'])).code).toBe(2);
  });
});

describe('artifactUri', () => {
  it('is relative below the working folder (segments encoded), a file: URL elsewhere', () => {
    expect(artifactUri('logs/a b#1.jsonl', '/work/repo')).toBe('logs/a%20b%231.jsonl');
    expect(artifactUri('/work/repo/x.jsonl', '/work/repo')).toBe('x.jsonl');
    expect(artifactUri('../other/x.jsonl', '/work/repo')).toBe('file:///work/other/x.jsonl');
    expect(artifactUri('/tmp/x.jsonl', '/work/repo')).toBe('file:///tmp/x.jsonl');
  });
});

describe('shortDescription', () => {
  it('keeps a rule description\'s first clause, without the format examples in parentheses', () => {
    expect(shortDescription('Stripe (or Clerk-style) secret key (sk_live_/sk_test_)')).toBe('Stripe secret key');
    expect(shortDescription('payment card numbers (Visa, Mastercard) that pass Luhn; published test cards skipped')).toBe('payment card numbers that pass Luhn');
    expect(shortDescription('passwords given as flags: mysql -p (a (nested) note)')).toBe('passwords given as flags');
  });
});
