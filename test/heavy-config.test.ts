/**
 * The heavy sizes cannot rot unseen: every file the heavy run names exists and has a size that
 * depends on it, every file that has one is named, and `npm run fuzz` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEAVY_FILES } from '../vitest.heavy.config.js';
import { ROOT } from './support/cli-process.js';

const usesHeavy = (text: string) => /^import .* from '\.\/support\/heavy\.js';$/m.test(text);

describe('the heavy run (vitest.heavy.config.ts)', () => {
  it('names exactly the suite files that have a heavy size', () => {
    const withSize = readdirSync(join(ROOT, 'test'))
      .filter((name) => name.endsWith('.test.ts') && usesHeavy(readFileSync(join(ROOT, 'test', name), 'utf8')))
      .map((name) => `test/${name}`);
    expect([...HEAVY_FILES].sort()).toEqual(withSize.sort());
  });

  it('is the first step of npm run fuzz', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:heavy']).toContain('--config vitest.heavy.config.ts');
    expect(scripts.fuzz).toMatch(/^npm run test:heavy && /);
  });
});
