/**
 * `--format atif`: the session as one ATIF v1.7 trajectory document (Harbor's Agent Trajectory
 * Interchange Format), one `agent` step per model call, subagents embedded as
 * `subagent_trajectories`. The mapping is described in src/writers/atif/steps.ts and the README.
 */
import { atifDocument } from './atif/document.js';
export const atif = {
    format: 'atif',
    summary: 'one ATIF v1.7 trajectory document (Harbor) per session',
    extension: '.atif.json',
    several: 'single',
    writer: (options) => atifDocument(options),
};
//# sourceMappingURL=atif.js.map