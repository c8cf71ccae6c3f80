/**
 * The blind v21 redaction holdout: the output of real programs run on this machine (SBCL's
 * printed structures, hash tables, environment and unhandled-error backtraces; Rakudo's `dd`,
 * `.raku`, `%*ENV` and exceptions; Pike's `%O` and error backtraces; coturn's `turnadmin`;
 * OpenDKIM's `opendkim-genkey`; Knot DNS's `keymgr` and `knotc conf-export`; OpenSMTPD's
 * `smtpd -n` and `smtpctl encrypt`; NSD's `nsd-checkconf`; Icecast's status and admin stats;
 * NUT's `upsc`, `upsrw` and `upscmd`) with synthetic secrets and personal data planted in their input (see README.md). The recorder (`record/record.py`) wrote the
 * captures, each with the exact substrings that must disappear; `generateHoldoutV21Corpus()`
 * turns them into cases deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V21_VERSION = 'atx-redaction-holdout-v21';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V21 = [
  'sbcl-struct-print',
  'sbcl-unhandled-error',
  'sbcl-hash-table-print',
  'sbcl-posix-environ',
  'raku-dd-hash',
  'raku-die-message',
  'raku-env-dump',
  'pike-mapping-print',
  'pike-error-backtrace',
  'turnadmin-credentials',
  'opendkim-genkey-private',
  'knot-tsig-secret',
  'nsd-checkconf-key',
  'nut-upsrw-password',
] as const;

export const PII_CATEGORIES_V21 = ['sbcl-struct-person', 'raku-object-person', 'raku-die-person', 'pike-mapping-person', 'pike-error-person', 'icecast-status-admin'] as const;

export const NEGATIVE_CATEGORIES_V21 = [
  'sbcl-struct-clean',
  'sbcl-error-clean',
  'sbcl-hash-table-clean',
  'sbcl-environ-clean',
  'raku-hash-clean',
  'raku-exception-clean',
  'raku-object-clean',
  'pike-mapping-clean',
  'pike-error-clean',
  'turnadmin-listing',
  'opendkim-dns-record',
  'knot-keymgr-list',
  'opensmtpd-config-check',
  'knot-conf-export-clean',
  'nsd-checkconf-clean',
  'nut-upsc-listing',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V21 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V21,
  generate: generateHoldoutV21Corpus,
  digest: holdoutV21Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V21, PII_CATEGORIES_V21, NEGATIVE_CATEGORIES_V21, DOC_EXAMPLE_CATEGORIES_V21);
