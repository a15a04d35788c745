#!/usr/bin/env bash
# Which objects a request allocates, counted, not sampled: `proxybench run --closed-loop C` straight to nginx (HTTPS,
# keep-alive, HTTP/1.1, records and HDR log written, as bench/alloc-per-request.sh) once, with thread-local
# allocation buffers off (-XX:-UseTLAB), so that every allocation is one of JFR's jdk.ObjectAllocationOutsideTLAB
# events. The JIT still removes what does not escape, so what is counted is what the run really makes; it runs
# several times slower, so the figures are per response (objects and bytes of each class at each place, divided by
# the number of responses the run recorded; the warm-up's objects are counted too, so the figures are upper bounds),
# and start-up's own objects (class loading, JFR) show up as small fractions. (The denominator was the number of
# ProxyResponse objects until the JIT learnt to scalar-replace a response that no callback keeps.)
# Use it to see where bench/alloc-per-request.sh's bytes go; that script's figure is the one the goal is held to.
#
#   bench/alloc-objects.sh                  # C=50 DURATION=8 WARMUP=3, the 40 largest
#   TOP=80 DURATION=5 bench/alloc-objects.sh
#
# Env: C, DURATION, WARMUP (seconds), TOP (rows), RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS.
# Needs JFR's `jfr` (the JDK's).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="alloc-objects"
C="${C:-50}"
DURATION="${DURATION:-8}"
WARMUP="${WARMUP:-3}"
TOP="${TOP:-40}"
for v in C DURATION TOP; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number of seconds, got '$WARMUP'" >&2; exit 2; }

source bench/lab.sh
source bench/peers.sh
bench_tmp
jfr_require

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null

nginx_start $(( DURATION + WARMUP + 180 ))

events="jdk.ObjectAllocationOutsideTLAB"
rc=0
# shellcheck disable=SC2086 # RUN_ARGS is split into flags on purpose
PROXYBENCH_JAVA_OPTS="${PROXYBENCH_JAVA_OPTS:-} -XX:-UseTLAB -XX:StartFlightRecording=filename=$tmp/o.jfr,settings=none,+$events#enabled=true,+$events#stackTrace=true" \
  timeout $(( DURATION + WARMUP + 150 )) ./proxybench run --closed-loop "$C" --duration "${DURATION}s" \
  --url "$nginx_h1_url" --ca "$nginx_cert" --warmup "${WARMUP}s" --no-progress --http1.1 \
  --out "$tmp/records.jsonl" ${RUN_ARGS:-} >"$tmp/run.out" 2>"$tmp/run.err" || rc=$?
if [ "$rc" -ne 0 ] || [ ! -s "$tmp/o.jfr" ]; then
  echo "$me: proxybench run failed (exit $rc): $(tail -5 "$tmp/run.err")" >&2
  exit 1
fi

echo "$me: C=$C, ${DURATION}s after a ${WARMUP}s warm-up, TLABs off; to $nginx_h1_url"
# One event is a block of `name = value` lines; the first two frames of its stack trace say where the object was
# made (the second names the caller of a helper such as Arrays.copyOf).
responses="$(grep -c '"status"' "$tmp/records.jsonl" || true)"
"$jfr_bin" print --events "$events" --stack-depth 2 "$tmp/o.jfr" | awk -v top="$TOP" -v responses="${responses:-0}" '
  function flush() {
    if (cls != "") { key = cls "  " site; n[key]++; b[key] += size }
    cls = ""; site = ""; size = 0
  }
  /^jdk\.ObjectAllocationOutsideTLAB/ { flush() }
  /^ *objectClass = / { cls = $3 }
  /^ *allocationSize = / {
    size = $3; unit = $4
    if (unit ~ /^kB/) size *= 1024; else if (unit ~ /^MB/) size *= 1048576
  }
  function frame() { getline; sub(/^ +/, ""); sub(/ +line:.*/, ""); sub(/\(.*/, ""); return $0 }
  /^ *stackTrace = \[/ { site = frame(); next_frame = frame(); if (next_frame !~ /^[].]/) site = site " < " next_frame }
  END {
    flush()
    if (responses == 0) { print "alloc-objects: the run recorded no response: did it get answers?" > "/dev/stderr"; exit 1 }
    for (k in b) { total += b[k] }
    printf "%d responses; %.0f B allocated per response in all (start-up included)\n", responses, total / responses
    printf "%9s %9s  %s\n", "B/resp", "obj/resp", "class  where"
    for (k in b) printf "%9.1f %9.2f  %s\n", b[k] / responses, n[k] / responses, k | "sort -rn | head -" top
  }'
