/**
 * Sessions from agent releases newer than an adapter was checked against: a warning names both
 * versions when records were not understood; the declared versions keep up with the fixtures.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS, findAdapter } from '../adapters/index.js';
import { compareReleases, newerReleaseWarning } from '../adapters/shared/versions.js';
import { fixtureCases, ROOT, runCli } from './helpers.js';

describe('compareReleases', () => {
  it('orders release numbers field by field', () => {
    expect(compareReleases('0.171.0', '0.169.0')).toBeGreaterThan(0);
    expect(compareReleases('0.169.0', '0.171.0')).toBeLessThan(0);
    expect(compareReleases('2.1.332', '2.1.332')).toBe(0);
    expect(compareReleases('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareReleases('v1.2.3', '1.2.3')).toBe(0);
    expect(compareReleases('1.2.4-beta.1', '1.2.3')).toBeGreaterThan(0);
  });

  it('does not compare what is not a release number', () => {
    expect(compareReleases('cline', '3.0.65')).toBeUndefined();
    expect(compareReleases('1.2', '1.2.0')).toBeUndefined();
  });
});

describe('newerReleaseWarning', () => {
  const codex = findAdapter('codex')!;
  const unknown = new Map([['turn_checkpoint', 2]]);

  it('names the session release and the newest checked one when records were not understood', () => {
    const warning = newerReleaseWarning(codex, '0.172.0', unknown);
    expect(warning).toContain('Codex 0.172.0');
    expect(warning).toContain(`(${codex.newestCheckedVersion})`);
    expect(warning).toContain('turn_checkpoint ×2');
  });

  it('says nothing for a checked or older release, a session read whole, or an unknown version', () => {
    expect(newerReleaseWarning(codex, codex.newestCheckedVersion, unknown)).toBeUndefined();
    expect(newerReleaseWarning(codex, '0.20.0', unknown)).toBeUndefined();
    expect(newerReleaseWarning(codex, '0.172.0', new Map())).toBeUndefined();
    expect(newerReleaseWarning(codex, null, unknown)).toBeUndefined();
    expect(newerReleaseWarning({ label: 'ACP' }, '9.9.9', unknown)).toBeUndefined();
  });
});

describe('declared newest checked versions', () => {
  it('are never older than a release a fixture was recorded with', () => {
    const newest = new Map<string, string>();
    for (const c of fixtureCases()) {
      const golden = JSON.parse(readFileSync(c.expected, 'utf8')) as { source?: { adapter?: string; agentVersion?: string | null } };
      const { adapter, agentVersion } = golden.source ?? {};
      if (!adapter || !agentVersion || compareReleases(agentVersion, '0.0.0') === undefined) continue;
      const seen = newest.get(adapter);
      if (!seen || (compareReleases(agentVersion, seen) ?? 0) > 0) newest.set(adapter, agentVersion);
    }
    expect(newest.get('codex')).toBe('0.171.0');
    for (const [id, version] of newest) {
      const declared = ADAPTERS.find((a) => a.id === id)?.newestCheckedVersion;
      if (declared === undefined) continue; // one adapter, many agents (ACP)
      expect(compareReleases(declared, version), `${id}: fixtures of ${version}, declared ${declared}`).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('atx convert of a session from a newer release', () => {
  let dir = '';
  // made when a test of this block runs: a block skipped by -t runs its body but not its afterAll
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'atx-versions-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const rollout = readFileSync(join(ROOT, 'fixtures/codex/shell-tool/rollout.jsonl'), 'utf8');
  const unknownLine = JSON.stringify({ timestamp: '2026-11-27T17:00:00.000Z', ordinal: 99, type: 'turn_checkpoint', payload: { n: 1 } });

  it('warns on stderr and in --json, and keeps the record as an unparsed event', async () => {
    const file = join(dir, 'newer.jsonl');
    writeFileSync(file, `${rollout.replace('"cli_version":"0.171.0"', '"cli_version":"0.172.0"')}${unknownLine}\n`);
    const plain = await runCli(['convert', file, '-o', join(dir, 'out.json')]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(/warning: written by Codex 0\.172\.0, newer than the newest release atx was checked against \(0\.171\.0\).*turn_checkpoint ×1/);
    const quiet = await runCli(['convert', file, '-q', '-o', join(dir, 'out.json')]);
    expect(quiet.stderr).toContain('warning: written by Codex 0.172.0');
    const json = await runCli(['convert', file, '--json', '-o', join(dir, 'out.json')]);
    const summary = JSON.parse(json.stderr.trim().split('\n').pop()!) as { sessions: { unparsedCount: number; warning?: string }[] };
    expect(summary.sessions[0]!.unparsedCount).toBe(1);
    expect(summary.sessions[0]!.warning).toContain('Codex 0.172.0');
  });

  it('says nothing more for the same records from a checked release', async () => {
    const file = join(dir, 'checked.jsonl');
    writeFileSync(file, `${rollout}${unknownLine}\n`);
    const run = await runCli(['convert', file, '-o', join(dir, 'out.json')]);
    expect(run.stderr).toContain('1 unparsed');
    expect(run.stderr).not.toContain('warning:');
  });
});
