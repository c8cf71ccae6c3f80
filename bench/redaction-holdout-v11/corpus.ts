/**
 * The blind v11 redaction holdout: the output of real programs run on this machine (PostgreSQL's
 * server log, psql and pg_dump, redis-cli, swaks, msmtp, HTTPie, the AWS CLI, Ruby's Net::HTTP,
 * Subversion, Mercurial, SQLAlchemy, pandas, csvkit, Miller, mosquitto clients, and Node's
 * ioredis and knex) with synthetic secrets and personal data planted in their input (see
 * README.md). The recorder (`record/record.py`) wrote the captures, each with the exact substrings
 * that must disappear; `generateHoldoutV11Corpus()` turns them into cases deterministically, and
 * `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

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

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V11,
  generate: generateHoldoutV11Corpus,
  digest: holdoutV11Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V11, PII_CATEGORIES_V11, NEGATIVE_CATEGORIES_V11, DOC_EXAMPLE_CATEGORIES_V11);
