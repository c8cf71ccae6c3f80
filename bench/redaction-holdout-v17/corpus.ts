/**
 * The blind v17 redaction holdout: the output of real programs run on this machine (Haskell's
 * `show` under Hugs: records, `Data.Map`, `Either`, `error`/`userError`; Groovy's map and list
 * prints, `@ToString`/`@Canonical`/`dump()`, `JsonOutput`, uncaught exceptions and power
 * assertions; `neomutt -D`/`-Q`; `composer config --list`; `rndc-confgen`; `tor --dump-config`
 * and `--hash-password`; `getent passwd`, `finger -l` and `pinky -l` on GECOS fields; aria2's
 * request log; privoxy's header log; `memcached-tool` and memcached's `-vv` log) with synthetic
 * secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV17Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V17_VERSION = 'atx-redaction-holdout-v17';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V17 = [
  'hugs-show-record',
  'hugs-map-show',
  'hugs-program-error',
  'hugs-either-show',
  'groovy-map-print',
  'groovy-tostring-dump',
  'groovy-uncaught-exception',
  'groovy-json-output',
  'neomutt-dump-passwords',
  'neomutt-query-passwords',
  'composer-config-list',
  'composer-config-get-auth',
  'rndc-confgen-key',
  'tor-dump-config',
  'aria2-request-headers',
  'aria2-uri-userinfo',
  'privoxy-header-scan',
  'privoxy-response-headers',
  'privoxy-proxy-authorization',
  'memcached-tool-dump',
] as const;

export const PII_CATEGORIES_V17 = [
  'hugs-record-person',
  'groovy-person-print',
  'neomutt-dump-identity',
  'tor-contactinfo-dump',
  'getent-passwd-gecos',
  'finger-pinky-gecos',
  'finger-plan-person',
  'privoxy-request-person',
  'memcached-dump-profile',
] as const;

export const NEGATIVE_CATEGORIES_V17 = [
  'hugs-show-clean',
  'hugs-map-clean',
  'hugs-either-clean',
  'hugs-error-clean',
  'groovy-print-clean',
  'groovy-exception-clean',
  'neomutt-dump-masked',
  'neomutt-dump-clean',
  'composer-config-clean',
  'tor-hash-password',
  'tor-dump-config-clean',
  'finger-plan-clean',
  'getent-finger-service-accounts',
  'aria2-auth-snipped',
  'aria2-request-clean',
  'privoxy-log-clean',
  'memcached-stats-display',
  'memcached-verbose-log',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V17 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V17,
  generate: generateHoldoutV17Corpus,
  digest: holdoutV17Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V17, PII_CATEGORIES_V17, NEGATIVE_CATEGORIES_V17, DOC_EXAMPLE_CATEGORIES_V17);
