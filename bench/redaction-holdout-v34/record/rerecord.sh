#!/bin/sh
# Re-record the v34 captures (Debian 12, with the npm tools named in record.py installed and ATX_V34_TOOLS
# pointing at their node_modules/.bin): run the
# recorder in a temp directory of its own, which it and this script remove. Then
# refreeze corpus.sha256 with the loader alone (see ../README.md) and run
# test/redaction-holdout-v34.test.ts.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
chmod 755 "$work"
TMPDIR="$work" python3 "$here/record.py" "$@"
