/**
 * Finds the files of a store root that match its patterns, reading only the folders a pattern can
 * reach. A folder that does not exist yields nothing. A symbolic link is followed only when its
 * target stays inside the root (an agent's folder may link within itself; a link out of it, to the
 * user's documents or another agent, is passed over and counted).
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { compilePattern } from './pattern.js';
const inside = (root, target) => target === root || target.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
/** A file-system call whose failure (gone, unreadable) means "nothing here". */
function attempt(call) {
    try {
        return call();
    }
    catch {
        return undefined;
    }
}
/** Synchronous calls for the same reason as glance.ts: thousands of tiny calls, each cheaper than a thread-pool round trip. */
export async function* walkStore(root, patterns, notes) {
    const realRoot = attempt(() => realpathSync(root));
    if (!realRoot)
        return;
    const seen = new Set();
    const stack = [{ dir: root, relative: '', patterns: patterns.map(compilePattern) }];
    while (stack.length > 0) {
        const cursor = stack.pop();
        const entries = attempt(() => readdirSync(cursor.dir, { withFileTypes: true })) ?? [];
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        const folders = [];
        for (const entry of entries) {
            const matching = cursor.patterns.filter((names) => names[0]?.test(entry.name));
            if (matching.length === 0)
                continue;
            const path = join(cursor.dir, entry.name);
            const relative = cursor.relative ? `${cursor.relative}/${entry.name}` : entry.name;
            let kind = entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : undefined;
            if (entry.isSymbolicLink()) {
                const target = attempt(() => realpathSync(path));
                if (!target)
                    continue; // dangling
                if (!inside(realRoot, target)) {
                    notes.linksOutside.push(path);
                    continue;
                }
                const info = attempt(() => statSync(target));
                kind = info?.isFile() ? 'file' : info?.isDirectory() ? 'folder' : undefined;
            }
            const last = matching.some((names) => names.length === 1);
            if (kind === 'file' && last) {
                const real = entry.isSymbolicLink() ? (attempt(() => realpathSync(path)) ?? path) : path;
                if (seen.has(real))
                    continue;
                seen.add(real);
                const info = attempt(() => statSync(path));
                if (info)
                    yield { path, relativePath: relative, size: info.size, mtimeMs: info.mtimeMs };
            }
            else if (kind === 'folder') {
                const deeper = matching.filter((names) => names.length > 1).map((names) => names.slice(1));
                if (deeper.length > 0)
                    folders.push({ dir: path, relative, patterns: deeper });
            }
        }
        stack.push(...folders.reverse());
    }
}
//# sourceMappingURL=walk.js.map