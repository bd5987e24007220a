#!/usr/bin/env bash
# Installs Debian's systemd package for its `systemd-analyze verify`, which the packaging test
# (crates/server/tests/api/packaging.rs) runs on deploy/hometutor.service. Nothing is started: verify
# reads unit files offline.
set -euo pipefail
. "$(dirname "$0")/debian-package.sh"
install_debian_package systemd-analyze systemd "the packaging test (systemd-analyze verify)"
systemd-analyze --version | head -1
