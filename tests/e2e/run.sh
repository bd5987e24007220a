#!/usr/bin/env bash
# Browser end-to-end suite on its own: Playwright on the system Chromium against the release
# binary (HOMETUTOR_BIN, default ../../target/release/hometutor), a temporary SQLite database and an
# in-process SMTP sink. Installs what it needs; never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# npm ci when node_modules is missing or older than the lock file.
install_deps() {
  if [ ! -f "$1/node_modules/.package-lock.json" ] || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
    (cd "$1" && npm ci --no-audit --no-fund)
  fi
}
install_deps .
# The API-types check runs the frontend's openapi-typescript.
install_deps ../../frontend

npm test -- "$@"
