/**
 * The data of the name judge (name-model-data.ts, built by scripts/names/build-name-model.mjs),
 * decoded on first use. The data module is never imported: its file is read as text the first time
 * a personal rule asks about a token, so a profile without personal rules (`standard`) neither
 * parses nor decodes it. (Node 20 cannot `require` an ES module synchronously, and tsc copies no
 * JSON, so the compiled data module is the one file that is both in the source tree and in dist.)
 */
import { readFileSync } from 'node:fs';

/** Must match the build script. */
const BUCKETS = 1 << 15;
const QUANT = 16;
const BLOOM_PROBES = 6;

export const GIVEN = 1;
export const FAMILY = 2;
/** a name that is also an everyday English or technical word (`will`, `mark`, `west`) */
export const AMBIGUOUS = 4;
/** an English or technical word on no name list (the Bloom filter's answer; 2 % of other tokens say yes too) */
export const WORD = 8;
/** a country, state, city or street word that is no person's name on any list */
export const PLACE = 16;
/** a name that is also a lower-case English dictionary word (`rose`, `grant`, `hill`; `john` and `smith` too) */
export const DICTIONARY = 32;

export interface NameModel {
  /** lower-cased token → GIVEN | FAMILY | AMBIGUOUS | DICTIONARY | WORD | PLACE */
  readonly flags: ReadonlyMap<string, number>;
  /** hashed 3- and 4-gram log-ratios of name against word, ×QUANT */
  readonly ngrams: Int8Array;
  /** English and technical words on no name list: a Bloom filter of `bloomBits` bits */
  readonly bloom: Uint8Array;
  readonly bloomBits: number;
}

let model: NameModel | undefined;
let loads = 0;

/** How often the data was decoded in this process (0 until a personal rule asked; a test asserts it). */
export function nameModelLoads(): number {
  return loads;
}

function dataText(): string {
  const source = import.meta.url.endsWith('.ts') ? './name-model-data.ts' : './name-model-data.js';
  const text = readFileSync(new URL(source, import.meta.url), 'utf8');
  const start = text.indexOf('`\n@');
  const end = text.lastIndexOf('\n`');
  if (start < 0 || end < start) throw new Error('name-model-data: no payload');
  return text.slice(start + 2, end);
}

/** Front-coded list: `<shared prefix length 0-9><rest>` per token, sorted. */
function* frontDecoded(body: string): Iterable<string> {
  let previous = '';
  for (const match of body.matchAll(/(\d)(\D*)/gu)) {
    previous = previous.slice(0, Number(match[1])) + match[2]!;
    yield previous;
  }
}

const SECTION_FLAGS: Record<string, number> = { given: GIVEN, family: FAMILY, both: GIVEN | FAMILY, ambiguous: AMBIGUOUS, dictionary: DICTIONARY, places: PLACE };

export function nameModel(): NameModel {
  if (model) return model;
  loads += 1;
  const flags = new Map<string, number>();
  let ngrams = new Int8Array(BUCKETS);
  let bloom = new Uint8Array(0);
  let bloomBits = 0;
  for (const section of dataText().split('\n@')) {
    const newline = section.indexOf('\n');
    const name = section.slice(0, newline).replace(/^@/, '');
    const body = section.slice(newline + 1).trim();
    if (name === 'ngram') {
      const bytes = Buffer.from(body, 'base64');
      ngrams = new Int8Array(bytes.buffer, bytes.byteOffset, BUCKETS);
      continue;
    }
    if (name === 'words') {
      const [bits, encoded] = body.split(' ');
      bloomBits = Number(bits);
      bloom = new Uint8Array(Buffer.from(encoded ?? '', 'base64'));
      continue;
    }
    const flag = SECTION_FLAGS[name];
    if (flag === undefined) continue;
    for (const token of frontDecoded(body)) flags.set(token, (flags.get(token) ?? 0) | flag);
  }
  model = { flags, ngrams, bloom, bloomBits };
  return model;
}

function fnv(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

/** Mean log-ratio (name against word) of a lower-cased token's 3- and 4-grams: > 0 looks like a name. */
export function ngramOdds(token: string): number {
  const { ngrams } = nameModel();
  const padded = `^${token}$`;
  let sum = 0;
  let count = 0;
  for (let n = 3; n <= 4; n++) {
    for (let i = 0; i + n <= padded.length; i++) {
      sum += ngrams[fnv(padded, i, i + n)]!;
      count += 1;
    }
  }
  return count === 0 ? 0 : sum / QUANT / count;
}

/** True when a lower-cased token is an English or technical word on no name list (Bloom filter: 2 % false yes). */
export function isKnownWord(token: string): boolean {
  const { bloom, bloomBits } = nameModel();
  if (bloomBits === 0) return false;
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) + 0x9e3779b9;
  }
  for (let i = 0; i < BLOOM_PROBES; i++) {
    const bit = (((h1 >>> 0) + i * ((h2 >>> 0) | 1)) >>> 0) % bloomBits;
    if ((bloom[bit >>> 3]! & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}
