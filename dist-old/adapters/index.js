/**
 * THE adapter table. `atx adapters`, the `--from` choices, auto-detection and folder walking
 * all derive from it: adding an agent means one folder under adapters/ and one line here.
 * Order matters only for ties in detection: the earlier adapter wins.
 */
import { acp } from './acp/index.js';
import { amp } from './amp/index.js';
import { claudeCode } from './claude-code/index.js';
import { cline } from './cline/index.js';
import { codex } from './codex/index.js';
import { continueCli } from './continue/index.js';
import { copilotCli } from './copilot-cli/index.js';
import { cursor } from './cursor/index.js';
import { droid } from './droid/index.js';
import { geminiCli } from './gemini-cli/index.js';
import { kiloCode } from './kilo-code/index.js';
import { nanocoder } from './nanocoder/index.js';
import { opencode } from './opencode/index.js';
import { pi } from './pi/index.js';
import { qwenCode } from './qwen-code/index.js';
export const ADAPTERS = [claudeCode, codex, geminiCli, opencode, pi, amp, qwenCode, copilotCli, acp, cline, cursor, kiloCode, nanocoder, continueCli, droid];
export function findAdapter(id) {
    return ADAPTERS.find((adapter) => adapter.id === id);
}
//# sourceMappingURL=index.js.map