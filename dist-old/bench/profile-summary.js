/**
 * Summarize a V8 .cpuprofile (from `node --cpu-prof`): top functions by self time and by
 * inclusive (total) time.
 *
 * Library:     summarizeCpuProfile(path, top) -> ProfileSummary; formatProfileSummary(summary)
 * Stand-alone: node dist/bench/profile-summary.js <file.cpuprofile> [--top N]
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { isMain } from "./util.js";
function shortLocation(url, line) {
    if (!url)
        return "";
    let p = url;
    if (url.startsWith("file://")) {
        try {
            p = relative(process.cwd(), fileURLToPath(url));
        }
        catch {
            p = url;
        }
    }
    return `${p}:${line + 1}`;
}
export function summarizeCpuProfile(path, top = 20) {
    const profile = JSON.parse(readFileSync(path, "utf8"));
    const byId = new Map();
    const parent = new Map();
    for (const n of profile.nodes) {
        byId.set(n.id, n);
        for (const c of n.children ?? [])
            parent.set(c, n.id);
    }
    const keyOf = (n) => `${n.callFrame.functionName || "(anonymous)"}\u0000${shortLocation(n.callFrame.url, n.callFrame.lineNumber)}`;
    const self = new Map();
    const total = new Map();
    let totalUs = 0;
    const seen = new Set();
    for (let i = 0; i < profile.samples.length; i++) {
        const dt = profile.timeDeltas[i] ?? 0;
        const id = profile.samples[i];
        if (id === undefined || dt <= 0)
            continue;
        totalUs += dt;
        const node = byId.get(id);
        if (!node)
            continue;
        const k = keyOf(node);
        self.set(k, (self.get(k) ?? 0) + dt);
        seen.clear();
        for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
            const n = byId.get(cur);
            if (!n)
                break;
            const key = keyOf(n);
            if (seen.has(key))
                continue;
            seen.add(key);
            total.set(key, (total.get(key) ?? 0) + dt);
        }
    }
    const entry = (k) => {
        const [name = "", location = ""] = k.split("\u0000");
        const s = self.get(k) ?? 0;
        const t = total.get(k) ?? 0;
        return {
            name,
            location,
            selfMs: s / 1000,
            totalMs: t / 1000,
            selfPct: totalUs ? (100 * s) / totalUs : 0,
            totalPct: totalUs ? (100 * t) / totalUs : 0,
        };
    };
    const rank = (m, skipRoot) => [...m.entries()]
        .filter(([k]) => !skipRoot || !k.startsWith("(root)"))
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k]) => entry(k));
    return { path, totalMs: totalUs / 1000, bySelf: rank(self, false), byTotal: rank(total, true) };
}
export function formatProfileSummary(s) {
    const row = (e, ms, pct) => `  ${ms.toFixed(0).padStart(8)} ms ${pct.toFixed(1).padStart(5)}%  ${e.name}${e.location ? `  (${e.location})` : ""}`;
    return [
        `CPU profile ${s.path} — ${(s.totalMs / 1000).toFixed(2)} s sampled`,
        " top by self time:",
        ...s.bySelf.map((e) => row(e, e.selfMs, e.selfPct)),
        " top by total (inclusive) time:",
        ...s.byTotal.map((e) => row(e, e.totalMs, e.totalPct)),
    ].join("\n");
}
if (isMain(import.meta.url)) {
    const args = process.argv.slice(2);
    let file;
    let top = 20;
    for (let i = 0; i < args.length; i++) {
        if (args[i] === "--top")
            top = Number(args[++i]);
        else if (!args[i]?.startsWith("-"))
            file = args[i];
    }
    if (!file) {
        process.stderr.write("usage: node dist/bench/profile-summary.js <file.cpuprofile> [--top N]\n");
        process.exit(2);
    }
    process.stdout.write(formatProfileSummary(summarizeCpuProfile(file, top)) + "\n");
}
//# sourceMappingURL=profile-summary.js.map