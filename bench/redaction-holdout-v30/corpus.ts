/**
 * The blind v30 redaction holdout: what a coding agent sees in a developer's terminal, printed by
 * real programs run on this machine (git's `GIT_TRACE`/`GIT_TRACE_PACKET` against a smart-HTTP
 * server on 127.0.0.1, `git config --show-origin`, credential-store files; GNU Make's `-n`,
 * `print-%` and `-pn`; CMake's configure step and cache listings; zsh, fish and dash variable
 * listings; direnv's exports; Yarn's and pnpm's config listings and lockfiles; RubyGems' `gem
 * env` and Bundler's `bundle config`; twine uploads and pip downloads against a stand-in package
 * index on 127.0.0.1) with synthetic secrets and personal data planted in their input (see
 * README.md). The recorder (`record/record.py`) wrote the captures, each with the exact
 * substrings that must disappear; `generateHoldoutV30Corpus()` turns them into cases
 * deterministically, and `corpus.sha256` freezes its digest.
 */
import { captureCorpus } from '../capture-corpus.js';

/** Bump only together with a deliberate re-recording (and a new `corpus.sha256`). */
export const HOLDOUT_V30_VERSION = 'atx-redaction-holdout-v30';

/** Categories, named by program and situation, in the order the recorder runs them. */
export const SECRET_CATEGORIES_V30 = [
  'git-trace-url-credentials',
  'git-config-show-origin',
  'git-credential-store-file',
  'make-recipe-expanded',
  'cmake-configure-cache',
  'shell-variable-dump',
  'direnv-export-values',
  'yarn-pnpm-config-list',
  'gem-env-sources',
  'bundle-config-credentials',
  'twine-pip-typed-credentials',
] as const;

export const PII_CATEGORIES_V30 = [
  'git-identity',
  'shell-identity-vars',
  'npm-init-author',
] as const;

export const NEGATIVE_CATEGORIES_V30 = [
  'git-trace-packet-clean',
  'git-config-clean',
  'make-clean',
  'cmake-configure-clean',
  'shell-dump-clean',
  'direnv-load-clean',
  'yarn-pnpm-config-clean',
  'js-lockfile-clean',
  'bundle-config-redacted',
  'twine-pip-clean',
] as const;

export const DOC_EXAMPLE_CATEGORIES_V30 = [
  'doc-example-keys',
] as const;

/** The captures' folder, its reader, the parts in case order, the cases and their digest (bench/capture-corpus.ts). */
export const {
  capturesDir,
  readCaptures,
  parts: PARTS_V30,
  generate: generateHoldoutV30Corpus,
  digest: holdoutV30Digest,
} = captureCorpus(import.meta.url, SECRET_CATEGORIES_V30, PII_CATEGORIES_V30, NEGATIVE_CATEGORIES_V30, DOC_EXAMPLE_CATEGORIES_V30);
