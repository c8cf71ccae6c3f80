/**
 * The fixture recorders give every agent a TMPDIR inside its own HOME, so no agent run (nor its
 * `--version` check) leaves files in the machine's /tmp.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/cli-process.js';

function envsFor(home: string): { base: Record<string, string>; version: Record<string, string> } {
  const script = `import { baseAgentEnv, versionCheckEnv } from ${JSON.stringify(join(ROOT, 'scripts/record-fixtures/lib.mjs'))};
const home = process.argv[1];
console.log(JSON.stringify({ base: baseAgentEnv(home), version: versionCheckEnv(home + '/version-home') }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, home], { encoding: 'utf8' })) as ReturnType<typeof envsFor>;
}

describe('fixture recorders keep agents out of /tmp', () => {
  it('an agent run and a version check each get a TMPDIR under their HOME, and the check\'s exists', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'atx-recorder-env-'));
    try {
      const { base, version } = envsFor(join(scratch, 'home'));
      expect(base.TMPDIR).toBe(join(scratch, 'home', 'tmp'));
      expect(version.HOME).toBe(join(scratch, 'home', 'version-home'));
      expect(version.TMPDIR).toBe(join(scratch, 'home', 'version-home', 'tmp'));
      expect(existsSync(String(version.TMPDIR))).toBe(true);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
