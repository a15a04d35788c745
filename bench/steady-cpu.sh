#!/usr/bin/env bash
# Each client's CPU per request in the steady middle of one long run, straight to nginx (HTTPS, kept alive, C
# connections, nginx's http/1.1-only port): the process's CPU (user and system time, from /proc) between second FROM
# and second TO of its run, over the requests nginx answered between the same two readings. Start, JIT and warm-up
# fall before the window, as in the marginal method of bench/direct-vs-wrk.sh; but one process is read twice instead
# of two processes being subtracted, so a figure moves by a few percent from round to round instead of 10-30%, and
# the user and system parts are apart.
#
# Clients, alternating in each round: `wrk -t1 -c C`; `proxybench run --closed-loop C --no-records --no-progress`,
# which is R2 (as wrk: no records file, no interval log, no progress line; WARMUP s of --warmup); the same run with
# its records and interval log written ("records", no progress line); the same as a user runs it, progress line on too
# (R3: the default run); the Netty floor (io.proxybench.jmh.NettyFloor, built
# into the JMH jar first: only Netty's TLS handler and HTTP codec, on proxybench's transport and TLS engine, with the
# JVM's default flags, as in direct-vs-wrk.sh).
#
#   bench/steady-cpu.sh                              # C=50 FROM=7 TO=17 ROUNDS=3 WARMUP=3
#   C=4 FROM=2 TO=4 ROUNDS=1 WARMUP=1 bench/steady-cpu.sh   # CI-sized smoke
#
# Env: C, FROM and TO (the window, seconds from each client's start; FROM must leave room for its warm-up and JIT),
# ROUNDS, WARMUP, RUN_ARGS (extra `proxybench run` flags for its three rows; not --out, which the script sets),
# PROXYBENCH_JAVA_OPTS. The last lines are the ratios.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="steady-cpu"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
C="${C:-50}" FROM="${FROM:-7}" TO="${TO:-17}" ROUNDS="${ROUNDS:-3}" WARMUP="${WARMUP:-3}"
for v in C FROM TO ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number of seconds, got '$WARMUP'" >&2; exit 2; }
[ "$FROM" -lt "$TO" ] || { echo "$me: FROM ($FROM s) must come before TO ($TO s)" >&2; exit 2; }
[ "$WARMUP" -lt "$FROM" ] \
  || { echo "$me: WARMUP ($WARMUP s) must end before the window starts (FROM $FROM s)" >&2; exit 2; }
peer_require wrk wrk
peer_require curl curl
bench_tmp

echo "$me: building the launcher's jar and the benchmarks jar if they are stale..." >&2
./proxybench --help >/dev/null
build_jmh_jar
# Each run lasts past TO by a margin, so that the second reading finds the client still at work.
run_secs=$(( TO + 3 ))
nginx_start $(( ROUNDS * 5 * (run_secs + 30) + 120 ))
floor_command "$nginx_h1_url" "$nginx_cert"

# One client in the background for run_secs; sets w_rps, w_user, w_sys, w_cpu (microseconds per request).
steady() {
  local tool="$1" pid out="$tmp/$1.out" warm=(--warmup none)
  [ "$WARMUP" -eq 0 ] || warm=(--warmup "${WARMUP}s")
  case "$tool" in
    wrk)
      wrk -t 1 -c "$C" -d "${run_secs}s" "$nginx_h1_url" >"$out" 2>&1 &
      ;;
    proxybench | records | progress-on)
      local files=(--out "$tmp/records.jsonl")
      [ "$tool" = progress-on ] || warm+=(--no-progress)
      [ "$tool" != proxybench ] || files=(--no-records)
      # shellcheck disable=SC2086 # RUN_ARGS is split into flags on purpose
      ./proxybench run --closed-loop "$C" --duration "$(( run_secs - WARMUP ))s" --url "$nginx_h1_url" \
        --ca "$nginx_cert" "${warm[@]}" "${files[@]}" ${RUN_ARGS:-} >"$out" 2>&1 &
      ;;
    floor)
      "${floor_cmd[@]}" "$C" "$WARMUP" "$(( run_secs - WARMUP ))" >"$out" 2>&1 &
      ;;
  esac
  pid=$!
  peer_pids+=("$pid")
  sleep "$FROM"
  local a b na nb
  a="$(_ticks "$pid" "$tool" "$out")"
  na="$(nginx_counts | cut -d' ' -f2)"
  sleep $(( TO - FROM ))
  b="$(_ticks "$pid" "$tool" "$out")"
  nb="$(nginx_counts | cut -d' ' -f2)"
  wait "$pid" || { echo "$me: $tool failed: $(tail -5 "$out")" >&2; exit 1; }
  rm -f "$tmp/records.jsonl" "$tmp/records.jsonl.hlog"
  read -r w_rps w_user w_sys w_cpu < <(awk -v a="$a" -v b="$b" -v n=$(( nb - na )) -v hz="$ticks_per_s" \
    -v secs=$(( TO - FROM )) 'BEGIN { split(a, x); split(b, y)
      if (n <= 0) { print "0 - - -"; exit }
      printf "%.0f %.2f %.2f %.2f\n", n / secs, (y[1] - x[1]) * 1e6 / hz / n, (y[2] - x[2]) * 1e6 / hz / n,
        (y[1] + y[2] - x[1] - x[2]) * 1e6 / hz / n }')
  [ "$w_cpu" != - ] || { echo "$me: nginx answered no request of $tool's in its window: $(tail -5 "$out")" >&2; exit 1; }
}

# "user system" clock ticks of a running client (exits if it has ended before the window did).
_ticks() {
  [ -r "/proc/$1/stat" ] || { echo "$me: $2 ended before second $TO of its run: $(tail -5 "$3")" >&2; exit 1; }
  awk '{ sub(/^.*\) /, ""); print $12, $13 }' "/proc/$1/stat"
}

ratio() { two "$(per "$1" "$2" 1)"; }

echo "$me: C=$C, seconds $FROM to $TO of each run, $ROUNDS rounds, ${WARMUP}s of proxybench warm-up; to" \
  "$nginx_h1_url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A cpus
pb_wrk=() records_wrk=() floor_wrk=() pb_floor=() default_run=()
row='%-11s %9s %9s %9s %11s\n'
for round in $(seq 1 "$ROUNDS"); do
  order=(wrk proxybench records progress-on floor)
  [ $(( round % 2 )) -eq 1 ] || order=(floor progress-on records proxybench wrk)
  echo
  echo "round $round/$ROUNDS (req/s nginx answered in the window; CPU in microseconds per request)"
  # shellcheck disable=SC2059 # the format is ours
  printf "$row" tool req/s user_us sys_us cpu_us/req
  declare -A this=()
  for tool in "${order[@]}"; do
    steady "$tool"
    this[$tool]="$w_cpu"
    cpus[$tool]="${cpus[$tool]:-} $w_cpu"
    # shellcheck disable=SC2059
    printf "$row" "$tool" "$w_rps" "$w_user" "$w_sys" "$w_cpu"
  done
  pb_wrk+=("$(ratio "${this[proxybench]}" "${this[wrk]}")")
  records_wrk+=("$(ratio "${this[records]}" "${this[wrk]}")")
  floor_wrk+=("$(ratio "${this[floor]}" "${this[wrk]}")")
  pb_floor+=("$(ratio "${this[proxybench]}" "${this[floor]}")")
  default_run+=("$(ratio "${this[progress-on]}" "${this[proxybench]}")")
  echo "round $round ratios of CPU per request: proxybench/wrk ${pb_wrk[-1]}, with records/wrk ${records_wrk[-1]}," \
    "floor/wrk ${floor_wrk[-1]}, proxybench/floor ${pb_floor[-1]}, default run/proxybench ${default_run[-1]}"
done
echo
for tool in wrk proxybench records progress-on floor; do
  # shellcheck disable=SC2086 # the list is split into rounds on purpose
  echo "median CPU per request, $tool: $(median ${cpus[$tool]}) us (rounds${cpus[$tool]})"
done
echo "ratio proxybench (--no-records)/wrk steady CPU per request: $(median "${pb_wrk[@]}") (rounds ${pb_wrk[*]};" \
  "goal <= 1.0)"
echo "ratio proxybench with records written/wrk: $(median "${records_wrk[@]}") (rounds ${records_wrk[*]})"
echo "ratio netty floor/wrk steady CPU per request: $(median "${floor_wrk[@]}") (rounds ${floor_wrk[*]})"
echo "ratio proxybench/netty floor steady CPU per request: $(median "${pb_floor[@]}") (rounds ${pb_floor[*]})"
echo "ratio proxybench as a user runs it (records, interval log and progress on) / --no-records:" \
  "$(median "${default_run[@]}") (rounds ${default_run[*]}; goal <= 1.10)"
