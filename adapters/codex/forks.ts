/**
 * Programs that write Codex's rollouts byte for byte under their own name. Nothing in the records
 * tells them from Codex (same originator, same record types), only where the program keeps them.
 */

/** TRAE CLI 2.0 (`traex`), a closed-source fork of codex-rs: `~/.trae/cli/sessions/` and `archived_sessions/`. */
export const TRAE_CLI_AGENT = 'trae-cli';
const TRAE_CLI = /(^|[\\/])\.trae[\\/]cli[\\/](archived_)?sessions[\\/]/;

/** The agent a rollout file belongs to when its place names a Codex fork; undefined for Codex's own. */
export function forkOfFile(path: string): string | undefined {
  return TRAE_CLI.test(path) ? TRAE_CLI_AGENT : undefined;
}
