#!/usr/bin/env node
/**
 * Builds redaction/names/name-model-data.ts, the data of the name / not-a-name judge, from public
 * lists only (redaction/names/README.md says which, with versions and licenses):
 *   - given names and family names of @faker-js/faker's locales (MIT), unpacked anywhere:
 *       npm pack @faker-js/faker@10.6.0 && tar xzf faker-js-faker-10.6.0.tgz   (then --faker package)
 *   - Debian word lists in /usr/share/dict (wamerican, wbritish, wngerman, wfrench, ...);
 *   - identifiers of the project's node_modules (.d.ts and .js), split into their words.
 * No corpus of this project is read. The output depends on these inputs only (sorted, no clock).
 *
 *   node scripts/names/build-name-model.mjs --faker <dir of the unpacked package> [--dict /usr/share/dict] [--modules node_modules]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = {};
for (let i = 2; i < process.argv.length; i++) if (process.argv[i].startsWith('--')) args[process.argv[i].slice(2)] = process.argv[i + 1];
if (!args.faker) throw new Error('--faker <unpacked @faker-js/faker package dir> is required');
const DICT = args.dict ?? '/usr/share/dict';
const MODULES = args.modules ?? 'node_modules';
const OUT = args.out ?? 'redaction/names/name-model-data.ts';

/** Must match redaction/names/name-model.ts. */
const BUCKETS = 1 << 15;
const QUANT = 16;
const BLOOM_PROBES = 6;
function fnv(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}
/** Must match redaction/names/name-model.ts: double hashing of two FNV-1a variants. */
function bloomProbes(word, bits) {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995) + 0x9e3779b9;
  }
  const out = [];
  for (let i = 0; i < BLOOM_PROBES; i++) out.push((((h1 >>> 0) + i * ((h2 >>> 0) | 1)) >>> 0) % bits);
  return out;
}
function features(token) {
  const padded = `^${token}$`;
  const out = [];
  for (let n = 3; n <= 4; n++) for (let i = 0; i + n <= padded.length; i++) out.push(fnv(padded.slice(i, i + n)));
  return out;
}

const LETTERS = /^[\p{L}\p{M}]+$/u;
const splitName = (text) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .split(/[\s\-'’.]+/u)
    .filter((part) => part.length >= 2 && LETTERS.test(part));

// 1. names (faker: every locale's first, middle and last names)
const faker = await import(pathToFileURL(resolve(args.faker, 'dist/index.js')).href);
const fakerVersion = JSON.parse(readFileSync(resolve(args.faker, 'package.json'), 'utf8')).version;
const flat = (value) => (!value ? [] : Array.isArray(value) ? value.flatMap(flat) : typeof value === 'object' ? Object.values(value).flatMap(flat) : [String(value)]);
const given = new Set();
const family = new Set();
for (const locale of Object.keys(faker.allLocales).sort()) {
  const person = faker.allLocales[locale].person;
  if (!person || locale === 'en_BORK') continue; // Swedish-chef English is a joke locale
  for (const name of [...flat(person.first_name), ...flat(person.middle_name)]) for (const part of splitName(name)) given.add(part);
  for (const name of flat(person.last_name)) for (const part of splitName(name)) family.add(part);
}
// places (faker's countries in every locale; states, counties, cities, street words of the English ones): not people
const places = new Set();
/** countries, states and continents: a name that is one of them (`France`, `Georgia`, `Jordan`) is ambiguous */
const countries = new Set();
for (const locale of Object.keys(faker.allLocales).sort()) {
  const location = faker.allLocales[locale].location;
  if (!location || locale === 'en_BORK') continue;
  // every locale's countries; the rest from the English locales only (the data budget)
  const keys = locale.startsWith('en') ? ['city_name', 'city_prefix', 'city_suffix', 'continent', 'country', 'county', 'direction', 'language', 'state', 'street_suffix'] : ['country'];
  for (const key of keys) {
    for (const name of flat(location[key])) {
      for (const part of splitName(name)) {
        places.add(part);
        if (key === 'country' || key === 'state' || key === 'continent') countries.add(part);
      }
    }
  }
}
const PARTICLES = new Set('van von der den de del della dei degli los las di da das do dos du la le bin binti bint ibn al el ter ten zu zum zur vom af av ó ní nic uí ua mac ap y e'.split(' '));
for (const particle of PARTICLES) {
  given.delete(particle);
  family.delete(particle);
}

// 2. words: Debian word lists (lower-case entries; German nouns are capitalised, so all of ngerman)
const DICTS = [
  ['american-english', 'utf8', 'english'],
  ['british-english', 'utf8', 'english'],
  ['ngerman', 'utf8', 'nouns-capitalised'],
  ['french', 'utf8'],
  ['spanish', 'utf8'],
  ['italian', 'utf8'],
  ['portuguese', 'utf8'],
  ['dutch', 'utf8'],
  ['polish', 'utf8'],
  ['swedish', 'latin1'],
  ['bokmaal', 'latin1'],
  ['danish', 'utf8'],
  ['catalan', 'utf8'],
];
const MAX_PER_LANGUAGE = 120_000;
const english = new Set();
const foreign = new Set();
const dictSizes = {};
for (const [file, encoding, kind] of DICTS) {
  let lines;
  try {
    lines = readFileSync(join(DICT, file), encoding).split('\n');
  } catch {
    throw new Error(`${join(DICT, file)} is missing: apt-get install -y wamerican wbritish wngerman wfrench wspanish witalian wportuguese wdutch wpolish wswedish wnorwegian wdanish wcatalan`);
  }
  const entries = lines
    .map((line) => line.split('/')[0].trim().normalize('NFC'))
    .filter((word) => word.length >= 2 && LETTERS.test(word) && (kind === 'nouns-capitalised' || !/^\p{Lu}/u.test(word)));
  const stride = Math.max(1, Math.ceil(entries.length / MAX_PER_LANGUAGE));
  dictSizes[file] = entries.length;
  for (let i = 0; i < entries.length; i += stride) (kind === 'english' ? english : foreign).add(entries[i].toLowerCase());
}

// 3. technical words: identifiers in node_modules code, split at case changes and underscores, seen in 3+ packages
const packagesOf = new Map();
function walk(dir, pkg, depth) {
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(dir, name);
    let stat;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (name === '.bin' || depth > 8) continue;
      const nextPkg = dir.endsWith('node_modules') ? (name.startsWith('@') ? name : name) : pkg;
      walk(path, nextPkg, depth + 1);
    } else if (/\.(?:d\.ts|js|mjs|cjs)$/.test(name) && stat.size < 3_000_000) {
      const code = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
      for (const identifier of code.match(/[A-Za-z_$][A-Za-z0-9_$]{2,}/g) ?? []) {
        for (const part of identifier.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').split(/[\s_$\d]+/)) {
          const word = part.toLowerCase();
          if (word.length < 3 || !/^[a-z]+$/.test(word)) continue;
          let seen = packagesOf.get(word);
          if (!seen) packagesOf.set(word, (seen = new Set()));
          seen.add(pkg);
        }
      }
    }
  }
}
walk(resolve(MODULES), 'root', 0);
const technical = new Set([...packagesOf].filter(([, pkgs]) => pkgs.size >= 3).map(([word]) => word));

// 4. the n-gram model: hashed 3- and 4-grams, naive Bayes log-ratio of name against word, per bucket
const isName = (token) => given.has(token) || family.has(token);
const nameTokens = [...new Set([...given, ...family])].sort();
const wordTokens = [...new Set([...english, ...foreign, ...technical])].filter((word) => !isName(word)).sort();
const holdout = (token) => fnv(`holdout:${token}`) % 10 === 0;
/** every language's words count, but an English or technical word (what program output is written in) counts a hundred times as much: best on held-out tokens (names 0.87 / words 0.95 right) */
const FOREIGN_WEIGHT = Number(process.env.FOREIGN_WEIGHT ?? 0.01);
function train(filter) {
  const nameCounts = new Float64Array(BUCKETS);
  const wordCounts = new Float64Array(BUCKETS);
  let nameTotal = 0;
  let wordTotal = 0;
  for (const token of nameTokens) {
    if (!filter(token)) continue;
    for (const f of features(token)) nameCounts[f] += 1;
    nameTotal += features(token).length;
  }
  for (const token of wordTokens) {
    if (!filter(token)) continue;
    const weight = english.has(token) || technical.has(token) ? 1 : FOREIGN_WEIGHT;
    for (const f of features(token)) wordCounts[f] += weight;
    wordTotal += weight * features(token).length;
  }
  const table = new Int8Array(BUCKETS);
  const alpha = 0.5;
  for (let b = 0; b < BUCKETS; b++) {
    const ratio = Math.log((nameCounts[b] + alpha) / (nameTotal + alpha * BUCKETS)) - Math.log((wordCounts[b] + alpha) / (wordTotal + alpha * BUCKETS));
    table[b] = Math.max(-127, Math.min(127, Math.round(ratio * QUANT)));
  }
  return table;
}
const score = (table, token) => {
  const fs = features(token);
  let sum = 0;
  for (const f of fs) sum += table[f];
  return sum / QUANT / fs.length;
};
// held-out accuracy, for the README (trained without a tenth, judged on that tenth)
{
  const table = train((token) => !holdout(token));
  const judged = (tokens) => tokens.filter(holdout).map((token) => score(table, token));
  const names = judged(nameTokens);
  const words = judged(wordTokens.filter((word) => english.has(word) || technical.has(word)));
  const rate = (values, pass) => (values.filter(pass).length / values.length).toFixed(3);
  process.stderr.write(`held out: names > 0: ${rate(names, (v) => v > 0)}, english/technical words < 0: ${rate(words, (v) => v < 0)} (${names.length} / ${words.length})\n`);
}
const table = train(() => true);

// 5. exact lists the n-gram cannot be trusted with
/**
 * names that are also everyday English or technical words (`mark`, `rose`, `grace`, `west`): the
 * everyday words are faker's English word, hacker, commerce and company vocabulary (a full
 * dictionary would also hold `john` and `bob`), and countries, states and continents
 */
const everyday = new Set();
const fakerEnglish = faker.allLocales.en;
for (const group of [fakerEnglish.word, fakerEnglish.hacker, fakerEnglish.commerce, fakerEnglish.company, fakerEnglish.location?.street_suffix, fakerEnglish.location?.direction]) {
  for (const phrase of flat(group)) for (const part of phrase.toLowerCase().split(/[^a-z]+/)) if (part.length >= 2) everyday.add(part);
}
const ambiguous = nameTokens.filter((token) => everyday.has(token) || technical.has(token) || countries.has(token));
/**
 * names that are also lower-case English dictionary words (`rose`, `grant`, `hill`, `wood`, and
 * `john`, `smith` too): a phrase of nothing else (`Rose Hill`, `Grant Wood`) may be words, and is a
 * name only where its place says so
 */
const ambiguousSet = new Set(ambiguous);
const dictionaryNames = nameTokens.filter((token) => english.has(token) && !ambiguousSet.has(token));
/**
 * English and technical words on no name list, as a Bloom filter (2 % false positives, 6 probes):
 * the judge's evidence that a token is a word. A name list wins over it.
 */
const knownWords = [...new Set([...english, ...technical, ...everyday])].filter((word) => !isName(word)).sort();
const BLOOM_BITS_PER_WORD = 8.2;
const bloomBits = Math.ceil((knownWords.length * BLOOM_BITS_PER_WORD) / 8) * 8;
const bloom = new Uint8Array(bloomBits / 8);
for (const word of knownWords) {
  for (const bit of bloomProbes(word, bloomBits)) bloom[bit >>> 3] |= 1 << (bit & 7);
}

function frontCoded(sorted) {
  let previous = '';
  return sorted
    .map((token) => {
      let shared = 0;
      while (shared < 9 && shared < previous.length && shared < token.length && previous[shared] === token[shared]) shared++;
      previous = token;
      return `${shared}${token.slice(shared)}`;
    })
    .join('');
}
/** places that are no person's name (`texas`, `bergen`?): a person's name list wins */
const placesOnly = [...places].filter((token) => !isName(token)).sort();
const onlyGiven = nameTokens.filter((token) => given.has(token) && !family.has(token));
const onlyFamily = nameTokens.filter((token) => family.has(token) && !given.has(token));
const both = nameTokens.filter((token) => given.has(token) && family.has(token));
const sections = [
  ['given', frontCoded(onlyGiven)],
  ['family', frontCoded(onlyFamily)],
  ['both', frontCoded(both)],
  ['ambiguous', frontCoded(ambiguous)],
  ['dictionary', frontCoded(dictionaryNames)],
  ['words', `${bloomBits} ${Buffer.from(bloom).toString('base64')}`],
  ['places', frontCoded(placesOnly)],
  ['ngram', Buffer.from(table.buffer).toString('base64')],
];
const payload = sections.map(([name, body]) => `@${name}\n${body}`).join('\n');
if (/[`\\$]/.test(payload)) throw new Error('the payload must hold no backquote, backslash or dollar sign');
const header = `/**
 * Generated by scripts/names/build-name-model.mjs: do not edit (see README.md in this folder).
 * faker ${fakerVersion}: ${given.size} given names, ${family.size} family names (${both.length} both);
 * ${ambiguous.length} names that are also words, ${dictionaryNames.length} more in an English dictionary; ${knownWords.length} English/technical words (a Bloom filter); ${placesOnly.length} places;
 * ${BUCKETS} hashed 3/4-gram log-ratios. Read as text by name-model.ts, never imported at start-up.
 */
`;
writeFileSync(OUT, `${header}export const NAME_MODEL_DATA = \`\n${payload}\n\`;\n`);
process.stderr.write(
  `${OUT}: ${(Buffer.byteLength(payload) / 1024).toFixed(0)} KB; given ${onlyGiven.length}, family ${onlyFamily.length}, both ${both.length}, ambiguous ${ambiguous.length}, dictionary ${dictionaryNames.length}, known words ${knownWords.length}, technical ${technical.size}, english ${english.size}, foreign ${foreign.size}\n` +
    `dictionaries: ${JSON.stringify(dictSizes)}\n`,
);
