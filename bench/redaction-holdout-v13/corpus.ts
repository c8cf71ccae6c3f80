/**
 * The blind v13 redaction holdout: the output of real programs run on this machine (Java's
 * records, maps, Properties and exceptions, jshell, keytool, Elixir's IO.inspect and Logger,
 * Erlang's io:format, WireGuard's wg and wg-quick, wpa_passphrase, htpasswd, BIND's
 * named-checkconf, tsig-keygen and rndc-confgen, Postfix's postconf and postmap, Cyrus SASL's
 * sasldblistusers2, FreeRADIUS and radtest, Net-SNMP's snmpd, snmpget and snmpwalk, and nginx's
 * access and error logs) with synthetic secrets and personal data planted in their input (see
 * README.md). The recorder (`record/record.py`) wrote the captures, each with the exact
 * substrings that must disappear; `generateHoldoutV13Corpus()` turns them into cases
 * deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V13_VERSION = 'atx-redaction-holdout-v13';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V13 = [
  'java-record-tostring',
  'java-map-tostring',
  'java-properties-list',
  'java-exception-message',
  'jshell-var-echo',
  'elixir-inspect-map',
  'elixir-uri-userinfo',
  'elixir-logger-metadata',
  'erlang-io-format-p',
  'wg-quick-strip',
  'wpa-passphrase',
  'htpasswd-plaintext',
  'named-checkconf-tsig',
  'tsig-keygen',
  'rndc-confgen',
  'postconf-static-sasl',
  'postmap-query-sasl-passwd',
  'radtest-access-request',
  'freeradius-x-debug',
  'snmpget-dump-community',
  'nginx-access-log-query-token',
  'nginx-error-log-request',
  'elixir-raise-message',
  'erlang-badmatch-crash',
] as const;

export const PII_CATEGORIES_V13 = [
  'java-record-person',
  'java-exception-person',
  'jshell-person-map',
  'elixir-inspect-people',
  'erlang-io-format-person',
  'snmpwalk-syscontact',
  'nginx-access-log-personal-query',
  'freeradius-x-user-name',
  'postmap-virtual-aliases',
] as const;

export const NEGATIVE_CATEGORIES_V13 = [
  'java-record-masked',
  'java-map-clean',
  'java-properties-placeholders',
  'java-exception-clean',
  'keytool-list-v',
  'jshell-clean',
  'elixir-inspect-derive-only',
  'elixir-inspect-clean',
  'erlang-io-format-clean',
  'wg-public-keys',
  'named-checkconf-px-obscured',
  'htpasswd-hashes',
  'postconf-clean',
  'sasldblistusers2',
  'freeradius-x-chap-request',
  'snmpget-dump-public',
  'nginx-access-log-clean',
  'nginx-error-log-clean',
  'elixir-logger-clean',
  'postmap-transport-clean',
  'snmpget-system-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V13 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V13,
  generate: generateHoldoutV13Corpus,
  digest: holdoutV13Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V13, PII_CATEGORIES_V13, NEGATIVE_CATEGORIES_V13, DOC_EXAMPLE_CATEGORIES_V13);
