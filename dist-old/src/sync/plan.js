import { fingerprintOf } from './fingerprint.js';
export function changeReason(previous, now, wanted) {
    if (!previous)
        return 'new';
    if (previous.sha256 !== now.sha256)
        return now.size > previous.size ? 'grown' : 'changed';
    if (previous.profile !== wanted.profile || previous.rulesetVersion !== wanted.rulesetVersion)
        return 'profile changed';
    return undefined;
}
export const sessionKey = (source) => source.main.name;
/** `remember`: write the new stat look of touched sessions (a dry run writes nothing). */
export async function planSessions(sources, state, wanted, remember = true) {
    const plan = { due: [], unchanged: 0, gone: [] };
    let touched = false;
    for (const source of sources) {
        const key = sessionKey(source);
        const previous = state.get(key);
        const looked = await fingerprintOf(source, previous);
        if (!looked) {
            plan.gone.push(key);
            continue;
        }
        const reason = changeReason(previous, looked.fingerprint, wanted);
        if (reason) {
            plan.due.push({ key, source, reason, fingerprint: looked.fingerprint, previous });
        }
        else {
            plan.unchanged += 1;
            if (looked.hashed && previous) {
                state.update(key, { ...previous, size: looked.fingerprint.size, mtimeMs: looked.fingerprint.mtimeMs });
                touched = true;
            }
        }
    }
    if (touched && remember)
        await state.save();
    return plan;
}
//# sourceMappingURL=plan.js.map