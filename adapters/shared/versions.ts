/**
 * Is a session written by a newer agent release than its adapter was checked against? Agents
 * number releases `major.minor.patch` (some with a `-suffix` or a leading `v`); anything else is
 * not compared.
 */
import type { Adapter } from '../types.js';
import { unknown, type Verdict } from './dispatch.js';

const RELEASE = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

function parts(version: string): number[] | undefined {
  const match = RELEASE.exec(version.trim());
  return match ? match.slice(1, 4).map(Number) : undefined;
}

/** Negative, 0 or positive as `a` is older than, the same release as or newer than `b`; undefined when either is not a release number. */
export function compareReleases(a: string, b: string): number | undefined {
  const left = parts(a);
  const right = parts(b);
  if (!left || !right) return undefined;
  for (let i = 0; i < 3; i += 1) if (left[i] !== right[i]) return (left[i] as number) - (right[i] as number);
  return 0;
}

/**
 * The warning for a session that `adapter` could not read whole (`unknownTypes`: the record types
 * counted as unknown, with their counts) when it was written by a release newer than the newest the
 * adapter was checked against; undefined otherwise.
 */
export function newerReleaseWarning(
  adapter: Pick<Adapter, 'label' | 'newestCheckedVersion'>,
  agentVersion: string | null | undefined,
  unknownTypes: ReadonlyMap<string, number>,
): string | undefined {
  const checked = adapter.newestCheckedVersion;
  if (!checked || !agentVersion || unknownTypes.size === 0) return undefined;
  const order = compareReleases(agentVersion, checked);
  if (order === undefined || order <= 0) return undefined;
  const total = [...unknownTypes.values()].reduce((sum, n) => sum + n, 0);
  const types = [...unknownTypes].sort(([, a], [, b]) => b - a).slice(0, 5).map(([type, n]) => `${type} ×${n}`).join(', ');
  const more = unknownTypes.size > 5 ? `, and ${unknownTypes.size - 5} more type(s)` : '';
  return `written by ${adapter.label} ${agentVersion}, newer than the newest release atx was checked against (${checked}): ` +
    `${total} record(s) of a form atx does not know were kept as unparsed events (${types}${more}); the Transcript may be incomplete`;
}

/**
 * For a log that numbers its own format (a header's `version`) instead of the agent's release: a
 * version newer than the newest the converter knows is read as that one and said, as one unparsed
 * event naming both (`recordType`: what it is counted under). Undefined for a known version.
 */
export function newerFormatVersion(agent: string, version: number | undefined, newest: number, recordType: string): Verdict | undefined {
  if (version === undefined || version <= newest) return undefined;
  return unknown(`${agent} session format version ${version} is newer than the newest atx knows (${newest}); the file was read as version ${newest}`, recordType);
}
