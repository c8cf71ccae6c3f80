/**
 * `node dist/bench/convert-format.js <session.jsonl> <format> <out>`: converts a Claude Code
 * session with `--profile none` and writes it in one of the writers' formats (src/writers/), as
 * `atx convert --format <format> -o <out>` does: the same conversion, spooled sink and memory
 * governor. The bench measures it until `atx convert` itself takes `--format` for every writer.
 */
import { ADAPTERS } from "../adapters/index.js";
import { defaultContext } from "../src/pipeline/context.js";
import { convertSession } from "../src/pipeline/convert.js";
import { MemoryGovernor } from "../src/pipeline/memory.js";
import { fileInput } from "../src/pipeline/sources.js";
import { atomicFileOutput } from "../src/sinks/output.js";
import { spooledSink } from "../src/sinks/transcript-sinks.js";
import { writerFor } from "../src/writers/index.js";

const [file, format, out] = process.argv.slice(2);
const writer = format ? writerFor(format) : undefined;
if (!file || !writer || !out) {
  console.error("usage: node dist/bench/convert-format.js <session.jsonl> <format> <out>");
  process.exit(2);
}
await convertSession({ main: fileInput(file), companions: [] }, () => spooledSink(atomicFileOutput(out), writer.writer({})), {
  adapters: ADAPTERS,
  forced: ADAPTERS.find((a) => a.id === "claude-code"),
  context: defaultContext(),
  idFromContent: false,
  memory: new MemoryGovernor(),
});
