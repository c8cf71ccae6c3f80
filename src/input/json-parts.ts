/**
 * Reads a stream of top-level JSON values (one document, or one per line) without holding any
 * of them whole: each member of a top-level object comes out as it is parsed, and the members of
 * its `events` array one at a time. Built on the incremental tokenizer of @streamparser/json
 * (dependency-free, parses exactly what JSON.parse accepts); this file only follows the top two
 * levels, and each value below them is assembled by the library's token parser.
 */
import { Tokenizer, TokenParser, TokenType, type ParsedTokenInfo } from '@streamparser/json';

export type JsonPart =
  /** a top-level value begins: an object (whose members follow), or any other value, whole */
  | { kind: 'open'; offset: number; value?: unknown }
  | { kind: 'member'; key: string; value: unknown }
  /** the object's `events` array begins; its elements follow as `event` parts */
  | { kind: 'events' }
  | { kind: 'event'; value: unknown }
  | { kind: 'close' };

export class JsonSyntaxError extends Error {
  constructor(readonly offset: number, readonly detail: string) {
    super(`not valid JSON at byte ${offset}`);
  }
}

/** where the next token stands; `first-` places may also close their container (no trailing comma) */
type Place = 'top' | 'first-key' | 'key' | 'colon' | 'value' | 'after-member' | 'first-element' | 'element' | 'after-element';

/** Follows the structure of the top two levels; hands every value below them to a token parser. */
class PartBuilder {
  private place: Place = 'top';
  private key = '';
  private capture: { parser: TokenParser; depth: number; done: boolean; value: unknown } | undefined;

  constructor(private readonly out: (part: JsonPart) => void) {}

  token(info: ParsedTokenInfo): void {
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
        } else {
          this.startCapture(info, (value) => this.out({ kind: 'open', offset, value }));
        }
        return;
      case 'first-key':
      case 'key':
        if (token === TokenType.STRING) {
          this.key = info.value as string;
          this.place = 'colon';
        } else if (token === TokenType.RIGHT_BRACE && this.place === 'first-key') {
          this.closeObject();
        } else {
          throw unexpected(info, 'a member name');
        }
        return;
      case 'colon':
        if (token !== TokenType.COLON) throw unexpected(info, '":"');
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
        if (token === TokenType.COMMA) this.place = 'key';
        else if (token === TokenType.RIGHT_BRACE) this.closeObject();
        else throw unexpected(info, '"," or "}"');
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
        if (token === TokenType.COMMA) this.place = 'element';
        else if (token === TokenType.RIGHT_BRACKET) this.place = 'after-member';
        else throw unexpected(info, '"," or "]"');
        return;
    }
  }

  /** the input ended: only between top-level values is that whole */
  end(offset: number): void {
    if (this.place !== 'top' || this.capture) throw new JsonSyntaxError(offset, 'the input ends inside a value');
  }

  private closeObject(): void {
    this.out({ kind: 'close' });
    this.place = 'top';
  }

  private startCapture(info: ParsedTokenInfo, done: (value: unknown) => void): void {
    const parser = new TokenParser({ paths: ['$'] });
    const capture = { parser, depth: 0, done: false, value: undefined as unknown };
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

  private onCaptured: (value: unknown) => void = () => {};

  private feed(info: ParsedTokenInfo): void {
    const capture = this.capture!;
    capture.parser.write(info);
    if (!capture.done) return;
    this.capture = undefined;
    this.onCaptured(capture.value);
  }
}

function unexpected(info: ParsedTokenInfo, wanted: string): JsonSyntaxError {
  return new JsonSyntaxError(info.offset, `expected ${wanted}, found ${JSON.stringify(info.value)}`);
}

/**
 * A chunk is tokenized a slice at a time, and the parts of each slice are handed on before the
 * next slice is tokenized. Tokenized whole, a 1 MiB chunk makes hundreds of events at once, which
 * wait in the queue while the first are redacted and written: alive at a scavenge, they are moved
 * to old space, where they soon die as garbage only a full collection frees (150 MiB of 200 MiB
 * Transcript's events were, 25 MiB with slices of 64 KiB).
 */
const PARSE_SLICE_BYTES = 64 * 1024;

/**
 * The parts of every top-level value in the byte chunks, in order. `onChunk` is told each chunk
 * before its parts come out (so a caller can count lines up to a part's offset).
 */
export async function* jsonParts(chunks: AsyncIterable<Buffer>, onChunk?: (chunk: Buffer, offset: number) => void): AsyncGenerator<JsonPart> {
  const queue: JsonPart[] = [];
  const builder = new PartBuilder((part) => queue.push(part));
  const tokenizer = new Tokenizer({ separator: '' });
  let failure: Error | undefined;
  tokenizer.onToken = (info) => {
    if (failure) return;
    try {
      builder.token(info);
    } catch (error) {
      failure = error as Error;
    }
  };
  let offset = 0;
  tokenizer.onError = (error) => {
    failure ??= error instanceof JsonSyntaxError ? error : new JsonSyntaxError(offsetIn(error, offset), error.message);
  };
  tokenizer.onEnd = () => {};
  for await (const chunk of chunks) {
    onChunk?.(chunk, offset);
    for (let start = 0; start < chunk.length; start += PARSE_SLICE_BYTES) {
      tokenizer.write(chunk.subarray(start, start + PARSE_SLICE_BYTES));
      yield* queue.splice(0);
      if (failure) throw failure;
    }
    offset += chunk.length;
  }
  tokenizer.end();
  yield* queue.splice(0);
  if (failure) throw failure;
  builder.end(offset);
}

/** the absolute position a tokenizer error names, or where the chunk began */
function offsetIn(error: Error, chunkOffset: number): number {
  const absolute = /absolute position "(\d+)"/.exec(error.message);
  return absolute ? Number(absolute[1]) : chunkOffset;
}
