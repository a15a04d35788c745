#!/usr/bin/env bash
# Heap allocation per request of proxybench's client streaming a body, by JMH: StreamBodyBench (module jmh) sends one
# GET after another to the lab target's plain-HTTP /bytes/BYTES (the lab in its own process, so its allocation is not
# counted), on one kept-alive connection, no proxy, reads the body through ResponseStream into a reused buffer and
# drops it. Prints JMH's time per request and gc.alloc.rate.norm, the bytes the whole JVM allocated per request
# (every thread: the caller's and the client's I/O thread). Goal (issue 40): <= 1 KiB per request for a 30 KB body.
#
#   bench/alloc-stream.sh                                    # BYTES=30000 FORKS=2 WARMUP=5 ITERATIONS=5 TIME=2s
#   FORKS=1 WARMUP=1 ITERATIONS=1 TIME=1s bench/alloc-stream.sh  # CI-sized smoke
#
# Env: BYTES (the body's length), FORKS, WARMUP, ITERATIONS, TIME (as bench/jmh.sh), JMH_ARGS (more JMH options).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="alloc-stream"

source bench/lab.sh
source bench/peers.sh
BYTES="${BYTES:-30000}"
FORKS="${FORKS:-2}"
WARMUP="${WARMUP:-5}"
ITERATIONS="${ITERATIONS:-5}"
TIME="${TIME:-2s}"
for v in BYTES FORKS ITERATIONS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number, got '$WARMUP'" >&2; exit 2; }
[[ "$TIME" =~ ^[0-9]+(ms|s)$ ]] || { echo "$me: TIME must be like 1s or 500ms, got '$TIME'" >&2; exit 2; }
peer_require jq jq
bench_tmp
build_jmh_jar

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null
secs="${TIME%s}"
[[ "$TIME" != *ms ]] || secs=1
lab_start $((FORKS * (WARMUP + ITERATIONS) * (secs + 1) + 180))
origin="$(_lab_field target_http "$tmp/lab.json")/bytes/$BYTES"
echo "$me: $origin (lab PID $lab_pid), forks $FORKS, ${WARMUP}x$TIME warm-up + ${ITERATIONS}x$TIME measured" >&2
# shellcheck disable=SC2086 # JMH_ARGS is a list of options
if ! java -jar "$jmh_jar" StreamBodyBench -p url="$origin" -f "$FORKS" -wi "$WARMUP" -i "$ITERATIONS" -w "$TIME" \
    -r "$TIME" -prof gc -rf json -rff "$tmp/jmh.json" ${JMH_ARGS:-} >"$tmp/run.log" 2>&1; then
  tail -40 "$tmp/run.log" >&2
  echo "$me: JMH failed (last lines above)" >&2
  exit 1
fi
# JMH writes "NaN" for the error of a single iteration.
jq -r 'def n: if . == "NaN" then "-" else (. * 10 | round / 10) end;
  .[] | "us/request \(.primaryMetric.score | n) ± \(.primaryMetric.scoreError | n);"
  + " bytes allocated/request \(.secondaryMetrics["gc.alloc.rate.norm"].score | n)"
  + " ± \(.secondaryMetrics["gc.alloc.rate.norm"].scoreError | n) (goal <= 1024)"' "$tmp/jmh.json"
