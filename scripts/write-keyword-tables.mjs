// Writes the keyword tables of the built-in profiles into dist/redaction/keyword-tables/ (run by
// `npm run build` after tsc: redaction/keyword-tables.ts says why and how a stale file is never read).
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { BUILT_TABLES_FOLDER } = await import(join(root, 'dist/redaction/keyword-tables.js'));
const { writeBuiltinKeywordTables } = await import(join(root, 'dist/redaction/keyword-tables-build.js'));
const written = writeBuiltinKeywordTables(BUILT_TABLES_FOLDER);
const files = new Set(written.values());
console.log(`keyword tables: ${[...written.keys()].join(', ')} in ${files.size} file(s) under ${relative(root, BUILT_TABLES_FOLDER)}`);
