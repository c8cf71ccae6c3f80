/**
 * The keyword tables the build writes (redaction/keyword-tables.ts): read back, they are the
 * tables a process would build, and a file is read only for exactly what it was made from.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildKeywordTables, KeywordIndex, type KeywordTables } from '../redaction/keyword-index.js';
import { keywordTablesDigest, prebuiltKeywordTables, writeKeywordTables } from '../redaction/keyword-tables.js';
import { writeBuiltinKeywordTables } from '../redaction/keyword-tables-build.js';
import { readingsFileName } from '../redaction/pattern-readings.js';
import { keywordReach, literalStarts, startsAtKeyword } from '../redaction/pattern-start.js';
import { builtinProfile } from '../redaction/profiles.js';
import { rulesFor } from '../redaction/redactor.js';
import { compileRules } from '../redaction/scanner.js';
import { scratchFolders } from './support/scratch.js';

const scratch = scratchFolders('atx-keyword-tables-');

/** The tables as one comparable record (a deep comparison of typed arrays of millions of entries takes minutes). */
function bytesOf(tables: KeywordTables | null): Record<string, string | number> | null {
  if (tables === null) return null;
  const hex = (array: ArrayBufferView) => createHash('sha256').update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength)).digest('hex');
  const { next, codeInfo, outputStart, outputIds, classBits, firstReporting } = tables;
  return { next: hex(next), nextLength: next.length, codeInfo: hex(codeInfo), outputStart: hex(outputStart), outputIds: hex(outputIds), outputIdsLength: outputIds.length, classBits, firstReporting };
}

/** Every hit of the index in `text`: keyword, start and end. */
function hits(index: KeywordIndex, text: string): string[] {
  const found: string[] = [];
  index.forEachFound(text, (id, end, start) => found.push(`${index.keywords[id]}@${start}-${end}`));
  return found;
}

describe('the keyword tables the build writes', () => {
  it('holds, for each built-in profile that redacts, the tables its rules build, and a scan with them reports the same hits', () => {
    const folder = scratch();
    const written = writeBuiltinKeywordTables(folder);
    expect([...written.keys()].sort()).toEqual(['public', 'research', 'standard', 'team']);
    const text = 'export API_KEY=abc123 # contraseña: hunter2, gh  secret\tset TOKEN --password x\nAuthorization: Bearer ey';
    for (const name of ['standard', 'research']) {
      const profile = builtinProfile(name)!;
      const { keywordIndex } = compileRules(rulesFor(profile), { allowValues: profile.allow, prebuiltKeywordTables: false });
      const read = prebuiltKeywordTables(keywordIndex.keywords, keywordIndex.runChars, folder);
      expect(read, name).not.toBeNull();
      expect(bytesOf(read), name).toEqual(bytesOf(keywordIndex.tables));
      const fromFile = new KeywordIndex(keywordIndex.keywords, keywordIndex.runChars, read!);
      expect(hits(fromFile, text), name).toEqual(hits(keywordIndex, text));
      expect(hits(fromFile, text).length, name).toBeGreaterThan(3);
    }
    // beside them, what compiling the rules read from each pattern (pattern-readings.ts): what pattern-start reads now
    expect(readdirSync(folder).filter((file) => file.endsWith('.readings.json'))).toEqual([readingsFileName()]);
    const readings = JSON.parse(readFileSync(join(folder, readingsFileName()), 'utf8')) as Array<[string, { atKeyword: boolean; reach: unknown }]>;
    expect(readings.length).toBeGreaterThan(200);
    for (const [key, reading] of readings) {
      const [source, flags, keywords] = JSON.parse(key) as [string, string, string[]];
      const pattern = new RegExp(source, flags);
      const starts = literalStarts(pattern);
      expect(reading, source).toEqual({ starts, atKeyword: starts !== null && startsAtKeyword(pattern, keywords, starts), reach: keywordReach(pattern, keywords) });
    }
    expect(readings.filter(([, reading]) => reading.atKeyword).length).toBeGreaterThan(50);
    expect(readings.filter(([, reading]) => reading.reach !== null).length).toBeGreaterThan(0);
  });

  it('reads a file only for the keywords and run characters it was made from, in their order', () => {
    const folder = scratch();
    const keywords = ['token', 'api key', 'пароль'];
    writeKeywordTables(folder, keywords, 'ab', buildKeywordTables(keywords, 'ab'));
    expect(bytesOf(prebuiltKeywordTables(keywords, 'ab', folder))).toEqual(bytesOf(buildKeywordTables(keywords, 'ab')));
    expect(prebuiltKeywordTables(['api key', 'token', 'пароль'], 'ab', folder)).toBeNull();
    expect(prebuiltKeywordTables([...keywords, 'secret'], 'ab', folder)).toBeNull();
    expect(prebuiltKeywordTables(keywords, 'abc', folder)).toBeNull();
    expect(prebuiltKeywordTables(keywords, 'ab', join(folder, 'missing'))).toBeNull();
  });

  it('does not read a file that does not hold what its name and header say: cut short, grown, another byte order, another list\'s tables', () => {
    const folder = scratch();
    const keywords = ['password', 'secret key'];
    const path = writeKeywordTables(folder, keywords, '', buildKeywordTables(keywords));
    const good = readFileSync(path);
    const readAs = (bytes: Buffer) => {
      writeFileSync(path, bytes);
      return prebuiltKeywordTables(keywords, '', folder);
    };
    expect(readAs(good)).not.toBeNull();
    expect(readAs(good.subarray(0, good.length - 4))).toBeNull();
    expect(readAs(Buffer.concat([good, Buffer.alloc(4)]))).toBeNull();
    // the byte-order mark follows the magic (8 bytes) and the digest (32)
    const swapped = Buffer.from(good);
    swapped.subarray(40, 44).reverse();
    expect(readAs(swapped)).toBeNull();
    const other = ['password', 'secret'];
    const otherFile = readFileSync(writeKeywordTables(folder, other, '', buildKeywordTables(other)));
    expect(readAs(otherFile)).toBeNull();
    expect(readAs(Buffer.from('not tables at all'))).toBeNull();
    expect(keywordTablesDigest(keywords, '')).not.toBe(keywordTablesDigest(other, ''));
  });
});
