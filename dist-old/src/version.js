/**
 * The package version (atx --version, the upload User-Agent, /v1/health). Found by walking up
 * from this module, because it runs both from dist/src (built) and from src (tests run sources).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
let cached;
export function packageVersion() {
    if (cached !== undefined)
        return cached;
    let dir = dirname(fileURLToPath(import.meta.url));
    for (;;) {
        try {
            const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
            if (pkg.name === 'agent-transcript' && pkg.version)
                return (cached = pkg.version);
        }
        catch {
            // no package.json here: keep walking up
        }
        const parent = dirname(dir);
        if (parent === dir)
            return (cached = '0.0.0');
        dir = parent;
    }
}
//# sourceMappingURL=version.js.map