/**
 * The blind v10 redaction holdout: the output of real programs run on this machine (curl, wget,
 * git, openssl, gpg, ssh-keygen, sqlite3, jq, yq, npm, pip, node, python, bash) with synthetic
 * secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV10Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V10_VERSION = 'atx-redaction-holdout-v10';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V10 = [
  'curl-verbose-bearer',
  'curl-verbose-key-header-query',
  'curl-trace-basic-auth',
  'curl-trace-login-form-cookie',
  'wget-debug-basic-retry',
  'python-httpclient-debuglevel',
  'python-requests-debug-query-token',
  'node-debug-http-options',
  'node-inspect-config',
  'bash-xtrace-deploy',
  'env-dump-secrets',
  'git-remote-token-url',
  'git-credential-fill-extraheader',
  'pip-config-index-token',
  'openssl-genpkey-pem',
  'ssh-gpg-private-key-export',
  'python-traceback-locals',
  'sqlite3-dump-tokens',
  'yq-jq-config-secrets',
  'http-server-log-query-token',
  'git-show-dotenv-diff',
  'git-trace-curl-url-credential',
  'node-fetch-url-credentials',
  'pytest-showlocals-failure',
] as const;

export const PII_CATEGORIES_V10 = [
  'git-log-authors',
  'git-shortlog-blame-emails',
  'gpg-list-keys-uid',
  'sqlite3-users-table',
  'python-email-headers',
  'curl-json-user-profile',
  'python-traceback-user-locals',
  'git-config-identity',
  'git-format-patch-signoff',
] as const;

export const NEGATIVE_CATEGORIES_V10 = [
  'curl-verbose-clean',
  'wget-debug-masked-url',
  'git-trace-curl-redacted',
  'npm-config-protected',
  'checksums-digests',
  'git-log-bots-noreply',
  'git-plumbing-hashes',
  'npm-pip-integrity',
  'node-modules-minified-js',
  'uuid-ids-listing',
  'ssh-public-keys-fingerprints',
  'openssl-cert-public',
  'gpg-public-key-export',
  'grep-code-reads-secret',
  'env-dump-clean',
  'placeholder-config-print',
  'bash-xtrace-clean',
  'python-traceback-clean',
  'node-debug-http-clean',
  'http-server-log-clean',
  'ssh-verbose-config',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V10 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V10,
  generate: generateHoldoutV10Corpus,
  digest: holdoutV10Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V10, PII_CATEGORIES_V10, NEGATIVE_CATEGORIES_V10, DOC_EXAMPLE_CATEGORIES_V10);
