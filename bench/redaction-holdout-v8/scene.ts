/**
 * The surroundings of a turn: project and host names, times, and the harmless hex, base64 and id
 * strings that real debugging output is full of (commit shas, digests, request ids).
 */
import { B64, DIGITS, HEX, LOWER, uuid } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';

export const sha1 = (rng: RandomDraws): string => rng.str(HEX, 40);
export const shortSha = (rng: RandomDraws): string => rng.str(HEX, rng.pick([7, 8, 12]));
export const sha256 = (rng: RandomDraws): string => rng.str(HEX, 64);
/** Base64 of 64 random bytes: 85 free characters, a last one that carries 2 bits, then `==`. */
export const b64Of64Bytes = (rng: RandomDraws): string => `${rng.str(B64, 85)}${rng.pick(['A', 'Q', 'g', 'w'])}==`;
export const integrity = (rng: RandomDraws): string => `sha512-${b64Of64Bytes(rng)}`;
export const imageDigest = (rng: RandomDraws): string => `sha256:${sha256(rng)}`;
export const requestId = (rng: RandomDraws): string => rng.pick([uuid(rng), `req_${rng.str(LOWER + DIGITS, 24)}`, rng.str(HEX, 32), `${rng.str(HEX, 16)}-${rng.pick(['FRA', 'IAD', 'SJC', 'LHR', 'NRT'])}`]);
export const traceparent = (rng: RandomDraws): string => `00-${rng.str(HEX, 32)}-${rng.str(HEX, 16)}-01`;

export const PROJECTS = ['billing-api', 'storefront', 'ledger', 'dispatch', 'tessera', 'atlas-web', 'hoover', 'payroll-sync', 'quill', 'orchard', 'signal-relay', 'kiln', 'harbor-ops', 'mosaic', 'nightjar', 'fieldnotes'];
export const project = (rng: RandomDraws): string => rng.pick(PROJECTS);

export const DOMAINS = ['acme-freight.io', 'northwind.dev', 'helio-pay.com', 'brightline.app', 'tandem-labs.net', 'kestrel.systems', 'quayside.co.uk', 'lumen-health.de'];
export const companyDomain = (rng: RandomDraws): string => rng.pick(DOMAINS);

export const ENV_NAMES = ['staging', 'prod', 'production', 'dev', 'qa', 'preview', 'sandbox'];
export const envName = (rng: RandomDraws): string => rng.pick(ENV_NAMES);

export function dbHost(rng: RandomDraws): string {
  return rng.pick([
    `${project(rng)}-db.${rng.str(LOWER + DIGITS, 12)}.${rng.pick(['eu-west-1', 'us-east-1', 'ap-southeast-2'])}.rds.amazonaws.com`,
    `${project(rng)}-${envName(rng)}.postgres.database.azure.com`,
    `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(2, 254)}`,
    `db.${envName(rng)}.internal`,
    `${project(rng)}-pg-${rng.int(1, 3)}.${companyDomain(rng)}`,
  ]);
}

/** An ISO timestamp on the day of the scene. */
export function isoTime(rng: RandomDraws): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `2026-${pad(rng.int(1, 11))}-${pad(rng.int(1, 28))}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}.${String(rng.int(0, 999)).padStart(3, '0')}Z`;
}

export function clock(rng: RandomDraws): string {
  return `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
}

/** A clock starting at a random morning minute: `at(n)` is `n` minutes later. */
export function minutesFrom(rng: RandomDraws): (n: number) => string {
  const start = rng.int(7 * 60, 11 * 60);
  return (n) => `${String(Math.floor((start + n) / 60)).padStart(2, '0')}:${String((start + n) % 60).padStart(2, '0')}`;
}

export const semver = (rng: RandomDraws): string => `${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`;

export const port = (rng: RandomDraws): number => rng.pick([3000, 4000, 5000, 5432, 6379, 8000, 8080, 8443, 9000, 3306, 27017]);

export const HANDLES = ['@oncall-platform', '@payments-team', '@sre', '@backend-core', '@infra', '@mobile-guild', '@data-eng'];
export const handle = (rng: RandomDraws): string => rng.pick(HANDLES);

export const TICKETS = ['OPS', 'PAY', 'INC', 'PLAT', 'SEC', 'WEB', 'MOB'];
export const ticket = (rng: RandomDraws): string => `${rng.pick(TICKETS)}-${rng.int(100, 9999)}`;

/** A copy of `items` in an order drawn from `rng` (for shell histories). */
export function shuffled<T>(rng: RandomDraws, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `history` output: numbered lines from `start`. */
export function historyLines(start: number, lines: readonly string[]): string {
  return lines.map((l, i) => `${String(start + i).padStart(5, ' ')}  ${l}`).join('\n');
}

/** A few lines of harmless shell history to pad a session's history. */
export function plainCommands(rng: RandomDraws, n: number): string[] {
  const pool = [
    'git status',
    `git checkout -b fix/${rng.pick(['retry', 'timeout', 'auth', 'webhook', 'migration'])}-${rng.int(10, 999)}`,
    `git log --oneline -${rng.int(3, 20)}`,
    'npm ci',
    `npm run test -- --filter ${rng.pick(['api', 'auth', 'billing'])}`,
    `docker compose up -d ${rng.pick(['db', 'redis', 'api', 'worker'])}`,
    'docker compose logs -f api',
    `kubectl -n ${project(rng)} get pods`,
    `kubectl -n ${project(rng)} rollout restart deploy/${project(rng)}`,
    'make build',
    'cargo test --workspace',
    'go test ./...',
    'bundle exec rspec spec/requests',
    'python -m pytest -x tests/',
    `cd ~/src/${project(rng)}`,
    'ls -la',
    `git rebase -i HEAD~${rng.int(2, 6)}`,
    `terraform -chdir=infra/${envName(rng)} plan`,
    `git cherry-pick ${shortSha(rng)}`,
    'dotnet test',
    'mix test',
    './gradlew assembleDebug',
    'pod install',
  ];
  return rng.pickMany(pool, n);
}
