#!/bin/sh
# Re-record the v20 captures (Debian 12, as root, with ngircd, chrony, fossil, sqlcipher, prosody,
# proftpd-basic, rsync and octave installed: installing them on a machine run by systemd also starts their
# packaged services, so stop those first): run the recorder in a temp directory of its own, which
# it and this script remove. Then refreeze corpus.sha256 with the loader alone (see ../README.md)
# and run test/redaction-holdout-v20.test.ts.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
chmod 755 "$work"  # Prosody drops to its own user and must read its config
trap 'rm -rf "$work"' EXIT INT TERM
TMPDIR="$work" python3 "$here/record.py" "$@"
