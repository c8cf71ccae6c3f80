/**
 * `--format markdown`: a golden file per agent (its richest real fixture), and the document's
 * structure checked line by line: fences close, our `<details>` blocks balance, and session text
 * (fences, HTML, backticks) cannot open or close anything of ours.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript, TranscriptEvent } from '../src/transcript/index.js';
import { convertFile, expectGolden, ROOT, runInProcess } from './helpers.js';
import { renderFixture, renderTranscript, richestFixturePerAgent } from './writer-support.js';

const GOLDENS = join(ROOT, 'test/goldens/markdown');
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

interface Structure {
  /** lines outside any fence, their blockquote markers removed */
  prose: string[];
  /** `<details>` opened and not closed at the end (0 when balanced) */
  openDetails: number;
  /** a fence still open at the end */
  openFence: string | undefined;
}

/** Reads the document as CommonMark would for what matters here: blockquote depth, fences, our HTML lines. */
function structureOf(markdown: string): Structure {
  const prose: string[] = [];
  let fence: string | undefined;
  let openDetails = 0;
  for (const raw of markdown.split('\n')) {
    const line = raw.replace(/^(> ?)+/, '');
    const marker = FENCE.exec(line);
    if (fence) {
      if (marker && marker[1]![0] === fence[0] && marker[1]!.length >= fence.length && marker[2]!.trim() === '') fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker[1];
      continue;
    }
    prose.push(line);
    if (line.startsWith('<details>')) openDetails += 1;
    if (line === '</details>') openDetails -= 1;
    expect(openDetails).toBeGreaterThanOrEqual(0);
  }
  return { prose, openDetails, openFence: fence };
}

function expectSound(markdown: string): Structure {
  const structure = structureOf(markdown);
  expect(structure.openFence).toBeUndefined();
  expect(structure.openDetails).toBe(0);
  // no raw HTML in prose but our own <details>/<summary> lines
  for (const line of structure.prose) if (line.startsWith('<')) expect(line).toMatch(/^(<details><summary>.*<\/summary>|<\/details>)$/);
  return structure;
}

describe.each(richestFixturePerAgent())('markdown $agent $name', (c) => {
  it('matches its golden file and is sound Markdown', async () => {
    const { transcript, text } = await renderFixture(c.input, 'markdown');
    expectSound(text);
    expect(text.startsWith('# ')).toBe(true);
    expect(text).toContain(`- **Transcript:** \`${transcript.transcriptId}\``);
    expect(text).toContain('**Privacy receipt:** profile `');
    mkdirSync(GOLDENS, { recursive: true });
    expectGolden(text, join(GOLDENS, `${c.agent}.md`));
  });
});

const event = (seq: number, fields: Partial<TranscriptEvent> & Pick<TranscriptEvent, 'type' | 'role'>): TranscriptEvent =>
  ({ id: `ev_${seq}`, seq, timestamp: '2026-01-01T00:00:00.000Z', ...fields }) as TranscriptEvent;

/** A real Transcript's header with the given events (metrics are not checked by the writer). */
async function withEvents(events: TranscriptEvent[]): Promise<Transcript> {
  const { transcript } = await convertFile(join(ROOT, 'fixtures/claude-code/shell-tool/session.jsonl'));
  return { ...transcript, events };
}

describe('markdown: session text cannot break the document', () => {
  it('an unclosed fence, HTML, </details> and backtick runs in text stay text', async () => {
    const transcript = await withEvents([
      event(1, { type: 'user_message', role: 'user', text: 'look:\n```js\nconst a = 1; // never closed' }),
      event(2, { type: 'reasoning', role: 'assistant', text: 'closing theirs: </details>\n<script>alert(1)</script>' }),
      event(3, { type: 'tool_call', role: 'assistant', tool: { name: 'we`ird', callId: 'c1', kind: 'shell', input: { command: 'echo "````"' } } }),
      event(4, { type: 'tool_result', role: 'tool', tool: { name: 'we`ird', callId: 'c1', status: 'error', output: '````\n</details>\n~~~' } }),
      event(5, { type: 'assistant_message', role: 'assistant', text: 'inline `<b>` code and <b>bold</b>' }),
    ]);
    const text = await renderTranscript(transcript, 'markdown');
    const structure = expectSound(text);
    expect(structure.prose).toContain('inline `<b>` code and &lt;b>bold&lt;/b>');
    expect(structure.prose).toContain('### Assistant · 00:00:00');
    expect(text).toContain('**Result** ``we`ird`` · **✗ error**');
    expect(text).toContain('<details><summary>Reasoning</summary>');
  });

  it('a long tool output is trimmed, saying how much', async () => {
    const output = Array.from({ length: 100 }, (_, n) => `line ${n + 1}`).join('\n');
    const transcript = await withEvents([
      event(1, { type: 'tool_call', role: 'assistant', tool: { name: 'Bash', callId: 'c1', kind: 'shell', input: { command: 'seq 100' } } }),
      event(2, { type: 'tool_result', role: 'tool', tool: { name: 'Bash', callId: 'c1', status: 'ok', output } }),
    ]);
    const text = await renderTranscript(transcript, 'markdown');
    expectSound(text);
    expect(text).toContain('line 40\n');
    expect(text).not.toContain('line 41');
    expect(text).toContain(`_… 60 more lines (${output.length - output.indexOf('\nline 41')} characters) trimmed_`);
    expect(text).toContain('<details><summary>Output: 100 lines</summary>');
  });
});

describe('markdown: nesting, placeholders and the receipt', () => {
  it('a subagent\'s events are folded under the call that started it, one blockquote deeper', async () => {
    const { transcript, text } = await renderFixture(join(ROOT, 'fixtures/claude-code/subagent/session.jsonl'), 'markdown');
    expectSound(text);
    const call = transcript.events.find((e) => e.type === 'tool_call' && e.tool?.kind === 'task')!;
    const lines = text.split('\n');
    const opened = lines.findIndex((line) => line.startsWith(`<details><summary>Subagent <code>${call.tool!.callId}</code>: `));
    const closed = lines.indexOf('</details>', opened);
    expect(opened).toBeGreaterThan(lines.findIndex((line) => line.startsWith('**Tool call** `Agent`')));
    const inside = lines.slice(opened + 1, closed);
    expect(inside.every((line) => line === '' || line.startsWith('>'))).toBe(true);
    const subagentText = transcript.events.find((e) => e.parentId === call.tool!.callId && e.type === 'user_message')!.text!;
    expect(inside).toContain(`> ${subagentText}`);
    // and not again on the main line (where it would be a paragraph of its own)
    expect(lines.filter((line) => line === subagentText)).toEqual([]);
  });

  it('redaction placeholders stay visible and the footer carries the privacy receipt', async () => {
    const input = join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl');
    const json = JSON.parse((await runInProcess(['convert', input])).stdout) as Transcript;
    const run = await runInProcess(['convert', input, '--format', 'markdown']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('[REDACTED:github-pat#1]');
    const { privacy } = json;
    expect(run.stdout).toContain(`**Privacy receipt:** profile \`standard\` · ${privacy.redactionCount} redactions · ruleset \`${privacy.rulesetVersion}\``);
    expect(run.stdout).toMatch(/- \*\*Redactions by rule:\*\* .*cloud: `aws-access-key-id` 1/);
    expect(run.stdout).toContain('- **Content policy:** tool output full');
  });
});
