/**
 * The blind v23 redaction holdout: the output of real programs run on this machine (a Rust
 * program's `{:?}`/`{:#?}`/`dbg!` prints and panics; GDB's `print`, `info locals` and backtraces
 * of a C program; PowerDNS's `pdnsutil` and `pdns_server --config`; Icinga 2's `object list` and
 * `console --eval`; Kea's control agent answering `curl`, its debug log, and `kea-dhcp4 -t`; the
 * Monitoring Plugins' `check_http -v` and `check_tcp`; Poly/ML's top level and its uncaught
 * exceptions) with
 * synthetic secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV23Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V23_VERSION = 'atx-redaction-holdout-v23';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V23 = [
  'rust-debug-print',
  'rust-panic-unwrap',
  'gdb-print-struct',
  'gdb-backtrace-args',
  'pdns-tsig-key',
  'pdns-zone-key-export',
  'pdns-config-secrets',
  'icinga2-object-vars',
  'icinga2-console-eval',
  'kea-ca-config-get',
  'kea-ca-debug-log',
  'nagios-check-http-auth',
  'polyml-record-print',
  'polyml-exception',
] as const;

export const PII_CATEGORIES_V23 = ['rust-debug-person', 'gdb-print-person', 'icinga2-user-object', 'kea-ca-user-context', 'polyml-record-person'] as const;

export const NEGATIVE_CATEGORIES_V23 = [
  'rust-debug-clean',
  'rust-panic-clean',
  'gdb-print-clean',
  'gdb-backtrace-clean',
  'pdns-zone-show',
  'pdns-config-clean',
  'icinga2-object-clean',
  'icinga2-console-clean',
  'kea-ca-commands-clean',
  'kea-dhcp4-config-check',
  'nagios-plugins-clean',
  'polyml-record-clean',
  'polyml-exception-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V23 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V23,
  generate: generateHoldoutV23Corpus,
  digest: holdoutV23Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V23, PII_CATEGORIES_V23, NEGATIVE_CATEGORIES_V23, DOC_EXAMPLE_CATEGORIES_V23);
