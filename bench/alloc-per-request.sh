#!/usr/bin/env bash
# The client's heap allocation per successful request in its steady state, as a marginal cost: `proxybench run
# --closed-loop C` straight to nginx (HTTPS, keep-alive, a 3-byte body, HTTP/1.1), SHORT and DURATION seconds, each
# its own JVM, the order alternating per round; (bytes the long run allocated - bytes the short run allocated) /
# (successes of the long - those of the short), so that start, JIT and warm-up cancel. The bytes are JFR's
# jdk.ThreadAllocationStatistics, every thread's total taken every 100 ms (the last reading of each thread, so a
# thread's final 100 ms before it ends can be missing: well under 2% of a 6 s run), summed over the threads; the run
# is what a user runs: records, HDR log and statistics included.
#
#   bench/alloc-per-request.sh                                          # C=50 SHORT=6 DURATION=14 ROUNDS=3 WARMUP=3
#   C=4 SHORT=1 DURATION=2 ROUNDS=1 WARMUP=1 bench/alloc-per-request.sh  # CI-sized smoke
#
# Env: C, SHORT, DURATION, ROUNDS, WARMUP (as the side-by-side scripts), RUN_ARGS (extra `proxybench run` flags,
# e.g. --http1.1 or a --proxy), PROXYBENCH_JAVA_OPTS (the client's JVM flags). Needs jq and JFR's `jfr` (the JDK's).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="alloc-per-request"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
settings
peer_require jq jq
bench_tmp
jfr_require

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null

nginx_start $(( ROUNDS * (SHORT + DURATION + 2 * WARMUP + 120) + 120 ))

# One run of $1 seconds; sets a_bytes (heap bytes every live thread allocated, from JFR) and a_ok (200s recorded).
alloc_run() {
  local secs="$1" out="$tmp/records.jsonl" rc=0
  rm -f "$out" "$out.hlog" "$tmp/a.jfr"
  # JFR writes its start-up lines on stdout, so the summary is not read here: the records file is.
  # shellcheck disable=SC2086 # RUN_ARGS is split into flags on purpose
  PROXYBENCH_JAVA_OPTS="${PROXYBENCH_JAVA_OPTS:-} -XX:StartFlightRecording=filename=$tmp/a.jfr,settings=default,+jdk.ThreadAllocationStatistics#period=100ms" \
    timeout $(( secs + WARMUP + 120 )) ./proxybench run --closed-loop "$C" --duration "${secs}s" \
    --url "$nginx_h1_url" --ca "$nginx_cert" --warmup "${WARMUP}s" --no-progress --out "$out" \
    ${RUN_ARGS:-} >"$tmp/run.out" 2>"$tmp/run.err" || rc=$?
  if [ "$rc" -ne 0 ] || [ ! -s "$tmp/a.jfr" ]; then
    echo "$me: proxybench run failed (exit $rc): $(tail -5 "$tmp/run.err")" >&2
    exit 1
  fi
  a_ok="$(grep -c '"status":200,' "$out" || true)"
  a_bytes="$("$jfr_bin" print --json --events jdk.ThreadAllocationStatistics "$tmp/a.jfr" \
    | jq '[.recording.events[].values | {t: .thread.osThreadId, a: .allocated}] | group_by(.t)
          | map(max_by(.a).a) | add')"
}

echo "$me: C=$C, runs of ${SHORT}s and ${DURATION}s, $ROUNDS rounds, ${WARMUP}s warm-up per run; to $nginx_h1_url;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%6s %12s %12s %16s %16s %14s\n' round ok_short ok_long bytes_short bytes_long "B/request"
per_request=()
for round in $(seq 1 "$ROUNDS"); do
  declare -A ok bytes
  first="$SHORT" second="$DURATION"
  [ $(( round % 2 )) -eq 1 ] || { first="$DURATION"; second="$SHORT"; }
  for secs in "$first" "$second"; do
    alloc_run "$secs"
    ok[$secs]="$a_ok" bytes[$secs]="$a_bytes"
  done
  per_request+=("$(awk -v a="${bytes[$DURATION]}" -v b="${bytes[$SHORT]}" -v n="${ok[$DURATION]}" -v m="${ok[$SHORT]}" \
    'BEGIN { if (n - m > 0) printf "%.0f", (a - b) / (n - m); else print "-" }')")
  printf '%6s %12s %12s %16s %16s %14s\n' "$round" "${ok[$SHORT]}" "${ok[$DURATION]}" "${bytes[$SHORT]}" \
    "${bytes[$DURATION]}" "${per_request[-1]}"
done
echo "marginal heap allocation per successful request: $(median "${per_request[@]}") B (median of $(rounds "$ROUNDS");" \
  "rounds ${per_request[*]}; goal <= 1024)"
