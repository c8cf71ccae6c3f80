import { chmod, readdir } from 'node:fs/promises';
import { join } from 'node:path';
export async function tightenPermissions(dataDir, notice) {
    const failures = [];
    const set = async (path, mode) => {
        await chmod(path, mode).catch((error) => {
            if (error.code !== 'ENOENT')
                failures.push(`${path} (${error.code ?? error.message})`);
        });
    };
    await set(dataDir, 0o700);
    for (const entry of await entries(dataDir)) {
        const path = join(dataDir, entry.name);
        if (entry.isDirectory()) {
            await set(path, 0o700);
            if (entry.name === 'blobs') {
                for (const folder of await entries(path))
                    if (folder.isDirectory())
                        await set(join(path, folder.name), 0o700);
            }
        }
        else if (entry.isFile()) {
            await set(path, 0o600);
        }
    }
    if (failures.length > 0)
        notice(`could not make the data dir private (mode 0700/0600): ${failures.slice(0, 3).join(', ')}`);
}
async function entries(dir) {
    return readdir(dir, { withFileTypes: true }).catch(() => []);
}
//# sourceMappingURL=permissions.js.map