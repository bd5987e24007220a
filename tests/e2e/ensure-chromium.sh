#!/usr/bin/env bash
# The suite drives the system Chromium (Debian's package) and never downloads a browser.
# Installs it when it is missing; runs before `npm test` (npm's pretest hook).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
echo "e2e: $chromium missing; installing Debian's chromium" >&2
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
