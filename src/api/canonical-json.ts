/**
 * Canonical JSON text for parsed JSON values, in the manner of RFC 8785 (JCS): object members
 * sorted by the UTF-16 code units of their names, no whitespace, numbers in ECMAScript's
 * shortest round-trip form (so 1, 1.0, 1e0 and 10E-1, once parsed, are all written "1", and -0
 * is "0"), strings escaped as JSON.stringify escapes them. Two documents that differ only in key
 * order or in how a number was spelled get the same text.
 *
 * This runs on both sides of every upload (the client and the server compute the same digest), so
 * it is written for speed: recursion and string concatenation, which V8 does cheaply, down to
 * RECURSION_DEPTH; a hostile document may nest thousands of levels deep, so below that an explicit
 * stack takes over and no depth runs out of call stack.
 */

/** Thrown for values that have no JSON form (NaN, Infinity, bigint). */
export class NotJsonError extends TypeError {
  constructor(what: string) {
    super(`not a JSON value: ${what}`);
    this.name = 'NotJsonError';
  }
}

type Work = { value: unknown } | string;

/** Values nested deeper than this are written by the explicit stack instead of by recursion. */
const RECURSION_DEPTH = 256;

export function canonicalJson(value: unknown): string {
  return write(value, 0);
}

function write(value: unknown, depth: number): string {
  if (typeof value !== 'object' || value === null) return scalar(value);
  if (depth >= RECURSION_DEPTH) return withStack(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      text += write(inArray(value[index]), depth + 1);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const name of sortedNames(record)) {
    const member = record[name];
    if (!isPresent(member)) continue;
    if (text.length > 1) text += ',';
    text += `${JSON.stringify(name)}:${write(member, depth + 1)}`;
  }
  return `${text}}`;
}

/** Keys in UTF-16 code unit order (what JCS asks for; also what `<` and the default sort compare). */
function sortedNames(record: Record<string, unknown>): string[] {
  const names = Object.keys(record);
  for (let index = 1; index < names.length; index++) {
    if (names[index - 1]! > names[index]!) return names.sort();
  }
  return names;
}

function withStack(value: unknown): string {
  const out: string[] = [];
  const stack: Work[] = [{ value }];
  while (stack.length > 0) {
    const work = stack.pop()!;
    if (typeof work === 'string') {
      out.push(work);
      continue;
    }
    const current = work.value;
    if (Array.isArray(current)) {
      out.push('[');
      stack.push(']');
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: inArray(current[index]) });
        if (index > 0) stack.push(',');
      }
    } else if (current !== null && typeof current === 'object') {
      const record = current as Record<string, unknown>;
      // the default sort compares UTF-16 code units, which is what JCS asks for
      const names = Object.keys(record).filter((name) => isPresent(record[name])).sort();
      out.push('{');
      stack.push('}');
      for (let index = names.length - 1; index >= 0; index--) {
        const name = names[index]!;
        stack.push({ value: record[name] });
        stack.push(`${JSON.stringify(name)}:`);
        if (index > 0) stack.push(',');
      }
    } else {
      out.push(scalar(current));
    }
  }
  return out.join('');
}

function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new NotJsonError(String(value));
      return Object.is(value, -0) ? '0' : String(value);
    case 'bigint':
      throw new NotJsonError('a bigint');
    default:
      // null, and the undefined/function/symbol that JSON.stringify writes as null in arrays
      return 'null';
  }
}

/** Members JSON.stringify would leave out of an object. */
function isPresent(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function inArray(value: unknown): unknown {
  return isPresent(value) ? value : null;
}
