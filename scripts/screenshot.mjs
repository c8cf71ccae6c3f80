#!/usr/bin/env node
/**
 * `npm run screenshot`: docs/screenshot.png, the HTML page of a real recorded session (a Codex
 * session with planted fake secrets, through the default `standard` profile) as Chromium shows
 * it, one tool call opened on its diff. Needs a build (npm run screenshot builds first) and a
 * Chromium: Debian's (`apt-get install -y chromium`) or CHROMIUM_PATH.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => import(pathToFileURL(join(ROOT, 'dist', path)).href);
const FIXTURE = join(ROOT, 'fixtures/codex/planted-secrets/rollout.jsonl');
const OUT = join(ROOT, 'docs/screenshot.png');

const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => path && existsSync(path));
if (!executablePath) {
  console.error('screenshot: no Chromium found; install it with `apt-get install -y chromium` (or set CHROMIUM_PATH)');
  process.exit(1);
}

const { ADAPTERS } = await dist('adapters/index.js');
const { convertSession } = await dist('src/pipeline/convert.js');
const { fixedClock, seededIds } = await dist('src/pipeline/context.js');
const { fileInput } = await dist('src/pipeline/sources.js');
const { atomicFileOutput } = await dist('src/sinks/output.js');
const { spooledSink } = await dist('src/sinks/transcript-sinks.js');
const { writerFor } = await dist('src/writers/index.js');
const { builtinProfile } = await dist('redaction/profiles.js');
const { TranscriptRedactor } = await dist('redaction/transcript-redactor.js');

const dir = mkdtempSync(join(tmpdir(), 'atx-screenshot-'));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = join(dir, 'session.html');
  await convertSession(
    { main: fileInput(FIXTURE), companions: 'discover' },
    () => spooledSink(atomicFileOutput(page), writerFor('html').writer({})),
    {
      adapters: ADAPTERS,
      context: { clock: fixedClock('2026-11-26T12:00:00.000Z'), ids: seededIds('screenshot') },
      idFromContent: false,
      transform: () => new TranscriptRedactor(builtinProfile('standard'), { salt: Buffer.alloc(16, 1), saltSource: 'per-transcript' }),
    },
  );
  const tab = await browser.newPage({ viewport: { width: 1100, height: 1300 }, deviceScaleFactor: 1, colorScheme: 'light' });
  await tab.goto(pathToFileURL(page).href);
  await tab.waitForSelector('html[data-ready]');
  const withDiff = tab.locator('#timeline > details.ev-tool_call').filter({ has: tab.locator('.diff') }).first();
  if (await withDiff.count()) await withDiff.locator('summary').click();
  await tab.screenshot({ path: OUT });
  console.log(`screenshot: wrote ${OUT}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
