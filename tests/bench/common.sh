# Shared by tests/bench/http.sh, login.sh and profile.sh (sourced, not run).
# Starts the release `hometutor` on a fresh SQLite database in a temporary directory,
# seeded with `hometutor seed-demo`, and logs in as the demo's subscribed tutor.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN="$ROOT/target/release"
DEMO_PASSWORD=demo-password
# Subscribed (paid through the simulated provider) by seed-demo: may use the nearby search.
DEMO_TUTOR=priya.tutor@demo.hometutor.in
DEMO_ACCOUNTS=anita.parent@demo.hometutor.in,rahul.parent@demo.hometutor.in,sana.parent@demo.hometutor.in,priya.tutor@demo.hometutor.in,arjun.tutor@demo.hometutor.in,meera.tutor@demo.hometutor.in

# The server runs pinned to SERVER_CPU, the load generator to LOAD_CPU (http.sh, profile.sh).
SERVER_CPU=${SERVER_CPU:-0}
LOAD_CPU=${LOAD_CPU:-1}

build_release() { # cargo package names; BENCH_NO_BUILD=1 keeps the binaries in target/release
    [ -n "${BENCH_NO_BUILD:-}" ] && return
    local packages=()
    for package in "$@"; do packages+=(-p "$package"); done
    (cd "$ROOT" && cargo build --release "${packages[@]}")
}

need_wrk() {
    command -v wrk >/dev/null && return
    echo "wrk is missing: installing Debian's package" >&2
    if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
    $SUDO apt-get install -y wrk >/dev/null || { $SUDO apt-get update >/dev/null && $SUDO apt-get install -y wrk >/dev/null; }
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

wait_port() { # port
    for _ in $(seq 1 200); do
        curl -fsS -o /dev/null "http://127.0.0.1:$1/api/health" 2>/dev/null && return 0
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
        sleep 0.1
    done
    echo "nothing listens on port $1" >&2
    return 1
}

# CPU time (utime + stime) of a process in seconds, from /proc/<pid>/stat.
cpu_seconds() { # pid
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); print ($12 + $13) / hz }' "/proc/$1/stat"
}

BENCH_DIR=$(mktemp -d /tmp/hometutor-bench.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done
    rm -rf "$BENCH_DIR"
}
trap cleanup EXIT

server_env() { # port
    export BIND="127.0.0.1:$1" PUBLIC_URL="http://127.0.0.1:$1" DATABASE_URL="sqlite://$BENCH_DIR/bench.db" \
        DATA_DIR="$BENCH_DIR/data" JWT_SECRET=bench-secret-bench-secret-bench-secret-0123 RUST_LOG=warn \
        BCRYPT_COST="${BCRYPT_COST:-12}"
}

# Seeds the database and starts the server, pinned with `taskset -c $1` (empty: not pinned).
# Sets SERVER_PID and SERVER_URL.
start_server() { # cpus
    local port
    port=$(free_port)
    server_env "$port"
    mkdir -p "$DATA_DIR"
    "$BIN/hometutor" seed-demo >"$BENCH_DIR/seed.log" 2>&1 || { cat "$BENCH_DIR/seed.log" >&2; return 1; }
    if [ -n "$1" ]; then
        taskset -c "$1" "$BIN/hometutor" >"$BENCH_DIR/server.log" 2>&1 &
    else
        "$BIN/hometutor" >"$BENCH_DIR/server.log" 2>&1 &
    fi
    SERVER_PID=$!
    PIDS+=("$SERVER_PID")
    SERVER_URL="http://127.0.0.1:$port"
    wait_port "$port" || { cat "$BENCH_DIR/server.log" >&2; return 1; }
}

# Logs in as the subscribed demo tutor: sets TOKEN and TUTOR_ID.
login_tutor() {
    local answer
    answer=$(curl -fsS -H 'content-type: application/json' \
        -d "{\"email\":\"$DEMO_TUTOR\",\"password\":\"$DEMO_PASSWORD\"}" "$SERVER_URL/api/auth/login")
    TOKEN=$(jq -r .token <<<"$answer")
    TUTOR_ID=$(jq -r .user.id <<<"$answer")
    [ -n "$TOKEN" ] && [ "$TOKEN" != null ] || { echo "login failed: $answer" >&2; return 1; }
}

load_average() { cut -d' ' -f1-3 /proc/loadavg; }
