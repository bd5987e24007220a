#!/usr/bin/env bash
# Installs Debian's systemd package for its `systemd-analyze verify`, which the packaging test
# (crates/server/tests/packaging.rs) runs on deploy/hometutor.service. Nothing is started: verify
# reads unit files offline. Idempotent and instant when it is already there; needs root and apt-get.
set -euo pipefail

if command -v systemd-analyze >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
  echo "systemd-analyze is missing: install Debian's systemd package (apt-get install systemd) as root" >&2
  exit 1
fi
echo "installing systemd (for systemd-analyze verify) for the packaging test"
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd >/dev/null
fi
systemd-analyze --version | head -1
