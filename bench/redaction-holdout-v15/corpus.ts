/**
 * The blind v15 redaction holdout: the output of real programs run on this machine (the Mono C#
 * REPL's echoes of dictionaries, anonymous objects, tuple lists and exception traces, GNU Prolog's
 * and SWI-Prolog's printed terms, dicts and uncaught errors, gfortran's namelist and formatted
 * writes, GnuCOBOL's record DISPLAYs, Nim's `echo` of objects, tables and JSON, D's `writeln` of
 * structs, associative arrays and exceptions, tmux's `show-environment`, `etcdctl get`, lighttpd's
 * request-header debug log and access log, `caddy adapt` and strongSwan's `pki --print`) with
 * synthetic secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV15Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V15_VERSION = 'atx-redaction-holdout-v15';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V15 = [
  'csharp-dictionary-echo',
  'csharp-anonymous-echo',
  'csharp-exception-trace',
  'gprolog-term-write',
  'gprolog-uncaught-exception',
  'swipl-dict-print',
  'swipl-error-message',
  'swipl-format-output',
  'fortran-namelist-write',
  'fortran-formatted-write',
  'cobol-record-display',
  'nim-object-echo',
  'nim-table-json-echo',
  'd-struct-writeln',
  'd-assoc-array-writeln',
  'd-exception-writeln',
  'd-writefln-output',
  'tmux-show-environment',
  'etcdctl-get-prefix',
  'lighttpd-request-header-log',
  'lighttpd-access-log-query-token',
  'caddy-adapt-upstream-header',
] as const;

export const PII_CATEGORIES_V15 = [
  'csharp-anonymous-person',
  'csharp-exception-person',
  'csharp-people-list',
  'gprolog-term-person',
  'gprolog-exception-person',
  'swipl-dict-person',
  'fortran-namelist-person',
  'cobol-customer-record',
  'd-struct-person',
  'd-exception-person',
  'lighttpd-access-log-personal-query',
  'pki-print-subject-person',
] as const;

export const NEGATIVE_CATEGORIES_V15 = [
  'csharp-dictionary-clean',
  'csharp-anonymous-clean',
  'csharp-exception-clean',
  'gprolog-term-clean',
  'gprolog-exception-clean',
  'swipl-dict-clean',
  'swipl-error-clean',
  'fortran-namelist-clean',
  'fortran-formatted-clean',
  'cobol-record-clean',
  'nim-object-clean',
  'nim-table-clean',
  'd-struct-clean',
  'd-assoc-array-clean',
  'd-exception-clean',
  'tmux-environment-clean',
  'etcdctl-get-clean',
  'lighttpd-request-header-clean',
  'lighttpd-access-log-clean',
  'caddy-adapt-placeholders',
  'caddy-basicauth-hashes',
  'pki-print-public-key',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V15 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V15,
  generate: generateHoldoutV15Corpus,
  digest: holdoutV15Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V15, PII_CATEGORIES_V15, NEGATIVE_CATEGORIES_V15, DOC_EXAMPLE_CATEGORIES_V15);
