/**
 * What each stage of the server's work on one upload costs in CPU, warm, in this process: the
 * same bodies as `bench/upload.js` (synthetic Transcripts, gzip), each taken through the stages
 * the upload handler runs, one stage at a time over all bodies, several rounds. No HTTP, no
 * storage: this is the part of `serverCpuMsPerUpload` the event loop spends on the bytes, split so
 * that a change to one stage can be seen apart from the load's noise on a shared machine.
 *
 *   node dist/bench/server-stages.js [--json-kib 160] [--count 200] [--rounds 5]
 *
 * Prints, per stage, the median CPU ms per body over the rounds (and the smallest), then the sum.
 */
import { createHash, randomUUID } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { textDigests } from "../src/api/text-digests.js";
import { parseKey } from "../src/keys.js";
import { SERVER_DEFAULTS } from "../src/server/index.js";
import { JsonBudgetScanner, type MemoryReservation } from "../src/server/json-scanner.js";
import { prepareDocument } from "../src/server/prepare.js";
import { SIZES, syntheticTranscript } from "./upload.js";
import { isMain } from "./util.js";

const UNLIMITED: MemoryReservation = { reserve: () => true, release: () => {} };

interface Stage {
  name: string;
  run: (body: { gzip: Buffer; json: Uint8Array }) => unknown;
}

const STAGES: Stage[] = [
  { name: "inflate (gunzipSync)", run: (body) => gunzipSync(body.gzip) },
  {
    name: "budget scanner (write, end, takeBytes)",
    run: (body) => {
      const scanner = new JsonBudgetScanner(SERVER_DEFAULTS, UNLIMITED);
      scanner.write(body.json);
      scanner.end();
      return scanner.takeBytes();
    },
  },
  { name: "UTF-8 decode + JSON.parse", run: (body) => JSON.parse(Buffer.from(body.json).toString("utf8")) },
  { name: "text digests (content + events)", run: (body) => textDigests(body.json) },
  { name: "blob SHA-256", run: (body) => createHash("sha256").update(body.json).digest("hex") },
  { name: "prepareDocument (parse, validate, digests, blob hash)", run: (body) => prepareDocument(body.json) },
];

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function main(argv: string[]): void {
  const value = (flag: string, fallback: number) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const kib = value("--json-kib", 160);
  const count = value("--count", 200);
  const rounds = value("--rounds", 5);
  const key = parseKey(`atx_bench_${"s".repeat(24)}`, "bench key");
  const template = syntheticTranscript({ ...SIZES.small, jsonBytes: kib * 1024 }, 1, key);
  const bodies = Array.from({ length: count }, () => {
    const json = Buffer.from(JSON.stringify({ ...template, transcriptId: randomUUID() }));
    return { gzip: gzipSync(json), json: new Uint8Array(json) };
  });
  const first = prepareDocument(bodies[0]!.json);
  if (first.kind !== "ok") throw new Error(`the generated document is not accepted: ${JSON.stringify(first)}`);
  console.log(`${count} bodies of ${Math.round(bodies[0]!.json.byteLength / 1024)} KiB, ${rounds} rounds; CPU ms per body (median, min)`);
  let sum = 0;
  for (const stage of STAGES) {
    const perBody: number[] = [];
    for (let round = 0; round < rounds + 1; round++) {
      const start = cpuMs();
      for (const body of bodies) stage.run(body);
      if (round > 0) perBody.push((cpuMs() - start) / count); // the first round warms the code up
    }
    const m = median(perBody);
    if (!stage.name.startsWith("prepareDocument")) sum += m;
    console.log(`  ${stage.name.padEnd(56)} ${m.toFixed(3)}  ${Math.min(...perBody).toFixed(3)}`);
  }
  console.log(`  ${"sum of the separate stages (prepareDocument aside)".padEnd(56)} ${sum.toFixed(3)}`);
}

if (isMain(import.meta.url)) main(process.argv.slice(2));
