/**
 * OpenCode and the programs built on its code (Kilo Code CLI) write the same records; what differs
 * is who they are, where they keep their store and what their database files are called. The
 * readers and the converter take a Flavor for exactly that.
 */
export interface Flavor {
  /** the adapter id; store records of any other flavor than OpenCode carry it as `flavor` */
  agent: string;
  /** the program's name, in event texts */
  product: string;
  /** the program's command, in event texts */
  command: string;
  /** the main database file of a data folder */
  database: string;
  /** the main database or a channel database (`<name>-<channel>.db`) */
  databaseName: RegExp;
}

/** A program of OpenCode's code names its database after its command: `<command>.db`, `<command>-<channel>.db`. */
export function flavorOf(agent: string, product: string, command: string): Flavor {
  return { agent, product, command, database: `${command}.db`, databaseName: new RegExp(`(^|/)${command}(-[^/]*)?\\.db$`) };
}

export const OPENCODE_FLAVOR = flavorOf('opencode', 'OpenCode', 'opencode');
