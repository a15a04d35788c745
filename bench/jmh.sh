#!/usr/bin/env bash
# JMH microbenchmarks of the per-request hot path (module jmh): the client's call events and counters, its HTTP/1.1
# response parser, the harness's record making, the connection pool's acquire/release, session and pool key building,
# JSONL writing and reading (per record). Prints one row per benchmark: average time per op in ns, and the bytes
# allocated per op (JMH's gc profiler, gc.alloc.rate.norm) -- on a shared machine the allocation is the steadier
# figure. The last line is a summary.
#
#   bench/jmh.sh                                   # FORKS=2 WARMUP=3 ITERATIONS=5 TIME=1s
#   FORKS=1 WARMUP=1 ITERATIONS=1 bench/jmh.sh     # CI-sized smoke
#   FILTER='Jsonl|Pool' bench/jmh.sh               # a subset (a JMH regular expression over benchmark names)
#
# Env: FORKS (JVMs per benchmark), WARMUP and ITERATIONS (iterations per fork), TIME (each iteration's length, a JMH
# time such as 1s or 500ms), FILTER (benchmarks to run, default all), JMH_ARGS (more JMH options), RESULT (where the
# JSON results go; default a temporary file).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="jmh"

FORKS="${FORKS:-2}"
WARMUP="${WARMUP:-3}"
ITERATIONS="${ITERATIONS:-5}"
TIME="${TIME:-1s}"
FILTER="${FILTER:-.}"
for v in FORKS WARMUP ITERATIONS; do
  [[ "${!v}" =~ ^[0-9]+$ ]] || { echo "$me: $v must be a whole number, got '${!v}'" >&2; exit 2; }
done
[ "$ITERATIONS" -ge 1 ] || { echo "$me: ITERATIONS must be at least 1" >&2; exit 2; }
[[ "$TIME" =~ ^[0-9]+(ms|s|m)$ ]] || { echo "$me: TIME must be like 1s or 500ms, got '$TIME'" >&2; exit 2; }
command -v jq >/dev/null || { echo "$me: jq is needed to read JMH's results; apt-get install -y jq" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
RESULT="${RESULT:-$tmp/jmh.json}"

source bench/lab.sh
build_jmh_jar

echo "$me: running (forks $FORKS, $WARMUP warm-up and $ITERATIONS measured iterations of $TIME each)..." >&2
# shellcheck disable=SC2086 # JMH_ARGS is a list of options
if ! java -jar "$jmh_jar" "$FILTER" -f "$FORKS" -wi "$WARMUP" -i "$ITERATIONS" -w "$TIME" -r "$TIME" \
    -bm avgt -tu ns -prof gc -rf json -rff "$RESULT" ${JMH_ARGS:-} >"$tmp/run.log" 2>&1; then
  tail -40 "$tmp/run.log" >&2
  echo "$me: JMH failed (last lines above)" >&2
  exit 1
fi

rows="$(jq -r '.[] | [
    (.benchmark | sub("^io\\.proxybench\\.(jmh|bench\\.run|client\\.internal\\.(bench|exchange))\\."; "")),
    (.primaryMetric.score | . * 10 | round / 10),
    (.primaryMetric.scoreError | if . == "NaN" then "-" else (. * 10 | round / 10) end),
    (.secondaryMetrics["gc.alloc.rate.norm"].score // "NaN" | if . == "NaN" then "-" else round end)
  ] | @tsv' "$RESULT")"
[ -n "$rows" ] || { echo "$me: JMH wrote no results to $RESULT" >&2; exit 1; }
{
  printf 'benchmark\tns/op\t±\tB/op\n'
  printf '%s\n' "$rows"
} | column -t -s $'\t'
count="$(printf '%s\n' "$rows" | wc -l)"
echo "$me: $count benchmarks, forks $FORKS, ${WARMUP}x$TIME warm-up + ${ITERATIONS}x$TIME measured, $(java -version 2>&1 | head -1)"
