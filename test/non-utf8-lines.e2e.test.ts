/**
 * Text without a BOM is read as UTF-8, and a line whose bytes are not UTF-8 (a Latin-1 é, a
 * Windows-1252 quote) is an unreadable line, counted and named, in every command: it used to be
 * converted with U+FFFD in place of the bytes, 0 unparsed and exit 0, the change seen nowhere.
 * Text that holds U+FFFD itself, as valid UTF-8, is text like any other.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../src/transcript/index.js';
import { ROOT, runCli } from './support/cli-process.js';
import { scratchFolders } from './support/scratch.js';

const NATIVE = join(ROOT, 'fixtures/claude-code/file-edit/session.jsonl');
const scratch = scratchFolders('atx-non-utf8-');

let latin1: string;
let replacementChar: string;
/** the 1-based line of the first user prompt */
let promptLine: number;

/** The session with one byte changed in the first user prompt's text. */
function withPromptBytes(name: string, bytes: Buffer): string {
  const lines = readFileSync(NATIVE).toString('utf8').split('\n');
  const index = lines.findIndex((line) => line.includes('"type":"user"') && line.includes('todo list'));
  expect(index).toBeGreaterThanOrEqual(0);
  promptLine = index + 1;
  const [before, after] = lines[index]!.split('todo list');
  const changed = Buffer.concat([Buffer.from(`${before}todo `), bytes, Buffer.from(` list${after}`)]);
  const path = join(scratch(), name);
  writeFileSync(path, Buffer.concat([Buffer.from(`${lines.slice(0, index).join('\n')}\n`), changed, Buffer.from(`\n${lines.slice(index + 1).join('\n')}`)]));
  return path;
}

beforeAll(() => {
  latin1 = withPromptBytes('latin1.jsonl', Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
  replacementChar = withPromptBytes('replacement.jsonl', Buffer.from('\ufffd', 'utf8'));
});

const transcriptOf = (stdout: string) => JSON.parse(stdout) as Transcript;

describe('a line that is not UTF-8', () => {
  it('convert counts it as unparsed, names its line, and --strict fails', async () => {
    const run = await runCli(['convert', latin1]);
    expect(run.code).toBe(0);
    const transcript = transcriptOf(run.stdout);
    expect(transcript.metrics.unparsedCount).toBe(1);
    expect(JSON.stringify(transcript)).not.toContain('\ufffd');
    const unparsed = transcript.events.find((event) => event.type === 'meta');
    expect(unparsed?.meta).toMatchObject({ kind: 'unparsed', line: promptLine });
    expect(String(unparsed?.meta?.reason)).toMatch(/not UTF-8/);
    expect(run.stderr).toMatch(/1 unparsed/);
    expect((await runCli(['convert', latin1, '--strict', '-q'])).code).toBe(1);
  });

  it('redact and upload --dry-run see the same event counts', async () => {
    const converted = transcriptOf((await runCli(['convert', latin1, '-q'])).stdout);
    const redacted = transcriptOf((await runCli(['redact', latin1, '-q'])).stdout);
    expect(redacted.metrics.unparsedCount).toBe(1);
    expect(redacted.metrics.eventCount).toBe(converted.metrics.eventCount);
    const planned = await runCli(['upload', latin1, '--dry-run', '--json'], { env: { ATX_KEY: 'atx_k123abc_secretsecretsecretsecret' } });
    const plan = (JSON.parse(planned.stdout) as { items: { plan: { eventCount: number } }[] }).items[0]!.plan;
    expect(plan.eventCount).toBe(converted.metrics.eventCount);
  });

  it('in a pretty-printed document (gemini --output-format json), the document is refused, naming the line', async () => {
    const text = readFileSync(join(ROOT, 'fixtures/gemini-cli/shell-tool/output.json'));
    const at = text.indexOf('"response"');
    expect(at).toBeGreaterThan(0);
    const quote = text.indexOf('"', at + '"response": "'.length - 1) + 1;
    const path = join(scratch(), 'output.json');
    writeFileSync(path, Buffer.concat([text.subarray(0, quote), Buffer.from([0xe9]), text.subarray(quote)]));
    const lineOfByte = text.subarray(0, quote).toString('utf8').split('\n').length;
    for (const command of ['convert', 'scan', 'redact']) {
      const run = await runCli([command, path]);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`line ${lineOfByte}: a JSON record whose text is not UTF-8`);
    }
  });

  it('U+FFFD written as UTF-8 is ordinary text', async () => {
    const run = await runCli(['convert', replacementChar]);
    expect(run.code).toBe(0);
    const transcript = transcriptOf(run.stdout);
    expect(transcript.metrics.unparsedCount).toBe(0);
    expect(JSON.stringify(transcript)).toContain('todo \ufffd list');
  });
});

describe('UTF-16 saved without a byte-order mark', () => {
  it('is refused with a reason that names UTF-16 and how to convert it, little- and big-endian alike', async () => {
    const text = readFileSync(NATIVE, 'utf8');
    const little = join(scratch(), 'utf16le.jsonl');
    writeFileSync(little, Buffer.from(text, 'utf16le'));
    const big = join(scratch(), 'utf16be.jsonl');
    writeFileSync(big, Buffer.from(text, 'utf16le').swap16());
    for (const path of [little, big]) {
      const run = await runCli(['convert', path, '-q']);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/UTF-16 text without a byte-order mark.*iconv -f UTF-16LE -t UTF-8/);
    }
  });

  it('is not guessed for a Latin-1 line, which stays a line that is not UTF-8', async () => {
    const run = await runCli(['convert', latin1]);
    expect(run.stdout).not.toContain('UTF-16');
  });
});
