/** What every v7 category generator returns, and small draws they share. */
import { type CorpusCategory, defineCorpusCategory, DIGITS, HEX } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';

export interface DrawnCase {
  text: string;
  /** the exact substrings that must disappear (empty for negatives) */
  targets: string[];
}

export type V7Category = CorpusCategory<RandomDraws, DrawnCase>;

export const category = (name: string, count: number, gen: (rng: RandomDraws) => DrawnCase): V7Category => defineCorpusCategory(name, count, gen);

/** An ISO timestamp on 2026-11 with milliseconds. */
export function isoTime(rng: RandomDraws): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `2026-11-${p(rng.int(1, 26))}T${p(rng.int(0, 23))}:${p(rng.int(0, 59))}:${p(rng.int(0, 59))}.${String(rng.int(0, 999)).padStart(3, '0')}Z`;
}

/** A syslog-style time: `Nov 27 01:02:03`. */
export function syslogTime(rng: RandomDraws): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `Nov ${p(rng.int(1, 26))} ${p(rng.int(0, 23))}:${p(rng.int(0, 59))}:${p(rng.int(0, 59))}`;
}

export const hex = (rng: RandomDraws, n: number) => rng.str(HEX, n);
export const digits = (rng: RandomDraws, n: number) => rng.str(DIGITS, n);
export const gitSha = (rng: RandomDraws) => rng.str(HEX, 40);
export const shortSha = (rng: RandomDraws) => rng.str(HEX, 7);
export const semver = (rng: RandomDraws) => `${rng.int(0, 24)}.${rng.int(0, 30)}.${rng.int(0, 40)}`;
export const service = (rng: RandomDraws) => rng.pick(['billing-api', 'checkout', 'ingest-worker', 'auth-gateway', 'report-cron', 'search-svc', 'notifier', 'ledger']);
export const repoPath = (rng: RandomDraws) => rng.pick(['services/api', 'apps/web', 'deploy', 'infra/k8s', 'config', 'backend', 'tools/scripts']);

/** A `git diff` header for `path`, with a random blob range. */
export function diffHeader(rng: RandomDraws, path: string): string {
  const a = rng.int(1, 80);
  return `diff --git a/${path} b/${path}\nindex ${shortSha(rng)}..${shortSha(rng)} 100644\n--- a/${path}\n+++ b/${path}\n@@ -${a},${rng.int(3, 6)} +${a},${rng.int(4, 8)} @@`;
}
