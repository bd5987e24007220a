#!/usr/bin/env bash
# Lighthouse as a benchmark: `just lighthouse`. Not part of tests/run.sh.
# Installs a pinned Lighthouse into target/lighthouse on first use, then runs run.mjs: the server
# binary (HOMETUTOR_BIN, default the release build) with demo data on a free port, and Lighthouse's
# mobile preset on the system Chromium (CHROME_PATH) for /, /tutor/{id}, /nearby and /dashboard.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cache="$root/target/lighthouse"
version="13.5.0"
if [ ! -f "$cache/node_modules/lighthouse/package.json" ] ||
  [ "$(node -p "require('$cache/node_modules/lighthouse/package.json').version")" != "$version" ]; then
  echo "installing lighthouse@$version into $cache" >&2
  mkdir -p "$cache"
  npm install --silent --no-audit --no-fund --prefix "$cache" "lighthouse@$version" >&2
fi
export HOMETUTOR_BIN="${HOMETUTOR_BIN:-$root/target/release/hometutor}"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$HOMETUTOR_BIN" ] || { echo "no server binary at $HOMETUTOR_BIN: cargo build --release (or set HOMETUTOR_BIN)" >&2; exit 1; }
[ -x "$CHROME_PATH" ] || { echo "no Chromium at $CHROME_PATH: tests/e2e/ensure-chromium.sh installs it" >&2; exit 1; }
exec node "$root/tests/lighthouse/run.mjs" "$cache"
