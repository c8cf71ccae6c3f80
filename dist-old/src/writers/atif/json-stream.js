/**
 * A JSON document written member by member, so that its large arrays (ATIF's steps) never exist
 * whole in memory: objects and arrays are opened, filled and closed in order. Compact, or
 * indented by two spaces (`--pretty`) as JSON.stringify would indent the whole document.
 */
import { ByteBatch } from '../../sinks/byte-batch.js';
export class JsonStream {
    pretty;
    batch;
    constructor(output, pretty) {
        this.pretty = pretty;
        this.batch = new ByteBatch((bytes) => output.write(bytes));
    }
    get colon() {
        return this.pretty ? ': ' : ':';
    }
    /** The document's top-level object. */
    root() {
        return new JsonObject(this, 0);
    }
    async end() {
        await this.put('\n');
        await this.batch.flush();
    }
    async put(text) {
        const pending = this.batch.add(text);
        if (pending)
            await pending;
    }
    /** A line break and the indentation of `depth` (nothing when compact). */
    newline(depth) {
        return this.pretty ? `\n${'  '.repeat(depth)}` : '';
    }
    encode(value, depth) {
        const text = JSON.stringify(value, null, this.pretty ? 2 : undefined);
        return this.pretty ? text.replaceAll('\n', this.newline(depth)) : text;
    }
}
class Container {
    json;
    depth;
    brackets;
    opened = false;
    empty = true;
    constructor(json, depth, brackets) {
        this.json = json;
        this.depth = depth;
        this.brackets = brackets;
    }
    /** Starts the next member: the container's opening, or the comma after the previous member. */
    async next() {
        await this.json.put(`${this.opened ? ',' : this.brackets[0]}${this.json.newline(this.depth + 1)}`);
        this.opened = true;
        this.empty = false;
    }
    async close() {
        if (!this.opened)
            await this.json.put(this.brackets[0]);
        await this.json.put(`${this.empty ? '' : this.json.newline(this.depth)}${this.brackets[1]}`);
    }
}
export class JsonObject extends Container {
    constructor(json, depth) {
        super(json, depth, '{}');
    }
    async key(key) {
        await this.next();
        await this.json.put(`${JSON.stringify(key)}${this.json.colon}`);
    }
    /** A member whose value is known whole; undefined leaves it out. */
    async field(key, value) {
        if (value === undefined)
            return;
        await this.key(key);
        await this.json.put(this.json.encode(value, this.depth + 1));
    }
    /** A member that is an array, filled item by item. */
    async array(key) {
        await this.key(key);
        return new JsonArray(this.json, this.depth + 1);
    }
}
export class JsonArray extends Container {
    constructor(json, depth) {
        super(json, depth, '[]');
    }
    async item(value) {
        await this.next();
        await this.json.put(this.json.encode(value, this.depth + 1));
    }
    /** An item that is an object, filled member by member. */
    async object() {
        await this.next();
        return new JsonObject(this.json, this.depth + 1);
    }
}
//# sourceMappingURL=json-stream.js.map