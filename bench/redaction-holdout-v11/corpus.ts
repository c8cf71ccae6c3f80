/**
 * The blind v11 redaction holdout: the output of real programs run on this machine (PostgreSQL's
 * server log, psql and pg_dump, redis-cli, swaks, msmtp, HTTPie, the AWS CLI, Ruby's Net::HTTP,
 * Subversion, Mercurial, SQLAlchemy, pandas, csvkit, Miller, mosquitto clients, and Node's
 * ioredis and knex) with synthetic secrets and personal data planted in their input (see
 * README.md). The recorder (`record/record.py`) wrote the captures, each with the exact substrings
 * that must disappear; `generateHoldoutV11Corpus()` turns them into cases deterministically, and
 * `corpus.sha256` freezes its digest.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { frozenDigestPath } from '../redaction-eval/blind.js';
import { caseId, digestOf, type EvalCase, type EvalKind } from '../redaction-eval/corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V11_VERSION = 'atx-redaction-holdout-v11';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V11 = [
  'postgres-log-role-password',
  'pg-dump-copy-tokens',
  'psql-expanded-api-keys',
  'psql-aligned-service-credentials',
  'redis-monitor-session-tokens',
  'redis-config-get-requirepass',
  'redis-hgetall-credentials',
  'swaks-auth-transcript',
  'msmtp-debug-auth-plain',
  'httpie-verbose-auth-headers',
  'httpie-json-body-secrets',
  'aws-debug-session-token',
  'aws-debug-secret-value-body',
  'ruby-net-http-debug-output',
  'svn-auth-show-passwords',
  'hg-config-auth-secrets',
  'sqlalchemy-echo-token-params',
  'ioredis-debug-auth-command',
  'knex-debug-bindings-tokens',
  'pandas-print-credentials-frame',
  'csv-table-secrets',
] as const;

export const PII_CATEGORIES_V11 = [
  'psql-expanded-customer-rows',
  'psql-aligned-users-table',
  'postgres-log-insert-person',
  'redis-hgetall-user-profile',
  'swaks-envelope-headers',
  'sqlalchemy-echo-user-params',
  'pandas-customers-frame',
  'csv-table-people',
  'httpie-json-user-profile',
] as const;

export const NEGATIVE_CATEGORIES_V11 = [
  'psql-explain-analyze',
  'psql-meta-commands',
  'pg-dump-schema-only',
  'postgres-log-statement-clean',
  'psql-expanded-ids-digests',
  'psql-show-settings',
  'psql-placeholder-config-rows',
  'redis-info-sections',
  'redis-monitor-clean',
  'redis-scan-ttl-keys',
  'redis-acl-config-clean',
  'swaks-bot-mail-masked',
  'msmtp-masked-config',
  'httpie-verbose-clean',
  'httpie-headers-offline',
  'aws-debug-unsigned',
  'ruby-net-http-debug-clean',
  'sqlalchemy-url-masked-echo',
  'pandas-describe-info',
  'csv-table-metrics',
  'hg-log-config-clean',
  'svn-info-log-clean',
  'mosquitto-pub-sub-debug',
  'ioredis-debug-clean',
  'knex-debug-query-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V11 = ['doc-example-keys'] as const;

/** One recorded program output and the substrings of it that must disappear. */
export interface Capture {
  text: string;
  targets: string[];
}

/** The captures' folder in the source tree (also when this module runs from dist/). */
export function capturesDir(): string {
  return join(dirname(frozenDigestPath(import.meta.url)), 'captures');
}

/** The folder a kind of capture lives in: `secret`, `pii`, `negative` or `doc`. */
export type CaptureFolder = 'secret' | 'pii' | 'negative' | 'doc';

export function readCaptures(folder: CaptureFolder, category: string): Capture[] {
  const path = join(capturesDir(), folder, `${category}.jsonl`);
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.length > 0);
  return lines.map((line, i) => {
    const v = JSON.parse(line) as Partial<Capture>;
    if (typeof v.text !== 'string' || !Array.isArray(v.targets) || !v.targets.every((t) => typeof t === 'string')) {
      throw new Error(`${folder}/${category}.jsonl line ${i + 1}: not a capture`);
    }
    return { text: v.text, targets: v.targets };
  });
}

interface Part {
  folder: CaptureFolder;
  kind: EvalKind;
  prefix: string;
  categories: readonly string[];
  docExample?: boolean;
}

export const PARTS_V11: readonly Part[] = [
  { folder: 'secret', kind: 'secret', prefix: 's', categories: SECRET_CATEGORIES_V11 },
  { folder: 'pii', kind: 'pii', prefix: 'p', categories: PII_CATEGORIES_V11 },
  { folder: 'negative', kind: 'negative', prefix: 'n', categories: NEGATIVE_CATEGORIES_V11 },
  { folder: 'doc', kind: 'secret', prefix: 'd', categories: DOC_EXAMPLE_CATEGORIES_V11, docExample: true },
];

export function generateHoldoutV11Corpus(): EvalCase[] {
  return PARTS_V11.flatMap((part) =>
    part.categories.flatMap((category) =>
      readCaptures(part.folder, category).map((cap, i): EvalCase => {
        const targets = part.kind === 'negative' ? [] : [...new Set(cap.targets)];
        const c: EvalCase = { id: caseId(part.prefix, category, i + 1), kind: part.kind, category, text: cap.text, targets };
        return part.docExample ? { ...c, docExample: true } : c;
      }),
    ),
  );
}

export function holdoutV11Digest(cases: EvalCase[] = generateHoldoutV11Corpus()): string {
  return digestOf(cases);
}
