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
import { dirname, join } from 'node:path';
import { type Capture, type CaptureFolder, captureParts, casesFromCaptures, readCaptureFile } from '../capture-corpus.js';
import { frozenDigestPath } from '../redaction-eval/blind.js';
import { digestOf, type EvalCase } from '../redaction-eval/corpus.js';

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

/** The captures' folder in the source tree (also when this module runs from dist/). */
export function capturesDir(): string {
  return join(dirname(frozenDigestPath(import.meta.url)), 'captures');
}

export function readCaptures(folder: CaptureFolder, category: string): Capture[] {
  return readCaptureFile(capturesDir(), folder, category);
}

export const PARTS_V29 = captureParts(SECRET_CATEGORIES_V29, PII_CATEGORIES_V29, NEGATIVE_CATEGORIES_V29, DOC_EXAMPLE_CATEGORIES_V29);

export function generateHoldoutV29Corpus(): EvalCase[] {
  return casesFromCaptures(capturesDir(), PARTS_V29);
}

export function holdoutV29Digest(cases: EvalCase[] = generateHoldoutV29Corpus()): string {
  return digestOf(cases);
}
