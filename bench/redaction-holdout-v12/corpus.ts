/**
 * The blind v12 redaction holdout: the output of real programs run on this machine (PHP's dumpers
 * and phpinfo, Go's fmt, encoding/json, log, httputil and `go test -v`, Perl's Data::Dumper and
 * LWP's dumps, Lua, Node's util.inspect in scripts and the REPL, strace, tcpdump -A, lftp's debug
 * log, fetchmail against Dovecot, ansible-playbook, and OpenLDAP's slapd, ldapadd, ldapsearch,
 * ldappasswd and slapcat) with synthetic secrets and personal data planted in their input (see
 * README.md). The
 * recorder (`record/record.py`) wrote the captures, each with the exact substrings that must
 * disappear; `generateHoldoutV12Corpus()` turns them into cases deterministically, and
 * `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V12_VERSION = 'atx-redaction-holdout-v12';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V12 = [
  'php-var-dump-config',
  'php-print-r-credentials',
  'php-var-export-settings',
  'php-json-encode-secrets',
  'phpinfo-environment',
  'go-fmt-struct-verbs',
  'go-json-log-config',
  'go-log-dsn-fatal',
  'go-httputil-dump-request',
  'go-test-v-failure',
  'perl-data-dumper-config',
  'perl-lwp-debug-dump',
  'lua-config-print',
  'node-console-log-config',
  'node-repl-inspect',
  'strace-write-credentials',
  'tcpdump-ascii-http-auth',
  'tcpdump-ascii-ftp-login',
  'lftp-debug-ftp-login',
  'ldapsearch-userpassword-base64',
  'ldapadd-verbose-userpassword',
  'ldappasswd-generated',
  'fetchmail-configdump',
  'dovecot-auth-debug-log',
  'ansible-debug-vars',
  'ansible-failed-task-result',
] as const;

export const PII_CATEGORIES_V12 = [
  'php-dump-user-records',
  'go-fmt-person-structs',
  'perl-dumper-customers',
  'node-console-log-users',
  'lua-person-table',
  'ldapsearch-people-entries',
  'perl-lwp-dump-signup-json',
  'tcpdump-ascii-json-person',
] as const;

export const NEGATIVE_CATEGORIES_V12 = [
  'php-dump-placeholders',
  'php-pdo-sensitive-parameter',
  'phpinfo-environment-clean',
  'php-dump-build-records',
  'go-env-and-version',
  'go-fmt-struct-clean',
  'go-test-v-pass',
  'go-log-clean',
  'go-httputil-dump-clean',
  'perl-dumper-clean',
  'perl-lwp-dump-clean',
  'node-inspect-clean',
  'node-repl-clean',
  'lua-config-clean',
  'strace-clean',
  'tcpdump-ascii-clean',
  'ldapsearch-hashed-and-groups',
  'ldapadd-verbose-groups',
  'slapd-stats-log',
  'lftp-anonymous-debug',
  'fetchmail-verbose-masked',
  'ansible-no-log-masked',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V12 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V12,
  generate: generateHoldoutV12Corpus,
  digest: holdoutV12Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V12, PII_CATEGORIES_V12, NEGATIVE_CATEGORIES_V12, DOC_EXAMPLE_CATEGORIES_V12);
