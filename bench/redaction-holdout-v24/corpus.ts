/**
 * The blind v24 redaction holdout: the output of real key and access tools run on this machine
 * (wpa_passphrase; MIT Kerberos's ktutil and klist; minisign; signify-openbsd; Dropbear's
 * dropbearkey and dropbearconvert; ipmitool against a closed port on 127.0.0.1; BorgBackup's
 * init, key export and info; NATS server's `-t` configuration check) with synthetic secrets and personal data planted in their input (see
 * README.md). The recorder (`record/record.py`) wrote the captures, each with the exact substrings
 * that must disappear; `generateHoldoutV24Corpus()` turns them into cases deterministically, and
 * `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V24_VERSION = 'atx-redaction-holdout-v24';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V24 = [
  'wpa-passphrase-network',
  'ktutil-klist-keys',
  'minisign-secret-key',
  'signify-secret-key',
  'dropbear-private-key',
  'ipmitool-password-flag',
  'borg-key-export',
  'nats-config-authorization',
] as const;

export const PII_CATEGORIES_V24 = ['klist-person-principal', 'minisign-trusted-comment', 'signify-key-comment'] as const;

export const NEGATIVE_CATEGORIES_V24 = [
  'klist-keytab-clean',
  'minisign-public-clean',
  'minisign-verify-clean',
  'signify-verify-clean',
  'dropbear-public-clean',
  'ipmitool-errors-clean',
  'borg-info-clean',
  'nats-config-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V24 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V24,
  generate: generateHoldoutV24Corpus,
  digest: holdoutV24Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V24, PII_CATEGORIES_V24, NEGATIVE_CATEGORIES_V24, DOC_EXAMPLE_CATEGORIES_V24);
