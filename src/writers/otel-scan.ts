/**
 * The first pass of the OpenTelemetry writer: the times a span may need before its events are
 * read again (when the session and each subagent began and ended, and which tool call started
 * each subagent). It keeps a few numbers per subagent and per tool call, never an event.
 */
import type { TranscriptEvent } from '../transcript/index.js';
import { unixNanos } from './otlp-json.js';

export interface Bounds {
  first?: bigint;
  last?: bigint;
}

/** The tool call a subagent's events point to (their `parentId` is its `callId`). */
export interface LaneStarter {
  eventId: string;
  toolName: string;
  /** the lane the call itself belongs to ('' for the main line) */
  lane: string;
}

export interface SessionTimeline {
  /** the first and last event time of the whole session */
  session: Bounds;
  /** by lane (a subagent's or sidechain's `parentId`), its own events and those of the subagents it started */
  lanes: Map<string, Bounds>;
  /** by lane, the call that started it, when the Transcript holds that call */
  starters: Map<string, LaneStarter>;
}

export const laneOf = (event: Pick<TranscriptEvent, 'parentId'>): string => event.parentId ?? '';

function widen(bounds: Bounds, time: bigint | undefined): void {
  if (time === undefined) return;
  if (bounds.first === undefined || time < bounds.first) bounds.first = time;
  if (bounds.last === undefined || time > bounds.last) bounds.last = time;
}

export async function scanTimeline(events: AsyncIterable<TranscriptEvent>): Promise<SessionTimeline> {
  const session: Bounds = {};
  const lanes = new Map<string, Bounds>();
  const calls = new Map<string, LaneStarter>();
  for await (const event of events) {
    const time = event.timestamp ? unixNanos(event.timestamp) : undefined;
    widen(session, time);
    const lane = laneOf(event);
    if (lane !== '') {
      let bounds = lanes.get(lane);
      if (!bounds) lanes.set(lane, (bounds = {}));
      widen(bounds, time);
    }
    if (event.type === 'tool_call' && event.tool && !calls.has(event.tool.callId)) {
      calls.set(event.tool.callId, { eventId: event.id, toolName: event.tool.name, lane });
    }
  }
  const starters = new Map<string, LaneStarter>();
  for (const lane of lanes.keys()) {
    const starter = calls.get(lane);
    if (starter) starters.set(lane, starter);
  }
  widenAncestors(lanes, starters);
  return { session, lanes, starters };
}

/** A subagent's span lies inside the span of the subagent that started it, however deep. */
function widenAncestors(lanes: Map<string, Bounds>, starters: Map<string, LaneStarter>): void {
  for (const [lane, bounds] of lanes) {
    const seen = new Set([lane]);
    for (let parent = starters.get(lane)?.lane; parent && !seen.has(parent); parent = starters.get(parent)?.lane) {
      seen.add(parent);
      const outer = lanes.get(parent);
      if (!outer) break;
      widen(outer, bounds.first);
      widen(outer, bounds.last);
    }
  }
}
