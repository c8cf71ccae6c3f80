import { flavorOf } from '../opencode/flavor.js';

/** Kilo Code CLI as a flavor of OpenCode's code: its names, `kilo.db`, its folders. */
export const KILO_FLAVOR = flavorOf('kilo-code', 'Kilo', 'kilo');
