/**
 * Each adapter's known-field list (a prose field outside it is kept as an `unread-field` event) names
 * only fields the real program writes: every name is a key in the agent's recorded JSON fixtures, a
 * field its converter reads by name, or listed in the adapter's FIELDS_FROM_SOURCE with where the
 * real program writes it. A name from nowhere (a test's invented record, say) would hide that field's
 * prose if a newer release ever wrote it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/cli-process.js';

interface KnownFieldsModule {
  KNOWN_FIELDS: readonly string[];
  FIELDS_FROM_SOURCE?: Readonly<Record<string, string>>;
}

const ADAPTERS_DIR = join(ROOT, 'adapters');
const FIXTURES_DIR = join(ROOT, 'fixtures');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

/** Every object key at any depth, including inside strings that hold JSON (tool results often do). */
function collectKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectKeys(item, keys);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      collectKeys(inner, keys);
    }
  } else if (typeof value === 'string' && (value.startsWith('{') || value.startsWith('['))) {
    try {
      collectKeys(JSON.parse(value), keys);
    } catch {
      // text that only looks like JSON
    }
  }
}

function fixtureKeys(agent: string): Set<string> {
  const keys = new Set<string>();
  for (const file of filesUnder(join(FIXTURES_DIR, agent))) {
    if (file.endsWith('.expected.json') || file.endsWith('recording.json') || !/\.jsonl?$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const documents = file.endsWith('.jsonl') ? text.split('\n').filter((line) => line.trim() !== '') : [text];
    for (const document of documents) {
      try {
        collectKeys(JSON.parse(document), keys);
      } catch {
        // a line a test of unparsed input keeps on purpose
      }
    }
  }
  return keys;
}

function readByName(source: string, name: string): boolean {
  const escaped = name.replace(/[^\w]/g, '\\$&');
  return source.includes(`'${name}'`) || source.includes(`"${name}"`) || new RegExp(`[.{,\\s]${escaped}\\b`).test(source);
}

const agents = readdirSync(ADAPTERS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(ADAPTERS_DIR, entry.name)).includes('known-fields.ts'))
  .map((entry) => entry.name);

describe('known-field lists name only what the real programs write', () => {
  it('covers every adapter with a list', () => {
    expect(agents.length).toBeGreaterThanOrEqual(15);
  });

  for (const agent of agents) {
    it(`${agent}: each name is in a fixture, read by the converter, or sourced`, async () => {
      const { KNOWN_FIELDS, FIELDS_FROM_SOURCE = {} } = (await import(`../adapters/${agent}/known-fields.ts`)) as KnownFieldsModule;
      const keys = fixtureKeys(agent);
      const source = filesUnder(join(ADAPTERS_DIR, agent))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('known-fields.ts'))
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n');
      const unexplained = KNOWN_FIELDS.filter((name) => !keys.has(name) && !readByName(source, name) && !(name in FIELDS_FROM_SOURCE));
      expect(unexplained, `${agent}: names in no fixture and no converter: say where the program writes them (FIELDS_FROM_SOURCE) or drop them`).toEqual([]);
      for (const [name, where] of Object.entries(FIELDS_FROM_SOURCE)) {
        expect(KNOWN_FIELDS, `${agent}: FIELDS_FROM_SOURCE names ${name}, which the list does not`).toContain(name);
        expect(where.length, `${agent}: ${name} has no source given`).toBeGreaterThan(20);
        expect(keys.has(name), `${agent}: ${name} is in a fixture now; drop it from FIELDS_FROM_SOURCE`).toBe(false);
      }
    });
  }
});
