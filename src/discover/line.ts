/**
 * The JSON line `atx discover --json` prints for each session, which `atx convert -` and
 * `atx upload -` take on stdin as a list of inputs. Its first key, `atxDiscover` (the line format's
 * version), is what tells it apart from any agent's own records: no agent writes that key.
 */
import type { DiscoveredSession } from './index.js';

export const DISCOVER_LINE_VERSION = 1;

export function discoverLine(session: DiscoveredSession): string {
  return JSON.stringify({ atxDiscover: DISCOVER_LINE_VERSION, ...session });
}

/** A parsed JSON value that is a discover line: the adapter that reads it (its agent in lines without one) and the input to read. */
export function readDiscoverLine(value: unknown): { agent: string; path: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (record.atxDiscover !== DISCOVER_LINE_VERSION || typeof record.agent !== 'string' || typeof record.path !== 'string' || record.path === '') return undefined;
  return { agent: typeof record.adapter === 'string' ? record.adapter : record.agent, path: record.path };
}
