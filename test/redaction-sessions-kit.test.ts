/**
 * The end-to-end scorers' kit (bench/sessions-kit): where a Transcript's strings are placed, how a
 * `--stream` output is read back, and that the scorer removes its temp folder when it is stopped
 * by a signal mid-run (the running child stopped too).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSIONS_V31 } from '../bench/redaction-sessions-v31/corpus.js';
import { countIn, heldBy, placeOf, streamTranscript, transcriptStrings } from '../bench/sessions-kit/transcript.js';

describe('sessions kit: reading a Transcript', () => {
  it('places strings by the event and field that hold them, receipts and privacy block skipped', () => {
    const strings = transcriptStrings({
      privacy: { note: 'skipped' },
      session: { cwd: '/x' },
      events: [
        { type: 'user_message', text: 'a' },
        { type: 'tool_call', tool: { input: { command: 'b', file_path: 'c', content: 'd' } } },
        { type: 'tool_result', tool: { output: 'e', files: [{ path: 'f' }] }, redactions: [{ placeholder: '[REDACTED:x]' }] },
        { type: 'reasoning', text: 'g' },
        { type: 'assistant_message', text: 'h' },
      ],
    });
    expect(strings.map((s) => `${s.place}:${s.text}`)).toEqual([
      'metadata:/x',
      'prompt:user_message',
      'prompt:a',
      'tool args:tool_call',
      'tool args:b',
      'file path:c',
      'tool args:d',
      'tool output:tool_result',
      'tool output:e',
      'file path:f',
      'reasoning:reasoning',
      'reasoning:g',
      'assistant text:assistant_message',
      'assistant text:h',
    ]);
    expect(placeOf(undefined, ['session'])).toBe('metadata');
    expect(placeOf({ type: 'meta' }, ['text'])).toBe('meta');
    expect(placeOf({ type: 'error' }, ['message'])).toBe('system');
  });

  it('counts copies that do not overlap, and finds a value a JSON file holds escaped', () => {
    expect(countIn('xaxaxa', 'xa')).toBe(3);
    expect(countIn('aaaa', 'aa')).toBe(2);
    expect(heldBy('{"k":"a\\"b"}', 'a"b')).toBe(true);
    expect(heldBy('{"k":"ab"}', 'a"b')).toBe(false);
  });

  it('reads a --stream output as event lines and a last header line', () => {
    const t = streamTranscript('{"type":"user_message","text":"a"}\n{"type":"tool_result"}\n{"schemaVersion":"1","session":{"cwd":"/x"}}\n');
    expect(t.events).toEqual([{ type: 'user_message', text: 'a' }, { type: 'tool_result' }]);
    expect(t.session).toEqual({ cwd: '/x' });
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sessions kit: the scorer stopped by a signal', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('removes its temp folder on %s and exits %i', async (signal, code) => {
    const tmp = mkdtempSync(join(tmpdir(), 'atx-kit-signal-'));
    try {
      const scorer = join(SESSIONS_V31.repoRoot, 'dist', 'bench', 'redaction-sessions-v31', 'score.js');
      expect(existsSync(scorer)).toBe(true);
      const child = spawn(process.execPath, [scorer], { env: { ...process.env, TMPDIR: tmp }, stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      const scoring = () => readdirSync(tmp).filter((n) => n.startsWith('atx-v31-score-'));
      for (let i = 0; i < 400 && scoring().length === 0; i++) await sleep(50);
      expect(scoring().length).toBe(1);
      await sleep(500); // a conversion is running now
      const sent = Date.now();
      child.kill(signal);
      expect(await exited).toBe(code);
      expect(Date.now() - sent).toBeLessThan(10_000);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});
