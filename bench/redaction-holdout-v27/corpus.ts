/**
 * The blind v27 redaction holdout: the output of real programs run on this machine (skopeo's
 * login, auth file and `inspect`; Puppet's `notice()` hashes, `--show_diff` and `epp render`;
 * Facter's external and environment facts; `cloud-init schema` errors; `zabbix_agentd -t` item
 * tests; Firebird's `isql-fb` echo, results and key violations; yt-dlp's `-v`/`--print-traffic`
 * and errors; `nzbget -p`; `collectd -T`; duplicity's banner) with synthetic secrets and personal
 * data planted in their input (see README.md). The recorder (`record/record.py`) wrote the
 * captures, each with the exact substrings that must disappear; `generateHoldoutV27Corpus()`
 * turns them into cases deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V27_VERSION = 'atx-redaction-holdout-v27';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V27 = [
  'skopeo-login-authfile',
  'skopeo-inspect-env',
  'skopeo-inspect-cmd',
  'puppet-notice-hash',
  'puppet-show-diff',
  'puppet-epp-render',
  'facter-external-facts',
  'facter-env-facts',
  'cloudinit-schema-users',
  'cloudinit-schema-chpasswd',
  'zabbix-test-file-contents',
  'zabbix-test-userparam',
  'firebird-isql-echo',
  'firebird-select-secrets',
  'firebird-unique-violation',
  'ytdlp-url-credentials',
  'ytdlp-header-token',
  'nzbget-printconfig',
  'collectd-url-credentials',
  'duplicity-args-url',
] as const;

export const PII_CATEGORIES_V27 = [
  'skopeo-inspect-maintainer',
  'puppet-notice-person',
  'facter-owner-facts',
  'cloudinit-schema-person',
  'zabbix-test-contacts',
  'firebird-select-customers',
] as const;

export const NEGATIVE_CATEGORIES_V27 = [
  'skopeo-inspect-clean',
  'skopeo-get-login-clean',
  'puppet-notice-clean',
  'puppet-sensitive-clean',
  'puppet-epp-clean',
  'facter-facts-clean',
  'cloudinit-schema-clean',
  'zabbix-test-clean',
  'zabbix-config-error-clean',
  'firebird-select-clean',
  'firebird-echo-clean',
  'ytdlp-private-clean',
  'ytdlp-traffic-clean',
  'nzbget-printconfig-clean',
  'collectd-test-clean',
  'duplicity-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V27 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V27,
  generate: generateHoldoutV27Corpus,
  digest: holdoutV27Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V27, PII_CATEGORIES_V27, NEGATIVE_CATEGORIES_V27, DOC_EXAMPLE_CATEGORIES_V27);
