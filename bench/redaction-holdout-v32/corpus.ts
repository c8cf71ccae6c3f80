/**
 * The blind v32 redaction holdout: what a coding agent sees when it deploys or talks to a cloud or
 * a database, printed by real programs run on this machine (aws-cli's `configure` and the
 * credential- and secret-returning calls against a stand-in of the AWS APIs on 127.0.0.1; Google
 * Cloud CLI's service-account activation, access tokens and Secret Manager access against a
 * stand-in token endpoint and API on 127.0.0.1; kubectl's kubeconfig listings and client-side
 * Secret manifests; PostgreSQL 15's foreign-data user mappings, subscriptions, pg_dump and the
 * client's connection files) with synthetic secrets and personal data planted in their input (see
 * README.md). The recorder (`record/record.py`) wrote the captures, each with the exact
 * substrings that must disappear; `generateHoldoutV32Corpus()` turns them into cases
 * deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V32_VERSION = 'atx-redaction-holdout-v32';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V32 = [
  'aws-configure-credentials',
  'aws-sts-iam-credentials',
  'aws-secret-parameter-values',
  'gcloud-service-account-key',
  'gcloud-access-tokens',
  'gcloud-secret-versions-access',
  'kubectl-config-view-raw',
  'kubectl-secret-manifest',
  'postgres-user-mapping-options',
  'postgres-subscription-conninfo',
  'psql-connection-secrets',
] as const;

export const PII_CATEGORIES_V32 = [
  'aws-sso-identity',
  'gcloud-account',
  'kubectl-oidc-users',
] as const;

export const NEGATIVE_CATEGORIES_V32 = [
  'aws-configure-clean',
  'aws-service-clean',
  'gcloud-config-clean',
  'kubectl-config-clean',
  'kubectl-manifest-clean',
  'postgres-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V32 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V32,
  generate: generateHoldoutV32Corpus,
  digest: holdoutV32Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V32, PII_CATEGORIES_V32, NEGATIVE_CATEGORIES_V32, DOC_EXAMPLE_CATEGORIES_V32);
