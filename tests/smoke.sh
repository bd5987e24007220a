#!/usr/bin/env bash
# The README's first command, smoke-tested: `cargo run --release` (nothing left to compile after
# tests/run.sh's build) starts on a fresh data directory and SQLite file, says it is listening,
# answers its readiness check, serves the embedded web app and the API, and stops cleanly on SIGTERM.
# Prints "PASS smoke" or "FAIL smoke: why"; exit status 0 when it passed.
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/hometutor-smoke-XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
log="$work/server.log"
pid=

fail() {
  echo "FAIL smoke: $*"
  echo "--- the server's log:"
  tail -n 30 "$log"
  [ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null
  rm -rf "$work"
  exit 1
}

BIND="127.0.0.1:$port" PUBLIC_URL="$base" DATABASE_URL="sqlite://$work/hometutor.db" DATA_DIR="$work/data" \
  SMTP_URL="smtp://127.0.0.1:9" JWT_SECRET="smoke-secret-smoke-secret-smoke-secret" RUST_LOG=info \
  cargo run --release -q >"$log" 2>&1 &
pid=$!

# Waits for the server's own line (it binds before it says so), for at most a minute of start-up.
if ! timeout 60 bash -c "until grep -q 'HomeTutor is listening' '$log'; do kill -0 $pid 2>/dev/null || exit 1; sleep 0.2; done"; then
  fail "no 'HomeTutor is listening' within 60 s"
fi
ready=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/health/ready")
[ "$ready" = 200 ] || fail "GET /api/health/ready answered $ready"
page=$(curl -s "$base/")
grep -q '<div id="root">' <<<"$page" || fail "GET / is not the web app's page"
grep -qi '<title>' <<<"$page" || fail "GET / has no title"
site=$(curl -s -w '\n%{http_code} %{content_type}' "$base/api/site")
grep -q '^200 application/json' <<<"$(tail -n 1 <<<"$site")" || fail "GET /api/site: $(tail -n 1 <<<"$site")"

kill -TERM "$pid"
wait "$pid"
code=$?
[ "$code" -eq 0 ] || fail "exit status $code after SIGTERM"
rm -rf "$work"
echo "PASS smoke"
