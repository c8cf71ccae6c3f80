import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
export const MiB = 1024 * 1024;
/** True when the module with this `import.meta.url` is the script node was started with. */
export function isMain(importMetaUrl) {
    const argv1 = process.argv[1];
    if (!argv1)
        return false;
    try {
        return importMetaUrl === pathToFileURL(realpathSync(argv1)).href;
    }
    catch {
        return false;
    }
}
const PROGRESS_STEP = 32 * MiB;
/** Writes turns until `targetBytes`, reporting progress about every 32 MiB; the last turn is completed. */
export async function fillToSize(writer, targetBytes, onProgress) {
    let nextReport = PROGRESS_STEP;
    try {
        await writer.start?.();
        while (writer.bytes < targetBytes) {
            await writer.turn();
            if (writer.bytes >= nextReport) {
                onProgress?.(writer.bytes, targetBytes);
                while (nextReport <= writer.bytes)
                    nextReport += PROGRESS_STEP;
            }
        }
        await writer.close();
    }
    catch (err) {
        writer.fail();
        throw err;
    }
    onProgress?.(writer.bytes, targetBytes);
}
/**
 * Writes a file of at least `sizeMb` MiB with the writer `open` makes (the time counts from
 * before it is made: a writer builds its text pools first), and tells of it: the path, the ids
 * `idsOf` reads from the writer, then the writer's counters.
 */
export async function writeToSize(path, options, open, idsOf) {
    const t0 = performance.now();
    const target = Math.max(1, Math.round(options.sizeMb * MiB));
    const writer = open();
    await fillToSize(writer, target, options.onProgress);
    const { bytes, lines, turns, toolResults, images, maxLineBytes } = writer;
    return { path, ...idsOf(writer), bytes, lines, turns, toolResults, images, maxLineBytes, ms: performance.now() - t0 };
}
/** Stand-alone entry of a generator script: `<out.jsonl> [--size-mb N] [--seed S]`, stats as JSON on stdout. */
export async function generatorMain(script, generate) {
    const args = process.argv.slice(2);
    let out;
    let sizeMb = 500;
    let seed = 1;
    for (let i = 0; i < args.length; i++) {
        const a = args[i];
        if (a === "--size-mb")
            sizeMb = Number(args[++i]);
        else if (a === "--seed")
            seed = Number(args[++i]);
        else if (a === "-h" || a === "--help")
            out = undefined;
        else if (a !== undefined && !a.startsWith("-"))
            out = a;
    }
    if (!out || !Number.isFinite(sizeMb) || sizeMb <= 0 || !Number.isInteger(seed)) {
        process.stderr.write(`usage: node dist/bench/${script} <out.jsonl> [--size-mb N] [--seed S]\n`);
        process.exit(2);
    }
    const stats = await generate(out, {
        sizeMb,
        seed,
        onProgress: (b, t) => process.stderr.write(`  generated ${(b / MiB).toFixed(0)} / ${(t / MiB).toFixed(0)} MiB\n`),
    });
    process.stdout.write(JSON.stringify(stats) + "\n");
}
//# sourceMappingURL=util.js.map