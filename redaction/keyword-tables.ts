/**
 * The keyword automaton of a built-in profile, built once at build time instead of in every
 * process and worker thread (`npm run build` runs scripts/write-keyword-tables.mjs, which writes
 * one file per distinct keyword list into `keyword-tables/` beside the built modules).
 *
 * A file is named by a digest of everything the tables are made from: the keywords and run
 * characters, the source of the module that builds them (keyword-index), and the Unicode version
 * (case folding). A changed rule, a changed builder or another Node gives another name, so a stale
 * file is never read: the process builds the tables itself, as it would without any file. A file
 * that does not hold what its header says (cut short, another byte order) is not used either.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEYWORD_CODES, type KeywordTables } from './keyword-index.js';

/** Where the build writes the tables: `keyword-tables/` beside this module (in `dist/redaction/`). */
export const BUILT_TABLES_FOLDER = fileURLToPath(new URL('./keyword-tables/', import.meta.url));

const MAGIC = 'ATXKWT01';
const FILE_SUFFIX = '.bin';
/** Reads back as this number only in the byte order the file was written in. */
const BYTE_ORDER_MARK = 0x01020304;
/** magic, the digest, then 7 numbers of 32 bits: byte order, classBits, firstReporting and the four arrays' lengths */
const DIGEST_BYTES = 32;
const HEADER_BYTES = MAGIC.length + DIGEST_BYTES + 7 * 4;

let builderDigest: string | null = null;

/** A digest of the module that builds the tables: a change to how they are built changes every file's name. */
function builder(): string {
  builderDigest ??= createHash('sha256')
    .update(readFileSync(fileURLToPath(new URL(`./keyword-index${extname(fileURLToPath(import.meta.url))}`, import.meta.url))))
    .digest('hex');
  return builderDigest;
}

/** The digest that names the tables of these keywords and run characters (hex). */
export function keywordTablesDigest(keywords: readonly string[], runChars: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ format: MAGIC, builder: builder(), unicode: process.versions.unicode ?? '', runChars, keywords }))
    .digest('hex');
}

/** The tables of these keywords written by the build into `folder`, or null (none, stale or unreadable: the caller builds them). */
export function prebuiltKeywordTables(keywords: readonly string[], runChars: string, folder: string = BUILT_TABLES_FOLDER): KeywordTables | null {
  let bytes: Buffer;
  let digest: string;
  try {
    // most processes run from the built modules; from the sources (tests) there is no folder
    if (!existsSync(folder)) return null;
    digest = keywordTablesDigest(keywords, runChars);
    bytes = readFileSync(join(folder, digest + FILE_SUFFIX));
  } catch {
    return null;
  }
  return decodeKeywordTables(bytes, digest);
}

/** Writes `tables` (made from these keywords and run characters) into `folder`, atomically; returns the file's path. */
export function writeKeywordTables(folder: string, keywords: readonly string[], runChars: string, tables: KeywordTables): string {
  mkdirSync(folder, { recursive: true });
  const digest = keywordTablesDigest(keywords, runChars);
  const path = join(folder, digest + FILE_SUFFIX);
  const pending = `${path}.${process.pid}.tmp`;
  writeFileSync(pending, encodeKeywordTables(tables, digest));
  renameSync(pending, path);
  return path;
}

/** Removes the tables files in `folder` (those of earlier builds), leaving anything else. */
export function clearKeywordTables(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) if (name.endsWith(FILE_SUFFIX)) rmSync(join(folder, name), { force: true });
}

export function encodeKeywordTables(tables: KeywordTables, digest: string): Buffer {
  const arrays = [tables.next, tables.codeInfo, tables.outputStart, tables.outputIds];
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  Buffer.from(digest, 'hex').copy(header, MAGIC.length);
  const numbers = new Uint32Array([BYTE_ORDER_MARK, tables.classBits, tables.firstReporting, ...arrays.map((array) => array.length)]);
  Buffer.from(numbers.buffer).copy(header, MAGIC.length + DIGEST_BYTES);
  // every array's length in bytes is a multiple of 4 (see decode), so each starts aligned for its type
  return Buffer.concat([header, ...arrays.map((array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength))]);
}

/** The tables in `bytes`, or null when they are not tables named `digest` in this machine's byte order and shape. */
export function decodeKeywordTables(bytes: Buffer, digest: string): KeywordTables | null {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  if (bytes.toString('hex', MAGIC.length, MAGIC.length + DIGEST_BYTES) !== digest) return null;
  // typed arrays over the file's own memory need it aligned: a fresh read is; otherwise copy
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  const { buffer, byteOffset } = aligned;
  const numbers = new Uint32Array(buffer, byteOffset + MAGIC.length + DIGEST_BYTES, 7);
  const [mark, classBits, firstReporting, nextLength, codeInfoLength, outputStartLength, outputIdsLength] = numbers as unknown as number[];
  if (mark !== BYTE_ORDER_MARK || classBits! < 1 || classBits! > 8 || codeInfoLength !== KEYWORD_CODES || outputStartLength! < 2) return null;
  const states = outputStartLength! - 1;
  if (nextLength !== states << classBits! || firstReporting! > states) return null;
  if (bytes.length !== HEADER_BYTES + 2 * nextLength + 2 * codeInfoLength + 4 * outputStartLength! + 4 * outputIdsLength!) return null;
  let at = byteOffset + HEADER_BYTES;
  const next = new Uint16Array(buffer, at, nextLength);
  at += next.byteLength;
  const codeInfo = new Uint16Array(buffer, at, codeInfoLength);
  at += codeInfo.byteLength;
  const outputStart = new Int32Array(buffer, at, outputStartLength);
  at += outputStart.byteLength;
  const outputIds = new Int32Array(buffer, at, outputIdsLength);
  if (outputStart[0] !== 0 || outputStart[states] !== outputIdsLength) return null;
  return { next, codeInfo, outputStart, outputIds, classBits: classBits!, firstReporting: firstReporting! };
}
