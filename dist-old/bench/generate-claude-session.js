/**
 * Synthetic Claude Code session-file generator (`~/.claude/projects/<slug>/<sessionId>.jsonl`).
 *
 * Writes a large, realistic JSONL session to disk as a stream (the whole file is never held in
 * memory): user prompts, assistant responses split over several lines sharing `message.id`
 * (thinking / text / tool_use blocks, cumulative `usage`), tool results (Bash, Read, Edit) of
 * tens to hundreds of KB with a `toolUseResult` sibling, multi-MB base64 images, plus a few
 * `file-history-snapshot` and `system` lines. Output is fully determined by the seed.
 *
 * Library:   generateClaudeSession(path, { sizeMb, seed, onProgress })
 * Stand-alone: node dist/bench/generate-claude-session.js <out.jsonl> [--size-mb N] [--seed S]
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { RandomDraws } from "./random.js";
import { generatorMain, isMain, MiB, writeToSize } from "./util.js";
// ---------------------------------------------------------------------------------------------
// Seeded PRNG (sfc32 seeded through splitmix32) and helpers
// ---------------------------------------------------------------------------------------------
export class Rng extends RandomDraws {
    a;
    b;
    c;
    d;
    constructor(seed) {
        super();
        let s = seed >>> 0;
        const next = () => {
            s = (s + 0x9e3779b9) >>> 0;
            let z = s;
            z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
            z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
            return (z ^ (z >>> 16)) >>> 0;
        };
        this.a = next();
        this.b = next();
        this.c = next();
        this.d = next();
        for (let i = 0; i < 12; i++)
            this.u32();
    }
    u32() {
        const t = (((this.a + this.b) | 0) + this.d) | 0;
        this.d = (this.d + 1) | 0;
        this.a = this.b ^ (this.b >>> 9);
        this.b = (this.c + (this.c << 3)) | 0;
        this.c = (this.c << 21) | (this.c >>> 11);
        this.c = (this.c + t) | 0;
        return t >>> 0;
    }
    hex(n) {
        let s = "";
        while (s.length < n)
            s += this.u32().toString(16).padStart(8, "0");
        return s.slice(0, n);
    }
    uuid() {
        const h = this.hex(32);
        const variant = ((parseInt(h[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    }
    /** Anthropic-style id: prefix + 24 base62-ish chars. */
    anthropicId(prefix) {
        let s = prefix;
        for (let i = 0; i < 24; i++)
            s += ID_CHARS[this.u32() % ID_CHARS.length];
        return s;
    }
}
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// ---------------------------------------------------------------------------------------------
// Text pools: generated once, then sliced. Keeps generation fast (hundreds of MB/s) while the
// content still looks like code, logs and prose, with escapes (quotes, backslashes, tabs) and
// non-ASCII characters that exercise JSON string handling.
// ---------------------------------------------------------------------------------------------
const WORDS = ("the a to of and in is it that for on with as this be by are from or an was not at which " +
    "file function test value error config build module import export return type string number " +
    "update change refactor check parse stream line buffer session message tool result output " +
    "input user assistant model token cache request response handler server client path index " +
    "should would could need make sure first then also now let me look see run fix add remove " +
    "café naïve résumé Straße über déjà 日本語 テスト 中文 données ✓ → … “quoted” emoji 🚀 🔧").split(" ");
const IDENTS = ("parseLine readStream transcript normalize adapter event usage tokens blocks content " +
    "sessionId messageId toolUseId result config options handler writer reader buffer chunk " +
    "offset length index items entries state ctx opts err res req data meta payload schema").split(" ");
const KEYWORDS = ["const", "let", "if", "return", "await", "for", "export", "import", "function", "async"];
function proseLine(rng, words) {
    const s = rng.pickMany(WORDS, words).join(" ");
    return s.charAt(0).toUpperCase() + s.slice(1) + rng.pick([".", ".", ".", "?", ":", "!"]);
}
function codeLine(rng) {
    const indent = "  ".repeat(rng.int(0, 4));
    switch (rng.int(0, 9)) {
        case 0:
            return `${indent}// ${proseLine(rng, rng.int(3, 12))}`;
        case 1:
            return `${indent}const ${rng.pick(IDENTS)} = await ${rng.pick(IDENTS)}(${rng.pick(IDENTS)}, "${rng.pick(WORDS)}");`;
        case 2:
            return `${indent}if (${rng.pick(IDENTS)}.${rng.pick(IDENTS)} === '${rng.pick(WORDS)}') {`;
        case 3:
            return `${indent}}`;
        case 4:
            return `${indent}return { ${rng.pick(IDENTS)}: ${rng.int(0, 99999)}, ${rng.pick(IDENTS)}: "${rng.pick(WORDS)}\\n" };`;
        case 5:
            return `${indent}throw new Error(\`${proseLine(rng, rng.int(2, 6))} \${${rng.pick(IDENTS)}}\`);`;
        case 6:
            return `${indent}${rng.pick(KEYWORDS)} ${rng.pick(IDENTS)}${rng.pick(["(", " = ", ".push(", "?.", " of "])}${rng.pick(IDENTS)});`;
        case 7:
            return `${indent}\t${rng.pick(IDENTS)}: "C:\\\\Users\\\\dev\\\\${rng.pick(IDENTS)}.ts",`;
        case 8:
            return "";
        default:
            return `${indent}${rng.pick(IDENTS)}.${rng.pick(IDENTS)}(${rng.int(0, 1000)}); // ${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
    }
}
function logLine(rng, n) {
    switch (rng.int(0, 7)) {
        case 0:
            return ` ✓ test/${rng.pick(IDENTS)}.test.ts > ${proseLine(rng, rng.int(3, 8))} ${rng.int(1, 900)}ms`;
        case 1:
            return ` × test/${rng.pick(IDENTS)}.test.ts > ${rng.pick(IDENTS)} — AssertionError: expected "${rng.pick(WORDS)}" to equal "${rng.pick(WORDS)}"`;
        case 2:
            return `src/${rng.pick(IDENTS)}/${rng.pick(IDENTS)}.ts:${rng.int(1, 2000)}:${rng.int(1, 80)}: ${proseLine(rng, rng.int(3, 10))}`;
        case 3:
            return `[${String(n).padStart(6, "0")}] INFO  ${rng.pick(IDENTS)} ${rng.pick(IDENTS)}=${rng.hex(8)} took=${rng.int(0, 5000)}ms`;
        case 4:
            return `    at ${rng.pick(IDENTS)} (file:///home/dev/project/src/${rng.pick(IDENTS)}.js:${rng.int(1, 999)}:${rng.int(1, 80)})`;
        case 5:
            return `commit ${rng.hex(40)}\nAuthor: Dev <dev@example.com>\n\n    ${proseLine(rng, rng.int(4, 10))}`;
        case 6:
            return `-rw-r--r--  1 dev staff ${String(rng.int(0, 999999)).padStart(7)} Nov 3 09:${String(rng.int(10, 59))} ${rng.pick(IDENTS)}.ts`;
        default:
            return `${rng.pick(WORDS)} ${rng.pick(WORDS)} "${rng.pick(IDENTS)}" \\ ${rng.int(0, 1e6)} ${rng.pick(WORDS)}`;
    }
}
export function buildPool(rng, chars, line) {
    const parts = [];
    let len = 0;
    for (let n = 1; len < chars; n++) {
        const l = line(n);
        parts.push(l);
        len += l.length + 1;
    }
    return parts.join("\n") + "\n";
}
/** 6 MiB of random bytes as base64 (image payloads, signatures and encrypted content are sliced from it). */
export function randomBase64(rng) {
    const raw = Buffer.allocUnsafe(6 * MiB);
    for (let i = 0; i < raw.length; i += 4)
        raw.writeUInt32LE(rng.u32(), i);
    return raw.toString("base64");
}
class Pools {
    code;
    log;
    prose;
    /** Random bytes as base64 (for image payloads and thinking signatures). */
    base64;
    constructor(rng) {
        this.code = buildPool(rng, 4 * MiB, () => codeLine(rng));
        this.log = buildPool(rng, 4 * MiB, (n) => logLine(rng, n));
        this.prose = buildPool(rng, MiB, () => proseLine(rng, rng.int(6, 30)));
        this.base64 = randomBase64(rng);
    }
    /** About `chars` characters of whole lines from `pool`, starting at a random line. */
    slice(rng, pool, chars) {
        const out = [];
        let need = chars;
        while (need > 0) {
            let start = rng.int(0, pool.length - 1);
            const nl = pool.indexOf("\n", start);
            start = nl < 0 ? 0 : nl + 1;
            let end = Math.min(pool.length, start + need);
            const endNl = pool.indexOf("\n", end);
            end = endNl < 0 ? pool.length : endNl + 1;
            out.push(pool.slice(start, end));
            need -= end - start;
        }
        return out.join("");
    }
    /** `chars` characters of base64 (multiple of 4) from a random offset. */
    b64(rng, chars) {
        const len = Math.min(this.base64.length - 4, chars - (chars % 4));
        const maxStart = Math.floor((this.base64.length - len) / 4);
        const start = rng.int(0, maxStart) * 4;
        return this.base64.slice(start, start + len);
    }
}
const MODEL = "claude-sonnet-4-5-20250929";
const VERSION = "2.0.28";
const CWD = "/home/dev/projects/agent-transcript";
/** Tool output size in characters: mostly tens of KB, some hundreds of KB, a few small ones. */
export function toolOutputChars(rng) {
    const r = rng.next();
    if (r < 0.15)
        return rng.int(200, 4_000);
    if (r < 0.75)
        return rng.int(10_000, 60_000);
    if (r < 0.93)
        return rng.int(60_000, 150_000);
    return rng.int(150_000, 450_000);
}
/** How much of its usual size a compact session's text takes (GenerateOptions.compact). */
const COMPACT_SCALE = 1 / 20;
class SessionWriter {
    scale;
    rng;
    pools;
    sessionId;
    parentUuid = null;
    clock;
    pending = [];
    pendingChars = 0;
    out;
    bytes = 0;
    lines = 0;
    turns = 0;
    toolResults = 0;
    images = 0;
    imageBytes = 0;
    maxLineBytes = 0;
    constructor(path, seed, scale) {
        this.scale = scale;
        this.rng = new Rng(seed);
        this.pools = new Pools(this.rng);
        this.sessionId = this.rng.uuid();
        this.clock = Date.UTC(2025, 10, 3, 9, 0, 0) + this.rng.int(0, 3_600_000);
        this.out = createWriteStream(path, { highWaterMark: 4 * MiB });
    }
    tick(minMs, maxMs) {
        this.clock += this.rng.int(minMs, maxMs);
        return new Date(this.clock).toISOString();
    }
    /** Serializes one line; flushes to disk (awaiting backpressure) every few MiB. */
    async emit(obj) {
        const line = JSON.stringify(obj);
        const bytes = Buffer.byteLength(line);
        this.bytes += bytes + 1;
        this.lines++;
        if (bytes > this.maxLineBytes)
            this.maxLineBytes = bytes;
        this.pending.push(line, "\n");
        this.pendingChars += line.length;
        if (this.pendingChars >= 2 * MiB)
            await this.flush();
    }
    async flush() {
        if (this.pending.length === 0)
            return;
        const chunk = this.pending.join("");
        this.pending = [];
        this.pendingChars = 0;
        if (!this.out.write(chunk))
            await once(this.out, "drain");
    }
    async close() {
        await this.flush();
        this.out.end();
        await once(this.out, "finish");
    }
    fail() {
        this.out.destroy();
    }
    /** Envelope shared by user/assistant/system lines; advances the parentUuid chain. */
    envelope(type, extra, minMs = 200, maxMs = 4_000) {
        const uuid = this.rng.uuid();
        const line = {
            parentUuid: this.parentUuid,
            isSidechain: false,
            userType: "external",
            cwd: CWD,
            sessionId: this.sessionId,
            version: VERSION,
            gitBranch: "main",
            type,
            ...extra,
            uuid,
            timestamp: this.tick(minMs, maxMs),
        };
        this.parentUuid = uuid;
        return line;
    }
    /** `chars` scaled for a compact session (at least one character). */
    sized(chars) {
        return this.scale === 1 ? chars : Math.max(1, Math.round(chars * this.scale));
    }
    prose(min, max) {
        return this.pools.slice(this.rng, this.pools.prose, this.sized(this.rng.int(min, max))).trimEnd();
    }
    imageBlock() {
        const chars = this.rng.int(Math.floor(1.4 * MiB), Math.floor(6.6 * MiB)); // 1-5 MB decoded
        const data = "iVBORw0KGgoAAAANSUhEUgAA" + this.pools.b64(this.rng, chars);
        this.images++;
        this.imageBytes += data.length;
        return { type: "image", source: { type: "base64", media_type: "image/png", data } };
    }
    async fileHistorySnapshot() {
        const messageId = this.rng.uuid();
        const backups = {};
        for (let i = this.rng.int(0, 4); i > 0; i--) {
            backups[`src/${this.rng.pick(IDENTS)}.ts`] = {
                backupFileName: `${this.rng.hex(16)}@v${this.rng.int(1, 9)}`,
                version: this.rng.int(1, 9),
                backupTime: new Date(this.clock).toISOString(),
            };
        }
        await this.emit({
            type: "file-history-snapshot",
            messageId,
            snapshot: { messageId, trackedFileBackups: backups, timestamp: new Date(this.clock).toISOString() },
            isSnapshotUpdate: this.rng.chance(0.3),
        });
    }
    async systemLine() {
        if (this.rng.chance(0.7)) {
            await this.emit(this.envelope("system", {
                subtype: "turn_duration",
                durationMs: this.rng.int(2_000, 600_000),
                isMeta: false,
            }));
        }
        else {
            await this.emit(this.envelope("system", {
                subtype: "local_command",
                content: `<local-command-stdout>${this.prose(40, 400)}</local-command-stdout>`,
                level: "info",
                isMeta: false,
            }));
        }
    }
    async userPrompt(withImage) {
        let content;
        const r = this.rng.next();
        if (withImage) {
            content = [this.imageBlock(), { type: "text", text: this.prose(40, 600) }];
        }
        else if (r < 0.1) {
            content =
                "<command-message>review is running…</command-message>\n<command-name>/review</command-name>\n" +
                    `<command-args>${this.prose(10, 120)}</command-args>`;
        }
        else if (r < 0.3) {
            content = [{ type: "text", text: this.prose(100, 4_000) }];
        }
        else {
            content = this.prose(30, 2_500);
        }
        const extra = { message: { role: "user", content } };
        if (this.rng.chance(0.5))
            extra.thinkingMetadata = { level: "high", disabled: false, triggers: [] };
        await this.emit(this.envelope("user", extra, 5_000, 120_000));
    }
    /** One assistant API response: several lines sharing message.id / requestId, cumulative usage. */
    async assistantResponse(blocks, stopReason) {
        const id = this.rng.anthropicId("msg_01");
        const requestId = this.rng.anthropicId("req_011C");
        const input = this.rng.int(1, 20);
        const cacheCreate = this.rng.int(0, 8_000);
        const cacheRead = this.rng.int(10_000, 180_000);
        let output = 0;
        for (let i = 0; i < blocks.length; i++) {
            output += this.rng.int(5, 800);
            const last = i === blocks.length - 1;
            await this.emit(this.envelope("assistant", {
                message: {
                    model: MODEL,
                    id,
                    type: "message",
                    role: "assistant",
                    content: [blocks[i]],
                    stop_reason: last ? stopReason : null,
                    stop_sequence: null,
                    usage: {
                        input_tokens: input,
                        cache_creation_input_tokens: cacheCreate,
                        cache_read_input_tokens: cacheRead,
                        cache_creation: { ephemeral_5m_input_tokens: cacheCreate, ephemeral_1h_input_tokens: 0 },
                        output_tokens: output,
                        service_tier: "standard",
                    },
                },
                requestId,
            }, i === 0 ? 1_500 : 20, i === 0 ? 30_000 : 900));
        }
    }
    thinkingBlock() {
        return {
            type: "thinking",
            thinking: this.prose(200, 8_000),
            signature: this.pools.b64(this.rng, this.sized(this.rng.int(300, 1_200))),
        };
    }
    /** A tool call plus its result line: returns [tool_use block, deferred result writer]. */
    toolCall(imageRead) {
        const id = this.rng.anthropicId("toolu_01");
        const rng = this.rng;
        const r = rng.next();
        const isError = rng.chance(0.04);
        let use;
        let content;
        let toolUseResult;
        const file = `${CWD}/src/${rng.pick(IDENTS)}/${rng.pick(IDENTS)}.ts`;
        if (imageRead) {
            const img = this.imageBlock();
            const png = `${CWD}/screenshots/${rng.pick(IDENTS)}.png`;
            use = { type: "tool_use", id, name: "Read", input: { file_path: png } };
            content = [img];
            const source = img.source;
            toolUseResult = {
                type: "image",
                file: { base64: source.data, type: "image/png", originalSize: rng.int(1e6, 5e6) },
            };
        }
        else if (r < 0.45) {
            const command = rng.pick([
                "npm test 2>&1",
                "npx tsc -p tsconfig.json --noEmit",
                `grep -rn "${rng.pick(IDENTS)}" src/`,
                "git log --stat -n 50",
                "ls -la src/ test/",
                `node dist/bin/atx.js convert fixtures/${rng.pick(IDENTS)}.jsonl`,
            ]);
            use = {
                type: "tool_use",
                id,
                name: "Bash",
                input: { command, description: this.prose(10, 60).split("\n")[0] ?? "", timeout: 120000 },
            };
            const stdout = this.pools.slice(rng, this.pools.log, this.sized(toolOutputChars(rng)));
            const stderr = isError ? this.pools.slice(rng, this.pools.log, rng.int(100, 3_000)) : "";
            content = isError ? `Exit code 1\n${stderr}${stdout}` : stdout;
            toolUseResult = { stdout, stderr, interrupted: false, isImage: false };
        }
        else if (r < 0.8) {
            use = { type: "tool_use", id, name: "Read", input: { file_path: file } };
            const raw = this.pools.slice(rng, this.pools.code, this.sized(toolOutputChars(rng)));
            const lines = raw.split("\n");
            if (lines[lines.length - 1] === "")
                lines.pop();
            const numbered = new Array(lines.length);
            for (let i = 0; i < lines.length; i++)
                numbered[i] = `${String(i + 1).padStart(6)}→${lines[i]}`;
            content = numbered.join("\n");
            toolUseResult = {
                type: "text",
                file: { filePath: file, content: raw, numLines: lines.length, startLine: 1, totalLines: lines.length },
            };
        }
        else {
            const original = this.pools.slice(rng, this.pools.code, this.sized(toolOutputChars(rng)));
            const oldString = this.pools.slice(rng, this.pools.code, this.sized(rng.int(50, 1_500)));
            const newString = this.pools.slice(rng, this.pools.code, this.sized(rng.int(50, 2_000)));
            use = {
                type: "tool_use",
                id,
                name: "Edit",
                input: { file_path: file, old_string: oldString, new_string: newString, replace_all: false },
            };
            const snippet = this.pools.slice(rng, this.pools.code, this.sized(rng.int(500, 3_000))).split("\n");
            const start = rng.int(1, 500);
            content =
                `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n` +
                    snippet.map((l, i) => `${String(start + i).padStart(6)}→${l}`).join("\n");
            toolUseResult = {
                filePath: file,
                oldString,
                newString,
                originalFile: original,
                structuredPatch: [
                    {
                        oldStart: start,
                        oldLines: oldString.split("\n").length,
                        newStart: start,
                        newLines: newString.split("\n").length,
                        lines: [
                            ...oldString.split("\n").map((l) => `-${l}`),
                            ...newString.split("\n").map((l) => `+${l}`),
                        ],
                    },
                ],
                userModified: false,
                replaceAll: false,
            };
        }
        if (isError && !imageRead && use.name !== "Bash") {
            content = `<tool_use_error>${this.prose(30, 300)}</tool_use_error>`;
            toolUseResult = `Error: ${this.prose(30, 200)}`;
        }
        const writeResult = async () => {
            this.toolResults++;
            const block = { tool_use_id: id, type: "tool_result", content };
            if (isError)
                block.is_error = true;
            await this.emit(this.envelope("user", { message: { role: "user", content: [block] }, toolUseResult }, 50, 20_000));
        };
        return [use, writeResult];
    }
    /** Images make up ~10% of the bytes, spread over the session. */
    wantImage() {
        return this.imageBytes < 0.1 * this.bytes && this.bytes > 2 * MiB && this.rng.chance(0.25);
    }
    /** A user prompt followed by an agentic loop of assistant responses and tool results. */
    async turn() {
        this.turns++;
        if (this.rng.chance(0.25))
            await this.fileHistorySnapshot();
        await this.userPrompt(this.wantImage());
        const steps = this.rng.int(1, 8);
        for (let s = 0; s < steps; s++) {
            const blocks = [];
            if (this.rng.chance(0.5))
                blocks.push(this.thinkingBlock());
            if (this.rng.chance(0.7))
                blocks.push({ type: "text", text: this.prose(40, 2_500) });
            const calls = [];
            const n = this.rng.chance(0.2) ? this.rng.int(2, 3) : 1;
            for (let i = 0; i < n; i++) {
                const [use, result] = this.toolCall(this.wantImage());
                blocks.push(use);
                calls.push(result);
            }
            await this.assistantResponse(blocks, "tool_use");
            for (const write of calls)
                await write();
        }
        const final = [];
        if (this.rng.chance(0.3))
            final.push(this.thinkingBlock());
        final.push({ type: "text", text: this.prose(100, 5_000) });
        await this.assistantResponse(final, "end_turn");
        if (this.rng.chance(0.3))
            await this.systemLine();
    }
}
/** Streams a synthetic Claude Code session of at least `sizeMb` MiB to `path`. */
export async function generateClaudeSession(path, options) {
    return writeToSize(path, options, () => new SessionWriter(path, options.seed ?? 1, options.compact ? COMPACT_SCALE : 1), (writer) => ({ sessionId: writer.sessionId }));
}
// Stand-alone entry
if (isMain(import.meta.url))
    await generatorMain("generate-claude-session.js", generateClaudeSession);
//# sourceMappingURL=generate-claude-session.js.map