/**
 * The blind v19 redaction holdout: the output of real programs run on this machine (Apache
 * httpd's `-D DUMP_CONFIG`/`DUMP_RUN_CFG`/`-S`, access log and `trace4` header log; Varnish's
 * `varnishlog` and `varnishadm`; KeePassXC's `keepassxc-cli show`/`export`/`ls`; OpenVPN's
 * `--genkey` and startup log; systemd's `systemd-analyze cat-config`/`verify`; the ZNC bouncer's
 * `--debug` log and `--makepass`; isync's `mbsync -V`/`-Dn`) with synthetic secrets and personal
 * data planted in their input (see README.md). The recorder (`record/record.py`) wrote the
 * captures, each with the exact substrings that must disappear; `generateHoldoutV19Corpus()`
 * turns them into cases deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V19_VERSION = 'atx-redaction-holdout-v19';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V19 = [
  'apache-dump-config',
  'apache-access-log-query',
  'apache-trace-headers',
  'varnishlog-request-headers',
  'varnishlog-url-query',
  'varnishadm-vcl-show',
  'keepassxc-show-protected',
  'keepassxc-export-csv',
  'openvpn-genkey',
  'openvpn-verb-static-keys',
  'systemd-cat-config-unit',
  'znc-debug-server-pass',
  'mbsync-debug-sasl-plain',
] as const;

export const PII_CATEGORIES_V19 = [
  'apache-access-log-person',
  'varnishlog-request-person',
  'keepassxc-entry-person',
  'keepassxc-export-person',
  'systemd-unit-person',
  'znc-debug-realname',
] as const;

export const NEGATIVE_CATEGORIES_V19 = [
  'apache-dump-config-clean',
  'apache-vhosts-dump',
  'apache-access-log-clean',
  'apache-trace-clean',
  'varnishlog-clean',
  'varnishadm-clean',
  'keepassxc-show-masked',
  'keepassxc-db-listing',
  'openvpn-parameter-dump',
  'systemd-cat-config-clean',
  'systemd-verify-unit',
  'znc-debug-clean',
  'znc-makepass',
  'mbsync-verbose-login',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V19 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V19,
  generate: generateHoldoutV19Corpus,
  digest: holdoutV19Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V19, PII_CATEGORIES_V19, NEGATIVE_CATEGORIES_V19, DOC_EXAMPLE_CATEGORIES_V19);
