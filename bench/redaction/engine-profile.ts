/**
 * A CPU profile of the redaction engine in its steady state: the fixture passes of
 * engine-speed.ts, with the profiler (`node:inspector`) started only after the warm-up passes, so
 * that the first-use compilation of the rules' expressions (tens of ms for the largest) is not
 * read as rule time, as it is in a `--cpu-prof` of the whole bench.
 *
 *   node dist/bench/redaction/engine-profile.js [--profile standard] [--passes 25] [--top 30] [--out file.cpuprofile]
 *
 * Prints the top functions by self and by inclusive time (profile-summary.ts).
 */
import { Session } from 'node:inspector';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FindingsCache } from '../../redaction/findings-cache.js';
import { TranscriptRedactor, builtinProfile, type RedactableEvent } from '../../redaction/index.js';
import { formatProfileSummary, summarizeCpuProfile } from '../profile-summary.js';
import { isMain } from '../util.js';
import { loadFixtureTranscripts } from './fixture-text.js';

const WARM_UP_PASSES = 10;
/** µs between samples: finer than the default 1 ms, for functions of a few ms a pass */
const SAMPLING_INTERVAL_US = 200;

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

export async function profileEngine(profileName: string, passes: number): Promise<object> {
  const profile = builtinProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const transcripts = loadFixtureTranscripts();
  const salt = Buffer.from('atx-bench');
  let sink = 0;
  const pass = () => {
    for (const transcript of transcripts) {
      const redactor = new TranscriptRedactor(profile, { salt, saltSource: 'per-transcript', findingsCache: new FindingsCache() });
      for (const event of transcript.events) sink += redactor.event(event as unknown as RedactableEvent & { seq: number }).seq;
    }
  };
  for (let k = 0; k < WARM_UP_PASSES; k++) pass();
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await post(session, 'Profiler.start');
  const cpu = process.cpuUsage();
  for (let k = 0; k < passes; k++) pass();
  const used = process.cpuUsage(cpu);
  const { profile: cpuProfile } = await post<{ profile: object }>(session, 'Profiler.stop');
  session.disconnect();
  if (sink === -1) console.log('');
  console.log(`${passes} passes, ${((used.user + used.system) / 1000 / passes).toFixed(1)} ms of CPU a pass (under the profiler)`);
  return cpuProfile;
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
  const cpuProfile = await profileEngine(option('--profile', 'standard'), Number(option('--passes', '25')));
  const out = option('--out', '');
  const dir = out ? null : mkdtempSync(join(tmpdir(), 'engine-profile-'));
  const file = out || join(dir!, 'engine.cpuprofile');
  writeFileSync(file, JSON.stringify(cpuProfile));
  console.log(formatProfileSummary(summarizeCpuProfile(file, Number(option('--top', '30')))));
  if (dir) rmSync(dir, { recursive: true, force: true });
}
