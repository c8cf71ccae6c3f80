/**
 * Where atx keeps its files by default, after the XDG Base Directory specification: a base
 * directory variable that is unset, empty or relative is ignored and the default under $HOME is
 * used. (A relative XDG_CONFIG_HOME would otherwise make the config the current folder's
 * ./atx/config.json: a cloned repository could then pick the endpoint for the user's key.)
 */
import { chmod, mkdir, stat } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
const DEFAULT_UNDER_HOME = {
    XDG_CONFIG_HOME: ['.config'],
    XDG_DATA_HOME: ['.local', 'share'],
    XDG_STATE_HOME: ['.local', 'state'],
    XDG_CACHE_HOME: ['.cache'],
};
/** $HOME when it is an absolute path, else the home folder of the account. */
export function homeDir(env) {
    if (env.HOME && isAbsolute(env.HOME))
        return env.HOME;
    try {
        return userInfo().homedir;
    }
    catch {
        return homedir();
    }
}
/** The base directory named by `name`, or its default under the home folder. */
export function xdgDir(env, name) {
    const value = env[name];
    if (value && isAbsolute(value))
        return value;
    return join(homeDir(env), ...DEFAULT_UNDER_HOME[name]);
}
/**
 * A copy of `env` in which every XDG base variable and HOME is absolute (each set to what
 * xdgDir/homeDir resolve), for code that derives paths from the environment itself.
 */
export function withValidBaseDirs(env) {
    const fixed = { ...env, HOME: homeDir(env) };
    for (const name of Object.keys(DEFAULT_UNDER_HOME))
        fixed[name] = xdgDir(env, name);
    return fixed;
}
/**
 * Makes `folder` (and what is missing above it) with mode 0700, and takes group and other access
 * away from it when it already existed with more: it holds transcripts.
 */
export async function ensurePrivateFolder(folder) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const info = await stat(folder);
    if (!info.isDirectory())
        throw Object.assign(new Error(`${folder} is not a directory`), { code: 'ENOTDIR' });
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0)
        await chmod(folder, 0o700);
}
//# sourceMappingURL=paths.js.map