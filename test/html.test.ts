/**
 * `--format html` without a browser: the page's structure, its data (which gives back the
 * Transcript), escaping, the privacy receipt, and that its own markup fetches nothing.
 * test/html.browser.test.ts drives the page in Chromium.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinProfile } from '../redaction/profiles.js';
import { TranscriptRedactor } from '../redaction/transcript-redactor.js';
import type { Transcript } from '../src/transcript/index.js';
import { HOSTILE_TEXT, pageEvents, pageHeader, pageMarkup, withHostileText } from './html-support.js';
import { convertFile, expectGolden, ROOT } from './helpers.js';
import { renderFixture, renderTranscript, richestFixturePerAgent } from './writer-support.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * What a golden file keeps of a page: the parts written from the session (title, header, receipt).
 * The rest is the same on every page (checked by expectWellFormedPage) or is the data (checked
 * against the Transcript).
 */
function goldenForm(page: string): string {
  const parts = [/<title>.*<\/title>/, /<header class="page-head">.*<\/header>/, /<footer class="receipt"[\s\S]*?<\/footer>/];
  return `${parts.map((part) => part.exec(page)![0]).join('\n')}\n`;
}

function expectWellFormedPage(page: string, transcript: Transcript): void {
  expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
  expect(page.trimEnd().endsWith('</html>')).toBe(true);
  const { events, ...header } = transcript;
  expect(pageEvents(page)).toEqual(events);
  expect(pageHeader(page)).toEqual(header);
  // the data blocks can hold no markup: no way out of the script element, no comment
  for (const block of page.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)) expect(block[1]).not.toContain('<');
  const markup = pageMarkup(page);
  const styles = [...markup.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  const scripts = [...markup.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  expect(styles).toHaveLength(1);
  expect(scripts).toHaveLength(1);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(markup)![1]!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain(`style-src 'sha256-${sha256(styles[0]![1]!)}'`);
  expect(csp).toContain(`script-src 'sha256-${sha256(scripts[0]![1]!)}'`);
  // nothing in the page's own markup loads anything: no URL attribute in a tag, no CSS url(), no fetch
  const tags = markup.match(/<[a-z][^>]*>/gi) ?? [];
  expect(tags.length).toBeGreaterThan(20);
  for (const tag of tags) expect(tag).not.toMatch(/\s(src|href|srcset|action|poster|data|ping|background)\s*=|https?:/i);
  expect(styles[0]![1]).not.toMatch(/url\(|@import|https?:/i);
  expect(scripts[0]![1]).not.toMatch(/fetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|import\(|innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
}

describe.each(richestFixturePerAgent())('html: $agent $name', (c) => {
  it('writes one self-contained page that carries the Transcript and its receipt', async () => {
    const { transcript, text } = await renderFixture(c.input, 'html');
    expectWellFormedPage(text, transcript);
    expect(text).toContain('<footer class="receipt" id="privacy-receipt">');
    expect(text).toContain(`<dt>Profile</dt><dd>${transcript.privacy.profile} (`);
    expectGolden(goldenForm(text), join(ROOT, 'test/goldens/html', `${c.agent}.html`));
  });
});

describe('html escaping and receipt', () => {
  it('keeps session text that holds markup as text', async () => {
    const { transcript } = await convertFile(join(ROOT, 'fixtures/claude-code/failing-command/session.jsonl'));
    const hostile = withHostileText(transcript);
    const page = await renderTranscript(hostile, 'html');
    expectWellFormedPage(page, hostile);
    const markup = pageMarkup(page);
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain(HOSTILE_TEXT);
    expect(markup).toContain('<title>&lt;img src=x onerror=&quot;window.__atxInjected = 1&quot;&gt;&lt;script&gt;');
    expect(markup).toContain('&#39;single&#39;</h1>');
  });

  it('lists redactions by rule family, the ruleset version and the content policy', async () => {
    const research = () => new TranscriptRedactor(builtinProfile('research')!, { salt: Buffer.alloc(16, 7), saltSource: 'per-transcript' });
    const { transcript } = await convertFile(join(ROOT, 'fixtures/claude-code/planted-secrets/session.jsonl'), { transform: research });
    const page = await renderTranscript(transcript, 'html');
    expectWellFormedPage(page, transcript);
    const receipt = /<footer class="receipt"[\s\S]*?<\/footer>/.exec(page)![0];
    const { privacy } = transcript;
    expect(privacy.redactionCount).toBeGreaterThan(0);
    expect(receipt).toContain(`<dt>Redactions</dt><dd>${privacy.redactionCount.toLocaleString('en-US')}: `);
    expect(receipt).toMatch(/pii \d+ \(/);
    for (const rule of Object.keys(privacy.redactionsByRule ?? {})) expect(receipt).toContain(`${rule} ${privacy.redactionsByRule![rule]}`);
    expect(receipt).toContain(privacy.rulesetVersion!);
    expect(receipt).toContain(`tool output ${privacy.contentPolicy.toolOutput}`);
  });
});
