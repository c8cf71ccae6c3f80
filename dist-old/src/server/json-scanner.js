/** A number longer than this is no number a Transcript holds (and JSON.parse would round it anyway). */
export const MAX_NUMBER_CHARS = 400;
/** The document is over one of the limits: `limit` names it, `max` is its value. */
export class DocumentLimitError extends Error {
    limit;
    max;
    path;
    constructor(limit, max, path) {
        super(`the document is over the server's ${limit} limit (${max}) at ${path}`);
        this.limit = limit;
        this.max = max;
        this.path = path;
        this.name = 'DocumentLimitError';
    }
}
/** Not JSON, or not UTF-8: `offset` counts bytes of the (inflated) body. */
export class JsonSyntaxError extends Error {
    offset;
    kind;
    constructor(message, offset, kind) {
        super(`${message} at byte ${offset}`);
        this.offset = offset;
        this.kind = kind;
        this.name = 'JsonSyntaxError';
    }
}
/** The same key twice in one object: JSON parsers disagree on which one counts, so it is refused. */
export class DuplicateKeyError extends Error {
    key;
    path;
    constructor(key, path) {
        super(`duplicate key at ${path}`);
        this.key = key;
        this.path = path;
        this.name = 'DuplicateKeyError';
    }
}
/** The memory budget refused the buffer growth this document needs. */
export class MemoryBudgetError extends Error {
    constructor() {
        super('the server has no memory left for request bodies right now');
        this.name = 'MemoryBudgetError';
    }
}
var State;
(function (State) {
    State[State["Value"] = 0] = "Value";
    State[State["ValueOrEnd"] = 1] = "ValueOrEnd";
    State[State["KeyOrEnd"] = 2] = "KeyOrEnd";
    State[State["Key"] = 3] = "Key";
    State[State["Colon"] = 4] = "Colon";
    State[State["AfterValue"] = 5] = "AfterValue";
    State[State["String"] = 6] = "String";
    State[State["Number"] = 7] = "Number";
    State[State["Literal"] = 8] = "Literal";
    State[State["Done"] = 9] = "Done";
})(State || (State = {}));
var Num;
(function (Num) {
    Num[Num["Sign"] = 0] = "Sign";
    Num[Num["Zero"] = 1] = "Zero";
    Num[Num["Int"] = 2] = "Int";
    Num[Num["Dot"] = 3] = "Dot";
    Num[Num["Frac"] = 4] = "Frac";
    Num[Num["Exp"] = 5] = "Exp";
    Num[Num["ExpSign"] = 6] = "ExpSign";
    Num[Num["ExpDigits"] = 7] = "ExpDigits";
})(Num || (Num = {}));
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LITERALS = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };
const SIMPLE_ESCAPES = new Set([...'"\\/bfnrt'].map((c) => c.charCodeAt(0)));
/** what a key costs besides its bytes, charged to the memory budget (a Set entry and a string header) */
const KEY_OVERHEAD_BYTES = 64;
/** up to this many keys an object's keys are checked in a list; a set beyond */
const SHORT_KEY_LIST = 16;
export class JsonBudgetScanner {
    limits;
    memory;
    state = State.Value;
    /** frames of the open objects and arrays, reused (a document of a million `{}` allocates none per value) */
    frames = [];
    depth = 0;
    values = 0;
    /** body bytes before the current chunk */
    offset = 0;
    kept;
    keptLength = 0;
    /** the chunk being scanned, and the start of its significant bytes not yet copied to `kept` */
    chunk = new Uint8Array(0);
    span = 0;
    // inside a string
    stringIsKey = false;
    stringBytes = 0;
    escape = 0; // 0: none, 1: after a backslash, 2..5: hex digits of a \u escape still to come
    utf8Need = 0; // continuation bytes still to come
    utf8Low = 0x80; // range of the next continuation byte
    utf8High = 0xbf;
    keyStart = 0; // where the key's bytes start in `kept`
    // inside a number or a literal
    num = Num.Sign;
    tokenLength = 0;
    literal = '';
    constructor(limits, memory, initialBytes = 16 * 1024) {
        this.limits = limits;
        this.memory = memory;
        if (!memory.reserve(initialBytes))
            throw new MemoryBudgetError();
        this.kept = Buffer.allocUnsafe(initialBytes);
    }
    /** Scans the next bytes; throws at the first byte over a limit, not JSON or not UTF-8. */
    write(chunk) {
        this.chunk = chunk;
        this.span = 0;
        const length = chunk.length;
        for (let i = 0; i < length; i++) {
            let byte = chunk[i];
            if (this.state === State.String) {
                if (this.escape === 0 && this.utf8Need === 0) {
                    // the common case: a run of plain ASCII
                    let n = this.stringBytes;
                    while (byte >= 0x20 && byte < 0x80 && byte !== QUOTE && byte !== BACKSLASH) {
                        n++;
                        if (++i === length)
                            break;
                        byte = chunk[i];
                    }
                    this.stringBytes = n;
                    if (n > this.limits.maxStringBytes)
                        throw this.over('string_bytes', this.limits.maxStringBytes);
                    if (i === length)
                        break;
                }
                this.stringByte(byte, i);
                continue;
            }
            if (this.state === State.Number) {
                if (this.numberByte(byte))
                    continue;
                this.endNumber(i); // the byte that ended the number is read below
            }
            else if (this.state === State.Literal) {
                if (byte !== this.literal.charCodeAt(this.tokenLength))
                    throw this.syntax(`expected ${this.literal}`, i);
                if (++this.tokenLength === this.literal.length)
                    this.state = afterValue(this.depth);
                continue;
            }
            if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
                this.keep(i);
                while (i + 1 < length && isWhitespace(chunk[i + 1]))
                    i++;
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
    end() {
        if (this.state === State.Number)
            this.endNumber(0);
        if (this.state !== State.Done)
            throw new JsonSyntaxError('the document ends too early', this.offset, 'json');
    }
    /** The document as compact JSON text (whitespace outside strings removed, nothing else changed). */
    text() {
        return this.kept.toString('utf8', 0, this.keptLength);
    }
    /** The compact JSON bytes in memory of their own, exactly their size (so they can move to a worker); the scanner is done after. */
    takeBytes() {
        const kept = this.kept;
        this.kept = Buffer.alloc(0);
        if (kept.byteOffset === 0 && kept.buffer.byteLength === this.keptLength)
            return kept;
        const exact = new Uint8Array(this.keptLength);
        exact.set(kept.subarray(0, this.keptLength));
        return exact;
    }
    /** Bytes the document holds without its whitespace. */
    get keptBytes() {
        return this.keptLength;
    }
    // ---- structure
    structure(byte, i) {
        switch (this.state) {
            case State.ValueOrEnd:
                if (byte === 0x5d)
                    return this.close(true, i);
                return this.startValue(byte, i);
            case State.Value:
                return this.startValue(byte, i);
            case State.KeyOrEnd:
                if (byte === 0x7d)
                    return this.close(false, i);
                if (byte !== QUOTE)
                    throw this.syntax('expected a key or }', i);
                return this.startString(true, i);
            case State.Key:
                if (byte !== QUOTE)
                    throw this.syntax('expected a key', i);
                return this.startString(true, i);
            case State.Colon:
                if (byte !== 0x3a)
                    throw this.syntax('expected :', i);
                this.state = State.Value;
                return;
            case State.AfterValue: {
                const top = this.frames[this.depth - 1];
                if (byte === 0x2c) {
                    this.state = top.array ? State.Value : State.Key;
                    return;
                }
                if (byte === (top.array ? 0x5d : 0x7d))
                    return this.close(top.array, i);
                throw this.syntax(`expected , or ${top.array ? ']' : '}'}`, i);
            }
            default:
                throw this.syntax('unexpected data after the document', i);
        }
    }
    startValue(byte, i) {
        const top = this.depth > 0 ? this.frames[this.depth - 1] : undefined;
        if (top?.array) {
            top.count++;
            if (top.events && top.count > this.limits.maxEvents)
                throw this.over('events', this.limits.maxEvents);
        }
        if (++this.values > this.limits.maxValues)
            throw this.over('values', this.limits.maxValues);
        if (byte === 0x7b || byte === 0x5b) {
            const array = byte === 0x5b;
            if (this.depth >= this.limits.maxDepth)
                throw this.over('depth', this.limits.maxDepth);
            const events = array && this.depth === 1 && !top.array && top.key === 'events';
            let frame = this.frames[this.depth];
            if (!frame) {
                frame = { array, count: 0, key: '', keys: [], keySet: null, keyBytes: 0, events };
                this.frames[this.depth] = frame;
            }
            else {
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
        if (byte === QUOTE)
            return this.startString(false, i);
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
    close(array, i) {
        const frame = this.depth > 0 ? this.frames[this.depth - 1] : undefined;
        if (!frame || frame.array !== array)
            throw this.syntax('unbalanced brackets', i);
        this.depth--;
        if (frame.keyBytes > 0)
            this.memory.release(frame.keyBytes);
        this.state = afterValue(this.depth);
    }
    // ---- strings
    startString(isKey, i) {
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
    stringByte(byte, i) {
        if (this.utf8Need > 0) {
            if (byte < this.utf8Low || byte > this.utf8High)
                throw new JsonSyntaxError('invalid UTF-8 in a string', this.offset + i, 'utf8');
            this.utf8Need--;
            this.utf8Low = 0x80;
            this.utf8High = 0xbf;
        }
        else if (this.escape === 1) {
            if (byte === 0x75)
                this.escape = 5;
            else if (SIMPLE_ESCAPES.has(byte))
                this.escape = 0;
            else
                throw this.syntax('an invalid escape in a string', i);
        }
        else if (this.escape > 1) {
            const lower = byte | 0x20;
            if (!((byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x66)))
                throw this.syntax('an invalid \\u escape in a string', i);
            this.escape = this.escape === 2 ? 0 : this.escape - 1;
        }
        else if (byte === QUOTE) {
            return this.endString(i);
        }
        else if (byte === BACKSLASH) {
            this.escape = 1;
        }
        else if (byte < 0x20) {
            throw this.syntax('a control character in a string', i);
        }
        else {
            this.startUtf8(byte, i);
        }
        if (++this.stringBytes > this.limits.maxStringBytes)
            throw this.over('string_bytes', this.limits.maxStringBytes);
    }
    startUtf8(byte, i) {
        if (byte >= 0xc2 && byte <= 0xdf) {
            this.utf8Need = 1;
        }
        else if (byte >= 0xe0 && byte <= 0xef) {
            this.utf8Need = 2;
            if (byte === 0xe0)
                this.utf8Low = 0xa0; // no overlong forms
            if (byte === 0xed)
                this.utf8High = 0x9f; // no UTF-16 surrogates
        }
        else if (byte >= 0xf0 && byte <= 0xf4) {
            this.utf8Need = 3;
            if (byte === 0xf0)
                this.utf8Low = 0x90;
            if (byte === 0xf4)
                this.utf8High = 0x8f; // nothing past U+10FFFF
        }
        else {
            throw new JsonSyntaxError('invalid UTF-8 in a string', this.offset + i, 'utf8');
        }
    }
    endString(i) {
        if (!this.stringIsKey) {
            this.state = afterValue(this.depth);
            return;
        }
        this.keep(i);
        this.span = i;
        const raw = this.keyText(this.keyStart, this.keptLength);
        const key = raw.includes('\\') ? JSON.parse(`"${raw}"`) : raw;
        const frame = this.frames[this.depth - 1];
        frame.key = key;
        if (frame.keySet ? frame.keySet.has(key) : frame.keys.includes(key))
            throw new DuplicateKeyError(key, this.path());
        const cost = raw.length * 2 + KEY_OVERHEAD_BYTES;
        if (!this.memory.reserve(cost))
            throw new MemoryBudgetError();
        frame.keyBytes += cost;
        if (frame.keySet) {
            frame.keySet.add(key);
        }
        else {
            frame.keys.push(key);
            if (frame.keys.length > SHORT_KEY_LIST)
                frame.keySet = new Set(frame.keys);
        }
        this.state = State.Colon;
    }
    /** The key's bytes as sent; short ASCII keys (nearly all of them) without a Buffer decode. */
    keyText(from, to) {
        if (to - from <= 32) {
            let text = '';
            for (let j = from; j < to; j++) {
                const byte = this.kept[j];
                if (byte >= 0x80)
                    return this.kept.toString('utf8', from, to);
                text += String.fromCharCode(byte);
            }
            return text;
        }
        return this.kept.toString('utf8', from, to);
    }
    // ---- numbers
    /** True when the byte continues the number; false when it ends it (the byte is not consumed). */
    numberByte(byte) {
        const digit = byte >= 0x30 && byte <= 0x39;
        const exponent = (byte | 0x20) === 0x65;
        let next = -1;
        switch (this.num) {
            case Num.Sign:
                next = byte === 0x2d && this.tokenLength === 0 ? Num.Sign : byte === 0x30 ? Num.Zero : digit ? Num.Int : -1;
                break;
            case Num.Zero:
                next = byte === 0x2e ? Num.Dot : exponent ? Num.Exp : -1;
                break;
            case Num.Int:
                next = digit ? Num.Int : byte === 0x2e ? Num.Dot : exponent ? Num.Exp : -1;
                break;
            case Num.Dot:
                next = digit ? Num.Frac : -1;
                break;
            case Num.Frac:
                next = digit ? Num.Frac : exponent ? Num.Exp : -1;
                break;
            case Num.Exp:
                next = byte === 0x2b || byte === 0x2d ? Num.ExpSign : digit ? Num.ExpDigits : -1;
                break;
            case Num.ExpSign:
            case Num.ExpDigits:
                next = digit ? Num.ExpDigits : -1;
                break;
        }
        if (next === -1)
            return false;
        this.num = next;
        if (++this.tokenLength > MAX_NUMBER_CHARS)
            throw this.over('number_chars', MAX_NUMBER_CHARS);
        return true;
    }
    endNumber(i) {
        const complete = this.num === Num.Zero || this.num === Num.Int || this.num === Num.Frac || this.num === Num.ExpDigits;
        if (!complete)
            throw this.syntax('an incomplete number', i);
        this.state = afterValue(this.depth);
    }
    // ---- kept bytes
    /** Copies the chunk's significant bytes from `span` up to `to` into `kept`. */
    keep(to) {
        const length = to - this.span;
        if (length <= 0)
            return;
        if (this.keptLength + length > this.kept.length)
            this.grow(this.keptLength + length);
        this.kept.set(this.chunk.subarray(this.span, to), this.keptLength);
        this.keptLength += length;
        this.span = to;
    }
    grow(needed) {
        let size = this.kept.length * 2;
        while (size < needed)
            size *= 2;
        if (!this.memory.reserve(size - this.kept.length))
            throw new MemoryBudgetError();
        const bigger = Buffer.allocUnsafe(size);
        this.kept.copy(bigger, 0, 0, this.keptLength);
        this.kept = bigger;
    }
    // ---- errors
    /** The dotted path of the value being read, as the schema errors spell it. */
    path() {
        if (this.depth === 0)
            return '(document)';
        return this.frames.slice(0, this.depth).map((frame) => (frame.array ? String(Math.max(0, frame.count - 1)) : frame.key)).join('.');
    }
    over(limit, max) {
        return new DocumentLimitError(limit, max, this.path());
    }
    syntax(message, i) {
        return new JsonSyntaxError(message, this.offset + i, 'json');
    }
}
function isWhitespace(byte) {
    return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
function afterValue(depth) {
    return depth === 0 ? State.Done : State.AfterValue;
}
//# sourceMappingURL=json-scanner.js.map