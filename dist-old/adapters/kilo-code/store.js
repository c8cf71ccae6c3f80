/**
 * Where Kilo Code CLI keeps its sessions, for `atx discover`: the SQLite database `kilo.db` (and
 * channel builds' `kilo-<channel>.db`) in its data folder `$XDG_DATA_HOME/kilo`
 * (`~/.local/share/kilo`). `KILO_DB` names another database: an absolute path, or a file name
 * inside the data folder (`:memory:` keeps nothing on disk).
 */
import { isAbsolute, join } from 'node:path';
import { databaseStore } from '../opencode/discover-store.js';
import { xdgFolder } from '../shared/locations.js';
const dataFolder = (context) => join(xdgFolder(context, 'XDG_DATA_HOME'), 'kilo');
function namedFile(context) {
    const named = context.env.KILO_DB?.trim();
    if (!named || named === ':memory:')
        return undefined;
    return isAbsolute(named) ? named : join(dataFolder(context), named);
}
/** Kilo's flavor is passed in: it is declared beside the adapter, which registers this store. */
export const kiloCodeStore = (flavor) => databaseStore(flavor, { description: 'Kilo Code CLI SQLite store', dataFolder, namedFile });
//# sourceMappingURL=store.js.map