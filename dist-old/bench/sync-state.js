/**
 * For the `atx sync` bench: a folder of `count` sessions (hard links to one copy of recorded
 * fixtures of six agents) and a sync state that already holds every one of them as sent, so a
 * sync over the folder finds nothing to do: what it costs is listing and stat'ing the sessions.
 */
import { copyFileSync, linkSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { ADAPTERS } from "../adapters/index.js";
import { RULESET_VERSION } from "../redaction/index.js";
import { resolveSources } from "../src/input/reader.js";
import { fingerprintOf } from "../src/sync/fingerprint.js";
import { sessionKey } from "../src/sync/plan.js";
import { SessionState } from "../src/sync/state.js";
const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures");
const SESSIONS = ["claude-code/plain-answer/session.jsonl", "codex/plain-answer/rollout.jsonl", "copilot-cli/plain-answer/events.jsonl", "gemini-cli/plain-answer/chat.jsonl", "pi/plain-answer/session.jsonl", "qwen-code/plain-answer/chat.jsonl"];
/** Makes the folder, the fixture copies its sessions link to, and the state, all under `tmpDir`. */
export async function syncedFolder(tmpDir, count) {
    const folder = join(tmpDir, "sync-sessions");
    const statePath = join(tmpDir, "sync-state.json");
    const originals = join(tmpDir, "sync-originals");
    mkdirSync(originals, { recursive: true });
    mkdirSync(folder, { recursive: true });
    const copies = SESSIONS.map((fixture, index) => {
        const copy = join(originals, `${index}.jsonl`);
        copyFileSync(join(FIXTURES, fixture), copy);
        return copy;
    });
    for (let n = 0; n < count; n += 1)
        linkSync(copies[n % copies.length], join(folder, `session-${String(n).padStart(5, "0")}.jsonl`));
    const state = await SessionState.open(statePath);
    const { sources } = await resolveSources([folder], ADAPTERS, Readable.from([]));
    for (const source of sources) {
        const looked = await fingerprintOf(source);
        if (looked)
            state.update(sessionKey(source), { ...looked.fingerprint, profile: "standard", rulesetVersion: RULESET_VERSION, at: new Date().toISOString(), transcriptId: null, outcome: "stored" });
    }
    await state.save();
    return {
        folder,
        state: statePath,
        remove: () => {
            for (const path of [folder, originals, statePath])
                rmSync(path, { recursive: true, force: true });
        },
    };
}
//# sourceMappingURL=sync-state.js.map