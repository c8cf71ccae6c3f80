/**
 * Synthetic Codex rollout generator (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`,
 * the 0.169 shape recorded in fixtures/codex/).
 *
 * Streams a large rollout to disk (never held in memory): a session_meta with the ~20 KB base
 * instructions, per turn a task_started, turn_context, the injected environment context and the
 * prompt (response_item + item_completed UserMessage), then 1–8 model responses, each with a
 * reasoning item (summary + encrypted_content, and its item_completed twin), sometimes a text
 * message (twice: item_completed AgentMessage + response_item), and tool calls: exec_command
 * (item_completed CommandExecution with the aggregated output, then function_call_output with the
 * same output behind Codex's header lines, so the payload is written twice as in real files),
 * apply_patch (custom_tool_call with the patch, FileChange with the unified diff, output) and
 * view_image (a function_call_output whose content item is a multi-MB PNG data URL); after each
 * response a token_usage_record and a cumulative token_count. Output is fully determined by the seed.
 *
 * Library:     generateCodexRollout(path, { sizeMb, seed, onProgress })
 * Stand-alone: node dist/bench/generate-codex-rollout.js <out.jsonl> [--size-mb N] [--seed S]
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { buildPool, randomBase64, Rng, toolOutputChars } from "./generate-claude-session.js";
import { generatorMain, isMain, MiB, writeToSize } from "./util.js";
const WORDS = ("the a to of and in is it that for on with as this be by are from or an was not at which file function test " +
    "value error config build module import export return type string number update change refactor check parse " +
    "stream line buffer session message tool result output input model token cache request response handler " +
    "café naïve Straße 日本語 テスト données ✓ → “quoted” 🚀").split(" ");
const IDENTS = "parseLine readStream rollout normalize adapter event usage tokens payload callId threadId turnId chunk offset state ctx err".split(" ");
function prose(rng, words) {
    return rng.pickMany(WORDS, words).join(" ") + ".";
}
function codeLine(rng) {
    const indent = "  ".repeat(rng.int(0, 3));
    switch (rng.int(0, 5)) {
        case 0:
            return `${indent}// ${prose(rng, rng.int(3, 10))}`;
        case 1:
            return `${indent}const ${rng.pick(IDENTS)} = await ${rng.pick(IDENTS)}("${rng.pick(WORDS)}", \`\${${rng.pick(IDENTS)}}\`);`;
        case 2:
            return `${indent}if (${rng.pick(IDENTS)} === '${rng.pick(WORDS)}') return { ${rng.pick(IDENTS)}: ${rng.int(0, 9999)} };`;
        case 3:
            return `${indent}\t"C:\\\\Users\\\\dev\\\\${rng.pick(IDENTS)}.rs": "${rng.pick(WORDS)}\\n",`;
        case 4:
            return "";
        default:
            return `${indent}${rng.pick(IDENTS)}.${rng.pick(IDENTS)}(${rng.int(0, 1000)});`;
    }
}
function logLine(rng, n) {
    switch (rng.int(0, 3)) {
        case 0:
            return `test ${rng.pick(IDENTS)}::${rng.pick(IDENTS)} ... ${rng.chance(0.9) ? "ok" : "FAILED"}`;
        case 1:
            return `   Compiling ${rng.pick(IDENTS)} v0.${rng.int(1, 99)}.${rng.int(0, 9)} (/home/dev/codex/${rng.pick(IDENTS)})`;
        case 2:
            return `[${String(n).padStart(6, "0")}] ${rng.pick(IDENTS)}=${rng.hex(8)} took=${rng.int(0, 5000)}ms “${rng.pick(WORDS)}”`;
        default:
            return `src/${rng.pick(IDENTS)}.rs:${rng.int(1, 2000)}:${rng.int(1, 80)}: ${prose(rng, rng.int(3, 9))}`;
    }
}
function slice(rng, from, chars) {
    const start = rng.int(0, Math.max(0, from.length - chars - 1));
    const nl = from.indexOf("\n", start);
    const s = nl < 0 ? 0 : nl + 1;
    return from.slice(s, s + chars);
}
const MODEL = "gpt-5.5";
const VERSION = "0.169.0";
const CWD = "/home/dev/projects/agent-transcript";
class RolloutWriter {
    threadId;
    bytes = 0;
    lines = 0;
    turns = 0;
    toolResults = 0;
    images = 0;
    maxLineBytes = 0;
    rng;
    out;
    clock = Date.UTC(2026, 10, 22, 9, 0, 0);
    ordinal = 0;
    code;
    log;
    base64;
    totals = { input_tokens: 0, cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: 0, reasoning_output_tokens: 0, total_tokens: 0 };
    constructor(path, seed) {
        this.rng = new Rng(seed ^ 0x0c0de);
        this.threadId = `019a${this.rng.hex(4)}-${this.rng.hex(4)}-7${this.rng.hex(3)}-8${this.rng.hex(3)}-${this.rng.hex(12)}`;
        this.code = buildPool(this.rng, 4 * MiB, () => codeLine(this.rng));
        this.log = buildPool(this.rng, 4 * MiB, (n) => logLine(this.rng, n));
        this.base64 = randomBase64(this.rng);
        this.out = createWriteStream(path, { highWaterMark: 4 * MiB });
    }
    async line(type, payload) {
        this.clock += this.rng.int(1, 1500);
        const text = JSON.stringify({ timestamp: new Date(this.clock).toISOString(), ordinal: this.ordinal++, type, payload }) + "\n";
        const size = Buffer.byteLength(text);
        this.bytes += size;
        this.lines += 1;
        this.maxLineBytes = Math.max(this.maxLineBytes, size - 1);
        if (!this.out.write(text))
            await once(this.out, "drain");
    }
    item(payload) {
        return this.line("response_item", { ...payload, internal_chat_message_metadata_passthrough: { turn_id: `turn-${this.turns}` } });
    }
    completed(item) {
        const ms = this.clock;
        return this.line("event_msg", { type: "item_completed", thread_id: this.threadId, turn_id: `turn-${this.turns}`, item, started_at_ms: ms, completed_at_ms: ms });
    }
    async start() {
        await this.line("session_meta", {
            session_id: this.threadId, id: this.threadId, timestamp: new Date(this.clock).toISOString(), cwd: CWD, originator: "codex_exec",
            cli_version: VERSION, source: "exec", model_provider: "openai",
            base_instructions: { text: slice(this.rng, this.code, 20_000) },
            git: { commit_hash: this.rng.hex(40), branch: "main", repository_url: "git@example.invalid:dev/agent-transcript.git" },
        });
    }
    async usage() {
        const last = { input_tokens: this.rng.int(8_000, 120_000), cached_input_tokens: 0, cache_write_input_tokens: 0, output_tokens: this.rng.int(20, 4_000), reasoning_output_tokens: 0, total_tokens: 0 };
        last.cached_input_tokens = Math.floor(last.input_tokens * this.rng.next());
        last.reasoning_output_tokens = Math.floor(last.output_tokens * this.rng.next());
        last.total_tokens = last.input_tokens + last.output_tokens;
        for (const key of Object.keys(this.totals))
            this.totals[key] += last[key];
        await this.line("token_usage_record", { thread_id: this.threadId, turn_id: `turn-${this.turns}`, response_id: `resp_${this.rng.hex(32)}`, usage: last, thread_token_usage: { ...this.totals } });
        await this.line("event_msg", { type: "token_count", info: { total_token_usage: { ...this.totals }, last_token_usage: last, model_context_window: 258400 }, rate_limits: { limit_id: "codex", primary: null, secondary: null } });
    }
    async exec() {
        const callId = `call_${this.rng.hex(24)}`;
        const cmd = this.rng.pick(["cargo test", "rg -n parseLine src", "cat src/lib.rs", "git diff", "npm test", "ls -la"]);
        await this.item({ type: "function_call", id: `fc_${this.rng.hex(32)}`, name: "exec_command", arguments: JSON.stringify({ cmd, workdir: CWD }), call_id: callId });
        await this.usage();
        const body = slice(this.rng, this.rng.chance(0.5) ? this.log : this.code, toolOutputChars(this.rng));
        const exit = this.rng.chance(0.85) ? 0 : 1;
        await this.completed({
            type: "CommandExecution", id: callId, process_id: String(this.rng.int(100, 99999)), command: ["/bin/bash", "-lc", cmd], cwd: `file://${CWD}`,
            source: "unified_exec_startup", status: exit === 0 ? "completed" : "failed", aggregated_output: body, exit_code: exit, duration: { secs: this.rng.int(0, 30), nanos: this.rng.int(0, 999_999_999) },
        });
        await this.item({ type: "function_call_output", id: `fco_${this.rng.hex(16)}`, call_id: callId, output: `Chunk ID: ${this.rng.hex(6)}\nWall time: ${(this.rng.next() * 30).toFixed(4)} seconds\nProcess exited with code ${exit}\nOriginal token count: ${Math.ceil(body.length / 4)}\nOutput:\n${body}` });
        this.toolResults += 1;
    }
    async patch() {
        const callId = `call_${this.rng.hex(24)}`;
        const file = `src/${this.rng.pick(IDENTS)}.rs`;
        const removed = slice(this.rng, this.code, this.rng.int(500, 8_000)).split("\n");
        const added = slice(this.rng, this.code, this.rng.int(500, 8_000)).split("\n");
        const hunk = ["@@", ...removed.map((l) => `-${l}`), ...added.map((l) => `+${l}`)].join("\n");
        await this.item({ type: "custom_tool_call", id: `ctc_${this.rng.hex(32)}`, status: "completed", call_id: callId, name: "apply_patch", input: `*** Begin Patch\n*** Update File: ${file}\n${hunk}\n*** End Patch\n` });
        await this.usage();
        await this.completed({ type: "FileChange", id: callId, changes: { [`${CWD}/${file}`]: { type: "update", unified_diff: `@@ -1,${removed.length} +1,${added.length} @@\n${hunk.slice(3)}\n`, move_path: null } }, status: "completed", stdout: `Success. Updated the following files:\nM ${file}\n`, stderr: "" });
        await this.item({ type: "custom_tool_call_output", id: `ctco_${this.rng.hex(16)}`, call_id: callId, output: `Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM ${file}\n` });
        this.toolResults += 1;
    }
    async image() {
        const callId = `call_${this.rng.hex(24)}`;
        const bytes = this.rng.int(1 * MiB, 5 * MiB);
        const len = Math.min(this.base64.length - 4, Math.ceil(bytes / 3) * 4);
        const start = this.rng.int(0, Math.floor((this.base64.length - len) / 4)) * 4;
        await this.item({ type: "function_call", id: `fc_${this.rng.hex(32)}`, name: "view_image", arguments: JSON.stringify({ path: `${CWD}/screenshot.png` }), call_id: callId });
        await this.usage();
        await this.item({ type: "function_call_output", id: `fco_${this.rng.hex(16)}`, call_id: callId, output: [{ type: "input_image", image_url: `data:image/png;base64,${this.base64.slice(start, start + len)}` }] });
        this.toolResults += 1;
        this.images += 1;
    }
    async response(final) {
        const summary = [`**${prose(this.rng, 3)}**\n\n${prose(this.rng, this.rng.int(10, 80))}`];
        const rsId = `rs_${this.rng.hex(32)}`;
        await this.completed({ type: "Reasoning", id: rsId, summary_text: summary, raw_content: [] });
        await this.item({ type: "reasoning", id: rsId, summary: summary.map((text) => ({ type: "summary_text", text })), content: null, encrypted_content: `gAAAAAB${this.base64.slice(0, this.rng.int(1_000, 6_000) & ~3)}` });
        if (final || this.rng.chance(0.4)) {
            const text = prose(this.rng, this.rng.int(10, final ? 400 : 60));
            const id = `msg_${this.rng.hex(32)}`;
            await this.completed({ type: "AgentMessage", id, content: [{ type: "Text", text }] });
            await this.item({ type: "message", status: "completed", id, role: "assistant", content: [{ type: "output_text", text, annotations: [], logprobs: [] }] });
        }
        if (final) {
            await this.usage();
            return;
        }
        const tools = this.rng.int(1, 3);
        for (let i = 0; i < tools; i++) {
            const r = this.rng.next();
            if (r < 0.012)
                await this.image();
            else if (r < 0.3)
                await this.patch();
            else
                await this.exec();
        }
    }
    async turn() {
        this.turns += 1;
        await this.line("event_msg", { type: "task_started", turn_id: `turn-${this.turns}`, started_at: Math.floor(this.clock / 1000), model_context_window: 258400 });
        await this.item({ type: "message", id: `msg_${this.rng.hex(16)}`, role: "user", content: [{ type: "input_text", text: `<environment_context>\n  <cwd>${CWD}</cwd>\n  <shell>bash</shell>\n</environment_context>` }] });
        await this.line("turn_context", { turn_id: `turn-${this.turns}`, cwd: CWD, approval_policy: "on-request", sandbox_policy: { type: "workspace-write" }, model: MODEL, summary: "auto" });
        const prompt = prose(this.rng, this.rng.int(5, 200));
        const promptId = `msg_${this.rng.hex(16)}`;
        await this.line("response_item", { type: "message", id: promptId, role: "user", content: [{ type: "input_text", text: prompt }], internal_chat_message_metadata_passthrough: { turn_id: `turn-${this.turns}`, content_item_kinds: ["user.text"], content_item_metadata: [{ provenance: { type: "user" } }] } });
        await this.completed({ type: "UserMessage", id: promptId, content: [{ type: "text", text: prompt, text_elements: [] }] });
        const steps = this.rng.int(1, 8);
        for (let i = 0; i < steps; i++)
            await this.response(false);
        await this.response(true);
        await this.line("event_msg", { type: "task_complete", turn_id: `turn-${this.turns}`, duration_ms: this.rng.int(1_000, 600_000) });
    }
    async close() {
        this.out.end();
        await once(this.out, "finish");
    }
    fail() {
        this.out.destroy();
    }
}
/** Streams a synthetic Codex rollout of at least `sizeMb` MiB to `path`. */
export async function generateCodexRollout(path, options) {
    return writeToSize(path, options, () => new RolloutWriter(path, options.seed ?? 1), (writer) => ({ threadId: writer.threadId }));
}
// Stand-alone entry
if (isMain(import.meta.url))
    await generatorMain("generate-codex-rollout.js", generateCodexRollout);
//# sourceMappingURL=generate-codex-rollout.js.map