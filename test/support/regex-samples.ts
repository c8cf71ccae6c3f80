/**
 * Strings a regular expression matches, drawn at random from its syntax: the subset of
 * JavaScript's syntax the redaction rules use (alternation, groups of every kind, classes,
 * escapes, quantifiers, back references). Lookarounds are drawn only where they can hold
 * without knowing the rest: a positive lookbehind is written before the match (the context the
 * pattern reads; after the pattern's first part, in its place, as a lookbehind there reads that
 * part again), a positive lookahead at the end after it; the others are left to the caller, who
 * keeps only the samples the pattern really matches (`sampleMatches`).
 *
 * Bounded: `*`, `+` and open `{n,}` repeat at most a few more times than their minimum, and a
 * class or `.` draws from a small alphabet (printable ASCII, tab, line break and a few letters
 * and marks outside ASCII), so that what a pattern leaves open reads like text, not like noise.
 */

type Node =
  | { kind: 'chars'; ranges: Array<[number, number]>; negated: boolean }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'choice'; options: Node[] }
  | { kind: 'group'; body: Node; capture?: number; name?: string }
  | { kind: 'look'; body: Node; behind: boolean; negative: boolean }
  | { kind: 'repeat'; body: Node; min: number; max: number }
  | { kind: 'assertion' }
  | { kind: 'backref'; capture?: number; name?: string };

/** What a repetition without an upper bound adds to its minimum, at most. */
const OPEN_REPEAT_EXTRA = 6;
/** A bounded repetition draws at most this many more than its minimum. */
const BOUNDED_REPEAT_EXTRA = 12;

const ALPHABET: readonly number[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, k) => 0x20 + k),
  0x09,
  0x0a,
  ...'éüßñøЖжπ中文→–’'.split('').map((char) => char.charCodeAt(0)),
];

const DIGIT: Array<[number, number]> = [[0x30, 0x39]];
const WORD: Array<[number, number]> = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
const SPACE: Array<[number, number]> = [[0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x2000, 0x200a], [0x2028, 0x2029], [0x3000, 0x3000], [0xfeff, 0xfeff]];

/** Some letters of each property the rules name (others draw as `L`). */
const PROPERTIES: Record<string, Array<[number, number]>> = {
  L: [[0x41, 0x5a], [0x61, 0x7a], [0xc0, 0xd6], [0xd8, 0xf6], [0x410, 0x44f]],
  Lu: [[0x41, 0x5a], [0xc0, 0xd6], [0x410, 0x42f]],
  Ll: [[0x61, 0x7a], [0xdf, 0xf6], [0x430, 0x44f]],
  Han: [[0x4e00, 0x9fff]],
  Hiragana: [[0x3041, 0x3096]],
  Katakana: [[0x30a1, 0x30fa]],
  Hangul: [[0xac00, 0xd7a3]],
  Cyrillic: [[0x410, 0x44f]],
  Greek: [[0x391, 0x3a9], [0x3b1, 0x3c9]],
  Latin: [[0x41, 0x5a], [0x61, 0x7a]],
  Hebrew: [[0x5d0, 0x5ea]],
  Arabic: [[0x627, 0x64a]],
  Devanagari: [[0x905, 0x939]],
  Thai: [[0xe01, 0xe30]],
  Lo: [[0x4e00, 0x9fff], [0x5d0, 0x5ea]],
  M: [[0x300, 0x36f]],
  N: [[0x30, 0x39]],
};

function complement(ranges: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const result: Array<[number, number]> = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) result.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= 0xffff) result.push([next, 0xffff]);
  return result;
}

class Parser {
  private at = 0;
  private captures = 0;
  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
    private readonly dotAll: boolean,
  ) {}

  parse(): Node {
    const node = this.choice();
    if (this.at < this.source.length) throw new Error(`unexpected '${this.source[this.at]}' at ${this.at} in /${this.source}/`);
    return node;
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }

  private choice(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'choice', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { kind: 'sequence', items };
  }

  private quantified(atom: Node): Node {
    const rest = this.source.slice(this.at);
    let min: number;
    let max: number;
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (rest[0] === '*') [min, max, this.at] = [0, Number.POSITIVE_INFINITY, this.at + 1];
    else if (rest[0] === '+') [min, max, this.at] = [1, Number.POSITIVE_INFINITY, this.at + 1];
    else if (rest[0] === '?') [min, max, this.at] = [0, 1, this.at + 1];
    else if (braces) {
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === '' ? Number.POSITIVE_INFINITY : Number(braces[3]);
      this.at += braces[0].length;
    } else return atom;
    if (this.peek() === '?') this.at += 1;
    return { kind: 'repeat', body: atom, min, max };
  }

  private atom(): Node {
    const char = this.source[this.at++]!;
    switch (char) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '.':
        return { kind: 'chars', ranges: this.dotAll ? [] : [[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]], negated: true };
      case '^':
      case '$':
        return { kind: 'assertion' };
      case '\\':
        return this.escape();
      default:
        return literal(char.charCodeAt(0));
    }
  }

  private group(): Node {
    const rest = this.source.slice(this.at);
    const look = /^\?(<?)([=!])/.exec(rest);
    const named = /^\?<([A-Za-z_$][\w$]*)>/.exec(rest);
    let node: Node;
    if (look) {
      this.at += look[0].length;
      node = { kind: 'look', body: this.choice(), behind: look[1] === '<', negative: look[2] === '!' };
    } else if (named) {
      this.at += named[0].length;
      const capture = ++this.captures;
      node = { kind: 'group', body: this.choice(), capture, name: named[1]! };
    } else if (rest.startsWith('?:')) {
      this.at += 2;
      node = { kind: 'group', body: this.choice() };
    } else {
      const capture = ++this.captures;
      node = { kind: 'group', body: this.choice(), capture };
    }
    if (this.source[this.at++] !== ')') throw new Error(`unclosed group in /${this.source}/`);
    return node;
  }

  private charClass(): Node {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.at += 1;
    }
    const ranges: Array<[number, number]> = [];
    while (this.at < this.source.length && this.peek() !== ']') {
      const lo = this.classAtom();
      if (this.peek() === '-' && this.source[this.at + 1] !== ']' && this.at + 1 < this.source.length && typeof lo === 'number') {
        this.at += 1;
        const hi = this.classAtom();
        if (typeof hi === 'number') ranges.push([lo, hi]);
        else ranges.push([lo, lo], [0x2d, 0x2d], ...hi);
      } else if (typeof lo === 'number') ranges.push([lo, lo]);
      else ranges.push(...lo);
    }
    if (this.source[this.at++] !== ']') throw new Error(`unclosed class in /${this.source}/`);
    return { kind: 'chars', ranges, negated };
  }

  /** One character of a class (its code) or a class escape (its ranges). */
  private classAtom(): number | Array<[number, number]> {
    const char = this.source[this.at++]!;
    if (char !== '\\') return this.codePointAt(char);
    const escaped = this.source[this.at++]!;
    if (escaped === 'b') return 0x08;
    const set = this.classEscape(escaped);
    if (set) return set;
    return this.characterEscape(escaped);
  }

  private codePointAt(char: string): number {
    return char.charCodeAt(0);
  }

  private classEscape(escaped: string): Array<[number, number]> | null {
    switch (escaped) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'p':
      case 'P': {
        const property = /^\{([^}]*)\}/.exec(this.source.slice(this.at));
        if (!this.unicode || !property) return null;
        this.at += property[0].length;
        const letters = PROPERTIES[property[1]!.replace(/^(?:Script|sc)=/, '')] ?? PROPERTIES.L!;
        return escaped === 'p' ? letters : complement(letters);
      }
      default:
        return null;
    }
  }

  private characterEscape(escaped: string): number {
    const rest = this.source.slice(this.at);
    switch (escaped) {
      case 'n':
        return 0x0a;
      case 't':
        return 0x09;
      case 'r':
        return 0x0d;
      case 'f':
        return 0x0c;
      case 'v':
        return 0x0b;
      case '0':
        return 0;
      case 'x': {
        const hex = /^[0-9a-fA-F]{2}/.exec(rest);
        if (!hex) return 'x'.charCodeAt(0);
        this.at += 2;
        return Number.parseInt(hex[0], 16);
      }
      case 'u': {
        const hex = /^[0-9a-fA-F]{4}/.exec(rest);
        const braced = this.unicode ? /^\{([0-9a-fA-F]+)\}/.exec(rest) : null;
        if (braced) {
          this.at += braced[0].length;
          return Math.min(Number.parseInt(braced[1]!, 16), 0xffff);
        }
        if (!hex) return 'u'.charCodeAt(0);
        this.at += 4;
        return Number.parseInt(hex[0], 16);
      }
      case 'c': {
        const letter = this.source[this.at++]!;
        return letter.charCodeAt(0) % 32;
      }
      default:
        return escaped.charCodeAt(0);
    }
  }

  private escape(): Node {
    const escaped = this.source[this.at++]!;
    if (escaped === 'b' || escaped === 'B') return { kind: 'assertion' };
    if (/[1-9]/.test(escaped)) {
      let digits = escaped;
      while (/[0-9]/.test(this.peek() ?? '')) digits += this.source[this.at++];
      return { kind: 'backref', capture: Number(digits) };
    }
    if (escaped === 'k') {
      const name = /^<([^>]+)>/.exec(this.source.slice(this.at));
      if (name) {
        this.at += name[0].length;
        return { kind: 'backref', name: name[1]! };
      }
    }
    const set = this.classEscape(escaped);
    if (set) return { kind: 'chars', ranges: set, negated: false };
    return literal(this.characterEscape(escaped));
  }
}

function literal(code: number): Node {
  return { kind: 'chars', ranges: [[code, code]], negated: false };
}

/** A small deterministic generator (mulberry32): the same seed draws the same samples. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Drawer {
  private readonly groups = new Map<number | string, string>();
  private out = '';

  constructor(
    private readonly random: () => number,
    private readonly ignoreCase: boolean,
  ) {}

  draw(root: Node): string {
    this.out = '';
    this.groups.clear();
    this.emit(root, true);
    return this.out;
  }

  private int(below: number): number {
    return Math.floor(this.random() * below);
  }

  /** `last`: nothing of the pattern comes after this node (a lookahead here may be written out) */
  private emit(node: Node, last: boolean): void {
    switch (node.kind) {
      case 'chars':
        this.out += this.char(node);
        return;
      case 'sequence':
        node.items.forEach((item, index) => this.emit(item, last && index === node.items.length - 1));
        return;
      case 'choice':
        this.emit(node.options[this.int(node.options.length)]!, last);
        return;
      case 'group': {
        const from = this.out.length;
        this.emit(node.body, last);
        const text = this.out.slice(from);
        if (node.capture !== undefined) this.groups.set(node.capture, text);
        if (node.name !== undefined) this.groups.set(node.name, text);
        return;
      }
      case 'look':
        if (node.negative) return;
        if (node.behind && this.out.length > 0) {
          // a lookbehind after the pattern's first part reads that part again (`\.atlasv1\.(?<=[A-Za-z0-9]{14}\.atlasv1\.)`): what it draws stands for it
          this.out = '';
          this.emit(node.body, false);
        } else if (node.behind || last) this.emit(node.body, last);
        return;
      case 'repeat': {
        const extra = node.max === Number.POSITIVE_INFINITY ? OPEN_REPEAT_EXTRA : Math.min(node.max - node.min, BOUNDED_REPEAT_EXTRA);
        const times = node.min + this.int(extra + 1);
        for (let k = 0; k < times; k++) this.emit(node.body, last && k === times - 1);
        return;
      }
      case 'assertion':
        return;
      case 'backref':
        this.out += this.groups.get(node.name ?? node.capture!) ?? '';
        return;
    }
  }

  private char(node: Extract<Node, { kind: 'chars' }>): string {
    const inSet = (code: number) => node.ranges.some(([lo, hi]) => code >= lo && code <= hi);
    const choices = ALPHABET.filter((code) => (node.negated ? !inSet(code) : inSet(code)));
    let code: number;
    if (choices.length > 0) code = choices[this.int(choices.length)]!;
    else if (!node.negated && node.ranges.length > 0) {
      const [lo, hi] = node.ranges[this.int(node.ranges.length)]!;
      code = lo + this.int(Math.min(hi, 0xd7ff) - lo + 1);
    } else code = 0x20;
    const char = String.fromCharCode(code);
    if (!this.ignoreCase || this.random() < 0.5) return char;
    return char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
  }
}

/** Parses a pattern's source as the rules write it (a test that it parses is a test of the parser). */
export function parsePattern(pattern: RegExp): unknown {
  return parserOf(pattern).parse();
}

function parserOf(pattern: RegExp): Parser {
  return new Parser(pattern.source, pattern.flags.includes('u'), pattern.flags.includes('s'));
}

/**
 * Up to `count` strings drawn from `pattern`'s syntax that the pattern matches (tried `tries`
 * times): each with the match the pattern finds in it.
 */
export function sampleMatches(pattern: RegExp, count: number, seed: number, tries = count * 4): Array<{ text: string; match: string }> {
  const root = parserOf(pattern).parse();
  const drawer = new Drawer(seededRandom(seed), pattern.flags.includes('i'));
  const search = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  const samples: Array<{ text: string; match: string }> = [];
  const seen = new Set<string>();
  for (let k = 0; k < tries && samples.length < count; k++) {
    const text = drawer.draw(root);
    if (seen.has(text)) continue;
    seen.add(text);
    const found = search.exec(text);
    if (found && found[0].length > 0) samples.push({ text, match: found[0] });
  }
  return samples;
}
