/**
 * A HOME for the `atx discover` bench: `count` sessions spread over six agents, each where its
 * agent keeps it, 50 to a project folder. Every session file is a hard link to one copy of a
 * recorded fixture (kept in `<home>/.fixtures`), so 10,000 sessions cost a few hundred KiB of disk
 * while discover still opens and reads each one.
 */
import { copyFileSync, linkSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures");
/** fixture → where session number `n` of project `p` goes, relative to HOME */
const LAYOUT = [
    ["claude-code/plain-answer/session.jsonl", (p, n) => `.claude/projects/-home-me-p${p}/00000000-0000-4000-8000-${String(n).padStart(12, "0")}.jsonl`],
    ["codex/plain-answer/rollout.jsonl", (p, n) => `.codex/sessions/2026/11/${String(1 + (p % 28)).padStart(2, "0")}/rollout-2026-11-01T00-00-00-${n}.jsonl`],
    ["copilot-cli/plain-answer/events.jsonl", (_p, n) => `.copilot/session-state/${n}/events.jsonl`],
    ["gemini-cli/plain-answer/chat.jsonl", (p, n) => `.gemini/tmp/p${p}/chats/session-2026-11-01T00-00-${n}.jsonl`],
    ["pi/plain-answer/session.jsonl", (p, n) => `.pi/agent/sessions/--home-me-p${p}--/2026-11-01T00-00-00-000Z_${n}.jsonl`],
    ["qwen-code/plain-answer/chat.jsonl", (p, n) => `.qwen/projects/-home-me-p${p}/chats/${n}.jsonl`],
];
export function generateDiscoverHome(home, count) {
    const originals = LAYOUT.map(([fixture], index) => {
        const copy = join(home, ".fixtures", `${index}-${fixture.replaceAll("/", "-")}`);
        mkdirSync(dirname(copy), { recursive: true });
        copyFileSync(join(FIXTURES, fixture), copy);
        return copy;
    });
    for (let n = 0; n < count; n += 1) {
        const agent = n % LAYOUT.length;
        const target = join(home, LAYOUT[agent][1](Math.floor(n / (50 * LAYOUT.length)), n));
        mkdirSync(dirname(target), { recursive: true });
        linkSync(originals[agent], target);
    }
}
//# sourceMappingURL=generate-discover-home.js.map