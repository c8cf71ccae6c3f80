/**
 * Reads a stream of top-level JSON values (one document, or one per line) without holding any
 * of them whole: each member of a top-level object comes out as it is parsed, and the members of
 * its `events` array one at a time. Built on the incremental tokenizer of @streamparser/json
 * (dependency-free, parses exactly what JSON.parse accepts); this file only follows the top two
 * levels, and each value below them is assembled by the library's token parser.
 */
import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';
export class JsonSyntaxError extends Error {
    offset;
    detail;
    constructor(offset, detail) {
        super(`not valid JSON at byte ${offset}`);
        this.offset = offset;
        this.detail = detail;
    }
}
/** Follows the structure of the top two levels; hands every value below them to a token parser. */
class PartBuilder {
    out;
    place = 'top';
    key = '';
    capture;
    constructor(out) {
        this.out = out;
    }
    token(info) {
        if (this.capture) {
            this.feed(info);
            return;
        }
        const { token, offset } = info;
        switch (this.place) {
            case 'top':
                if (token === TokenType.LEFT_BRACE) {
                    this.out({ kind: 'open', offset });
                    this.place = 'first-key';
                }
                else {
                    this.startCapture(info, (value) => this.out({ kind: 'open', offset, value }));
                }
                return;
            case 'first-key':
            case 'key':
                if (token === TokenType.STRING) {
                    this.key = info.value;
                    this.place = 'colon';
                }
                else if (token === TokenType.RIGHT_BRACE && this.place === 'first-key') {
                    this.closeObject();
                }
                else {
                    throw unexpected(info, 'a member name');
                }
                return;
            case 'colon':
                if (token !== TokenType.COLON)
                    throw unexpected(info, '":"');
                this.place = 'value';
                return;
            case 'value':
                if (this.key === 'events' && token === TokenType.LEFT_BRACKET) {
                    this.out({ kind: 'events' });
                    this.place = 'first-element';
                    return;
                }
                this.startCapture(info, (value) => {
                    this.out({ kind: 'member', key: this.key, value });
                    this.place = 'after-member';
                });
                return;
            case 'after-member':
                if (token === TokenType.COMMA)
                    this.place = 'key';
                else if (token === TokenType.RIGHT_BRACE)
                    this.closeObject();
                else
                    throw unexpected(info, '"," or "}"');
                return;
            case 'first-element':
            case 'element':
                if (token === TokenType.RIGHT_BRACKET && this.place === 'first-element') {
                    this.place = 'after-member';
                    return;
                }
                this.startCapture(info, (value) => {
                    this.out({ kind: 'event', value });
                    this.place = 'after-element';
                });
                return;
            case 'after-element':
                if (token === TokenType.COMMA)
                    this.place = 'element';
                else if (token === TokenType.RIGHT_BRACKET)
                    this.place = 'after-member';
                else
                    throw unexpected(info, '"," or "]"');
                return;
        }
    }
    /** the input ended: only between top-level values is that whole */
    end(offset) {
        if (this.place !== 'top' || this.capture)
            throw new JsonSyntaxError(offset, 'the input ends inside a value');
    }
    closeObject() {
        this.out({ kind: 'close' });
        this.place = 'top';
    }
    startCapture(info, done) {
        const parser = new TokenParser({ paths: ['$'] });
        const capture = { parser, depth: 0, done: false, value: undefined };
        parser.onValue = ({ value }) => {
            capture.value = value;
            capture.done = true;
        };
        parser.onError = (error) => {
            throw new JsonSyntaxError(info.offset, error.message);
        };
        this.capture = capture;
        this.onCaptured = done;
        this.feed(info);
    }
    onCaptured = () => { };
    feed(info) {
        const capture = this.capture;
        capture.parser.write(info);
        if (!capture.done)
            return;
        this.capture = undefined;
        this.onCaptured(capture.value);
    }
}
function unexpected(info, wanted) {
    return new JsonSyntaxError(info.offset, `expected ${wanted}, found ${JSON.stringify(info.value)}`);
}
/**
 * The parts of every top-level value in the byte chunks, in order. `onChunk` is told each chunk
 * before its parts come out (so a caller can count lines up to a part's offset).
 */
export async function* jsonParts(chunks, onChunk) {
    const queue = [];
    const builder = new PartBuilder((part) => queue.push(part));
    const tokenizer = new Tokenizer({ separator: '' });
    let failure;
    tokenizer.onToken = (info) => {
        if (failure)
            return;
        try {
            builder.token(info);
        }
        catch (error) {
            failure = error;
        }
    };
    let offset = 0;
    tokenizer.onError = (error) => {
        failure ??= error instanceof JsonSyntaxError ? error : new JsonSyntaxError(offsetIn(error, offset), error.message);
    };
    tokenizer.onEnd = () => { };
    for await (const chunk of chunks) {
        onChunk?.(chunk, offset);
        tokenizer.write(chunk);
        offset += chunk.length;
        yield* queue.splice(0);
        if (failure)
            throw failure;
    }
    tokenizer.end();
    yield* queue.splice(0);
    if (failure)
        throw failure;
    builder.end(offset);
}
/** the absolute position a tokenizer error names, or where the chunk began */
function offsetIn(error, chunkOffset) {
    const absolute = /absolute position "(\d+)"/.exec(error.message);
    return absolute ? Number(absolute[1]) : chunkOffset;
}
//# sourceMappingURL=json-parts.js.map