#!/usr/bin/env bash
# Fuzzes the HTTP API against its own OpenAPI document with schemathesis:
# a running `hometutor` binary is tested as a parent, a subscribed tutor and an admin, on SQLite
# and (when TEST_DATABASE_URL is set) on PostgreSQL in a private schema, the two backends in
# parallel. Each role×backend prints one line "PASS|FAIL schemathesis <role> on <backend>" and
# the script ends with "schemathesis: N passed, N failed" (tests/run.sh counts those lines).
#
# Usage: tests/schemathesis.sh path/to/hometutor
# Environment: TEST_DATABASE_URL (PostgreSQL server to make a private schema on; the shared
#   database itself is never dropped), SCHEMATHESIS_MAX_EXAMPLES (cases per operation and phase,
#   default 25), SCHEMATHESIS_VENV (where the pinned schemathesis is installed, default
#   target/schemathesis/venv-<schemathesis>-<hypothesis>), SCHEMATHESIS_CONFIG (default tests/schemathesis.toml),
#   SCHEMATHESIS_KEEP=1 keeps the logs and reports, SCHEMATHESIS_SEED (default 15) picks the cases.
#
# The checks every case must pass are chosen in tests/schemathesis.toml: no 5xx, every status,
# content type and body as documented, input that breaks the request schema refused (4xx), and
# input that fits it accepted.
set -uo pipefail

SCHEMATHESIS_VERSION=4.32.5 # pinned: a new release may add checks or change the CLI
# Pinned with it: hypothesis releases almost daily and generates the cases, so an unpinned one
# made two runs of the same commit differ.
HYPOTHESIS_VERSION=6.170.17

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 path/to/hometutor (a built binary)" >&2
  exit 2
fi
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-25}
config=${SCHEMATHESIS_CONFIG:-$root/tests/schemathesis.toml}
venv=${SCHEMATHESIS_VENV:-$root/target/schemathesis/venv-$SCHEMATHESIS_VERSION-$HYPOTHESIS_VERSION}
work=$(mktemp -d "${TMPDIR:-/tmp}/schemathesis-XXXXXX")

# Operations left out, each for a reason schemathesis cannot work around:
exclusions=(
  # Revokes the very token the run authenticates with: every later case would answer 401.
  --exclude-path /api/auth/logout
  # A file download (image/PDF bytes, no JSON schema to conform to); tests/e2e and uploads_api cover it.
  --exclude-path-regex '^/api/uploads/'
)
# The WebSocket (/api/ws) is not in the document at all: crates/server/tests/api/chat_ws.rs covers it.

install_schemathesis() {
  if [ -x "$venv/bin/schemathesis" ] && "$venv/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION" \
    && "$venv/bin/python" -c "import hypothesis, sys; sys.exit(hypothesis.__version__ != '$HYPOTHESIS_VERSION')"; then
    return 0
  fi
  echo "Installing schemathesis $SCHEMATHESIS_VERSION into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" "hypothesis==$HYPOTHESIS_VERSION"
}

# psql on the test server without chatter: no NOTICE lines (DROP SCHEMA … CASCADE names every
# table) and no command tags in the CI log; errors still show.
quiet_psql() {
  PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" psql -q -v ON_ERROR_STOP=1 "$TEST_DATABASE_URL" "$@" >/dev/null
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# POSTs JSON and prints the response body; fails on a non-2xx answer (the body goes to stderr).
post() { # base path json [token]
  local body="$work/body.$BASHPID" status
  status=$(curl -sS -o "$body" -w '%{http_code}' -X POST "$1$2" -H 'Content-Type: application/json' \
    ${4:+-H "Authorization: Bearer $4"} --data "$3") || return 1
  if [ "${status:0:1}" != 2 ]; then
    echo "POST $2 answered $status: $(cat "$body")" >&2
    return 1
  fi
  cat "$body"
}

# The 6-digit code e-mailed to the person greeted as "$2" (the log-only mail transport prints
# each e-mail); polled until the mail worker has sent it.
code_for() { # log name
  local deadline=$((SECONDS + 30)) code
  while [ $SECONDS -lt $deadline ]; do
    code=$(awk -v hello="Hello $2," 'index($0, hello) {found = 1}
      found && match($0, /verification code: [0-9][0-9][0-9][0-9][0-9][0-9]/) {print substr($0, RSTART + 19, 6); exit}' "$1")
    [ -n "$code" ] && { echo "$code"; return 0; }
    sleep 0.2
  done
  echo "no verification code for $2 in $1 within 30 s" >&2
  return 1
}

# Registers, verifies and logs in a person; prints their token.
account() { # base log role name email
  post "$1" /api/auth/register \
    "{\"fullname\":\"$4\",\"role\":\"$3\",\"email\":\"$5\",\"phone\":\"9876543210\",\"password\":\"Fuzz-pass-123\"}" >/dev/null || return 1
  local code
  code=$(code_for "$2" "$4") || return 1
  post "$1" /api/verify/email-otp "{\"email\":\"$5\",\"otp\":\"$code\"}" >/dev/null || return 1
  post "$1" /api/auth/login "{\"email\":\"$5\",\"password\":\"Fuzz-pass-123\"}" | jq -er .token
}

# A tutor's subscription through the simulated checkout: open an order, pay it, verify it.
subscribe() { # base token
  local order
  order=$(post "$1" /api/payment/create-session '{}' "$2" | jq -er .orderId) || return 1
  post "$1" /api/payment-dev/simulate-payment "{\"orderId\":\"$order\"}" "$2" >/dev/null || return 1
  post "$1" /api/payment/verify "{\"orderId\":\"$order\"}" "$2" | jq -e '.subscriptionActive == true' >/dev/null
}

fuzz() { # backend base role token
  local report="$work/$1-$3"
  # From the scratch directory: schemathesis leaves a cache (.schemathesis/) where it runs.
  # One worker thread: CPython 3.11 before 3.11.8 keeps the AST validator's recursion depth in
  # shared state (gh-106905), so two threads describing hypothesis filters at once crashed the run
  # with "SystemError: AST constructor recursion depth mismatch". Role×backend runs are still
  # parallel processes.
  (cd "$work" && "$venv/bin/schemathesis" --config-file "$config" run "$2/api/openapi.json" \
    --phases examples,coverage,fuzzing \
    --max-examples "$max_examples" \
    --seed "${SCHEMATHESIS_SEED:-15}" \
    --generation-database none \
    --workers 1 \
    --request-timeout 10 \
    --header "Authorization: Bearer $4" \
    --generation-with-security-parameters false \
    "${exclusions[@]}" \
    --no-color \
    --report junit --report-dir "$report" \
    >"$report.log" 2>&1)
}

# Starts a server on one backend, makes the three accounts and fuzzes as each in turn. The admin
# goes last: its operations may deactivate or delete the other two.
run_backend() { # backend database_url
  local backend=$1 dir="$work/$1" port base log pid
  mkdir -p "$dir"
  port=$(free_port)
  base="http://127.0.0.1:$port"
  log="$dir/server.log"
  env -u SMTP_URL -u REDIS_URL \
    BIND="127.0.0.1:$port" PUBLIC_URL="$base" DATABASE_URL="$2" DATA_DIR="$dir" \
    JWT_SECRET=schemathesis-secret-schemathesis-32 BCRYPT_COST=4 PAYMENT_MODE=simulated \
    ADMIN_EMAIL=admin@fuzz.example.com ADMIN_PASSWORD=Adm1n-fuzz-pass \
    CODE_EMAIL_LIMIT=1000 NO_COLOR=1 RUST_LOG="warn,hometutor_mail=info" \
    "$bin" >"$log" 2>&1 &
  pid=$!
  local deadline=$((SECONDS + 60))
  until curl -sf "$base/api/health" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
      echo "the server on $backend did not become healthy; its log:" >&2
      tail -n 20 "$log" >&2
      kill "$pid" 2>/dev/null
      for role in parent tutor admin; do echo "FAIL schemathesis $role on $backend (no server)"; done >"$dir/result"
      return
    fi
    sleep 0.2
  done
  local parent tutor admin
  parent=$(account "$base" "$log" parent "Fuzz Parent" parent@fuzz.example.com)
  tutor=$(account "$base" "$log" tutor "Fuzz Tutor" tutor@fuzz.example.com) && subscribe "$base" "$tutor" || tutor=
  admin=$(post "$base" /api/auth/login '{"email":"admin@fuzz.example.com","password":"Adm1n-fuzz-pass"}' | jq -er .token)
  : >"$dir/result"
  for role in parent tutor admin; do
    local token=${!role}
    if [ -z "$token" ]; then
      echo "FAIL schemathesis $role on $backend (could not set up the account)" >>"$dir/result"
    elif fuzz "$backend" "$base" "$role" "$token"; then
      echo "PASS schemathesis $role on $backend" >>"$dir/result"
    else
      echo "FAIL schemathesis $role on $backend (see below)" >>"$dir/result"
    fi
  done
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}

install_schemathesis || { echo "FAIL schemathesis: cannot install schemathesis $SCHEMATHESIS_VERSION from PyPI"; exit 1; }
command -v jq >/dev/null || { echo "FAIL schemathesis: jq is missing (apt-get install jq)"; exit 1; }

started=$SECONDS
run_backend sqlite "sqlite://$work/sqlite/hometutor.db" &
backends=(sqlite)
schema=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  if command -v psql >/dev/null; then
    schema="schemathesis_$$_$RANDOM"
    quiet_psql -c "CREATE SCHEMA \"$schema\""
    sep='?'; [[ $TEST_DATABASE_URL == *\?* ]] && sep='&'
    run_backend postgres "${TEST_DATABASE_URL}${sep}options=-csearch_path%3D$schema" &
    backends+=(postgres)
  else
    echo "(psql is missing: the PostgreSQL run is skipped; apt-get install postgresql-client)"
  fi
else
  echo "(TEST_DATABASE_URL unset: the PostgreSQL run is skipped)"
fi
wait
[ -n "$schema" ] && quiet_psql -c "DROP SCHEMA \"$schema\" CASCADE"

passed=0
failed=0
for backend in "${backends[@]}"; do
  while read -r line; do
    echo "$line"
    case $line in
      PASS*) passed=$((passed + 1)) ;;
      *) failed=$((failed + 1)) ;;
    esac
  done <"$work/$backend/result"
done
for backend in "${backends[@]}"; do
  for role in parent tutor admin; do
    if grep -q "FAIL schemathesis $role on $backend" "$work/$backend/result" && [ -f "$work/$backend-$role.log" ]; then
      echo
      echo "==== schemathesis as $role on $backend ===="
      cat "$work/$backend-$role.log"
    fi
  done
done
echo "schemathesis: $passed passed, $failed failed ($((SECONDS - started)) s, max $max_examples examples per operation)"
if [ "${SCHEMATHESIS_KEEP:-}" = 1 ]; then echo "logs and reports kept in $work"; else rm -rf "$work"; fi
[ "$failed" -eq 0 ]
