/**
 * The blind v16 redaction holdout: the output of real programs run on this machine (bash's
 * `declare -p`/`typeset -p`/`set`/`declare -f`, gawk's reports and `--dump-variables`, Gforth's
 * typed strings and undefined-word errors, Emacs Lisp's printed plists, alists, hash tables and
 * batch-mode error backtraces, CHICKEN Scheme's `write`/`pp` and error messages, Free Pascal's
 * `WriteLn`, `TStringList` dumps and unhandled exceptions, GNAT Ada's record
 * `'Image` (Ada 2022) and unhandled exceptions, `rclone config show|dump`, `s3cmd
 * --dump-config`, `mutt -D`, transmission-daemon's `--dump-settings` and saved settings, the
 * irc.conf weechat-headless saves, and restic's errors) with
 * synthetic secrets and personal data planted in their input (see README.md). The recorder
 * (`record/record.py`) wrote the captures, each with the exact substrings that must disappear;
 * `generateHoldoutV16Corpus()` turns them into cases deterministically, and `corpus.sha256`
 * freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V16_VERSION = 'atx-redaction-holdout-v16';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V16 = [
  'bash-declare-p-exports',
  'bash-declare-a-arrays',
  'bash-set-dump',
  'bash-declare-f-function',
  'gawk-printf-config-array',
  'gawk-dump-variables',
  'gforth-type-output',
  'gforth-undefined-word',
  'elisp-prin1-plist',
  'elisp-hash-table-print',
  'elisp-error-backtrace',
  'chicken-write-alist',
  'chicken-error-irritants',
  'fpc-writeln-record',
  'fpc-unhandled-exception',
  'ada-record-image',
  'ada-exception-message',
  'rclone-config-show',
  'rclone-config-dump',
  's3cmd-dump-config',
  'mutt-dump-config',
  'transmission-dump-settings',
  'weechat-irc-conf',
] as const;

export const PII_CATEGORIES_V16 = [
  'bash-declare-person',
  'gawk-csv-report-person',
  'gforth-type-person',
  'elisp-plist-person',
  'elisp-error-person',
  'chicken-alist-person',
  'chicken-error-person',
  'fpc-record-person',
  'ada-record-person',
  'mutt-dump-identity',
  'weechat-irc-identity',
] as const;

export const NEGATIVE_CATEGORIES_V16 = [
  'bash-declare-clean',
  'bash-set-function-clean',
  'gawk-report-clean',
  'gawk-dump-variables-clean',
  'gforth-output-clean',
  'gforth-error-clean',
  'elisp-plist-clean',
  'elisp-hash-table-clean',
  'elisp-error-clean',
  'chicken-write-clean',
  'chicken-error-clean',
  'fpc-writeln-clean',
  'fpc-exception-clean',
  'ada-record-clean',
  'ada-exception-clean',
  'rclone-config-clean',
  's3cmd-dump-config-clean',
  'mutt-dump-clean',
  'transmission-saved-settings',
  'weechat-secure-data-refs',
  'restic-repository-masked',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V16 = ['doc-example-keys'] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V16,
  generate: generateHoldoutV16Corpus,
  digest: holdoutV16Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V16, PII_CATEGORIES_V16, NEGATIVE_CATEGORIES_V16, DOC_EXAMPLE_CATEGORIES_V16);
