/**
 * Converts one native session into one output format, in-process, as `atx convert --format <f>`
 * does (same pipeline, the writer's spooled sink, an atomic output file), with no redaction.
 * The bench measures it in a child to report a writer's peak RSS on the large session.
 *
 * Child entry: node dist/bench/convert-format.js <session.jsonl> <format> <out>
 */
import { ADAPTERS } from "../adapters/index.js";
import { defaultContext } from "../src/pipeline/context.js";
import { convertSession } from "../src/pipeline/convert.js";
import { MemoryGovernor } from "../src/pipeline/memory.js";
import { fileInput } from "../src/pipeline/sources.js";
import { atomicFileOutput } from "../src/sinks/output.js";
import { spooledSink } from "../src/sinks/transcript-sinks.js";
import { writerFor } from "../src/writers/index.js";
import { isMain } from "./util.js";
export async function convertToFormat(input, format, out) {
    const writer = writerFor(format);
    if (!writer)
        throw new Error(`no writer for --format ${format}`);
    const result = await convertSession({ main: fileInput(input), companions: [] }, () => spooledSink(atomicFileOutput(out), writer.writer({})), { adapters: ADAPTERS, context: defaultContext(), idFromContent: false, memory: new MemoryGovernor() });
    return result.header.metrics.eventCount;
}
if (isMain(import.meta.url)) {
    const [input, format, out] = process.argv.slice(2);
    if (!input || !format || !out) {
        process.stderr.write("usage: node dist/bench/convert-format.js <session.jsonl> <format> <out>\n");
        process.exit(2);
    }
    const events = await convertToFormat(input, format, out);
    process.stdout.write(`${JSON.stringify({ events })}\n`);
}
//# sourceMappingURL=convert-format.js.map