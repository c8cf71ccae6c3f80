/**
 * A byte-level JSON scanner that checks a document's cost as its bytes arrive, before anything is
 * built from it: nesting depth, number of values, length of each string and number, number of
 * events (elements of the root object's `events` array), duplicate keys and UTF-8. It keeps only
 * the significant bytes (whitespace outside strings is dropped), in a buffer whose growth is
 * charged to a memory budget, so a body over any limit costs at most the bytes seen so far,
 * and a body of whitespace costs nothing.
 *
 * Once the whole document has passed, its kept bytes are parsed once, with JSON.parse (prepare.ts):
 * the scanner accepted exactly RFC 8259 JSON without duplicate keys, so that parse means what the
 * scanner saw. Nothing here recurses, so 5,000 levels of nesting are refused like any other limit.
 */
import type { LimitName } from '../api/contract.js';
import { BACKSLASH, QUOTE } from '../json-bytes.js';

export interface DocumentLimits {
  /** objects and arrays open at once */
  maxDepth: number;
  /** values (objects, arrays, strings, numbers, literals; keys do not count) */
  maxValues: number;
  /** bytes of one string or key as sent (escapes count as written) */
  maxStringBytes: number;
  /** elements of the root object's `events` array */
  maxEvents: number;
}

export type DocumentLimitName = Extract<LimitName, 'depth' | 'values' | 'string_bytes' | 'number_chars' | 'events'>;

/**
 * Where the root object's `events` array sits in the kept bytes: `open` and `close` are the
 * offsets of its brackets, `starts` those of its elements (each ends one byte before the next
 * starts, at its comma; the last at `close`).
 */
export interface EventsLayout {
  open: number;
  close: number;
  starts: readonly number[];
}

/** A number longer than this is no number a Transcript holds (and JSON.parse would round it anyway). */
export const MAX_NUMBER_CHARS = 400;

/** The document is over one of the limits: `limit` names it, `max` is its value. */
export class DocumentLimitError extends Error {
  constructor(readonly limit: DocumentLimitName, readonly max: number, readonly path: string) {
    super(`the document is over the server's ${limit} limit (${max}) at ${path}`);
    this.name = 'DocumentLimitError';
  }
}

/** Not JSON, or not UTF-8: `offset` counts bytes of the (inflated) body. */
export class JsonSyntaxError extends Error {
  constructor(message: string, readonly offset: number, readonly kind: 'json' | 'utf8') {
    super(`${message} at byte ${offset}`);
    this.name = 'JsonSyntaxError';
  }
}

/** The same key twice in one object: JSON parsers disagree on which one counts, so it is refused. */
export class DuplicateKeyError extends Error {
  constructor(readonly key: string, readonly path: string) {
    super(`duplicate key at ${path}`);
    this.name = 'DuplicateKeyError';
  }
}

/** Where the scanner's memory comes from: reserve() false means "over budget". */
export interface MemoryReservation {
  reserve(bytes: number): boolean;
  release(bytes: number): void;
}

/** The memory budget refused the buffer growth this document needs. */
export class MemoryBudgetError extends Error {
  constructor() {
    super('the server has no memory left for request bodies right now');
    this.name = 'MemoryBudgetError';
  }
}

const enum State {
  Value,          // a value must come (document start, after ':' or ',' in an array)
  ValueOrEnd,     // after '[': a value or ']'
  KeyOrEnd,       // after '{': a key or '}'
  Key,            // after ',' in an object: a key
  Colon,          // after a key
  AfterValue,     // ',' or the container's end (or the end of the document)
  String,         // inside a string (a key or a value)
  Number,
  Literal,        // true, false, null
  Done,           // the root value is complete: only whitespace may follow
}

const enum Num { Sign, Zero, Int, Dot, Frac, Exp, ExpSign, ExpDigits }

interface Frame {
  array: boolean;
  /** elements so far (arrays) */
  count: number;
  /** the current key (objects), for paths */
  key: string;
  /** the keys so far (objects): a short list, or a set once the object has many */
  keys: string[];
  keySet: Set<string> | null;
  /** what the keys cost, reserved until the object closes */
  keyBytes: number;
  events: boolean;
}

const LITERALS: Record<number, string> = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };
const SIMPLE_ESCAPES = new Set([...'"\\/bfnrt'].map((c) => c.charCodeAt(0)));
/** what a key costs besides its bytes, charged to the memory budget (a Set entry and a string header) */
const KEY_OVERHEAD_BYTES = 64;
/** 1 for the bytes a string may hold as they are without more checks: printable ASCII but " and \ */
const PLAIN_ASCII = new Uint8Array(256);
for (let byte = 0x20; byte < 0x80; byte++) PLAIN_ASCII[byte] = byte === QUOTE || byte === BACKSLASH ? 0 : 1;
/** 1 for the bytes that end an escape of two bytes: " \ / b f n r t */
const SHORT_ESCAPE = new Uint8Array(256);
for (const byte of SIMPLE_ESCAPES) SHORT_ESCAPE[byte] = 1;
/** runs of kept bytes up to this long are copied byte by byte */
const SHORT_COPY = 48;
/** up to this many keys an object's keys are checked in a list; a set beyond */
const SHORT_KEY_LIST = 16;

export class JsonBudgetScanner {
  private state = State.Value;
  /** frames of the open objects and arrays, reused (a document of a million `{}` allocates none per value) */
  private readonly frames: Frame[] = [];
  private depth = 0;
  private values = 0;
  /** body bytes before the current chunk */
  private offset = 0;

  /**
   * The significant bytes so far. While `adopted`, it is a view of the first chunk itself, whose
   * bytes so far are all significant (a compact document that came in one piece, the usual upload):
   * they are kept where they are instead of being copied; the first byte dropped, or a second
   * chunk, gives them a buffer of their own.
   */
  private kept: Buffer = Buffer.alloc(0);
  private keptLength = 0;
  private adopted = false;
  /** bytes of the memory budget held for `kept` */
  private reservedBytes: number;
  /** the chunk being scanned, and the start of its significant bytes not yet copied to `kept` */
  private chunk: Uint8Array = new Uint8Array(0);
  private span = 0;

  // inside a string
  private stringIsKey = false;
  private stringBytes = 0;
  private escape = 0;          // 0: none, 1: after a backslash, 2..5: hex digits of a \u escape still to come
  private utf8Need = 0;        // continuation bytes still to come
  private utf8Low = 0x80;      // range of the next continuation byte
  private utf8High = 0xbf;
  private keyStart = 0;        // where the key's bytes start in `kept`

  // where the root object's `events` array and its elements sit in `kept` (see eventsLayout)
  private eventsOpen = -1;
  private eventsClose = -1;
  private readonly eventStarts: number[] = [];

  // inside a number or a literal
  private num = Num.Sign;
  private tokenLength = 0;
  private literal = '';

  constructor(private readonly limits: DocumentLimits, private readonly memory: MemoryReservation, initialBytes = 16 * 1024) {
    if (!memory.reserve(initialBytes)) throw new MemoryBudgetError();
    this.reservedBytes = initialBytes;
  }

  /** Scans the next bytes; throws at the first byte over a limit, not JSON or not UTF-8. */
  write(bytes: Uint8Array): void {
    // a plain view: a Buffer's subarray() costs several times a Uint8Array's
    const chunk = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.adopted) this.ownKept(0);
    else if (this.offset === 0) this.adopt(chunk);
    this.chunk = chunk;
    this.span = 0;
    const length = chunk.length;
    for (let i = 0; i < length; i++) {
      let byte = chunk[i]!;
      if (this.state === State.String) {
        if (this.escape === 0 && this.utf8Need === 0) {
          // the common case: a run of plain ASCII
          const run = i;
          while (i < length && PLAIN_ASCII[chunk[i]!] === 1) i++;
          const n = this.stringBytes + (i - run);
          this.stringBytes = n;
          if (n > this.limits.maxStringBytes) throw this.over('string_bytes', this.limits.maxStringBytes);
          if (i === length) break;
          byte = chunk[i]!;
          // a short escape (\n in a message, say) or a two-byte character, without leaving the run
          if (i + 1 < length) {
            const next = chunk[i + 1]!;
            const pair = byte === BACKSLASH ? SHORT_ESCAPE[next] === 1 : byte >= 0xc2 && byte <= 0xdf && next >= 0x80 && next <= 0xbf;
            if (pair) {
              i++;
              if ((this.stringBytes = n + 2) > this.limits.maxStringBytes) throw this.over('string_bytes', this.limits.maxStringBytes);
              continue;
            }
          }
        }
        this.stringByte(byte, i);
        continue;
      }
      if (this.state === State.Number) {
        if (this.numberByte(byte)) continue;
        this.endNumber(i); // the byte that ended the number is read below
      } else if (this.state === State.Literal) {
        if (byte !== this.literal.charCodeAt(this.tokenLength)) throw this.syntax(`expected ${this.literal}`, i);
        if (++this.tokenLength === this.literal.length) this.state = afterValue(this.depth);
        continue;
      }
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
        this.keep(i);
        while (i + 1 < length && isWhitespace(chunk[i + 1]!)) i++;
        this.span = i + 1;
        continue;
      }
      this.structure(byte, i);
    }
    this.keep(length);
    this.offset += length;
    this.chunk = new Uint8Array(0);
  }

  /** The end of the body: the document must be complete. */
  end(): void {
    if (this.state === State.Number) this.endNumber(0);
    if (this.state !== State.Done) throw new JsonSyntaxError('the document ends too early', this.offset, 'json');
  }

  /** The document as compact JSON text (whitespace outside strings removed, nothing else changed). */
  text(): string {
    return this.kept.toString('utf8', 0, this.keptLength);
  }

  /**
   * The compact JSON bytes in memory of their own, exactly their size; the scanner is done after.
   * When they must be copied (the usual inflated body sits in a buffer a byte larger than itself),
   * the copy is made in shared memory, which a worker (document-pool.ts) and a blob thread
   * (blobs.ts) read where it is: one copy of the body instead of this one and the blob's own.
   */
  takeBytes(): Uint8Array {
    const kept = this.kept;
    this.kept = Buffer.alloc(0);
    if (kept.byteOffset === 0 && kept.buffer.byteLength === this.keptLength) return kept;
    const exact = new Uint8Array(new SharedArrayBuffer(this.keptLength));
    exact.set(kept.subarray(0, this.keptLength));
    return exact;
  }

  /** Bytes the document holds without its whitespace. */
  get keptBytes(): number {
    return this.keptLength;
  }

  /** Where the root object's `events` array and each of its elements sit in the kept bytes; undefined when it has none. */
  eventsLayout(): EventsLayout | undefined {
    if (this.eventsOpen < 0 || this.eventsClose < 0) return undefined;
    return { open: this.eventsOpen, close: this.eventsClose, starts: this.eventStarts };
  }

  // ---- structure

  private structure(byte: number, i: number): void {
    switch (this.state) {
      case State.ValueOrEnd:
        if (byte === 0x5d) return this.close(true, i);
        return this.startValue(byte, i);
      case State.Value:
        return this.startValue(byte, i);
      case State.KeyOrEnd:
        if (byte === 0x7d) return this.close(false, i);
        if (byte !== QUOTE) throw this.syntax('expected a key or }', i);
        return this.startString(true, i);
      case State.Key:
        if (byte !== QUOTE) throw this.syntax('expected a key', i);
        return this.startString(true, i);
      case State.Colon:
        if (byte !== 0x3a) throw this.syntax('expected :', i);
        this.state = State.Value;
        return;
      case State.AfterValue: {
        const top = this.frames[this.depth - 1]!;
        if (byte === 0x2c) {
          this.state = top.array ? State.Value : State.Key;
          return;
        }
        if (byte === (top.array ? 0x5d : 0x7d)) return this.close(top.array, i);
        throw this.syntax(`expected , or ${top.array ? ']' : '}'}`, i);
      }
      default:
        throw this.syntax('unexpected data after the document', i);
    }
  }

  private startValue(byte: number, i: number): void {
    const top = this.depth > 0 ? this.frames[this.depth - 1] : undefined;
    if (top?.array) {
      top.count++;
      if (top.events) {
        if (top.count > this.limits.maxEvents) throw this.over('events', this.limits.maxEvents);
        this.eventStarts.push(this.keptAt(i));
      }
    }
    if (++this.values > this.limits.maxValues) throw this.over('values', this.limits.maxValues);
    if (byte === 0x7b || byte === 0x5b) {
      const array = byte === 0x5b;
      if (this.depth >= this.limits.maxDepth) throw this.over('depth', this.limits.maxDepth);
      const events = array && this.depth === 1 && !top!.array && top!.key === 'events';
      if (events) this.eventsOpen = this.keptAt(i);
      let frame = this.frames[this.depth];
      if (!frame) {
        frame = { array, count: 0, key: '', keys: [], keySet: null, keyBytes: 0, events };
        this.frames[this.depth] = frame;
      } else {
        frame.array = array;
        frame.count = 0;
        frame.key = '';
        frame.keys.length = 0;
        frame.keySet = null;
        frame.keyBytes = 0;
        frame.events = events;
      }
      this.depth++;
      this.state = array ? State.ValueOrEnd : State.KeyOrEnd;
      return;
    }
    if (byte === QUOTE) return this.startString(false, i);
    if (byte === 0x2d || (byte >= 0x30 && byte <= 0x39)) {
      this.state = State.Number;
      this.num = Num.Sign;
      this.tokenLength = 0;
      this.numberByte(byte);
      return;
    }
    const literal = LITERALS[byte];
    if (literal) {
      this.state = State.Literal;
      this.literal = literal;
      this.tokenLength = 1;
      return;
    }
    throw this.syntax(byte >= 0x80 ? 'a byte that is not JSON outside a string' : 'expected a value', i);
  }

  private close(array: boolean, i: number): void {
    const frame = this.depth > 0 ? this.frames[this.depth - 1] : undefined;
    if (!frame || frame.array !== array) throw this.syntax('unbalanced brackets', i);
    this.depth--;
    if (frame.events) this.eventsClose = this.keptAt(i);
    if (frame.keyBytes > 0) this.memory.release(frame.keyBytes);
    this.state = afterValue(this.depth);
  }

  // ---- strings

  private startString(isKey: boolean, i: number): void {
    this.state = State.String;
    this.stringIsKey = isKey;
    this.stringBytes = 0;
    this.escape = 0;
    this.utf8Need = 0;
    if (isKey) {
      // a key is read back from `kept` when it ends: copy up to its opening quote so it starts there
      this.keep(i + 1);
      this.span = i + 1;
      this.keyStart = this.keptLength;
    }
  }

  /** One byte of a string that is not plain ASCII. */
  private stringByte(byte: number, i: number): void {
    if (this.utf8Need > 0) {
      if (byte < this.utf8Low || byte > this.utf8High) throw new JsonSyntaxError('invalid UTF-8 in a string', this.offset + i, 'utf8');
      this.utf8Need--;
      this.utf8Low = 0x80;
      this.utf8High = 0xbf;
    } else if (this.escape === 1) {
      if (byte === 0x75) this.escape = 5;
      else if (SIMPLE_ESCAPES.has(byte)) this.escape = 0;
      else throw this.syntax('an invalid escape in a string', i);
    } else if (this.escape > 1) {
      const lower = byte | 0x20;
      if (!((byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x66))) throw this.syntax('an invalid \\u escape in a string', i);
      this.escape = this.escape === 2 ? 0 : this.escape - 1;
    } else if (byte === QUOTE) {
      return this.endString(i);
    } else if (byte === BACKSLASH) {
      this.escape = 1;
    } else if (byte < 0x20) {
      throw this.syntax('a control character in a string', i);
    } else {
      this.startUtf8(byte, i);
    }
    if (++this.stringBytes > this.limits.maxStringBytes) throw this.over('string_bytes', this.limits.maxStringBytes);
  }

  private startUtf8(byte: number, i: number): void {
    if (byte >= 0xc2 && byte <= 0xdf) {
      this.utf8Need = 1;
    } else if (byte >= 0xe0 && byte <= 0xef) {
      this.utf8Need = 2;
      if (byte === 0xe0) this.utf8Low = 0xa0; // no overlong forms
      if (byte === 0xed) this.utf8High = 0x9f; // no UTF-16 surrogates
    } else if (byte >= 0xf0 && byte <= 0xf4) {
      this.utf8Need = 3;
      if (byte === 0xf0) this.utf8Low = 0x90;
      if (byte === 0xf4) this.utf8High = 0x8f; // nothing past U+10FFFF
    } else {
      throw new JsonSyntaxError('invalid UTF-8 in a string', this.offset + i, 'utf8');
    }
  }

  private endString(i: number): void {
    if (!this.stringIsKey) {
      this.state = afterValue(this.depth);
      return;
    }
    this.keep(i);
    this.span = i;
    const raw = this.keyText(this.keyStart, this.keptLength);
    const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    const frame = this.frames[this.depth - 1]!;
    frame.key = key;
    if (frame.keySet ? frame.keySet.has(key) : frame.keys.includes(key)) throw new DuplicateKeyError(key, this.path());
    const cost = raw.length * 2 + KEY_OVERHEAD_BYTES;
    if (!this.memory.reserve(cost)) throw new MemoryBudgetError();
    frame.keyBytes += cost;
    if (frame.keySet) {
      frame.keySet.add(key);
    } else {
      frame.keys.push(key);
      if (frame.keys.length > SHORT_KEY_LIST) frame.keySet = new Set(frame.keys);
    }
    this.state = State.Colon;
  }

  /** The key's bytes as sent; short ASCII keys (nearly all of them) without a Buffer decode. */
  private keyText(from: number, to: number): string {
    if (to - from <= 32) {
      let text = '';
      for (let j = from; j < to; j++) {
        const byte = this.kept[j]!;
        if (byte >= 0x80) return this.kept.toString('utf8', from, to);
        text += String.fromCharCode(byte);
      }
      return text;
    }
    return this.kept.toString('utf8', from, to);
  }

  // ---- numbers

  /** True when the byte continues the number; false when it ends it (the byte is not consumed). */
  private numberByte(byte: number): boolean {
    const digit = byte >= 0x30 && byte <= 0x39;
    const exponent = (byte | 0x20) === 0x65;
    let next: Num | -1 = -1;
    switch (this.num) {
      case Num.Sign: next = byte === 0x2d && this.tokenLength === 0 ? Num.Sign : byte === 0x30 ? Num.Zero : digit ? Num.Int : -1; break;
      case Num.Zero: next = byte === 0x2e ? Num.Dot : exponent ? Num.Exp : -1; break;
      case Num.Int: next = digit ? Num.Int : byte === 0x2e ? Num.Dot : exponent ? Num.Exp : -1; break;
      case Num.Dot: next = digit ? Num.Frac : -1; break;
      case Num.Frac: next = digit ? Num.Frac : exponent ? Num.Exp : -1; break;
      case Num.Exp: next = byte === 0x2b || byte === 0x2d ? Num.ExpSign : digit ? Num.ExpDigits : -1; break;
      case Num.ExpSign:
      case Num.ExpDigits: next = digit ? Num.ExpDigits : -1; break;
    }
    if (next === -1) return false;
    this.num = next;
    if (++this.tokenLength > MAX_NUMBER_CHARS) throw this.over('number_chars', MAX_NUMBER_CHARS);
    return true;
  }

  private endNumber(i: number): void {
    const complete = this.num === Num.Zero || this.num === Num.Int || this.num === Num.Frac || this.num === Num.ExpDigits;
    if (!complete) throw this.syntax('an incomplete number', i);
    this.state = afterValue(this.depth);
  }

  // ---- kept bytes

  /** Where the chunk's byte `i` (a significant one, not yet copied) will be in `kept`. */
  private keptAt(i: number): number {
    return this.keptLength + (i - this.span);
  }

  /** Copies the chunk's significant bytes from `span` up to `to` into `kept`. */
  private keep(to: number): void {
    const length = to - this.span;
    if (length <= 0) return;
    if (this.adopted) {
      if (this.span === this.keptLength) {
        if (to > this.reservedBytes) this.reserveUpTo(to);
        this.keptLength = to;
        this.span = to;
        return;
      }
      this.ownKept(length);
    }
    if (this.keptLength + length > this.kept.length) this.grow(this.keptLength + length);
    if (length <= SHORT_COPY) {
      // most runs are a key or a short value: copied without making a view
      const chunk = this.chunk;
      const kept = this.kept;
      for (let from = this.span, at = this.keptLength; from < to; from++, at++) kept[at] = chunk[from]!;
    } else {
      this.kept.set(this.chunk.subarray(this.span, to), this.keptLength);
    }
    this.keptLength += length;
    this.span = to;
  }

  private grow(needed: number): void {
    const size = this.reserveUpTo(Math.max(needed, this.kept.length * 2));
    const bigger = Buffer.allocUnsafe(size);
    this.kept.copy(bigger, 0, 0, this.keptLength);
    this.kept = bigger;
  }

  /** Holds at least `needed` bytes of the budget for `kept` (doubling what it holds); returns what it holds. */
  private reserveUpTo(needed: number): number {
    let size = Math.max(1, this.reservedBytes);
    while (size < needed) size *= 2;
    if (size > this.reservedBytes) {
      if (!this.memory.reserve(size - this.reservedBytes)) throw new MemoryBudgetError();
      this.reservedBytes = size;
    }
    return size;
  }

  /** Keeps the first chunk's bytes where they are (see `kept`); they are charged to the budget as they are read. */
  private adopt(chunk: Uint8Array): void {
    this.kept = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.adopted = true;
  }

  /** The adopted bytes copied to a buffer of their own, with room for `more`. */
  private ownKept(more: number): void {
    const adopted = this.kept.subarray(0, this.keptLength);
    this.kept = Buffer.alloc(0);
    this.adopted = false;
    this.grow(this.keptLength + more);
    this.kept.set(adopted, 0);
  }

  // ---- errors

  /** The dotted path of the value being read, as the schema errors spell it. */
  private path(): string {
    if (this.depth === 0) return '(document)';
    return this.frames.slice(0, this.depth).map((frame) => (frame.array ? String(Math.max(0, frame.count - 1)) : frame.key)).join('.');
  }

  private over(limit: DocumentLimitName, max: number): DocumentLimitError {
    return new DocumentLimitError(limit, max, this.path());
  }

  private syntax(message: string, i: number): JsonSyntaxError {
    return new JsonSyntaxError(message, this.offset + i, 'json');
  }
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function afterValue(depth: number): State {
  return depth === 0 ? State.Done : State.AfterValue;
}
