/** A program of OpenCode's code names its database after its command: `<command>.db`, `<command>-<channel>.db`. */
export function flavorOf(agent, product, command) {
    return { agent, product, command, database: `${command}.db`, databaseName: new RegExp(`(^|/)${command}(-[^/]*)?\\.db$`) };
}
export const OPENCODE_FLAVOR = flavorOf('opencode', 'OpenCode', 'opencode');
//# sourceMappingURL=flavor.js.map