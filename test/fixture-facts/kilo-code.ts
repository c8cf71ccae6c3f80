/** Kilo Code CLI writes OpenCode's Part objects (`kilo run --format json` lines): the same facts read them. */
export { facts } from './opencode.js';
