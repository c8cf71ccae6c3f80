/**
 * A JSON document written member by member, so that its large arrays (ATIF's steps) never exist
 * whole in memory: objects and arrays are opened, filled and closed in order. Compact, or
 * indented by two spaces (`--pretty`) as JSON.stringify would indent the whole document.
 */
import { ByteBatch } from '../../sinks/byte-batch.js';
import type { Output } from '../../sinks/output.js';

export class JsonStream {
  private readonly batch: ByteBatch;

  constructor(
    output: Output,
    private readonly pretty: boolean,
  ) {
    this.batch = new ByteBatch((bytes) => output.write(bytes));
  }

  get colon(): string {
    return this.pretty ? ': ' : ':';
  }

  /** The document's top-level object. */
  root(): JsonObject {
    return new JsonObject(this, 0);
  }

  async end(): Promise<void> {
    await this.put('\n');
    await this.batch.flush();
  }

  async put(text: string): Promise<void> {
    const pending = this.batch.add(text);
    if (pending) await pending;
  }

  /** A line break and the indentation of `depth` (nothing when compact). */
  newline(depth: number): string {
    return this.pretty ? `\n${'  '.repeat(depth)}` : '';
  }

  encode(value: unknown, depth: number): string {
    const text = JSON.stringify(value, null, this.pretty ? 2 : undefined);
    return this.pretty ? text.replaceAll('\n', this.newline(depth)) : text;
  }
}

abstract class Container {
  private opened = false;
  private empty = true;

  constructor(
    protected readonly json: JsonStream,
    protected readonly depth: number,
    private readonly brackets: '{}' | '[]',
  ) {}

  /** Starts the next member: the container's opening, or the comma after the previous member. */
  protected async next(): Promise<void> {
    await this.json.put(`${this.opened ? ',' : this.brackets[0]}${this.json.newline(this.depth + 1)}`);
    this.opened = true;
    this.empty = false;
  }

  async close(): Promise<void> {
    if (!this.opened) await this.json.put(this.brackets[0]!);
    await this.json.put(`${this.empty ? '' : this.json.newline(this.depth)}${this.brackets[1]}`);
  }
}

export class JsonObject extends Container {
  constructor(json: JsonStream, depth: number) {
    super(json, depth, '{}');
  }

  private async key(key: string): Promise<void> {
    await this.next();
    await this.json.put(`${JSON.stringify(key)}${this.json.colon}`);
  }

  /** A member whose value is known whole; undefined leaves it out. */
  async field(key: string, value: unknown): Promise<void> {
    if (value === undefined) return;
    await this.key(key);
    await this.json.put(this.json.encode(value, this.depth + 1));
  }

  /** A member that is an array, filled item by item. */
  async array(key: string): Promise<JsonArray> {
    await this.key(key);
    return new JsonArray(this.json, this.depth + 1);
  }
}

export class JsonArray extends Container {
  constructor(json: JsonStream, depth: number) {
    super(json, depth, '[]');
  }

  async item(value: unknown): Promise<void> {
    await this.next();
    await this.json.put(this.json.encode(value, this.depth + 1));
  }

  /** An item that is an object, filled member by member. */
  async object(): Promise<JsonObject> {
    await this.next();
    return new JsonObject(this.json, this.depth + 1);
  }
}
