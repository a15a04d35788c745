#!/usr/bin/env bash
# Whether `proxybench watch` stays bounded over time: PROVIDERS lab providers (one lab, each a provider of its own
# name and session) watched at RATE checks/s in all (rotating and sticky, half each) for MINUTES, in a HEAP heap,
# its history capped at CAP. Every minute it forces a full collection in watch (jcmd GC.run) and reads the heap
# left (the live heap: watch's state, not its garbage). It prints the live heap per minute, the mean of the last
# 10 minutes against the first 10 (goal: within 5%), the history's size against its cap, and the CPU time watch
# spent per check.
#
#   bench/watch-soak.sh                                     # PROVIDERS=20 RATE=200 MINUTES=30 HEAP=96m CAP=1GB
#   PROVIDERS=2 RATE=20 MINUTES=2 bench/watch-soak.sh       # CI-sized smoke
#
# Env: PROVIDERS, RATE (checks per second across all providers, at least 2 per provider), MINUTES (at least 2),
# HEAP (e.g. 96m), CAP (the history's cap, e.g. 1GB).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="watch-soak"

PROVIDERS="${PROVIDERS:-20}"
RATE="${RATE:-200}"
MINUTES="${MINUTES:-30}"
HEAP="${HEAP:-96m}"
CAP="${CAP:-1GB}"
for v in PROVIDERS RATE MINUTES; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
(( MINUTES >= 2 )) || { echo "$me: MINUTES must be at least 2, got $MINUTES" >&2; exit 2; }
(( RATE >= 2 * PROVIDERS )) || { echo "$me: RATE must be at least 2 per provider ($((2 * PROVIDERS))), got $RATE" >&2; exit 2; }
[[ "$HEAP" =~ ^[1-9][0-9]*[mg]$ ]] || { echo "$me: HEAP must be a heap size such as 96m, got '$HEAP'" >&2; exit 2; }
for tool in curl jcmd; do
  command -v "$tool" >/dev/null || { echo "$me: $tool is needed (curl: apt-get install -y curl; jcmd: a JDK)" >&2; exit 1; }
done

source bench/lab.sh
bench_tmp
echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null
lab_start $(( MINUTES * 60 + 300 ))

# Each provider's rate of each kind, in checks per second (awk: it may be fractional).
per_kind=$(awk -v r="$RATE" -v p="$PROVIDERS" 'BEGIN { printf "%.4f", r / p / 2 }')
config="$tmp/watch.yaml"
{
  echo "history: $tmp/history"
  echo "history_cap: $CAP"
  echo "listen: 127.0.0.1:0"
  echo "probe_every: 0"
  echo "ca: $ca"
  echo "target: $url"
  echo "rate: $per_kind"
  echo "providers:"
  for i in $(seq 1 "$PROVIDERS"); do
    echo "  - name: p$i"
    echo "    proxy: ${gateway/:\/\//://lab@}"
    echo "    password_env: LAB_PASS"
    echo "    provider: lab"
  done
} >"$config"

log="$tmp/watch.err"
LAB_PASS=lab PROXYBENCH_JAVA_OPTS="-Xmx$HEAP -Xlog:gc:file=$tmp/gc.log" ./proxybench watch --config "$config" \
  2>"$log" &
watch_pid=$!
peer_pids+=("$watch_pid")
metrics=""
for _ in $(seq 1 120); do
  metrics=$(sed -n 's/^metrics: \(http.*\)$/\1/p' "$log")
  [ -n "$metrics" ] && break
  kill -0 "$watch_pid" 2>/dev/null || { echo "$me: watch exited: $(cat "$log")" >&2; exit 1; }
  sleep 0.5
done
[ -n "$metrics" ] || { echo "$me: watch did not say where its metrics are: $(cat "$log")" >&2; exit 1; }

ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$watch_pid/stat"; }
checks() { curl -sf "$metrics" | awk '/^proxybench_watch_checks_total\{/ { s += $2 } END { printf "%d", s }'; }
live_mb() {
  jcmd "$watch_pid" GC.run >/dev/null
  # "garbage-first heap   total 98304K, used 21340K [...]" (or the serial/parallel collectors' lines): used K.
  jcmd "$watch_pid" GC.heap_info | sed -n 's/.*total [0-9]*K, used \([0-9]*\)K.*/\1/p' | head -1 \
    | awk '{ printf "%.1f", $1 / 1024 }'
}

echo "$me: $PROVIDERS providers at $RATE checks/s in all for $MINUTES min, -Xmx$HEAP, history cap $CAP" >&2
start_ticks=$(ticks)
start_checks=$(checks)
printf '%6s %12s %10s %12s\n' minute "live heap MB" checks "history MB"
heaps=()
for minute in $(seq 1 "$MINUTES"); do
  sleep 60
  kill -0 "$watch_pid" 2>/dev/null || { echo "$me: watch died: $(tail -5 "$log")" >&2; exit 1; }
  heap=$(live_mb)
  heaps+=("$heap")
  printf '%6d %12s %10d %12s\n' "$minute" "$heap" "$(( $(checks) - start_checks ))" \
    "$(du -sm "$tmp/history" | cut -f1)"
done
end_ticks=$(ticks)
end_checks=$(checks)
hz=$(getconf CLK_TCK)
kill -TERM "$watch_pid"
code=0
wait "$watch_pid" || code=$?

span=$(( MINUTES >= 20 ? 10 : MINUTES / 2 ))
first=$(printf '%s\n' "${heaps[@]:0:$span}" | awk '{ s += $1 } END { printf "%.1f", s / NR }')
last=$(printf '%s\n' "${heaps[@]: -$span}" | awk '{ s += $1 } END { printf "%.1f", s / NR }')
checked=$(( end_checks - start_checks ))
echo
echo "live heap, mean of the first $span min: $first MB; of the last $span min: $last MB;" \
  "change $(awk -v a="$first" -v b="$last" 'BEGIN { printf "%+.1f%%", (b - a) / a * 100 }') (goal: within 5%)"
echo "history: $(du -sm "$tmp/history" | cut -f1) MB of its $CAP cap; $(grep -c 'history: removed' "$log" || true)" \
  "day(s) removed; records paused: $(grep -c 'no longer written' "$log" || true)"
echo "checks: $checked in $MINUTES min ($(awk -v c="$checked" -v m="$MINUTES" 'BEGIN { printf "%.0f", c / m / 60 }')/s);" \
  "watch's CPU per check: $(awk -v t=$(( end_ticks - start_ticks )) -v hz="$hz" -v c="$checked" \
    'BEGIN { printf "%.3f", t / hz * 1000 / c }') ms (the lab's is not counted)"
echo "full collections besides the forced ones: $(grep -c 'Pause Full' "$tmp/gc.log" | awk -v m="$MINUTES" '{ print $1 - m }')"
echo "SIGTERM: watch exited with $code (goal: 143)"
