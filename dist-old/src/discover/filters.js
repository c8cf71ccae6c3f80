/** The filters of `atx discover`: which agents, since when, which project. */
import { isAbsolute, resolve, sep } from 'node:path';
import { usageError } from '../errors.js';
const UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** `7d`, `24h`, `30m`, `2w`, or a date / RFC 3339 time: the epoch ms sessions must have been active since. */
export function parseSince(value, now) {
    const relative = /^(\d+)\s*([mhdw])$/i.exec(value.trim());
    if (relative)
        return now - Number(relative[1]) * UNITS[relative[2].toLowerCase()];
    const iso = /^\d{4}-\d{2}-\d{2}([Tt ][\d:.]+([Zz]|[+-]\d{2}:\d{2})?)?$/.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
    if (Number.isFinite(iso))
        return iso;
    throw usageError(`--since takes a duration such as 7d, 24h, 30m, 2w, or a date such as 2026-01-31 (got ${JSON.stringify(value.slice(0, 40))})`);
}
/**
 * `--project`: a path (absolute, or starting with . or ~) matches that folder and the folders
 * under it; any other text matches projects whose path contains it.
 */
export function projectMatcher(value, cwd, home) {
    const looksLikePath = isAbsolute(value) || value.startsWith('.') || value.startsWith('~');
    if (!looksLikePath)
        return (project) => project?.includes(value) === true;
    const expanded = value === '~' || value.startsWith('~/') ? home + value.slice(1) : value;
    const folder = resolve(cwd, expanded).replace(/[\\/]+$/, '') || sep;
    return (project) => project !== undefined && (project === folder || project.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`));
}
//# sourceMappingURL=filters.js.map