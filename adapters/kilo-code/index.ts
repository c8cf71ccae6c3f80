/**
 * Kilo Code CLI (`kilo`, npm `@kilocode/cli`) runs OpenCode's code and writes OpenCode's formats:
 * the same SQLite store (as `kilo.db`), export document and `run --format json` lines. This adapter
 * is OpenCode's readers and converter with Kilo's flavor (names, paths), and a detection that
 * tells Kilo's records from OpenCode's by what only Kilo writes (marks.ts).
 */
import { defineAdapter } from '../shared/adapter.js';
import { storeReader } from '../opencode/store-reader.js';
import { detect } from './detect.js';
import { KILO_FLAVOR } from './flavor.js';
import { isKiloDatabaseHead } from './marks.js';
import { kiloCodeStore } from './store.js';

export const kiloCode = defineAdapter({
  knownFields: () => import('./known-fields.js'),
  id: 'kilo-code',
  label: 'Kilo Code CLI',
  // recorded with 7.7.9, the newest binary on the registry; 7.8.1 has none, nor readable source (README)
  newestCheckedVersion: '7.7.9',
  formats: [
    {
      id: 'kilo-code/sqlite',
      description: 'the SQLite store of Kilo Code CLI 7.x (sessions, messages, parts, session_message rows; subagent sessions joined to their parent)',
      where: '~/.local/share/kilo/kilo.db ($XDG_DATA_HOME/kilo, or the file KILO_DB names); give the file, FILE#ses_<id>, or the data folder',
    },
    {
      id: 'kilo-code/export',
      description: 'a session exported as one JSON document',
      where: 'kilo export <sessionID> > session.json',
    },
    {
      id: 'kilo-code/run-json',
      description: 'live stdout of a non-interactive run (the user prompt is not in it)',
      where: 'kilo run --format json [--thinking] "<prompt>"',
    },
  ],
  detectionHint: 'OpenCode\'s forms with what only Kilo writes: step-finish parts with `metrics`, tool metadata `approval`, kilo.db with its kilo_board tables',
  detect,
  loadConverter: () => import('../opencode/converter.js').then(({ OpenCodeConverter }) => (out) => new OpenCodeConverter(out, KILO_FLAVOR)),
  stores: [kiloCodeStore(KILO_FLAVOR)],
  readers: [
    storeReader(KILO_FLAVOR, {
      description: 'Kilo Code data folder (~/.local/share/kilo: kilo.db) or a kilo.db file; FILE#ses_<id> picks one session',
      legacyTree: false,
      ownsHead: isKiloDatabaseHead,
    }),
  ],
});
