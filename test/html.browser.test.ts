/**
 * The HTML page in a real browser: Debian's Chromium driven by playwright-core, one browser for
 * the file. Each page is opened from file:// and must load without a console error or any
 * request beyond its own file, render every event of the Transcript (scrolled to the end, each
 * subagent opened), open a collapsed tool call on click, narrow the list on search and keep
 * session text that holds markup as text.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../src/transcript/index.js';
import { HOSTILE_TEXT, withHostileText } from './html-support.js';
import { convertFile, ROOT } from './helpers.js';
import { renderTranscript } from './writer-support.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));
const NO_CHROMIUM = 'HTML browser tests skipped: no Chromium found; install it with `apt-get install -y chromium` (or set CHROMIUM_PATH)';
if (!CHROMIUM) console.warn(NO_CHROMIUM);

const fixture = (path: string) => join(ROOT, 'fixtures', path);

interface OpenedPage {
  page: Page;
  transcript: Transcript;
  url: string;
  requests: string[];
  errors: string[];
}

let browser: Browser;
let dir: string;
const opened: Page[] = [];

async function openPage(transcript: Transcript, name: string): Promise<OpenedPage> {
  const file = join(dir, `${name}.html`);
  writeFileSync(file, await renderTranscript(transcript, 'html'));
  const url = pathToFileURL(file).href;
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  opened.push(page);
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => { if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('html[data-ready]');
  return { page, transcript, url, requests, errors };
}

/** The browser globals the functions run in the page use (the test program has no DOM types). */
interface PageNode {
  open?: boolean;
  textContent: string | null;
  parentElement: PageNode | null;
  closest(selector: string): PageNode | null;
  scrollIntoView(): void;
}
interface PageGlobals {
  document: { querySelector(selector: string): PageNode | null };
  requestAnimationFrame(callback: () => void): void;
  __atxInjected?: number;
}

/** Scrolls every lazy list to its end, opening each subagent (and what holds it) on the way. */
function renderEverything(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
    const frame = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const openWithAncestors = (node: PageNode) => {
      for (let closed = node.closest('details:not([open])'); closed; closed = closed.parentElement?.closest('details:not([open])') ?? null) closed.open = true;
    };
    for (let steps = 0; steps < 5000; steps++) {
      const next = document.querySelector('details.subagent:not([open]) > summary') ?? document.querySelector('.sentinel');
      if (!next) return steps;
      openWithAncestors(next);
      next.scrollIntoView();
      await frame();
    }
    throw new Error('the timeline did not finish rendering');
  });
}

/** Whether the status line says a filter is on ("3 of 40 entries match"). */
const filterIsOn = (page: Page) => page.evaluate(() => /match/.test((globalThis as unknown as PageGlobals).document.querySelector('#status')!.textContent ?? ''));

const renderedSeqs = (page: Page) => page.$$eval('#timeline [data-seq]', (nodes) => nodes.map((node) => Number(node.getAttribute('data-seq'))));
const shownEntries = (page: Page) => page.$$eval('#timeline > .ev', (nodes) => nodes.map((node) => node.textContent ?? ''));

async function expectLoadedCleanly(opened: OpenedPage): Promise<void> {
  expect(opened.errors).toEqual([]);
  expect(new Set(opened.requests)).toEqual(new Set([opened.url]));
}

async function expectEveryEventRendered({ page, transcript }: OpenedPage): Promise<void> {
  await renderEverything(page);
  const seqs = await renderedSeqs(page);
  expect(seqs).toHaveLength(transcript.events.length);
  expect(new Set(seqs)).toEqual(new Set(transcript.events.map((event) => event.seq)));
}

/** Search narrows the list to the entries holding the query, and clearing it gives the list back. */
async function expectSearchNarrows(page: Page, query: string): Promise<void> {
  const before = await page.$$eval('#timeline > .ev', (nodes) => nodes.length);
  await page.fill('#search', query);
  await expect.poll(() => filterIsOn(page)).toBe(true);
  const shown = await shownEntries(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(before);
  for (const text of shown) expect(text.toLowerCase()).toContain(query.toLowerCase());
  await page.fill('#search', '');
  await expect.poll(() => filterIsOn(page)).toBe(false);
  await renderEverything(page);
  expect(await page.$$eval('#timeline > .ev', (nodes) => nodes.length)).toBe(before);
}

describe.skipIf(!CHROMIUM)(CHROMIUM ? 'HTML page in Chromium' : NO_CHROMIUM, () => {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    dir = mkdtempSync(join(tmpdir(), 'atx-html-'));
  }, 60_000);

  afterAll(async () => {
    for (const page of opened) await page.close();
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a session with a subagent: every event rendered, the subagent nested under its call', async () => {
    const { transcript } = await convertFile(fixture('claude-code/subagent/session.jsonl'));
    const opened = await openPage(transcript, 'subagent');
    await expectLoadedCleanly(opened);
    await expectEveryEventRendered(opened);
    const call = transcript.events.find((event) => event.type === 'tool_call' && transcript.events.some((e) => e.parentId === event.tool!.callId))!;
    const nested = transcript.events.filter((event) => event.parentId === call.tool!.callId).map((event) => event.seq);
    const inCall = await opened.page.$$eval(`[data-seq="${call.seq}"] .subagent [data-seq]`, (nodes) => nodes.map((node) => Number(node.getAttribute('data-seq'))));
    expect(new Set(inCall)).toEqual(new Set(nested));
    await expectLoadedCleanly(opened);
  });

  it('a failed tool: marked, found by "errors only"; a collapsed call opens on click; markup in the session stays text', async () => {
    const { transcript } = await convertFile(fixture('claude-code/failing-command/session.jsonl'));
    const hostile = withHostileText(transcript);
    const opened = await openPage(hostile, 'failing');
    const { page } = opened;
    await expectEveryEventRendered(opened);
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__atxInjected)).toBeUndefined();
    expect(await page.$$eval('#timeline img, #timeline script', (nodes) => nodes.length)).toBe(0);
    const prompt = hostile.events.find((event) => event.type === 'user_message')!;
    expect(await page.textContent(`[data-seq="${prompt.seq}"] .text`)).toBe(prompt.text);
    expect(await page.title()).toBe(HOSTILE_TEXT);

    const failed = page.locator('#timeline > .ev-tool_call.err').first();
    const args = failed.locator('pre').first();
    expect(await failed.getAttribute('open')).toBeNull();
    await expect.poll(() => args.isVisible()).toBe(false);
    await failed.locator('summary').click();
    await expect.poll(() => args.isVisible()).toBe(true);
    expect(await failed.locator('.result.err').count()).toBe(1);

    await page.check('#errors-only');
    await expect.poll(() => filterIsOn(page)).toBe(true);
    const errorEntries = await page.$$eval('#timeline > .ev', (nodes) => nodes.map((node) => node.classList.contains('err')));
    expect(errorEntries.length).toBe(transcript.metrics.errorCount);
    expect(errorEntries.every(Boolean)).toBe(true);
    await page.uncheck('#errors-only');
    await expectSearchNarrows(page, 'nonexistent');
    await expectLoadedCleanly(opened);
  });

  it('a long session: rendered in batches as the page scrolls, search narrows it', async () => {
    const { transcript } = await convertFile(fixture('claude-code/long-session/session.jsonl'));
    const opened = await openPage(transcript, 'long');
    expect((await renderedSeqs(opened.page)).length).toBeLessThan(transcript.events.length);
    await expectEveryEventRendered(opened);
    await expectSearchNarrows(opened.page, 'Read');
    await expectLoadedCleanly(opened);
  });

  it('file edits show their diffs; a branch whose call is elsewhere is still rendered', async () => {
    const edit = await openPage((await convertFile(fixture('acp/codex-acp-plan-and-edit/stdout.jsonl'))).transcript, 'edit');
    await expectEveryEventRendered(edit);
    expect(await edit.page.$$eval('#timeline .diff .add', (nodes) => nodes.length)).toBeGreaterThan(0);
    await expectLoadedCleanly(edit);
    const branch = await openPage((await convertFile(fixture('pi/branch/session.jsonl'))).transcript, 'branch');
    await expectEveryEventRendered(branch);
    expect(await branch.page.$$eval('#timeline > .ev-group', (nodes) => nodes.length)).toBeGreaterThan(0);
    await expectLoadedCleanly(branch);
  });

  it('a result whose call is not in the session is rendered once, on its own', async () => {
    const { transcript } = await convertFile(fixture('claude-code/failing-command/session.jsonl'));
    const withoutCall = { ...transcript, events: transcript.events.filter((event) => event.type !== 'tool_call') };
    const opened = await openPage(withoutCall, 'orphan-result');
    await expectEveryEventRendered(opened);
    expect(await opened.page.$$eval('#timeline > .ev-tool_result.err', (nodes) => nodes.length)).toBe(1);
    await expectLoadedCleanly(opened);
  });
});
