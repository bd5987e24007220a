#!/usr/bin/env bash
# Installs the S3-protocol server the Rust suites store uploads in: moto's standalone
# server (PyPI, pinned) in a virtualenv of its own. Idempotent: returns at once when the
# pinned version is already there. Prints the path of the `moto_server` executable.
#   tests/install/s3-server.sh            install (if needed) and print the path
# The tests find it there (crates/testkit/src/s3.rs), or at HOMETUTOR_S3_SERVER.
set -euo pipefail
MOTO_VERSION=5.2.5
venv="${XDG_CACHE_HOME:-$HOME/.cache}/hometutor/moto"
bin="$venv/bin/moto_server"
stamp="$venv/.installed-$MOTO_VERSION"
if [ -x "$bin" ] && [ -f "$stamp" ]; then
  echo "$bin"
  exit 0
fi
python3 -m venv --clear "$venv" >&2
"$venv/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION" >&2
"$bin" --help >/dev/null
touch "$stamp"
echo "$bin"
