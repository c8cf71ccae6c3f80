/** Folders from an agent's location variables, for the session stores' `roots`. Pure path arithmetic. */
import { isAbsolute, join, resolve } from 'node:path';
/** An environment variable holding a folder: `~` expanded, a relative path taken from the home folder; undefined when unset or empty. */
export function envFolder(context, name) {
    const value = context.env[name]?.trim();
    if (!value)
        return undefined;
    if (value === '~' || value.startsWith('~/'))
        return join(context.home, value.slice(1));
    return isAbsolute(value) ? value : resolve(context.home, value);
}
/** An XDG base folder (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_STATE_HOME`) or its default under the home folder. */
export function xdgFolder(context, name) {
    const defaults = { XDG_DATA_HOME: '.local/share', XDG_CONFIG_HOME: '.config', XDG_STATE_HOME: '.local/state' };
    return envFolder(context, name) ?? join(context.home, defaults[name]);
}
//# sourceMappingURL=locations.js.map