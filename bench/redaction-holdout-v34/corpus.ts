/**
 * The blind v34 redaction holdout: what a coding agent sees when it deploys a web app, printed by
 * real npm-distributed deploy tools run offline on this machine (wrangler's dry-run bindings and
 * generated types, dotenvx's encrypted env files, keys and decrypted values, pm2's process
 * environments and app logs, the Serverless Framework's resolved service file and packaged
 * template) with synthetic secrets and personal data planted in their input (see README.md). The
 * recorder (`record/record.py`) wrote the captures, each with the exact substrings that must
 * disappear; `generateHoldoutV34Corpus()` turns them into cases deterministically, and
 * `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V34_VERSION = 'atx-redaction-holdout-v34';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V34 = [
  'wrangler-vars-bindings',
  'wrangler-dev-vars',
  'dotenvx-private-keys',
  'dotenvx-decrypted-values',
  'dotenvx-run-debug',
  'pm2-process-env',
  'pm2-app-logs',
  'serverless-resolved-config',
  'serverless-custom-secrets',
] as const;

export const PII_CATEGORIES_V34 = [
  'wrangler-vars-contacts',
  'pm2-env-contacts',
  'serverless-owner-tags',
] as const;

export const NEGATIVE_CATEGORIES_V34 = [
  'wrangler-bindings-clean',
  'wrangler-dev-vars-clean',
  'dotenvx-encrypted-clean',
  'dotenvx-run-clean',
  'pm2-status-clean',
  'serverless-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V34 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V34,
  generate: generateHoldoutV34Corpus,
  digest: holdoutV34Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V34, PII_CATEGORIES_V34, NEGATIVE_CATEGORIES_V34, DOC_EXAMPLE_CATEGORIES_V34);
