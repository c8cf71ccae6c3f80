/**
 * The name judge's data is read on first use by a personal rule: a profile without personal rules
 * (`standard`) never reads it, however many names its texts hold. Counted in a fresh process of the
 * built modules: test files share their worker, where another file may have read it already.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/cli-process.js';

const TEXTS = [
  'name: Hello World',
  '00042MIRELA OSTERKAMP   BERGEN      0001250',
  "person('Ann Lee', 41).",
  'Author: Priya Raman <priya@example.org>\nDate: Mon Jan 1',
  'display_name: Tomasz Nowak, owner = Kenji Watanabe',
];

/** In a new process: the loads after redacting the texts with `standard`, then after `research`, and research's outputs. */
async function loadsInFreshProcess(): Promise<{ afterStandard: number; afterResearch: number; research: string[] }> {
  const url = (path: string) => JSON.stringify(pathToFileURL(join(ROOT, 'dist', path)).href);
  const script = `
    const { createTextRedactor } = await import(${url('redaction/index.js')});
    const { nameModelLoads } = await import(${url('redaction/names/name-model.js')});
    const texts = ${JSON.stringify(TEXTS)};
    const standard = createTextRedactor('standard');
    for (const text of texts) standard(text);
    const afterStandard = nameModelLoads();
    const research = createTextRedactor('research');
    const outputs = texts.map((text) => research(text).text);
    process.stdout.write(JSON.stringify({ afterStandard, afterResearch: nameModelLoads(), research: outputs }));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout);
}

describe('the name data at start-up', () => {
  it('is not read by the standard profile, and read once when a personal rule asks (research)', async () => {
    const { afterStandard, afterResearch, research } = await loadsInFreshProcess();
    expect(afterStandard).toBe(0);
    expect(afterResearch).toBe(1);
    expect(research[1]).not.toContain('OSTERKAMP');
  });
});
