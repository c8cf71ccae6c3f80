/**
 * The blind v22 redaction holdout: the output of real programs run on this machine (GHC's derived
 * `show` of records and maps, `getEnvironment` and a dying program's message; GNU CLISP's printed
 * structures, hash tables, environment and `*** - ` errors; Yggdrasil's `-genconf`,
 * `-normaliseconf`, `-address`; MPD's verbose log and mpc; Monit's control-file check; Tinyproxy's
 * request log; pgpool-II's `pg_md5`; age-keygen; oathtool; GnuTLS's certtool; abook's exports) with synthetic secrets and personal data planted in their
 * input (see README.md). The recorder (`record/record.py`) wrote the captures, each with the exact
 * substrings that must disappear; `generateHoldoutV22Corpus()` turns them into cases
 * deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V22_VERSION = 'atx-redaction-holdout-v22';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V22 = [
  'ghc-record-show',
  'ghc-map-env',
  'ghc-error-call',
  'clisp-struct-print',
  'clisp-hash-table',
  'clisp-error',
  'yggdrasil-private-key',
  'mpd-verbose-password',
  'mpc-host-password',
  'monit-config-error',
  'tinyproxy-request-log',
  'pgpool-pg-md5',
  'age-keygen-identity',
  'oathtool-otp-secret',
  'certtool-private-key',
] as const;

export const PII_CATEGORIES_V22 = ['ghc-record-person', 'ghc-error-person', 'clisp-struct-person', 'clisp-error-person', 'yggdrasil-nodeinfo-person', 'abook-export-contact'] as const;

export const NEGATIVE_CATEGORIES_V22 = [
  'ghc-record-clean',
  'ghc-map-clean',
  'ghc-error-clean',
  'clisp-struct-clean',
  'clisp-hash-table-clean',
  'clisp-error-clean',
  'yggdrasil-public-clean',
  'mpd-verbose-clean',
  'mpc-status-clean',
  'monit-verbose-check',
  'tinyproxy-request-clean',
  'pgpool-pool-passwd',
  'age-public-recipient',
  'certtool-certificate-info',
  'abook-export-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V22 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V22,
  generate: generateHoldoutV22Corpus,
  digest: holdoutV22Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V22, PII_CATEGORIES_V22, NEGATIVE_CATEGORIES_V22, DOC_EXAMPLE_CATEGORIES_V22);
