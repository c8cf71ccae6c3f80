/**
 * The blind v26 redaction holdout: the output of real VPN, failover, tunnel, disk-encryption and
 * mail tools run on this machine (vpnc's --print-config and pcf2vpnc, openfortivpn's debug
 * report, keepalived's configuration dump and -t check, wpa_supplicant's -dd configuration lines,
 * ss-manager's UDP control replies and log, stunnel's PSK start-up log, gocryptfs -init/-info and
 * gocryptfs-xray, cryptsetup luksDump, mpop's --debug POP3 dialog and --serverinfo, encfsctl
 * showKey and info) with
 * synthetic secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV26Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V26_VERSION = 'atx-redaction-holdout-v26';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V26 = [
  'vpnc-print-config',
  'vpnc-pcf2vpnc',
  'openfortivpn-debug-password',
  'keepalived-dump-auth-pass',
  'wpa-supplicant-debug-keys',
  'ss-manager-list',
  'gocryptfs-init-extpass',
  'cryptsetup-dump-volume-key',
  'mpop-debug-pass',
  'encfsctl-showkey',
] as const;

export const PII_CATEGORIES_V26 = [
  'openfortivpn-user-person',
  'keepalived-notification-email',
  'cryptsetup-label-person',
  'mpop-debug-person',
] as const;

export const NEGATIVE_CATEGORIES_V26 = [
  'vpnc-missing-secret-clean',
  'openfortivpn-clean',
  'keepalived-dump-clean',
  'keepalived-configtest-clean',
  'wpa-supplicant-debug-clean',
  'ss-manager-stat-clean',
  'stunnel-psk-log-clean',
  'gocryptfs-info-clean',
  'cryptsetup-luksdump-clean',
  'mpop-debug-clean',
  'mpop-serverinfo-clean',
  'encfsctl-info-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V26 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V26,
  generate: generateHoldoutV26Corpus,
  digest: holdoutV26Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V26, PII_CATEGORIES_V26, NEGATIVE_CATEGORIES_V26, DOC_EXAMPLE_CATEGORIES_V26);
