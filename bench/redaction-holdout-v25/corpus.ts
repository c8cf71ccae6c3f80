/**
 * The blind v25 redaction holdout: the output of real programs run on this machine (Node.js 20:
 * `console.log`/`console.error`/`console.dir` of objects, class instances, Maps and URL objects,
 * `console.table`, `JSON.stringify`, uncaught errors with their own properties, failed
 * `assert.deepStrictEqual` diffs, `node -p process.env`; Breezy's `brz config`, `brz info` and `brz log`) with synthetic secrets and personal data
 * planted in their input (see README.md). The recorder (`record/record.py`) wrote the captures,
 * each with the exact substrings that must disappear; `generateHoldoutV25Corpus()` turns them into
 * cases deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V25_VERSION = 'atx-redaction-holdout-v25';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V25 = [
  'node-inspect-object',
  'node-inspect-map',
  'node-console-table',
  'node-thrown-error-props',
  'node-process-env',
  'node-url-credentials',
  'node-console-dir-depth',
  'node-json-stringify',
  'node-assert-diff',
  'brz-config-options',
  'brz-info-push-url',
] as const;

export const PII_CATEGORIES_V25 = [
  'node-inspect-person',
  'node-table-person',
  'node-error-person',
  'node-json-person',
  'brz-log-committer',
] as const;

export const NEGATIVE_CATEGORIES_V25 = [
  'node-inspect-clean',
  'node-map-clean',
  'node-table-clean',
  'node-error-clean',
  'node-env-clean',
  'node-url-clean',
  'node-dir-clean',
  'node-json-clean',
  'node-assert-clean',
  'node-bots-clean',
  'brz-config-clean',
  'brz-log-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V25 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V25,
  generate: generateHoldoutV25Corpus,
  digest: holdoutV25Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V25, PII_CATEGORIES_V25, NEGATIVE_CATEGORIES_V25, DOC_EXAMPLE_CATEGORIES_V25);
