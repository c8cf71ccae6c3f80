/**
 * The redaction engine's cost on one long line must grow with the line, not with its square: a
 * pasted blob, minified code or a one-line JSON document can be megabytes without a line break,
 * and a window or a look-back that runs to the line's start at every keyword makes that quadratic.
 * Each shape is redacted at two sizes, four times apart; the time must grow less than
 * MAX_GROWTH times (linear is 4, quadratic 16).
 *
 *   node dist/bench/redaction/long-lines.js [--json]
 */
import { createTextRedactor } from '../../redaction/index.js';
import { isMain } from '../util.js';

const SMALL = 100_000;
const LARGE = 4 * SMALL;
export const MAX_GROWTH = 8;

/** Repeats `unit(i)` until the text is `size` characters long. */
function repeated(size: number, unit: (i: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const part = unit(i);
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, size);
}

/** Deterministic letters, so that two runs measure the same text. */
function pseudoWords(size: number): string {
  let x = 12345;
  return repeated(size, () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return String.fromCharCode(97 + (x >>> 24) % 26) + ((x >>> 8) % 6 === 0 ? ' ' : '');
  });
}

/** One line each, full of what the rules look for: names, separators, URLs, cookies, numbers. */
export const LONG_LINE_SHAPES: Readonly<Record<string, (size: number) => string>> = {
  words: pseudoWords,
  'password-names': (size) => repeated(size, (i) => `password=${i} pass `),
  'key-value-json': (size) => repeated(size, (i) => `"key${i}": "v${i}", "token_count": ${i}, `),
  'url-credentials': (size) => repeated(size, (i) => `https://u${i}:p${i}@h/x?token=abc&key= `),
  'mixed-names': (size) => repeated(size, (i) => `secret_${i}: 'x' auth ${i} key=${i}; `),
  cookies: (size) => 'Cookie: ' + repeated(size, (i) => `sess${i}=abc; `),
  'plus-numbers': (size) => repeated(size, (i) => `+${i} `),
  equals: (size) => '='.repeat(size),
  base64: (size) => Buffer.from(pseudoWords(size)).toString('base64').slice(0, size),
  // a field's name, then nothing but blanks: patterns with two blank runs side by side
  'name-then-blanks': (size) => `name${' '.repeat(size - 4)}`,
  // brackets that never close (ANSI colour codes) among records: the printed-record reader
  'open-brackets': (size) => repeated(size, (i) => `\u001b[1m[${i} name: "N${i} Q" ( email = "e${i}@x.io" `),
};

export interface LongLineGrowth {
  shape: string;
  smallMs: number;
  largeMs: number;
  growth: number;
  pass: boolean;
}

function timeOnce(text: string): number {
  const redact = createTextRedactor('research');
  const start = process.hrtime.bigint();
  redact(text);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The best of three runs (each on a text of its own: the scanner keeps its last answer). */
function bestOfThree(text: string): number {
  return Math.min(...[0, 1, 2].map((k) => timeOnce(text.slice(k))));
}

/** At each size, the best run is the one the machine disturbed least. */
export function measureLongLines(): LongLineGrowth[] {
  // compile the rules first, on a text not measured (the scanner would answer that one from its last answer)
  timeOnce(pseudoWords(SMALL + 3));
  return Object.entries(LONG_LINE_SHAPES).map(([shape, make]) => {
    const small = make(SMALL);
    const large = make(LARGE);
    const smallMs = bestOfThree(small);
    const largeMs = bestOfThree(large);
    // below a few milliseconds the ratio is noise: count such a shape as linear
    const growth = largeMs / Math.max(smallMs, 2);
    return { shape, smallMs, largeMs, growth, pass: growth < MAX_GROWTH };
  });
}

export interface LongLines {
  maxGrowth: number;
  rows: LongLineGrowth[];
}

export function formatLongLines(rows: readonly LongLineGrowth[]): string {
  return [
    `redaction (research) of one line of ${SMALL / 1000}k and ${LARGE / 1000}k characters: time growth (linear 4, quadratic 16; must stay under ${MAX_GROWTH})`,
    ...rows.map((r) => `  ${r.shape.padEnd(16)} ${r.smallMs.toFixed(1).padStart(7)} ms ${r.largeMs.toFixed(1).padStart(8)} ms  x${r.growth.toFixed(1).padEnd(5)} ${r.pass ? 'PASS' : 'FAIL'}`),
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const rows = measureLongLines();
  const json: LongLines = { maxGrowth: MAX_GROWTH, rows };
  process.stdout.write((process.argv.includes('--json') ? JSON.stringify(json) : formatLongLines(rows)) + '\n');
}
