/**
 * Issue 15's upload figure: one `atx upload` process, from its start, sending a folder of
 * generated Claude Code sessions of ~160 KB (native logs: read, converted, redacted with the default profile,
 * put in the outbox, gzipped and posted) into `atx serve` on loopback. Sessions per second.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateClaudeSession } from "./generate-claude-session.js";
import { measureNode } from "./measure.js";
import { benchEnv, createKey, startChild, stopChild } from "./upload.js";
export const NATIVE_UPLOAD_SESSIONS = 200;
/** Compact sessions of at least this size average ~160 KB (32 MB in all), the real sessions. */
export const NATIVE_SESSION_MIB = 0.12;
export async function runNativeUpload(atx, tmpDir, nodeArgs) {
    const folder = join(tmpDir, "native-sessions");
    const dataDir = join(tmpDir, "native-serve");
    mkdirSync(folder, { recursive: true });
    let bytes = 0;
    for (let seed = 1; seed <= NATIVE_UPLOAD_SESSIONS; seed++) {
        bytes += (await generateClaudeSession(join(folder, `session-${seed}.jsonl`), { sizeMb: NATIVE_SESSION_MIB, seed, compact: true })).bytes;
    }
    const key = await createKey(atx, dataDir);
    const keyFile = join(tmpDir, "native-key");
    writeFileSync(keyFile, `atx_${key.keyId}_${key.secret}\n`, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    const serve = await startChild([atx, "serve", "--port", "0", "--data-dir", dataDir, "--quiet", "--rate-limit", "0"]);
    try {
        const measurement = await measureNode(atx, ["upload", folder, "--endpoint", serve.url, "--key-file", keyFile, "--outbox", join(tmpDir, "native-outbox"), "-q"], { env: benchEnv(), nodeArgs });
        return { measurement, sessions: NATIVE_UPLOAD_SESSIONS, bytes };
    }
    finally {
        await stopChild(serve.child);
        rmSync(folder, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
    }
}
//# sourceMappingURL=upload-native.js.map