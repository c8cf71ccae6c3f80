/**
 * The blind v28 redaction holdout: the output of mail, feed, calendar and sync clients run on this
 * machine (offlineimap's `-d imap` protocol debug; s-nail's `-vv` SMTP and POP3 dialogs, `varshow`,
 * header summaries and printed messages; getmail's `--dump` and `-v`; newsboat's debug log and OPML
 * export; vdirsyncer's `-vdebug discover`; `syncthing cli config …` against a Syncthing started
 * per case) against stand-in servers on 127.0.0.1, with synthetic secrets and personal data
 * planted in their input (see README.md). The recorder (`record/record.py`) wrote the captures,
 * each with the exact substrings that must disappear; `generateHoldoutV28Corpus()` turns them into
 * cases deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V28_VERSION = 'atx-redaction-holdout-v28';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V28 = [
  'offlineimap-debug-login',
  'offlineimap-debug-authenticate',
  'snail-smtp-verbose',
  'snail-pop3-verbose',
  'snail-varshow-credentials',
  'newsboat-remote-password-log',
  'newsboat-url-credentials',
  'vdirsyncer-url-credentials',
  'syncthing-gui-apikey',
  'syncthing-folder-encryption',
] as const;

export const PII_CATEGORIES_V28 = [
  'snail-header-summary',
  'snail-print-message',
  'getmail-person-mailbox',
  'syncthing-device-owner',
] as const;

export const NEGATIVE_CATEGORIES_V28 = [
  'offlineimap-debug-clean',
  'snail-smtp-clean',
  'snail-notifications-clean',
  'snail-varshow-clean',
  'getmail-clean',
  'newsboat-clean',
  'vdirsyncer-clean',
  'syncthing-config-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V28 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V28,
  generate: generateHoldoutV28Corpus,
  digest: holdoutV28Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V28, PII_CATEGORIES_V28, NEGATIVE_CATEGORIES_V28, DOC_EXAMPLE_CATEGORIES_V28);
