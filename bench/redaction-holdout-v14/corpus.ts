/**
 * The blind v14 redaction holdout: the output of real programs run on this machine (Tcl's `puts`
 * of dicts, `parray` and error traces, Guile's `write` of association lists and records and its
 * error backtraces, the OCaml toplevel's echoes of records, lists and exceptions, Clojure's `prn`
 * of maps and records and its `ex-info` errors, HAProxy's HTTP log with captured headers,
 * vsftpd's protocol log, MIT Kerberos' `klist` and `kadmin.local`, and Samba's `testparm`) with
 * synthetic secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV14Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V14_VERSION = 'atx-redaction-holdout-v14';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V14 = [
  'tcl-dict-puts',
  'tcl-parray',
  'tcl-error-errorinfo',
  'guile-alist-write',
  'guile-record-print',
  'guile-error-backtrace',
  'ocaml-record-echo',
  'ocaml-exception',
  'ocaml-assoc-list',
  'clojure-prn-map',
  'clojure-defrecord',
  'clojure-ex-info',
  'haproxy-log-authorization',
  'haproxy-log-query-token',
  'haproxy-log-api-key-header',
  'klist-keytab-keys',
  'testparm-preexec-token',
  'tcl-url-userinfo',
  'tcl-env-array',
  'guile-hash-map-list',
  'guile-environ',
  'ocaml-printf-header',
  'clojure-pprint-jdbc-url',
] as const;

export const PII_CATEGORIES_V14 = [
  'tcl-dict-person',
  'tcl-error-person',
  'guile-record-person',
  'ocaml-record-person',
  'ocaml-exception-person',
  'clojure-prn-people',
  'clojure-ex-info-person',
  'haproxy-log-personal-query',
  'testparm-share-comment',
  'vsftpd-anon-password-email',
] as const;

export const NEGATIVE_CATEGORIES_V14 = [
  'tcl-dict-placeholders',
  'tcl-parray-ids',
  'tcl-error-clean',
  'guile-alist-clean',
  'guile-record-masked',
  'ocaml-record-clean',
  'ocaml-digest-hex',
  'ocaml-public-key',
  'clojure-map-clean',
  'clojure-secret-refs',
  'clojure-ex-info-clean',
  'haproxy-log-clean',
  'klist-keytab-no-keys',
  'kadmin-getprinc',
  'testparm-clean',
  'tcl-url-no-password',
  'tcl-env-clean',
  'guile-environ-clean',
  'ocaml-printf-clean',
  'clojure-pprint-clean',
  'kadmin-listprincs',
  'vsftpd-log-masked-pass',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V14 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V14,
  generate: generateHoldoutV14Corpus,
  digest: holdoutV14Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V14, PII_CATEGORIES_V14, NEGATIVE_CATEGORIES_V14, DOC_EXAMPLE_CATEGORIES_V14);
