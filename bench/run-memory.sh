#!/usr/bin/env bash
# Whether `proxybench run` holds its records: the same run through the lab (RATE req/s, SESSIONS sticky sessions)
# for SHORT and for LONG seconds with the launcher's default heap, then for SMALL_FOR seconds in a SMALL_HEAP heap.
# For each it prints the live heap after the run's last young collection (what survived it: the run's state, not
# its garbage), the largest such figure, and the full collections; the goal is a live heap that does not grow with
# the run's length (the long run's within 32 MB of the short one's) and no full collection, in the small heap too.
#
#   bench/run-memory.sh                                    # RATE=2000 SHORT=60 LONG=600 SMALL_FOR=90 SMALL_HEAP=96m
#   RATE=200 SHORT=3 LONG=6 SMALL_FOR=3 bench/run-memory.sh   # CI-sized smoke
#
# Env: RATE (requests per second), SESSIONS (default 50), SHORT, LONG, SMALL_FOR (seconds of schedule),
# SMALL_HEAP (default 96m). The run warms up for 5 s first (--warmup), which is not counted.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="run-memory"

RATE="${RATE:-2000}"
SESSIONS="${SESSIONS:-50}"
SHORT="${SHORT:-60}"
LONG="${LONG:-600}"
SMALL_FOR="${SMALL_FOR:-90}"
SMALL_HEAP="${SMALL_HEAP:-96m}"
for v in RATE SESSIONS SHORT LONG SMALL_FOR; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$SMALL_HEAP" =~ ^[1-9][0-9]*[mg]$ ]] \
  || { echo "$me: SMALL_HEAP must be a heap size such as 96m, got '$SMALL_HEAP'" >&2; exit 2; }
command -v curl >/dev/null || { echo "$me: curl is needed for the lab; apt-get install -y curl" >&2; exit 1; }

source bench/lab.sh
bench_tmp
echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null
lab_start $(( SHORT + LONG + SMALL_FOR + 180 ))
# The lab's gateway takes any account; sessions ride in its password.
proxy="${gateway/:\/\//://lab:lab@}"

# One run; prints "RECORDS LAST_YOUNG_MB MAX_AFTER_MB FULL_GCS YOUNG_GCS".
measure() {
  local name="$1" seconds="$2" opts="$3"
  local log="$tmp/gc-$name.log"
  PROXYBENCH_JAVA_OPTS="$opts -Xlog:gc:file=$log" ./proxybench run --url "$url" --proxy "$proxy" --ca "$ca" \
    --session-template '{pass}_session-{id}' --sessions "$SESSIONS" --rate "$RATE" --duration "${seconds}s" \
    --warmup 5s --no-progress --out "$tmp/$name.jsonl" >"$tmp/$name.txt"
  local records last max full young
  records=$(wc -l <"$tmp/$name.jsonl")
  # "GC(7) Pause Young (Normal) (G1 Evacuation Pause) 530M->21M(2048M) 4.2ms": the heap after each collection.
  # A run short enough (or a heap large enough) may have no young collection at all: its figures are "-".
  last=$({ grep 'Pause Young' "$log" || true; } | sed -n 's/.*->\([0-9]*\)M(.*/\1/p' | tail -1)
  max=$({ grep 'Pause Young' "$log" || true; } | sed -n 's/.*->\([0-9]*\)M(.*/\1/p' | sort -n | tail -1)
  full=$(grep -c 'Pause Full' "$log" || true)
  young=$(grep -c 'Pause Young' "$log" || true)
  echo "$records ${last:--} ${max:--} $full $young"
}

echo "$me: $SHORT s, $LONG s and $SMALL_FOR s (-Xmx$SMALL_HEAP) at $RATE req/s through $SESSIONS sessions..." >&2
read -r s_rec s_last s_max s_full s_young < <(measure short "$SHORT" "")
read -r l_rec l_last l_max l_full l_young < <(measure long "$LONG" "")
read -r m_rec m_last m_max m_full m_young < <(measure small "$SMALL_FOR" "-Xmx$SMALL_HEAP")
grep -q " ok," "$tmp/small.txt" || { echo "$me: the small-heap run printed no summary: $(cat "$tmp/small.txt")" >&2; exit 1; }

printf '\n%-6s %8s %10s %22s %20s %9s %9s\n' run seconds records "live after last young" "max after a young" \
  "young GCs" "full GCs"
printf '%-6s %8s %10s %19s MB %17s MB %9s %9s\n' short "$SHORT" "$s_rec" "$s_last" "$s_max" "$s_young" "$s_full"
printf '%-6s %8s %10s %19s MB %17s MB %9s %9s\n' long "$LONG" "$l_rec" "$l_last" "$l_max" "$l_young" "$l_full"
printf '%-6s %8s %10s %19s MB %17s MB %9s %9s\n' small "$SMALL_FOR" "$m_rec" "$m_last" "$m_max" "$m_young" "$m_full"
diff="-"
[ "$s_last" = - ] || [ "$l_last" = - ] || diff=$(( l_last - s_last ))
echo
echo "long - short, live after the last young collection: $diff MB (goal: under 32 MB); full GCs: $s_full, $l_full," \
  "and $m_full in -Xmx$SMALL_HEAP (goal: none). Records per run are every scheduled request's."
if [ "$diff" = - ]; then
  echo "$me: a run had no young collection, so its live heap is unknown: give longer runs (SHORT, LONG) or a" \
    "higher RATE"
fi
