/**
 * One reader for every input kind: the same input gives the same answer in every command, through
 * the real CLI. Covers the cases that used to answer wrong with exit 0 (Transcript JSONL read as
 * one document, a folder of Transcripts read as nothing, a batch stopping at its first bad file,
 * --from on the wrong agent, a bad ATX_CLOCK) and the input kind × command matrix the README shows.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranscriptSchema, type Transcript } from '../src/transcript/index.js';
import { ROOT, runCli, type CliRun } from './support/cli-process.js';
import { AtxSandbox, type CreatedKey, type Serve } from './support/atx-sandbox.js';
import { HEAVY } from './support/heavy.js';
import { scratchFolders } from './support/scratch.js';

const CLAUDE = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');
const CODEX = join(ROOT, 'fixtures/codex/planted-secrets/rollout.jsonl');
const CLEAN = join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl');

const scratch = scratchFolders('atx-inputs-');

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
const transcriptsOf = (run: CliRun) => lines(run.stdout).map((line) => TranscriptSchema.parse(JSON.parse(line)) as Transcript);
const findingCount = (run: CliRun) => (JSON.parse(run.stdout) as { count: number }).count;

/** `atx convert a b --format jsonl --profile none` (the README's own example), unredacted so scans still find the planted secrets. */
let allJsonl: string;
let scannedAlone: { claude: number; codex: number };

beforeAll(async () => {
  const dir = scratch();
  allJsonl = join(dir, 'all.jsonl');
  const run = await runCli(['convert', CLAUDE, CODEX, '--format', 'jsonl', '--profile', 'none', '-q']);
  expect(run.code).toBe(0);
  writeFileSync(allJsonl, run.stdout);
  const [claude, codex] = await Promise.all([CLAUDE, CODEX].map((input) => runCli(['scan', input, '--json'])));
  scannedAlone = { claude: findingCount(claude!), codex: findingCount(codex!) };
  expect(scannedAlone.claude).toBeGreaterThan(0);
  expect(scannedAlone.codex).toBeGreaterThan(0);
});

describe('Transcript JSONL is N Transcripts in every command', () => {
  it('scan reports the findings of all of them, and fails on them', async () => {
    const run = await runCli(['scan', allJsonl, '--json', '--fail-on-findings']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { inputs: number; count: number };
    expect(report.inputs).toBe(2);
    expect(report.count).toBe(scannedAlone.claude + scannedAlone.codex);
  });

  it('redact writes every one of them, as JSONL, each with its own events', async () => {
    const run = await runCli(['redact', allJsonl, '--profile', 'standard']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/holds several Transcripts: writing one per line/);
    const written = transcriptsOf(run);
    const original = lines(readFileSync(allJsonl, 'utf8')).map((line) => JSON.parse(line) as Transcript);
    expect(written.map((t) => t.transcriptId)).toEqual(original.map((t) => t.transcriptId));
    for (const [index, transcript] of written.entries()) {
      expect(transcript.events).toHaveLength(original[index]!.events.length);
      expect(transcript.metrics.eventCount).toBe(transcript.events.length);
      expect(transcript.privacy.redactionCount).toBeGreaterThan(0);
    }
  });

  it('validate checks each line and names it', async () => {
    const run = await runCli(['validate', allJsonl, '--json']);
    expect(run.code).toBe(0);
    const verdicts = lines(run.stdout).map((line) => JSON.parse(line) as { input: string; valid: boolean });
    expect(verdicts).toEqual([{ input: `${allJsonl}:1`, valid: true, issues: [] }, { input: `${allJsonl}:2`, valid: true, issues: [] }]);
  });

  it('convert of a JSONL with one bad line converts the others, names the line, and exits 1', async () => {
    const dir = scratch();
    const [first, second] = lines(readFileSync(allJsonl, 'utf8'));
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(mixed, `${first}\n{"schemaVersion": "0.1.0", "trunc\n${second}\n`);
    const run = await runCli(['convert', mixed, '--format', 'jsonl', '--json']);
    expect(run.code).toBe(1);
    expect(transcriptsOf(run)).toHaveLength(2);
    const summary = JSON.parse(run.stderr) as { error?: { code: string; input: string; line: number } };
    expect(summary.error).toEqual(expect.objectContaining({ code: 'invalid_input', input: mixed, line: 2, exitCode: 1 }));
  });
});

// Made and disposed of at the file's level: a describe's afterAll does not run when a beforeAll above it fails.
const sandbox = new AtxSandbox('inputs-upload');
afterAll(() => sandbox.dispose());

describe('upload stores every Transcript of a JSONL', () => {
  let serve: Serve;
  let key: CreatedKey;
  beforeAll(async () => {
    const data = sandbox.dir('data');
    key = await sandbox.createKey(data);
    serve = await sandbox.startServe(data);
  });

  it('two lines in, two stored, each with all its events', async () => {
    const env = sandbox.env({ ATX_OUTBOX: sandbox.dir('outbox'), ATX_KEY: key.key });
    const run = await sandbox.run(['upload', allJsonl, '--endpoint', serve.url, '--json'], env, 'upload-jsonl');
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { stored: number; items: Array<{ transcriptId: string }> };
    expect(summary.stored).toBe(2);
    for (const item of summary.items) {
      const stored = await fetch(`${serve.url}/v1/transcripts/${item.transcriptId}`, { headers: { authorization: `Bearer ${key.key}` } });
      const document = (await stored.json()) as Transcript;
      expect(document.events.length).toBeGreaterThan(0);
      expect(document.events).toHaveLength(document.metrics.eventCount);
    }
  });
});

describe('folders', () => {
  it('scan of the folder convert -o wrote finds what scanning the logs finds', async () => {
    const out = scratch();
    const convert = await runCli(['convert', CLAUDE, CODEX, '--profile', 'none', '-o', `${out}/`, '-q']);
    expect(convert.code).toBe(0);
    expect(readdirSync(out)).toHaveLength(2);
    const run = await runCli(['scan', out, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { inputs: number; count: number };
    expect(report).toMatchObject({ inputs: 2, count: scannedAlone.claude + scannedAlone.codex });
  });

  it('a bad file does not stop the batch: each command names it with the same reason and exits 1', async () => {
    const dir = scratch();
    cpSync(CLEAN, join(dir, 'a.jsonl'));
    cpSync(CODEX, join(dir, 'c.jsonl'));
    writeFileSync(join(dir, 'b.jsonl'), '{"hello": "world"}\n');
    const reasons: string[] = [];
    for (const args of [['convert', dir, '--format', 'jsonl'], ['scan', dir], ['redact', dir, '--format', 'jsonl']]) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(1);
      const errors = lines(run.stderr).filter((line) => line.startsWith('atx: error:'));
      expect(errors, args.join(' ')).toHaveLength(1);
      reasons.push(errors[0]!);
      if (args[0] !== 'scan') expect(transcriptsOf(run)).toHaveLength(2);
    }
    expect(new Set(reasons).size).toBe(1);
    expect(reasons[0]).toContain(join(dir, 'b.jsonl'));
  });

  it('exits 3 when nothing in the batch could be read', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'x.jsonl'), '{"hello": "world"}\n');
    writeFileSync(join(dir, 'y.json'), 'not json at all\n');
    const run = await runCli(['convert', dir, '--format', 'jsonl']);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(lines(run.stderr).filter((line) => line.startsWith('atx: error:'))).toHaveLength(2);
  });

  it('many OpenCode stores in one run: quiet with -q (no listener warnings), every store read', async () => {
    const dir = scratch();
    for (let copy = 0; copy < 12; copy += 1) {
      mkdirSync(join(dir, `data${copy}`));
      cpSync(join(ROOT, 'fixtures/opencode/store/opencode.db'), join(dir, `data${copy}`, 'opencode.db'));
    }
    const run = await runCli(['convert', dir, '--format', 'jsonl', '-q']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(transcriptsOf(run)).toHaveLength(12 * 12);
  });

  it('an empty folder says so and exits 0 (CI on a runner with no sessions passes)', async () => {
    const dir = scratch();
    for (const command of ['convert', 'scan', 'redact', 'validate']) {
      const run = await runCli([command, dir]);
      expect(run.code, command).toBe(0);
      expect(run.stdout, command).toBe('');
      expect(run.stderr, command).toMatch(/no session files/);
      expect(run.stderr, command).not.toMatch(/0 finding\(s\) in 0 input/);
    }
  });

  it('files of no session format in a walked folder are counted out loud by every command, not dropped silently', async () => {
    const dir = scratch();
    cpSync(CLEAN, join(dir, 'session.jsonl'));
    writeFileSync(join(dir, 'notes.txt'), 'a note, not a session\n');
    writeFileSync(join(dir, 'export.csv'), 'a,b\n1,2\n');
    for (const command of ['convert', 'scan']) {
      const run = await runCli([command, dir]);
      expect(run.code, command).toBe(0);
      expect(run.stderr, command).toMatch(/passed over 2 file\(s\) in no session format \(.*export\.csv, .*notes\.txt\)/);
    }
  });

  it('follows symbolic links to session files and folders, and reads a linked loop once', async () => {
    const dir = scratch();
    const elsewhere = scratch();
    mkdirSync(join(elsewhere, 'inner'));
    cpSync(CODEX, join(elsewhere, 'inner', 'rollout.jsonl'));
    symlinkSync(CLEAN, join(dir, 'linked.jsonl'));
    symlinkSync(join(elsewhere, 'inner'), join(dir, 'linked-folder'));
    symlinkSync(dir, join(dir, 'loop'));
    const run = await runCli(['convert', dir, '--format', 'jsonl']);
    expect(run.code).toBe(0);
    expect(transcriptsOf(run).map((t) => t.source.agent).sort()).toEqual(['claude-code', 'codex']);
    expect(run.stderr).toMatch(/loop: symbolic link to a folder already read/);
  });
});

describe('refusals', () => {
  it('a Transcript whose events were cut away is refused by every command, with the path that disagrees', async () => {
    const dir = scratch();
    const whole = JSON.parse(lines(readFileSync(allJsonl, 'utf8'))[0]!) as Transcript;
    expect(whole.metrics.eventCount).toBeGreaterThan(0);
    const emptied = join(dir, 'emptied.json');
    writeFileSync(emptied, JSON.stringify({ ...whole, events: [] }));
    for (const args of [['validate'], ['redact'], ['convert'], ['scan'], ['upload', '--dry-run']]) {
      const run = await runCli([...args, emptied]);
      expect(run.code, args.join(' ')).toBe(3);
      expect(run.stderr, args.join(' ')).toMatch(/metrics\.eventCount: says \d+, but there are 0 events/);
      if (args[0] !== 'scan') expect(run.stdout.trim(), args.join(' ')).not.toMatch(/"events"/);
    }
  });

  it('--from on another agent\'s log stops with exit 3 and names what the file is', async () => {
    const run = await runCli(['convert', '--from', 'pi', CLEAN]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--from pi: \d+ of \d+ records could not be read as Pi; auto-detection says it is Claude Code/);
  });

  it('a bad ATX_CLOCK is a usage error at start-up, as JSON with --json', async () => {
    const text = await runCli(['convert', CLEAN], { env: { ATX_CLOCK: 'garbage' } });
    expect(text.code).toBe(2);
    expect(lines(text.stderr)).toEqual([expect.stringMatching(/^atx: error: ATX_CLOCK must be an RFC 3339 time/)]);
    const json = await runCli(['convert', CLEAN, '--json'], { env: { ATX_CLOCK: 'garbage' } });
    expect(json.code).toBe(2);
    expect(lines(json.stderr).map((line) => JSON.parse(line) as unknown)).toEqual([{ error: expect.objectContaining({ code: 'usage' }) }]);
  });

  it('Gemini CLI messages with no id are converted, not silently dropped', async () => {
    const dir = scratch();
    const original = readFileSync(join(ROOT, 'fixtures/gemini-cli/legacy-json/chat.legacy.json'), 'utf8');
    const document = JSON.parse(original) as { messages: Array<Record<string, unknown>> };
    for (const message of document.messages) delete message.id;
    const path = join(dir, 'chat.json');
    writeFileSync(path, JSON.stringify(document, null, 2));
    const [withIds, without] = await Promise.all([runCli(['convert', join(ROOT, 'fixtures/gemini-cli/legacy-json/chat.legacy.json'), '--json']), runCli(['convert', path, '--json'])]);
    expect(without.code).toBe(0);
    const events = (run: CliRun) => (JSON.parse(run.stdout) as Transcript).events.map((event) => `${event.type}:${event.text ?? ''}`);
    expect(events(without)).toEqual(events(withIds));
    expect((JSON.parse(without.stdout) as Transcript).metrics.unparsedCount).toBe(0);
  });

  it('validate says what a native log is instead of calling it invalid JSON', async () => {
    const run = await runCli(['validate', CLEAN]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/not a Transcript: it is a native Claude Code log/);
  });
});

describe('input kind × command matrix (the README table)', () => {
  interface Kind {
    name: string;
    /** arguments naming the input, and what stdin gets */
    args: () => string[];
    stdin?: () => Buffer;
    transcripts: number;
    native: boolean;
    /**
     * Run only in the heavy run: a native file is every command's common case (each command's own
     * e2e file reads one), and Transcript JSONL is read by all five commands above.
     */
    heavyOnly?: boolean;
  }
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const dir = scratch();
    const pretty = await runCli(['convert', CLEAN, '--pretty', '--profile', 'none', '-q']);
    made.document = join(dir, 'session.json');
    writeFileSync(made.document, pretty.stdout);
    const stream = await runCli(['convert', CLEAN, '--stream', '--profile', 'none', '-q']);
    made.stream = join(dir, 'stream.jsonl');
    writeFileSync(made.stream, stream.stdout);
    made.folder = join(dir, 'mixed');
    mkdirSync(made.folder);
    cpSync(CODEX, join(made.folder, 'rollout.jsonl'));
    cpSync(made.document, join(made.folder, 'session.transcript.json'));
    cpSync(allJsonl, join(made.folder, 'all.jsonl'));
  });
  const kinds: Kind[] = [
    { name: 'native file', args: () => [CLEAN], transcripts: 1, native: true, heavyOnly: true },
    { name: 'native stdin', args: () => ['-'], stdin: () => readFileSync(CLEAN), transcripts: 1, native: true },
    { name: 'native store (OpenCode)', args: () => [join(ROOT, 'fixtures/opencode/store/opencode.db')], transcripts: 12, native: true },
    { name: 'Transcript document', args: () => [made.document!], transcripts: 1, native: false },
    { name: 'Transcript JSONL', args: () => [allJsonl], transcripts: 2, native: false, heavyOnly: true },
    { name: 'Transcript on stdin', args: () => ['-'], stdin: () => readFileSync(allJsonl), transcripts: 2, native: false },
    { name: '--stream output', args: () => [made.stream!], transcripts: 1, native: false },
    { name: 'folder of a mix', args: () => [made.folder!], transcripts: 4, native: true },
  ];

  // `npm test` runs the kinds no other test of this file gives every command; the heavy run
  // (`npm run test:heavy`) all of them
  for (const kind of kinds.filter((k) => HEAVY || !k.heavyOnly)) {
    it(`${kind.name}: every command sees ${kind.transcripts} Transcript(s)`, async () => {
      const input = kind.stdin?.();
      const options = input ? { input } : {};
      const convert = await runCli(['convert', ...kind.args(), '--format', 'jsonl', '-q'], options);
      expect(convert.code, convert.stderr).toBe(0);
      expect(transcriptsOf(convert)).toHaveLength(kind.transcripts);

      const redact = await runCli(['redact', ...kind.args(), '--format', 'jsonl', '-q'], options);
      expect(redact.code, redact.stderr).toBe(0);
      expect(transcriptsOf(redact)).toHaveLength(kind.transcripts);

      const scan = await runCli(['scan', ...kind.args(), '--json'], options);
      expect(scan.code, scan.stderr).toBe(0);
      expect((JSON.parse(scan.stdout) as { inputs: number }).inputs).toBe(kind.transcripts);

      const upload = await runCli(['upload', ...kind.args(), '--dry-run', '--json'], options);
      expect(upload.code, upload.stderr).toBe(0);
      expect((JSON.parse(upload.stdout) as { planned: number }).planned).toBe(kind.transcripts);

      const validate = await runCli(['validate', ...kind.args(), '--json'], options);
      const verdicts = lines(validate.stdout).map((line) => JSON.parse(line) as { valid: boolean });
      expect(verdicts).toHaveLength(kind.transcripts);
      expect(validate.code).toBe(kind.native ? 3 : 0);
      expect(verdicts.every((verdict) => verdict.valid)).toBe(!kind.native);
    });
  }
});
