/**
 * A document's contentDigest (api/contract.ts) and eventsSha256 (transcript/events-hash.ts),
 * computed from its JSON text instead of from its parsed value: one pass over the bytes that
 * copies what is already in the form the definitions write and rewrites only what is not. Both
 * definitions write strings and numbers as JSON.stringify does; a document sent by a JSON writer
 * (atx's included) is nearly all in that form already, so the pass is mostly copying runs of
 * bytes, where writing the parsed value again would escape every string anew.
 *
 * - contentDigest: the canonical text (object members sorted by the UTF-16 code units of their
 *   names, session.capturedAt left out). Each object is copied in document order and its members
 *   are put in order afterwards, in place.
 * - eventsSha256: each event as JSON.stringify writes the parsed event (members in the order a
 *   parsed object keeps them), then a newline. An event whose text is exactly that (the usual
 *   case) is hashed as sent; any other is parsed and written again, on its own.
 *
 * The answers equal those of the definitions for any text JSON.parse accepts (the tests compare
 * them). Where this pass would have to do more than copy and rewrite tokens (duplicate keys, which
 * the server's scanner refuses before this runs, or nesting deeper than the call stack allows
 * here) it leaves the document to the definitions themselves, as it does text that is not JSON
 * (they throw JSON.parse's error).
 */
import { createHash } from 'node:crypto';
import { NotJsonError } from './canonical-json.js';
import { eventsSha256 } from '../transcript/events-hash.js';
import { contentDigest } from './wire.js';
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COMMA, NEWLINE, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from '../json-bytes.js';

export interface TextDigests {
  /** contentDigest() of the parsed document: SHA-256 of its canonical text, lower-case hex */
  contentDigest: string;
  /** eventsSha256() of the parsed document's events (of none when it has no events array) */
  eventsSha256: string;
}

/** Nesting this deep is left to the definitions (which do not recurse without bound). */
const MAX_DEPTH = 200;


/** What a value is to the two definitions: the root, root.session, root.events, or anything else. */
const enum Place { Other, Root, Session, Events }

/** The text needs the definitions themselves (see the header). */
class Unsupported extends Error {}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** `json`: one JSON text (RFC 8259), such as the bytes JSON.parse accepted for the document. */
export function textDigests(json: Uint8Array): TextDigests {
  const writer = new CanonicalWriter(json, borrowScratch());
  try {
    writer.document();
    const canonical = sha256(writer.canonical());
    return { contentDigest: canonical, eventsSha256: sha256(writer.eventLines()) };
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    const document = JSON.parse(utf8(json, 0, json.byteLength)) as { events?: unknown };
    return { contentDigest: contentDigest(document, sha256), eventsSha256: eventsSha256(Array.isArray(document?.events) ? document.events : []) };
  } finally {
    returnScratch(writer.release());
  }
}

/**
 * The contentDigest alone (a client checking the server's Stored answer against the body it
 * sent): the same pass, without hashing the events' lines. Throws what JSON.parse throws for a
 * text that is not JSON.
 */
export function textContentDigest(json: Uint8Array): string {
  const writer = new CanonicalWriter(json, borrowScratch());
  try {
    writer.document();
    return sha256(writer.canonical());
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    return contentDigest(JSON.parse(utf8(json, 0, json.byteLength)) as unknown, sha256);
  } finally {
    returnScratch(writer.release());
  }
}

/**
 * A writer's working arrays, kept from one document to the next: allocating and zeroing them (and
 * the two texts it hashes) for every upload was a good part of the server's garbage. One set is
 * kept, and only while it stays small enough that holding it costs nothing.
 */
interface Scratch {
  starts: Int32Array;
  ends: Int32Array;
  spareStarts: Int32Array;
  spareEnds: Int32Array;
  nameStart: Int32Array;
  nameEnd: Int32Array;
  firstPiece: Int32Array;
  afterComma: Uint8Array;
  extras: Uint8Array;
  eventStarts: Int32Array;
  eventEnds: Int32Array;
  /** where canonical() and eventLines() write the text they return */
  out: Uint8Array;
}

/** Scratch past this many bytes in all is dropped after its document instead of kept. */
const MAX_KEPT_SCRATCH_BYTES = 8 * 1024 * 1024;

let spareScratch: Scratch | null = null;

function borrowScratch(): Scratch {
  const scratch = spareScratch;
  spareScratch = null;
  return scratch ?? {
    starts: new Int32Array(1024),
    ends: new Int32Array(1024),
    spareStarts: new Int32Array(256),
    spareEnds: new Int32Array(256),
    nameStart: new Int32Array(64),
    nameEnd: new Int32Array(64),
    firstPiece: new Int32Array(64),
    afterComma: new Uint8Array(64),
    extras: new Uint8Array(256),
    eventStarts: new Int32Array(256),
    eventEnds: new Int32Array(256),
    out: new Uint8Array(64 * 1024),
  };
}

function returnScratch(scratch: Scratch): void {
  let bytes = 0;
  for (const array of Object.values(scratch) as Uint8Array[]) bytes += array.byteLength;
  if (bytes <= MAX_KEPT_SCRATCH_BYTES) spareScratch = scratch;
}

/** `array` when it holds `size` elements, else a larger one (contents not kept). */
function atLeast<T extends Int32Array | Uint8Array>(array: T, size: number, make: (size: number) => T): T {
  return array.length >= size ? array : make(Math.max(size, array.length * 2));
}

/**
 * The canonical text as a list of pieces: runs of the input, or of `extras` (what had to be
 * written anew: rewritten strings and numbers, commas between reordered members). Objects are
 * read in document order; an object whose members are out of order has its pieces reordered when
 * it closes, so no byte is copied until the text is put together at the end. A piece never spans
 * the start of a member: pieces of one input run are merged only within a member.
 */
class CanonicalWriter {
  private readonly text: Buffer;
  /** the same bytes, for copying (a Buffer's subarray costs more) */
  private readonly bytes: Uint8Array;
  private pos = 0;
  /** pieces: [start, end) of the input, or ~start and ~end in `extras` */
  private starts: Int32Array;
  private ends: Int32Array;
  private pieces = 0;
  /** reorder()'s working space */
  private spareStarts: Int32Array;
  private spareEnds: Int32Array;
  private readonly order: number[] = [];
  /**
   * The members of the objects being read, innermost last: where each name is in the input
   * (quotes excluded), its decoded text when it holds escapes, its first piece, and whether that
   * piece opens with the comma before the member.
   */
  private members = 0;
  private nameStart: Int32Array;
  private nameEnd: Int32Array;
  private readonly decoded: Array<string | undefined> = [];
  private firstPiece: Int32Array;
  private afterComma: Uint8Array;
  /** the first piece that later input may still be merged into */
  private floor = 0;
  private extras: Uint8Array;
  private extrasLength = 1; // extras[0] is the comma that reordered members are joined with
  /** whether the event being read is, so far, exactly what JSON.stringify writes for it */
  private plain = true;
  /**
   * each event's line without its newline: [start, end) of the input, or ~k for the k-th of
   * `rewritten` (an event written again) in eventStarts
   */
  private eventStarts: Int32Array;
  private eventEnds: Int32Array;
  private eventCount = 0;
  private readonly rewritten: Uint8Array[] = [];
  private out: Uint8Array;
  /** the first backslash at or after the string being read (text.length: none) */
  private nextBackslash = -1;
  /** of the last string read: how many escapes it holds, and whether any is one JSON.stringify does not write */
  private escapes = 0;
  private unusualEscapes = false;

  constructor(json: Uint8Array, scratch: Scratch) {
    this.text = Buffer.from(json.buffer, json.byteOffset, json.byteLength);
    this.bytes = new Uint8Array(json.buffer, json.byteOffset, json.byteLength);
    this.starts = scratch.starts;
    this.ends = scratch.ends;
    this.spareStarts = scratch.spareStarts;
    this.spareEnds = scratch.spareEnds;
    this.nameStart = scratch.nameStart;
    this.nameEnd = scratch.nameEnd;
    this.firstPiece = scratch.firstPiece;
    this.afterComma = scratch.afterComma;
    this.extras = scratch.extras;
    this.eventStarts = scratch.eventStarts;
    this.eventEnds = scratch.eventEnds;
    this.out = scratch.out;
    this.extras[0] = COMMA;
  }

  /** The working arrays, as grown, for the next document. */
  release(): Scratch {
    return {
      starts: this.starts,
      ends: this.ends,
      spareStarts: this.spareStarts,
      spareEnds: this.spareEnds,
      nameStart: this.nameStart,
      nameEnd: this.nameEnd,
      firstPiece: this.firstPiece,
      afterComma: this.afterComma,
      extras: this.extras,
      eventStarts: this.eventStarts,
      eventEnds: this.eventEnds,
      out: this.out,
    };
  }

  document(): void {
    this.value(0, Place.Root);
    this.whitespace();
    if (this.pos !== this.text.length) throw new Unsupported(); // not one JSON text: JSON.parse would have refused it
  }

  canonical(): Uint8Array {
    const { starts, ends, bytes, extras } = this;
    let total = 0;
    for (let p = 0; p < this.pieces; p++) total += starts[p]! >= 0 ? ends[p]! - starts[p]! : starts[p]! - ends[p]!;
    const out = this.output(total);
    let at = 0;
    for (let p = 0; p < this.pieces; p++) {
      const start = starts[p]!;
      at = start >= 0 ? copyBytes(bytes, start, ends[p]!, out, at) : copyBytes(extras, ~start, ~ends[p]!, out, at);
    }
    return out;
  }

  /** The events as JSON Lines; valid until canonical() or eventLines() is called again. */
  eventLines(): Uint8Array {
    const { eventStarts, eventEnds, rewritten, bytes } = this;
    let total = 0;
    for (let e = 0; e < this.eventCount; e++) {
      const start = eventStarts[e]!;
      total += (start >= 0 ? eventEnds[e]! - start : rewritten[~start]!.byteLength) + 1;
    }
    const lines = this.output(total);
    let at = 0;
    for (let e = 0; e < this.eventCount; e++) {
      const start = eventStarts[e]!;
      if (start >= 0) {
        at = copyBytes(bytes, start, eventEnds[e]!, lines, at);
      } else {
        const line = rewritten[~start]!;
        lines.set(line, at);
        at += line.byteLength;
      }
      lines[at++] = NEWLINE;
    }
    return lines;
  }

  /** `size` bytes of the reused output buffer (grown when short). */
  private output(size: number): Uint8Array {
    this.out = atLeast(this.out, size, (n) => new Uint8Array(n));
    return this.out.subarray(0, size);
  }

  private pushEvent(start: number, end: number): void {
    const count = this.eventCount;
    if (count === this.eventStarts.length) {
      const starts = new Int32Array(count * 2);
      starts.set(this.eventStarts);
      this.eventStarts = starts;
      const ends = new Int32Array(count * 2);
      ends.set(this.eventEnds);
      this.eventEnds = ends;
    }
    this.eventStarts[count] = start;
    this.eventEnds[count] = end;
    this.eventCount = count + 1;
  }

  private value(depth: number, place: Place): void {
    this.whitespace();
    const byte = this.text[this.pos];
    if (byte === OPEN_OBJECT) return this.object(depth, place);
    if (byte === OPEN_ARRAY) return this.array(depth, place);
    if (byte === QUOTE) return this.string();
    if (byte === 0x74 || byte === 0x6e) return this.token(4); // true, null
    if (byte === 0x66) return this.token(5); // false
    return this.number();
  }

  private object(depth: number, place: Place): void {
    if (depth >= MAX_DEPTH) throw new Unsupported();
    const text = this.text;
    this.token(1);
    this.whitespace();
    if (text[this.pos] === CLOSE_OBJECT) return this.token(1);
    const base = this.members;
    let sorted = true;
    let comma = -1;
    for (;;) {
      this.whitespace();
      const first = this.pieces;
      this.floor = first;
      const afterComma = this.members > base;
      if (afterComma) this.input(comma, comma + 1);
      const member = this.key(first, afterComma);
      this.whitespace();
      this.token(1); // the colon
      if (place === Place.Root) {
        this.value(depth + 1, childPlace(this.nameOf(member), text[this.peekValue()]));
      } else {
        this.value(depth + 1, Place.Other);
      }
      if (place === Place.Session && this.nameOf(member) === 'capturedAt') {
        this.pieces = first; // left out of the content digest
        this.members--;
      } else if (member > base) {
        const order = this.compareNames(member - 1, member);
        if (order === 0) throw new Unsupported();
        if (order > 0) sorted = false;
      }
      this.whitespace();
      if (text[this.pos] === CLOSE_OBJECT) break;
      comma = this.pos++;
    }
    if (!sorted) this.reorder(base);
    this.members = base;
    this.floor = this.pieces;
    this.token(1);
  }

  /** Puts the pieces of the members from `base` on in the order of their names. */
  private reorder(base: number): void {
    // insertion sort: objects have few members, and often come nearly sorted
    const order = this.order;
    let count = 0;
    for (let member = base; member < this.members; member++) {
      let at = count++;
      let comparison = 1;
      while (at > 0 && (comparison = this.compareNames(order[at - 1]!, member)) > 0) {
        order[at] = order[at - 1]!;
        at--;
      }
      if (comparison === 0) throw new Unsupported();
      order[at] = member;
    }
    const from = this.firstPiece[base]!;
    const end = this.pieces;
    if (this.spareStarts.length < end - from) {
      this.spareStarts = new Int32Array(Math.max(end - from, this.spareStarts.length * 2));
      this.spareEnds = new Int32Array(this.spareStarts.length);
    }
    const starts = this.spareStarts;
    const ends = this.spareEnds;
    starts.set(this.starts.subarray(from, end));
    ends.set(this.ends.subarray(from, end));
    this.pieces = from;
    for (let index = 0; index < count; index++) {
      const member = order[index]!;
      if (index > 0) this.push(~0, ~1); // the comma in extras
      const first = this.firstPiece[member]!;
      const last = member + 1 < this.members ? this.firstPiece[member + 1]! : end;
      for (let piece = first; piece < last; piece++) {
        let start = starts[piece - from]!;
        if (piece === first && this.afterComma[member] === 1) start++; // the comma is always input
        if (start !== ends[piece - from]) this.push(start, ends[piece - from]!);
      }
    }
  }

  /**
   * Compares two members' names by their UTF-16 code units, as the canonical order asks. Names
   * without escapes are compared as UTF-8, whose byte order is code point order: the same but for
   * a character past U+FFFF (a surrogate pair in UTF-16) against one from U+E000 to U+FFFF.
   */
  private compareNames(a: number, b: number): number {
    const decodedA = this.decoded[a];
    const decodedB = this.decoded[b];
    if (decodedA === undefined && decodedB === undefined) {
      const text = this.text;
      const startA = this.nameStart[a]!;
      const startB = this.nameStart[b]!;
      const lengthA = this.nameEnd[a]! - startA;
      const lengthB = this.nameEnd[b]! - startB;
      const shorter = Math.min(lengthA, lengthB);
      for (let i = 0; i < shorter; i++) {
        const byteA = text[startA + i]!;
        const byteB = text[startB + i]!;
        if (byteA === byteB) continue;
        if (byteA < 0xee && byteB < 0xee) return byteA - byteB;
        return compareStrings(this.nameOf(a), this.nameOf(b));
      }
      return lengthA - lengthB;
    }
    return compareStrings(this.nameOf(a), this.nameOf(b));
  }

  private nameOf(member: number): string {
    return this.decoded[member] ?? utf8(this.text, this.nameStart[member]!, this.nameEnd[member]!);
  }

  private array(depth: number, place: Place): void {
    if (depth >= MAX_DEPTH) throw new Unsupported();
    const text = this.text;
    this.token(1);
    this.whitespace();
    if (text[this.pos] === CLOSE_ARRAY) return this.token(1);
    for (;;) {
      if (place === Place.Events) {
        this.whitespace();
        const start = this.pos;
        this.plain = true;
        this.value(depth + 1, Place.Other);
        if (this.plain) {
          this.pushEvent(start, this.pos);
        } else {
          this.pushEvent(~this.rewritten.length, 0);
          this.rewritten.push(restringified(this.bytes, start, this.pos));
        }
      } else {
        this.value(depth + 1, Place.Other);
      }
      this.whitespace();
      const byte = text[this.pos];
      this.token(1); // the comma or the end
      if (byte === CLOSE_ARRAY) return;
    }
  }

  /** Reads a member's name and writes it as JSON.stringify does; returns the member's slot. */
  private key(firstPiece: number, afterComma: boolean): number {
    const text = this.text;
    const start = this.pos;
    const end = this.stringEnd(start);
    this.pos = end + 1;
    const member = this.members++;
    if (member === this.nameStart.length) this.growMembers();
    this.nameStart[member] = start + 1;
    this.nameEnd[member] = end;
    this.firstPiece[member] = firstPiece;
    this.afterComma[member] = afterComma ? 1 : 0;
    const decoded = this.escapes !== 0 ? (JSON.parse(utf8(text, start, end + 1)) as string) : undefined;
    this.decoded[member] = decoded;
    if (this.unusualEscapes) {
      this.plain = false;
      this.write(JSON.stringify(decoded));
    } else {
      this.input(start, end + 1);
    }
    // a parsed object lists array-index names first, in numeric order, whatever their place in the text
    const firstByte = decoded === undefined ? text[start + 1]! : decoded.charCodeAt(0);
    if (firstByte >= 0x30 && firstByte <= 0x39 && isArrayIndex(this.nameOf(member))) this.plain = false;
    return member;
  }

  private growMembers(): void {
    const size = this.nameStart.length * 2;
    const grown = (old: Int32Array) => {
      const bigger = new Int32Array(size);
      bigger.set(old);
      return bigger;
    };
    this.nameStart = grown(this.nameStart);
    this.nameEnd = grown(this.nameEnd);
    this.firstPiece = grown(this.firstPiece);
    const afterComma = new Uint8Array(size);
    afterComma.set(this.afterComma);
    this.afterComma = afterComma;
  }

  private string(): void {
    const start = this.pos;
    const end = this.stringEnd(start);
    this.pos = end + 1;
    if (this.unusualEscapes) {
      this.plain = false;
      this.write(JSON.stringify(JSON.parse(utf8(this.text, start, end + 1))));
    } else {
      this.input(start, end + 1);
    }
  }

  /**
   * The closing quote of the string that opens at `start`; sets `escapes` (how many it holds) and
   * `unusualEscapes` (whether any is one JSON.stringify does not write). Quotes and backslashes
   * are found with indexOf (memchr), so long strings cost little more than short ones.
   */
  private stringEnd(start: number): number {
    const text = this.text;
    let end = find(text, QUOTE, start + 1);
    let backslash = this.nextBackslash;
    if (backslash <= start) backslash = find(text, BACKSLASH, start + 1);
    let escapes = 0;
    let unusual = false;
    while (backslash < end) {
      escapes++;
      const next = text[backslash + 1];
      let after = backslash + 2;
      if (next === 0x75) {
        if (!normalUnicodeEscape(text, backslash)) unusual = true;
        after = backslash + 6;
      } else if (next === 0x2f) {
        unusual = true; // \/ is written /
      }
      if (end < after) end = find(text, QUOTE, after); // that quote was escaped
      backslash = find(text, BACKSLASH, after);
    }
    if (end >= text.length) throw new Unsupported(); // no closing quote: not JSON
    this.nextBackslash = backslash;
    this.escapes = escapes;
    this.unusualEscapes = unusual;
    return end;
  }

  private number(): void {
    const text = this.text;
    const start = this.pos;
    let end = start;
    let integer = true;
    for (;;) {
      const byte = text[end];
      if (byte === undefined) break;
      if (byte >= 0x30 && byte <= 0x39) {
        end++;
      } else if (byte === 0x2d) {
        end++;
      } else if (byte === 0x2e || byte === 0x65 || byte === 0x45 || byte === 0x2b) {
        integer = false;
        end++;
      } else {
        break;
      }
    }
    this.pos = end;
    const size = end - start;
    if (size === 0) throw new Unsupported(); // no value here: not JSON
    // an integer of up to 15 digits is written as it is sent (JSON has no leading zeros), except -0
    if (integer && size <= 15 && !(size === 2 && text[start] === 0x2d && text[start + 1] === 0x30)) {
      this.input(start, end);
      return;
    }
    let sent = '';
    for (let i = start; i < end; i++) sent += String.fromCharCode(text[i]!);
    const value = Number(sent);
    if (!Number.isFinite(value)) throw new NotJsonError(String(value));
    const written = Object.is(value, -0) ? '0' : String(value);
    if (written === sent) {
      this.input(start, end);
    } else {
      this.plain = false;
      this.write(written);
    }
  }

  private whitespace(): void {
    const text = this.text;
    let byte = text[this.pos];
    while (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
      this.plain = false; // an event's text holds more than its JSON.stringify form
      byte = text[++this.pos];
    }
  }

  /** Where the next value starts (after any whitespace), without moving. */
  private peekValue(): number {
    let at = this.pos;
    let byte = this.text[at];
    while (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) byte = this.text[++at];
    return at;
  }

  // ---- pieces

  /** The next `size` bytes of input, as they are. */
  private token(size: number): void {
    this.input(this.pos, this.pos + size);
    this.pos += size;
  }

  private input(start: number, end: number): void {
    const last = this.pieces - 1;
    if (last >= this.floor && this.ends[last] === start) {
      this.ends[last] = end;
      return;
    }
    this.push(start, end);
  }

  private push(start: number, end: number): void {
    if (this.pieces === this.starts.length) {
      const starts = new Int32Array(this.pieces * 2);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Int32Array(this.pieces * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.starts[this.pieces] = start;
    this.ends[this.pieces++] = end;
  }

  /** Text written anew. */
  private write(written: string): void {
    const size = Buffer.byteLength(written);
    if (this.extrasLength + size > this.extras.length) {
      const bigger = new Uint8Array(Math.max(this.extras.length * 2, this.extrasLength + size));
      bigger.set(this.extras.subarray(0, this.extrasLength));
      this.extras = bigger;
    }
    Buffer.from(this.extras.buffer, this.extras.byteOffset, this.extras.byteLength).write(written, this.extrasLength);
    this.push(~this.extrasLength, ~(this.extrasLength + size));
    this.extrasLength += size;
  }
}

/** Copies from[start..end) to `to` at `at`; returns where the copy ends. Short runs (most tokens) without a native call. */
function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): number {
  if (end - start <= 32) {
    for (let i = start; i < end; i++) to[at++] = from[i]!;
    return at;
  }
  to.set(from.subarray(start, end), at);
  return at + end - start;
}

/** Where the next `byte` is from `from` on; text.length when there is none. */
function find(text: Buffer, byte: number, from: number): number {
  const at = text.indexOf(byte, from);
  return at < 0 ? text.length : at;
}

function utf8(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function childPlace(name: string, firstByte: number | undefined): Place {
  if (name === 'session' && firstByte === OPEN_OBJECT) return Place.Session;
  if (name === 'events' && firstByte === OPEN_ARRAY) return Place.Events;
  return Place.Other;
}

/** The event's text parsed and written again, as eventsSha256 hashes the parsed event. */
function restringified(text: Uint8Array, start: number, end: number): Uint8Array {
  return Buffer.from(JSON.stringify(JSON.parse(utf8(text, start, end))));
}

/**
 * Whether the \uXXXX escape at `at` is one JSON.stringify writes: lower-case hex for a control
 * character that has no short escape. (It also writes lone surrogates so, but whether a surrogate
 * is lone depends on its neighbours: those strings are simply written again.)
 */
function normalUnicodeEscape(text: Uint8Array, at: number): boolean {
  if (text[at + 2] !== 0x30 || text[at + 3] !== 0x30) return false;
  const high = text[at + 4];
  const low = text[at + 5]!;
  const lowValue = low >= 0x30 && low <= 0x39 ? low - 0x30 : low >= 0x61 && low <= 0x66 ? low - 0x61 + 10 : -1;
  if (lowValue < 0) return false;
  if (high === 0x31) return true;
  // \b \t \n \f \r have short escapes
  return high === 0x30 && lowValue !== 0x08 && lowValue !== 0x09 && lowValue !== 0x0a && lowValue !== 0x0c && lowValue !== 0x0d;
}

/** An array index as a property name: the canonical text of an integer from 0 to 2^32 - 2. */
function isArrayIndex(name: string): boolean {
  if (name.length > 10 || !/^(?:0|[1-9][0-9]*)$/.test(name)) return false;
  return Number(name) < 4294967295;
}
