#!/usr/bin/env bash
# Runs every test suite of the project:
#   0. installs the S3-protocol server the upload suites use (tests/install/s3-server.sh),
#   1. the Rust suites (unit, service and HTTP API tests) on SQLite,
#   2. the same Rust suites on PostgreSQL when TEST_DATABASE_URL is set,
#   3. beside 2, the web app's unit tests (vitest), its lint (ESLint: the design's import boundaries, hooks,
#      accessibility; prettier; tsc), the freshness check of its API types and its production build,
#   4. the API fuzzing (schemathesis, tests/schemathesis.sh) against the release binary, one test per
#      role × backend,
#   5. the browser end-to-end suite (Playwright on the system Chromium) against the release binary.
# Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
logs=$(mktemp -d)
passed=0
failed=0
status=0

count_cargo() { # sums "test result: ok. X passed; Y failed" lines
  local p f
  p=$(grep -Eo 'test result: [a-zA-Z]+\. [0-9]+ passed' "$1" | grep -Eo '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
  f=$(grep -Eo '[0-9]+ failed;' "$1" | awk '{s+=$1} END {print s+0}')
  passed=$((passed + p)); failed=$((failed + f))
}

step() { echo; echo "==> [$(date -u +%H:%M:%S)] $*"; }

# The plain text of a log (test runners colour their summaries).
plain() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }

export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

step "S3-protocol server for the upload suites (moto, pinned; quick when installed)"
tests/install/s3-server.sh || status=1
# The metrics suite checks the example alert rules with promtool (Debian's prometheus); installed when missing.
tests/install/promtool.sh || status=1
# The cluster test (it runs on PostgreSQL only) needs nginx; installed when missing.
[ -z "${TEST_DATABASE_URL:-}" ] || tests/install/nginx.sh || status=1
# The packaging test checks deploy/hometutor.service with systemd-analyze.
tests/install/systemd-analyze.sh || status=1

step "Rust suites on SQLite"
(unset TEST_DATABASE_URL; cargo test --workspace --no-fail-fast 2>&1) | tee "$logs/sqlite.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count_cargo "$logs/sqlite.log"

# The web app's checks run beside the PostgreSQL suite: both were compiled or installed already,
# and the Rust tests spend much of their time waiting on the database and on timers, so the two
# share the 2 cores well. Each writes its own log, shown whole after both have finished.
web_checks() { # writes $logs/web.log; exit status: 0 when all passed
  local rc=0
  # npm ci again when package-lock.json changed since the last install (a pull that added a package).
  (cd frontend && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }) || rc=1
  (cd frontend && npm test 2>&1) >"$logs/vitest.log" || rc=1
  if (cd frontend && npm run lint 2>&1); then echo "LINT PASSED"; else echo "LINT FAILED"; rc=1; fi
  if [ -f frontend/scripts/check-api.mjs ]; then
    if (cd frontend && node scripts/check-api.mjs 2>&1); then echo "API TYPES PASSED"; else echo "API TYPES FAILED"; rc=1; fi
  fi
  # The web app the release build embeds: built here, beside the PostgreSQL suite, the release
  # build's script finds frontend/dist fresh and runs no npm (crates/server/build.rs).
  if (cd frontend && npm run build 2>&1); then echo "WEB BUILD PASSED"; else echo "WEB BUILD FAILED"; rc=1; fi
  return "$rc"
}

web_pid=
if [ -f frontend/package.json ]; then
  step "Web app: install, unit tests, lint, API types, build (in the background, beside the next step)"
  web_checks >"$logs/web.log" 2>&1 &
  web_pid=$!
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Rust suites on PostgreSQL ($TEST_DATABASE_URL)"
  cargo test --workspace --no-fail-fast 2>&1 | tee "$logs/pg.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  count_cargo "$logs/pg.log"
else
  echo "(TEST_DATABASE_URL unset: the PostgreSQL run is skipped; CI sets it)"
fi

if [ -n "$web_pid" ]; then
  wait "$web_pid" || status=1
  step "Web app: unit tests (vitest)"
  cat "$logs/vitest.log"
  step "Web app: install, lint, API types, build"
  cat "$logs/web.log"
  p=$(plain "$logs/vitest.log" | grep -E '^\s+Tests\s' | grep -Eo '[0-9]+ passed' | grep -Eo '[0-9]+' | tail -1)
  f=$(plain "$logs/vitest.log" | grep -E '^\s+Tests\s' | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' | tail -1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  for check in LINT "API TYPES"; do
    if grep -q "^$check PASSED" "$logs/web.log"; then passed=$((passed + 1)); fi
    if grep -q "^$check FAILED" "$logs/web.log"; then failed=$((failed + 1)); fi
  done
fi

if [ -f tests/e2e/package.json ]; then
  step "Release build (embeds the web app)"
  cargo build --release 2>&1 | tail -n 3
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  step "API fuzzing: schemathesis as parent, tutor and admin on each backend"
  tests/schemathesis.sh "${CARGO_TARGET_DIR:-$root/target}/release/hometutor" 2>&1 | tee "$logs/schemathesis.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  p=$(grep -c '^PASS schemathesis ' "$logs/schemathesis.log")
  f=$(grep -c '^FAIL schemathesis' "$logs/schemathesis.log")
  passed=$((passed + p)); failed=$((failed + f))
  step "Browser end-to-end suite"
  (cd tests/e2e && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && HOMETUTOR_BIN="${CARGO_TARGET_DIR:-$root/target}/release/hometutor" npm test 2>&1) | tee "$logs/e2e.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  p=$(plain "$logs/e2e.log" | grep -Eo '^\s+[0-9]+ passed' | grep -Eo '[0-9]+' | tail -1)
  f=$(plain "$logs/e2e.log" | grep -Eo '^\s+[0-9]+ failed' | grep -Eo '[0-9]+' | tail -1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
fi

step "Done"
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "${passed} passed, ${failed} failed"
exit "$status"
