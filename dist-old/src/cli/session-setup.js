/** What writing a session needs from the run's flags, built the same way by the main thread and each worker. */
import { ADAPTERS, findAdapter } from '../../adapters/index.js';
import { usageError } from '../errors.js';
import { MemoryGovernor } from '../pipeline/memory.js';
import { sinkFor } from './output-format.js';
export function maxLineBytesOf(flags) {
    const maxLineMb = Number(flags.maxLineMb ?? '256');
    if (!Number.isFinite(maxLineMb) || maxLineMb <= 0)
        throw usageError(`--max-line-mb must be a positive number, got "${flags.maxLineMb}"`);
    return Math.floor(maxLineMb * 1024 * 1024);
}
export const forcedAdapterOf = (flags) => (!flags.from || flags.from === 'auto' ? undefined : findAdapter(flags.from));
export function sessionSetupFor(flags, context, redaction) {
    const forced = forcedAdapterOf(flags);
    return {
        options: {
            adapters: ADAPTERS,
            ...(forced ? { forced } : {}),
            idFromContent: Boolean(flags.idFromContent),
            maxLineBytes: maxLineBytesOf(flags),
            memory: new MemoryGovernor(),
        },
        context,
        makeTransform: redaction.transformIfAny,
        sink: sinkFor(flags),
    };
}
//# sourceMappingURL=session-setup.js.map