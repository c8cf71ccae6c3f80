/**
 * The blind v29 redaction holdout: the output of real programs run on this machine (Tor's
 * `--dump-config`, `--hash-password` and control port; qemu-img with secret objects; sshpass in
 * front of ssh, scp and rsync; virsh with libvirt's test driver; iscsiadm's node records; Pure-FTPd's
 * `pure-pw`; Bacula's `-t` configuration checks; Alertmanager's configuration as `amtool config
 * show` prints it; SSSD's `sssctl config-check`) with synthetic secrets and personal data planted
 * in their input (see README.md). The recorder (`record/record.py`) wrote the captures, each with
 * the exact substrings that must disappear; `generateHoldoutV29Corpus()` turns them into cases
 * deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V29_VERSION = 'atx-redaction-holdout-v29';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V29 = [
  'tor-dump-config-proxy',
  'tor-hash-password',
  'tor-control-authenticate',
  'qemu-img-secret-object',
  'sshpass-password',
  'virsh-graphics-password',
  'iscsi-node-show-chap',
  'pureftpd-pure-pw-typed',
  'bacula-config-password-line',
  'alertmanager-config-show',
  'amtool-url-credentials',
] as const;

export const PII_CATEGORIES_V29 = [
  'tor-contactinfo',
  'virsh-domain-owner',
  'pureftpd-show-person',
  'bacula-config-person',
  'alertmanager-email-receiver',
] as const;

export const NEGATIVE_CATEGORIES_V29 = [
  'tor-dump-config-clean',
  'tor-control-clean',
  'qemu-img-clean',
  'sshpass-clean',
  'virsh-dumpxml-clean',
  'iscsi-node-show-clean',
  'pureftpd-show-clean',
  'bacula-config-clean',
  'alertmanager-config-clean',
  'sssd-config-check-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V29 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V29,
  generate: generateHoldoutV29Corpus,
  digest: holdoutV29Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V29, PII_CATEGORIES_V29, NEGATIVE_CATEGORIES_V29, DOC_EXAMPLE_CATEGORIES_V29);
