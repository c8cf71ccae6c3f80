import { stringField } from '../shared/json.js';
import { isoTime } from '../shared/time.js';
/** What every event of a line starts from: its time (ISO text or epoch ms) and its native id. */
export function eventBase(line) {
    const id = stringField(line, 'id');
    return { timestamp: isoTime(line.timestamp) ?? null, ...(id ? { nativeId: id } : {}) };
}
//# sourceMappingURL=records.js.map