/**
 * The first pass over the spool: which lanes the session has (the main line, and one per
 * `parentId`: a subagent, a sidechain or an abandoned branch), where each lane's events are, which
 * tool call started each lane, and how many results each call has. It keeps ids and counts, never
 * content, so it stays small however large the session.
 */
import type { SpooledEvents } from '../../sinks/transcript-sinks.js';
import type { TranscriptEvent } from '../../transcript/index.js';

/** The main line's lane key. */
export const MAIN = '';

export interface Lane {
  /** MAIN, or the events' `parentId` */
  key: string;
  /** index (0-based, in spool order) of the lane's first and last event */
  first: number;
  last: number;
  /** uses per model, for the lane's default `agent.model_name` */
  models: Map<string, number>;
  /** lanes started by calls made in this lane, in the order they first appear */
  children: string[];
  /** true when a tool call in the session has this lane's key as its callId */
  spawned: boolean;
}

export interface LaneIndex {
  lanes: Map<string, Lane>;
  /** tool_result events per lane and callId (resultKey): a call with none in its lane gets a "no result" marker */
  resultCounts: Map<string, number>;
}

export const laneOf = (event: Pick<TranscriptEvent, 'parentId'>): string => event.parentId ?? MAIN;

export const resultKey = (lane: string, callId: string): string => `${lane}\n${callId}`;

function newLane(key: string, index: number): Lane {
  return { key, first: index, last: index, models: new Map(), children: [], spawned: false };
}

export async function indexLanes(spool: SpooledEvents): Promise<LaneIndex> {
  const lanes = new Map<string, Lane>([[MAIN, newLane(MAIN, 0)]]);
  const callLane = new Map<string, string>();
  const resultCounts = new Map<string, number>();
  let index = 0;
  for await (const event of spool.events()) {
    const key = laneOf(event);
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = newLane(key, index)));
    lane.last = index;
    if (event.model && event.role === 'assistant') lane.models.set(event.model, (lane.models.get(event.model) ?? 0) + 1);
    if (event.type === 'tool_call' && event.tool) callLane.set(event.tool.callId, key);
    if (event.type === 'tool_result' && event.tool) {
      const result = resultKey(key, event.tool.callId);
      resultCounts.set(result, (resultCounts.get(result) ?? 0) + 1);
    }
    index += 1;
  }
  for (const lane of lanes.values()) {
    if (lane.key === MAIN) continue;
    const parent = spawningLane(lane.key, callLane);
    lane.spawned = parent !== undefined;
    lanes.get(parent ?? MAIN)!.children.push(lane.key);
  }
  return { lanes, resultCounts };
}

/**
 * The lane of the call that started `key`, or undefined when no call did (or the calls loop back
 * on themselves): such a lane is embedded in the main trajectory, with no reference to it.
 */
function spawningLane(key: string, callLane: Map<string, string>): string | undefined {
  const parent = callLane.get(key);
  const seen = new Set([key]);
  for (let up = parent; up !== undefined && up !== MAIN; up = callLane.get(up)) {
    if (seen.has(up)) return undefined;
    seen.add(up);
  }
  return parent;
}

/** The model a lane uses most: its trajectory's `agent.model_name`. */
export function mainModel(lane: Lane): string | undefined {
  let best: string | undefined;
  let uses = 0;
  for (const [model, count] of lane.models) {
    if (count > uses) [best, uses] = [model, count];
  }
  return best;
}
