// Writes src/ruleset-version.ts from the built rules (run after a build: npm run ruleset:write).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { RULESET_VERSION } = await import(join(root, 'dist/redaction/rules/index.js'));
const file = join(root, 'src/ruleset-version.ts');
const text = readFileSync(file, 'utf8');
const next = text.replace(/export const BUILTIN_RULESET_VERSION = '[^']*';/, `export const BUILTIN_RULESET_VERSION = '${RULESET_VERSION}';`);
if (next === text) {
  console.log(`src/ruleset-version.ts: ${RULESET_VERSION} already`);
} else {
  writeFileSync(file, next);
  console.log(`src/ruleset-version.ts: now ${RULESET_VERSION}`);
}
