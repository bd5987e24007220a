#!/usr/bin/env bash
# The server's CPU profile: `perf record` (software clock, DWARF call graphs: the release build keeps its
# symbols and unwind tables, no debug build needed) on the release server pinned to SERVER_CPU (0)
# while wrk on LOAD_CPU (1) loads one path, for /api/site and /api/tutors/{id} (PROFILE_PATHS
# overrides: names among site tutor profile nearby). Prints the hottest functions by self time
# and by inclusive time. PROFILE_SECONDS (10: half flat, half with call graphs), PROFILE_HZ (999). Needs `perf` (Debian:
# linux-perf) and wrk; BENCH_NO_BUILD=1 skips the cargo build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

SECS=${PROFILE_SECONDS:-10}
HZ=${PROFILE_HZ:-999}
need_wrk
command -v perf >/dev/null || { echo "perf is missing (apt-get install linux-perf)" >&2; exit 1; }
build_release hometutor-server
start_server "$SERVER_CPU"
login_tutor
declare -A URL=(
    [site]=/api/site
    [tutor]="/api/tutors/$TUTOR_ID"
    [profile]=/api/auth/profile
    [nearby]="/api/tuition/nearby?coordinates=77.2090,28.6139&radiusKm=10"
)
echo "profile: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(load_average)"
for name in ${PROFILE_PATHS:-site tutor}; do
    url="$SERVER_URL${URL[$name]}"
    # Warm up (caches, pools, lazily built indexes), then record while wrk runs.
    taskset -c "$LOAD_CPU" wrk -t1 -c32 -d2s -H "Authorization: Bearer $TOKEN" "$url" >/dev/null
    taskset -c "$LOAD_CPU" wrk -t1 -c32 -d$((SECS + 2))s -H "Authorization: Bearer $TOKEN" "$url" >"$BENCH_DIR/wrk-$name.txt" &
    wrk_pid=$!
    sleep 1
    # Half the time without call graphs (cheap: many samples, the self-time table), half with
    # DWARF call graphs (costly per sample: fewer, for the inclusive table).
    perf record -q -e cpu-clock -F "$HZ" -p "$SERVER_PID" -o "$BENCH_DIR/$name.flat" -- sleep $((SECS / 2)) 2>/dev/null
    perf record -q -e cpu-clock -F "$HZ" --call-graph dwarf,8192 -p "$SERVER_PID" -o "$BENCH_DIR/$name.data" \
        -- sleep $((SECS / 2)) 2>/dev/null
    wait "$wrk_pid"
    echo
    echo "== $name: ${URL[$name]} ($(awk '/^Requests\/sec:/ { print $2 }' "$BENCH_DIR/wrk-$name.txt") req/s under perf)"
    echo "-- self time (functions over 0.7 %)"
    perf report -i "$BENCH_DIR/$name.flat" --no-children --sort symbol --stdio --percent-limit 0.7 2>/dev/null |
        grep -v '^#' | grep -v '^$' | head -45 || true
    echo "-- inclusive time (callers over 4 %)"
    perf report -i "$BENCH_DIR/$name.data" --children --sort symbol --stdio -g none --percent-limit 4 2>/dev/null |
        grep -v '^#' | grep -v '^$' | head -70 || true
    if [ -n "${PROFILE_KEEP:-}" ]; then cp "$BENCH_DIR/$name.flat" "$BENCH_DIR/$name.data" "$PROFILE_KEEP/"; fi
done
