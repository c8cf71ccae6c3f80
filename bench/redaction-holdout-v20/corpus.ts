/**
 * The blind v20 redaction holdout: the output of real programs run on this machine (ngIRCd's
 * `--configtest`; chrony's `chronyc keygen` and `chronyd -p`; Fossil's `init`, `settings`,
 * `user list`, `remote` and `sql`; SQLCipher's shell; Prosody's `prosodyctl` and account files;
 * ProFTPD's `ftpasswd` and `proftpd -t`; the rsync daemon's module list, refusals and log; GNU
 * Octave's printed structs, cell arrays, maps, JSON and errors) with
 * synthetic secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV20Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V20_VERSION = 'atx-redaction-holdout-v20';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V20 = [
  'ngircd-configtest-opers',
  'ngircd-configtest-server-link',
  'ngircd-configtest-keys',
  'chronyc-keygen',
  'chrony-keys-file',
  'fossil-init-admin-password',
  'fossil-settings-proxy',
  'fossil-sql-user-table',
  'sqlcipher-echo-key',
  'sqlcipher-dump-tokens',
  'prosody-account-plain',
  'octave-printed-secrets',
] as const;

export const PII_CATEGORIES_V20 = ['ngircd-admin-info', 'ngircd-channel-topic', 'fossil-user-list', 'sqlcipher-select-customers', 'ftpasswd-gecos', 'rsync-module-comments'] as const;

export const NEGATIVE_CATEGORIES_V20 = [
  'ngircd-configtest-clean',
  'chronyd-print-config',
  'fossil-remote-masked',
  'fossil-user-hashes',
  'fossil-settings-clean',
  'sqlcipher-schema-clean',
  'sqlcipher-digests-table',
  'prosody-account-hashed',
  'prosody-check-config',
  'ftpasswd-service-accounts',
  'proftpd-configtest',
  'rsync-module-list-clean',
  'rsync-auth-refused',
  'octave-printed-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V20 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V20,
  generate: generateHoldoutV20Corpus,
  digest: holdoutV20Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V20, PII_CATEGORIES_V20, NEGATIVE_CATEGORIES_V20, DOC_EXAMPLE_CATEGORIES_V20);
