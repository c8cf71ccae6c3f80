/**
 * Where Nanocoder keeps its sessions, for `atx discover`: `<data dir>/sessions/<uuid>.json`, the
 * data dir being `$NANOCODER_DATA_DIR`, else `$XDG_DATA_HOME/nanocoder`, else
 * `~/.local/share/nanocoder` (`~/Library/Application Support/nanocoder` on macOS). The folder's
 * `sessions.json` index repeats each file's header and is not listed. A sessions folder moved by
 * the preferences file (`nanocoder.sessions.directory`) is not followed: roots read no files.
 */
import { join } from 'node:path';
import type { SessionStore } from '../types.js';
import { documentFacts } from '../shared/glance.js';
import { envFolder, xdgFolder } from '../shared/locations.js';

const INDEX = /(^|\/)sessions\.json$/;

export const nanocoderStore: SessionStore = {
  description: 'Nanocoder session files',
  roots(context) {
    const xdgData = envFolder(context, 'XDG_DATA_HOME');
    const moved = envFolder(context, 'NANOCODER_DATA_DIR') ?? (xdgData ? join(xdgData, 'nanocoder') : undefined);
    const dataDirs = moved ? [moved] : [join(xdgFolder(context, 'XDG_DATA_HOME'), 'nanocoder'), join(context.home, 'Library', 'Application Support', 'nanocoder')];
    return dataDirs.map((dir) => ({ dir, files: ['sessions/*.json'] }));
  },
  facts: (file) => (INDEX.test(file.relativePath) ? null
    : documentFacts(file, { sessionId: 'id', project: 'workingDirectory', startedAt: 'createdAt', endedAt: 'lastAccessedAt', records: 'messages' })),
};
