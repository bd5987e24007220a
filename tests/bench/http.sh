#!/usr/bin/env bash
# `just bench-http`: wrk against the release server and against a bare actix-web
# baseline answering the same bytes (crates/http-bench, bin http-baseline), on /api/site,
# /api/tutors/{id} (both as a visitor), /api/auth/profile (bearer) and the nearby search at 10 km (as the demo's
# subscribed tutor). Both servers run pinned to SERVER_CPU (0), wrk to LOAD_CPU (1). Per path and
# round the two are measured back to back (order alternating by round): req/s, p99, and the
# server's CPU per request from /proc/<pid>/stat (utime + stime) before and after.
# Sizes: BENCH_ROUNDS (3), BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (32).
# BENCH_NO_BUILD=1 skips the cargo build (binaries already in target/release).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ROUNDS=${BENCH_ROUNDS:-3}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-32}

need_wrk
build_release hometutor-server hometutor-http-bench

start_server "$SERVER_CPU"
login_tutor

# Near Connaught Place, where seed-demo puts its requests.
NEARBY="/api/tuition/nearby?coordinates=77.2090,28.6139&radiusKm=10"
PATHS=(/api/site "/api/tutors/$TUTOR_ID" /api/auth/profile "$NEARBY")
NAMES=(site tutor profile nearby)
# The public reads go as a visitor's (no token: a signed-in visitor's tutor profile differs).
AUTHED=(no no yes yes)

# Record each answer's bytes for the baseline (paths without their query).
ROUTES=()
for i in "${!PATHS[@]}"; do
    auth=()
    [ "${AUTHED[$i]}" = yes ] && auth=(-H "Authorization: Bearer $TOKEN")
    curl -fsS "${auth[@]}" -o "$BENCH_DIR/${NAMES[$i]}.json" "$SERVER_URL${PATHS[$i]}"
    ROUTES+=("${PATHS[$i]%%\?*}=$BENCH_DIR/${NAMES[$i]}.json")
done
BASE_PORT=$(free_port)
taskset -c "$SERVER_CPU" "$BIN/http-baseline" "127.0.0.1:$BASE_PORT" "${ROUTES[@]}" >"$BENCH_DIR/baseline.log" 2>&1 &
BASE_PID=$!
PIDS+=("$BASE_PID")
wait_port "$BASE_PORT"
BASE_URL="http://127.0.0.1:$BASE_PORT"

echo "bench-http: $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(load_average), $(nproc) CPUs;" \
    "servers on CPU $SERVER_CPU, wrk -t1 -c$CONNECTIONS -d${SECONDS_PER_RUN}s on CPU $LOAD_CPU; $ROUNDS rounds"
for i in "${!PATHS[@]}"; do
    printf '  %-8s %s (%s bytes)\n' "${NAMES[$i]}" "${PATHS[$i]}" "$(wc -c <"$BENCH_DIR/${NAMES[$i]}.json")"
done

RESULTS="$BENCH_DIR/results.tsv"
: >"$RESULTS"

# One wrk run; appends: round target name req/s p99_ms cpu_us_per_request requests non2xx
run() { # round pid target url name authed
    local before after out rps p99 requests bad header=()
    [ "$6" = yes ] && header=(-H "Authorization: Bearer $TOKEN")
    before=$(cpu_seconds "$2")
    out=$(taskset -c "$LOAD_CPU" wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency "${header[@]}" "$4")
    after=$(cpu_seconds "$2")
    rps=$(awk '/^Requests\/sec:/ { print $2 }' <<<"$out")
    requests=$(awk '/requests in/ { print $1 }' <<<"$out")
    bad=$(awk '/Non-2xx or 3xx responses:/ { print $NF }' <<<"$out")
    p99=$(awk '$1 == "99%" { v = $2; u = v; gsub(/[0-9.]/, "", u); sub(/[a-z]+$/, "", v);
        m = (u == "us") ? 0.001 : (u == "s") ? 1000 : 1; printf "%.2f", v * m }' <<<"$out")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$3" "$5" "$rps" "$p99" \
        "$(awk -v a="$before" -v b="$after" -v n="$requests" 'BEGIN { printf "%.2f", (b - a) * 1e6 / n }')" \
        "$requests" "${bad:-0}" >>"$RESULTS"
    printf '  round %s  %-9s %-8s %10s req/s  p99 %8s ms  %7s µs CPU/request%s\n' "$1" "$3" "$5" "$rps" "$p99" \
        "$(tail -1 "$RESULTS" | cut -f6)" "$([ -n "$bad" ] && echo "  ($bad non-2xx!)")"
}

for round in $(seq 1 "$ROUNDS"); do
    for i in "${!PATHS[@]}"; do
        if [ $((round % 2)) = 1 ]; then
            run "$round" "$SERVER_PID" hometutor "$SERVER_URL${PATHS[$i]}" "${NAMES[$i]}" "${AUTHED[$i]}"
            run "$round" "$BASE_PID" baseline "$BASE_URL${PATHS[$i]}" "${NAMES[$i]}" "${AUTHED[$i]}"
        else
            run "$round" "$BASE_PID" baseline "$BASE_URL${PATHS[$i]}" "${NAMES[$i]}" "${AUTHED[$i]}"
            run "$round" "$SERVER_PID" hometutor "$SERVER_URL${PATHS[$i]}" "${NAMES[$i]}" "${AUTHED[$i]}"
        fi
    done
done

echo
echo "Medians of the $ROUNDS rounds (ratio per CPU-second: baseline CPU per request / HomeTutor's, per round):"
echo
echo "| path | HomeTutor req/s | p99 ms | CPU µs/request | baseline req/s | baseline p99 ms | baseline CPU µs/request | ratio per CPU-second (rounds) |"
echo "|---|---|---|---|---|---|---|---|"
for i in "${!PATHS[@]}"; do
    awk -F'\t' -v name="${NAMES[$i]}" -v path="${PATHS[$i]}" '
        function median(a, n,   i, j, t) {
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        $3 == name && $2 == "hometutor" { h++; hr[h] = $4; hp[h] = $5; hc[h] = $6; hround[$1] = $6 }
        $3 == name && $2 == "baseline" { b++; br[b] = $4; bp[b] = $5; bc[b] = $6; bround[$1] = $6 }
        END {
            rounds = ""
            for (r = 1; r <= h; r++) { q[r] = bround[r] / hround[r]; rounds = rounds sprintf("%s%.3f", r > 1 ? ", " : "", q[r]) }
            printf "| `%s` | %.0f | %.2f | %.1f | %.0f | %.2f | %.1f | %.3f× (%s) |\n", path,
                median(hr, h), median(hp, h), median(hc, h), median(br, b), median(bp, b), median(bc, b), median(q, h), rounds
        }' "$RESULTS"
done
echo
echo "load average after: $(load_average)"
if awk -F'\t' '$8 > 0 { bad = 1 } END { exit !bad }' "$RESULTS"; then
    echo "some answers were not 2xx: the figures above are not comparable" >&2
    exit 1
fi
