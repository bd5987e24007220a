#!/usr/bin/env bash
# Runs every test suite of the project, compiling each profile once:
#   0. installs what the suites need when missing (the S3-protocol server, promtool, nginx, systemd-analyze),
#   1. one debug build of every test binary (cargo-nextest); beside it, the web app's packages, production
#      build, unit tests (vitest), lint (ESLint, prettier, tsc) and the freshness check of its API types,
#   2. the Rust suites (unit, service and HTTP API tests) on SQLite, every test in a process of its own,
#      several side by side (.config/nextest.toml),
#   3. the same binaries again on PostgreSQL when TEST_DATABASE_URL is set, for the crates that reach a
#      database, and the shape of the code (tests/structure/check.py),
#   4. the README's `cargo run --release`: built (embedding the web app) beside phases 2 and 3 at the lowest
#      CPU priority, then smoke-tested (tests/smoke.sh),
#   5. the browser end-to-end suite (Playwright on the system Chromium) against that binary, and beside it
#      the API fuzzing (schemathesis, tests/schemathesis.sh), one test per role × backend.
# Prints each phase's wall-clock and CPU time, then one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
logs=$(mktemp -d)
passed=0
failed=0
status=0
target="${CARGO_TARGET_DIR:-$root/target}"
bin="$target/release/hometutor"

export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
export NEXTEST_HIDE_PROGRESS_BAR=1

# Phases, their durations and the CPU time the whole machine spent in each (from /proc/stat: every
# process's user and system time, this suite's and anything else running), printed together at the end:
# the CPU time over the cores is the shortest a phase could take on this machine without less work.
cores=$(nproc)
cpu_ticks() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; }
ticks_per_sec=$(getconf CLK_TCK)
phase_names=()
phase_secs=()
phase_cpu=()
phase_start=$(date +%s)
phase_ticks=$(cpu_ticks)
phase_name=
step() {
  local now ticks
  now=$(date +%s)
  ticks=$(cpu_ticks)
  if [ -n "$phase_name" ]; then
    phase_names+=("$phase_name")
    phase_secs+=($((now - phase_start)))
    phase_cpu+=($(((ticks - phase_ticks) / ticks_per_sec)))
  fi
  phase_name="$*"
  phase_start=$now
  phase_ticks=$ticks
  echo
  echo "==> [$(date -u +%H:%M:%S)] $*"
}

# The plain text of a log (test runners colour their summaries).
plain() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }

# Adds a nextest run's "Summary [...] N tests run: P passed, F failed, S skipped" to the totals.
count_nextest() {
  local summary p t
  summary=$(plain "$1" | grep -E '^\s*Summary \[' | tail -1)
  if [ -z "$summary" ]; then
    echo "(no nextest summary in $1: counted as one failure)"
    failed=$((failed + 1))
    return
  fi
  t=$(grep -Eo '[0-9]+ tests? run' <<<"$summary" | grep -Eo '^[0-9]+')
  p=$(grep -Eo '[0-9]+ passed' <<<"$summary" | grep -Eo '^[0-9]+')
  # Whatever ran and did not pass (failed, timed out, crashed) is a failure.
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${t:-0} - ${p:-0}))
}

step "Installs: S3-protocol server, promtool, nginx, systemd-analyze (quick when installed)"
tests/install/s3-server.sh || status=1
# The metrics suite checks the example alert rules with promtool (Debian's prometheus).
tests/install/promtool.sh || status=1
# The cluster test (it runs on PostgreSQL only) needs nginx.
[ -z "${TEST_DATABASE_URL:-}" ] || tests/install/nginx.sh || status=1
# The packaging test checks deploy/hometutor.service with systemd-analyze.
tests/install/systemd-analyze.sh || status=1
command -v cargo-nextest >/dev/null || cargo install --locked cargo-nextest || status=1

# The web app's packages, production build, unit tests (vitest), lint (ESLint, prettier, tsc) and the
# freshness of its API types, all beside the Rust build: the release build embeds frontend/dist
# (crates/server/build.rs finds it fresh and runs no npm). Not beside the Rust suites: beside the
# PostgreSQL suite's six tests at a time and the database's own work, vitest's slowest test (the admin's
# user list, ≈ 8 s alone) once ran past its 30-second deadline.
web_checks() { # writes $logs/vitest.log; prints the checks' results; exit status 0 when all passed
  local rc=0
  # npm ci again when package-lock.json changed since the last install (a pull that added a package).
  (cd frontend && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; }) ||
    return 1
  if (cd frontend && npm run build 2>&1); then echo "WEB BUILD PASSED"; else echo "WEB BUILD FAILED"; rc=1; fi
  (cd frontend && npm test 2>&1) >"$logs/vitest.log" || rc=1
  if (cd frontend && npm run lint 2>&1); then echo "LINT PASSED"; else echo "LINT FAILED"; rc=1; fi
  if (cd frontend && node scripts/check-api.mjs 2>&1); then echo "API TYPES PASSED"; else echo "API TYPES FAILED"; rc=1; fi
  return "$rc"
}
web_pid=
if [ -f frontend/package.json ]; then
  web_checks >"$logs/web.log" 2>&1 &
  web_pid=$!
fi

step "Rust: one debug build of every test binary (the web app's install, build and checks beside it)"
cargo nextest run --workspace --no-run 2>&1 | tee "$logs/build.log" | grep -Ev '^\s+(Compiling|Downloaded|Downloading) '
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

if [ -n "$web_pid" ]; then
  wait "$web_pid" || status=1
  step "Web app: waiting for its build and checks; their results"
  cat "$logs/vitest.log" "$logs/web.log"
  p=$(plain "$logs/vitest.log" | grep -E '^\s+Tests\s' | grep -Eo '[0-9]+ passed' | grep -Eo '[0-9]+' | tail -1)
  f=$(plain "$logs/vitest.log" | grep -E '^\s+Tests\s' | grep -Eo '[0-9]+ failed' | grep -Eo '[0-9]+' | tail -1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  for check in "WEB BUILD" LINT "API TYPES"; do
    if grep -q "^$check PASSED" "$logs/web.log"; then passed=$((passed + 1)); fi
    if grep -q "^$check FAILED" "$logs/web.log"; then failed=$((failed + 1)); fi
  done
fi

# Tests that need PostgreSQL (several processes sharing one database, the database's own faults)
# say so and return on SQLite; they are left out of that run rather than counted as passed there.
postgres_only='binary(cluster) | binary(database_faults)'
# Crates that never reach a database run once, on SQLite.
without_database='package(hometutor-core) | package(hometutor-geo) | package(hometutor-places) | package(hometutor-vocabulary)'

# The README's release binary builds beside the Rust suites, at the lowest CPU priority: the suites
# leave about half of this machine's two cores idle (their tests wait on sockets, databases and child
# processes; 121 CPU-seconds in the SQLite pass's 197 s here), and at nice 19 the build takes only
# what they leave (and the disk at the lowest best-effort I/O priority), so no test's deadline meets a
# busier machine. Debug and release builds lock their own profile directories, so the two cargo runs do
# not wait on each other.
release_pid=
if [ -f frontend/dist/index.html ] || [ ! -f frontend/package.json ]; then
  nice -n 19 ionice -c 2 -n 7 cargo build --release >"$logs/release.log" 2>&1 &
  release_pid=$!
fi

step "Rust suites on SQLite (the release build beside them)"
(unset TEST_DATABASE_URL; cargo nextest run --workspace --profile ci -E "not ($postgres_only)" 2>&1) |
  tee "$logs/sqlite.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
count_nextest "$logs/sqlite.log"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Rust suites on PostgreSQL ($TEST_DATABASE_URL)"
  cargo nextest run --workspace --profile ci -E "not ($without_database)" 2>&1 | tee "$logs/pg.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  count_nextest "$logs/pg.log"
else
  echo "(TEST_DATABASE_URL unset: the PostgreSQL run is skipped; CI sets it)"
fi

if python3 tests/structure/check.py; then passed=$((passed + 1)); else failed=$((failed + 1)); status=1; fi

step "The README's cargo run --release: built (embedding the web app) and smoke-tested"
if [ -n "$release_pid" ]; then wait "$release_pid" || status=1; fi
# Finishes the build when it was not started beside the suites, and is a no-op check when it was.
cargo build --release 2>&1 | tail -n 2
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
if tests/smoke.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); status=1; fi

if [ -f tests/e2e/package.json ]; then
  # The API fuzzing runs beside the browser suite, each against servers of its own: the browser suite
  # runs one test at a time and mostly waits on Chromium's rendering, and neither measures time (the
  # browser suite's budgets are bytes and layout shift).
  step "Browser end-to-end suite, and beside it the API fuzzing (schemathesis as parent, tutor and admin on each backend)"
  tests/schemathesis.sh "$bin" >"$logs/schemathesis.log" 2>&1 &
  schemathesis_pid=$!
  (cd tests/e2e && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && HOMETUTOR_BIN="$bin" npm test 2>&1) |
    tee "$logs/e2e.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  wait "$schemathesis_pid" || status=1
  echo "--- API fuzzing (schemathesis)"
  cat "$logs/schemathesis.log"
  p=$(grep -c '^PASS schemathesis ' "$logs/schemathesis.log")
  f=$(grep -c '^FAIL schemathesis' "$logs/schemathesis.log")
  passed=$((passed + p)); failed=$((failed + f))
  p=$(plain "$logs/e2e.log" | grep -Eo '^\s+[0-9]+ passed' | grep -Eo '[0-9]+' | tail -1)
  f=$(plain "$logs/e2e.log" | grep -Eo '^\s+[0-9]+ failed' | grep -Eo '[0-9]+' | tail -1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
fi

step "Done"
echo "Phase times (wall clock; CPU time of the whole machine; that CPU time spread over its $cores cores):"
total_secs=0
total_cpu=0
for i in "${!phase_names[@]}"; do
  printf '  %6s  %6s CPU  %6s  %s\n' "$((phase_secs[i] / 60))m$((phase_secs[i] % 60))s" \
    "$((phase_cpu[i] / 60))m$((phase_cpu[i] % 60))s" "$((phase_cpu[i] / cores / 60))m$((phase_cpu[i] / cores % 60))s" \
    "${phase_names[$i]}"
  total_secs=$((total_secs + phase_secs[i]))
  total_cpu=$((total_cpu + phase_cpu[i]))
done
printf '  %6s  %6s CPU  %6s  in all\n' "$((total_secs / 60))m$((total_secs % 60))s" \
  "$((total_cpu / 60))m$((total_cpu % 60))s" "$((total_cpu / cores / 60))m$((total_cpu / cores % 60))s"
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "${passed} passed, ${failed} failed"
exit "$status"
