#!/usr/bin/env bash
# `just bench-login`: 64 concurrent logins at bcrypt cost 12 against the release
# server (seed-demo's six accounts, hashed at that cost), with an open-loop probe of /api/site,
# by crates/http-bench's `login-storm` (its header lists the knobs: STORM_CONCURRENCY,
# STORM_SECONDS, PROBE_RATE, PROBE_SECONDS). The server may use every CPU (SERVER_CPUS: all);
# the ceiling is SERVER_CPUS / one verification's time at the cost.
# BENCH_NO_BUILD=1 skips the cargo build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

export BCRYPT_COST=${BCRYPT_COST:-12}
build_release hometutor-server hometutor-http-bench
start_server "${SERVER_CPUS_LIST:-}"
echo "bench-login: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(load_average), $(nproc) CPUs"
cpu_before=$(cpu_seconds "$SERVER_PID")
BASE_URL="$SERVER_URL" ACCOUNTS="$DEMO_ACCOUNTS" PASSWORD="$DEMO_PASSWORD" \
    SERVER_CPUS="${SERVER_CPUS:-$(nproc)}" "$BIN/login-storm"
echo "server CPU during the run: $(awk -v a="$cpu_before" -v b="$(cpu_seconds "$SERVER_PID")" 'BEGIN { printf "%.1f s", b - a }')"
echo "load average after: $(load_average)"
