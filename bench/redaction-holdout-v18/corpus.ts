/**
 * The blind v18 redaction holdout: the output of real programs run on this machine (R's `print`
 * and `str` of lists, `Sys.getenv` vectors, data frames and `stop()` errors; Racket's printed
 * hashes and structs, `error` messages and contract violations; Exim's `-bP`, `-be` and `-bt`;
 * `squid -k parse` and Squid's access log; CUPS's `lpstat`/`lpoptions`; `rabbitmqctl`;
 * PgBouncer's log and admin console) with synthetic secrets and personal data planted in their
 * input (see README.md). The recorder (`record/record.py`) wrote the captures, each with the exact
 * substrings that must disappear; `generateHoldoutV18Corpus()` turns them into cases
 * deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V18_VERSION = 'atx-redaction-holdout-v18';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V18 = [
  'r-list-print',
  'r-str-list',
  'r-sys-getenv',
  'r-dataframe-print',
  'r-stop-call',
  'racket-hash-print',
  'racket-struct-print',
  'racket-error-message',
  'racket-contract-violation',
  'exim-bp-authenticators',
  'exim-bp-macros',
  'exim-expand-lookup',
  'squid-parse-cache-peer',
  'squid-access-log-query',
  'squid-access-log-headers',
  'cups-device-uri-query',
  'cups-smb-device-uri',
  'rabbitmqctl-global-parameters',
  'pgbouncer-verbose-startup',
] as const;

export const PII_CATEGORIES_V18 = [
  'r-person-dataframe',
  'r-person-str',
  'racket-person-struct',
  'exim-address-test-redirect',
  'exim-expand-person',
  'squid-access-log-person',
  'cups-printer-info-person',
  'rabbitmqctl-users-vhosts-person',
  'pgbouncer-login-person',
] as const;

export const NEGATIVE_CATEGORIES_V18 = [
  'r-print-clean',
  'r-dataframe-clean',
  'r-error-clean',
  'r-getenv-clean',
  'racket-print-clean',
  'racket-struct-clean',
  'racket-error-clean',
  'exim-bp-clean',
  'exim-macros-clean',
  'exim-expand-clean',
  'exim-address-test-clean',
  'squid-parse-clean',
  'squid-access-stripped',
  'squid-access-clean',
  'cups-device-uri-stripped',
  'cups-lpstat-clean',
  'rabbitmqctl-authenticate-user',
  'rabbitmqctl-list-clean',
  'pgbouncer-show-databases',
  'pgbouncer-verbose-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V18 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V18,
  generate: generateHoldoutV18Corpus,
  digest: holdoutV18Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V18, PII_CATEGORIES_V18, NEGATIVE_CATEGORIES_V18, DOC_EXAMPLE_CATEGORIES_V18);
