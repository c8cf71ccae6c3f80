/**
 * `--format atif`: the session as one ATIF v1.7 trajectory document (Harbor's Agent Trajectory
 * Interchange Format), one `agent` step per model call, subagents embedded as
 * `subagent_trajectories`. The mapping is described in src/writers/atif/steps.ts and the README.
 */
import { atifDocument } from './atif/document.js';
import type { TranscriptWriter } from './types.js';

export const atifWriter: TranscriptWriter['writer'] = (options) => atifDocument(options);
