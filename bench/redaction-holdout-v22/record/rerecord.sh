#!/bin/sh
# Re-record the v22 captures (Debian 12, as root, with the packages named in record.py installed;
# on a machine run by systemd, installing them may also start mpd, monit and tinyproxy: stop
# those first): run the recorder in a temp directory of its own, which it and this script
# remove. Then refreeze corpus.sha256 with the loader alone (see ../README.md) and run
# test/redaction-holdout-v22.test.ts.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
TMPDIR="$work" python3 "$here/record.py" "$@"
