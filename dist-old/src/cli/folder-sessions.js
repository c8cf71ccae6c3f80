/**
 * One input of a batch written into an output folder, by a worker thread or the main thread:
 * each Transcript it holds goes to a pending file in the folder, which the main thread then
 * renames to its final name in input order. Names and ids therefore do not depend on which
 * thread finished first, and what crosses threads is plain data (outcomes, not objects).
 */
import { join } from 'node:path';
import { findAdapter } from '../../adapters/index.js';
import { AtxError } from '../errors.js';
import { produceUnit } from '../input/produce.js';
import { unitsOf } from '../input/reader.js';
import { ownerTag } from '../lifecycle/temp.js';
import { fileInput } from '../pipeline/sources.js';
import { atomicFileOutput } from '../sinks/output.js';
export function portableSource(source) {
    const file = (input) => (input.path === undefined || input.records ? undefined : { path: input.path, ...(input.size === undefined ? {} : { size: input.size }) });
    const main = file(source.main);
    if (!main || source.adapter)
        return undefined;
    const companions = source.companions === 'discover' ? 'discover' : source.companions.map(file);
    if (companions !== 'discover' && companions.some((companion) => companion === undefined))
        return undefined;
    return { main, companions: companions, fromFolder: Boolean(source.fromFolder) };
}
export function sessionInputOf(source) {
    return {
        main: fileInput(source.main.path, source.main.size),
        companions: source.companions === 'discover' ? 'discover' : source.companions.map((file) => fileInput(file.path, file.size)),
        ...(source.fromFolder ? { fromFolder: true } : {}),
    };
}
/** Writes every Transcript of one input to pending files; an input that cannot be read is an outcome, not a throw. */
export async function writeSourceToFolder(setup, source, index, folder) {
    const ids = setup.context.ids.forInput(index);
    const outcomes = [];
    let current;
    let counts;
    const makeTransform = setup.makeTransform;
    const options = {
        ...setup.options,
        context: { clock: setup.context.clock, ids },
        onDetected: (adapter, format) => {
            if (current)
                current.detected = `${adapter.label} (${format})`;
        },
        ...(makeTransform ? {
            transform: () => {
                const made = makeTransform(ids);
                counts = made.counts;
                return made;
            },
        } : {}),
    };
    for await (const unit of unitsOf(source, options)) {
        current = { name: unit.name };
        counts = undefined;
        outcomes.push(current);
        const pending = join(folder, `.atx-pending-${index}-${outcomes.length}.${ownerTag()}.0.tmp`);
        try {
            const { adapter: _adapter, ...result } = await produceUnit(unit, () => setup.sink(atomicFileOutput(pending)), options);
            current.written = { pending, result, redactionsByRule: [...(counts ?? [])] };
        }
        catch (error) {
            if (unit.kind === 'native')
                await unit.opened.items.return(undefined);
            if (!(error instanceof AtxError))
                throw error;
            current.error = { exitCode: error.exitCode, message: error.message, code: error.code, details: error.details, ...(error.input === undefined ? {} : { input: error.input }), ...(error.line === undefined ? {} : { line: error.line }) };
        }
    }
    return outcomes;
}
export const errorOf = (error) => new AtxError(error.exitCode, error.message, { code: error.code, details: error.details, input: error.input, line: error.line });
export const resultOf = (result) => ({ ...result, adapter: findAdapter(result.header.source.adapter) });
//# sourceMappingURL=folder-sessions.js.map