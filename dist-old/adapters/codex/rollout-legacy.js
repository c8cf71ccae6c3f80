import { sessionMeta } from './rollout.js';
import { timed } from './session.js';
/** The legacy rollout lines that have no `type`, by what tells them apart. */
export function legacyRolloutLines(s) {
    return {
        // resume state: nothing for a transcript
        '(state)': (line) => ({ outcome: 'skipped', type: `record_type/${String(line.record_type)}` }),
        '(legacy session header)': (line) => sessionMeta(s, line, timed(line.timestamp)),
    };
}
export function isStateLine(line) {
    return typeof line.record_type === 'string';
}
export function isHeaderLine(line) {
    return typeof line.id === 'string' && typeof line.timestamp === 'string';
}
//# sourceMappingURL=rollout-legacy.js.map