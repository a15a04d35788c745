#!/usr/bin/env bash
# The machine's ceiling, no proxy: `proxybench run --closed-loop C` and `wrk -t 2 -c C`, both straight to nginx
# (HTTPS, keep-alive, a 3-byte body, nginx's http/1.1-only port: wrk speaks only HTTP/1.1, and so C connections each
# side), alternating in ONE run (the machine is noisy, so only the ratio within a run means something). Requests/s,
# p99 (each tool's own, from the send) and the tool's own CPU per request (proxybench: its sampler over the measured
# window; wrk: its whole process). nginx runs one worker; both tools share the machine's cores with it.
#
# The tool's own CPU per request is measured as a marginal cost: each tool runs SHORT and DURATION seconds, each its
# own process, and (CPU of the long run - CPU of the short) / (successes of the long - of the short) leaves out start,
# JIT and warm-up. A third row is proxybench as a user runs it: records, HDR log and progress line on (default `run`).
# With FLOOR=1 a fourth row is the floor under any Netty client (io.proxybench.jmh.NettyFloor, built into the JMH
# jar first): the same closed loop with only Netty's TLS handler and HTTP codec, on proxybench's transport and TLS
# engine, no record; its ratios to wrk and proxybench's to it say how much of proxybench's cost is its own work.
#
#   bench/direct-vs-wrk.sh                                            # C=50 SHORT=6 DURATION=14 ROUNDS=3 WARMUP=3
#   C=4 SHORT=1 DURATION=2 ROUNDS=1 WARMUP=0 bench/direct-vs-wrk.sh   # CI-sized smoke
#   FLOOR=1 bench/direct-vs-wrk.sh                                    # with Netty's floor
#
# Env: C (connections: proxybench workers, wrk -c), SHORT and DURATION (seconds of the short and the long run),
# ROUNDS, WARMUP (seconds of `run --warmup` before each proxybench run, discarded: each run is a new JVM; 0 for
# none), WRK_THREADS (wrk -t, default 1), RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS (the
# client's JVM flags, as for ./proxybench), FLOOR (1 for the floor's row). The last lines are the ratios.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="direct-vs-wrk"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
settings
peer_require wrk wrk
peer_require jq jq
peer_require curl curl
bench_tmp

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null
FLOOR="${FLOOR:-0}"
[ "$FLOOR" != 1 ] || build_jmh_jar

# One run of NettyFloor for WARMUP + DURATION seconds, counting the last DURATION (the figures a _*_run sets).
_floor_run() {
  local out="$tmp/floor.out"
  floor_command "$1" "$nginx_cert"
  _timed "$out" timeout $(( WARMUP + DURATION + 60 )) "${floor_cmd[@]}" "$C" "$WARMUP" "$DURATION"
  read -r r_requests r_errors < <(awk '$1 == "ok" { print $2, $4 }' "$out")
  [ -n "$r_requests" ] || { echo "$me: could not read NettyFloor's output: $(cat "$out")" >&2; exit 1; }
  r_rps="$(awk -v n="$r_requests" -v d="$DURATION" 'BEGIN { printf "%.1f", n / d }')"
  r_p99="-"
  r_cpu="$(per "$_user_sys" "$r_requests" 1000)"
  r_new="-"
  r_http="http/1.1"
}
floor_run() { _around _floor_run "$@"; }

nginx_start $(( ROUNDS * 3 * (SHORT + DURATION + 2 * WARMUP + 120) + 120 ))

row_fmt='%-22s %10s %9s %11s %9s %12s %7s  %s\n'
echo "$me: C=$C, runs of ${SHORT}s and ${DURATION}s, $ROUNDS rounds, ${WARMUP}s client warm-up per proxybench run;" \
  "wrk -t ${WRK_THREADS:-1}; to $nginx_h1_url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
wrk_rps=() wrk_p99=() wrk_cpu=() pb_rps=() pb_p99=() pb_cpu=() pbd_cpu=() ratios=() cpu_ratios=() default_ratios=()
floor_cpu=() floor_ratios=() above_floor=()
for round in $(seq 1 "$ROUNDS"); do
  lines=()
  order=(wrk pb pbd)
  [ "$FLOOR" != 1 ] || order+=(floor)
  [ $(( round % 2 )) -eq 1 ] || order=("${order[@]:3}" pbd pb wrk)
  for tool in "${order[@]}"; do
    case "$tool" in
      wrk)
        marginal wrk_run "$nginx_h1_url"
        wrk_rps+=("$r_rps") wrk_p99+=("$r_p99") wrk_cpu+=("$m_cpu")
        name=wrk
        ;;
      pb)
        marginal pb_run "" "$nginx_h1_url"
        pb_rps+=("$r_rps") pb_p99+=("$r_p99") pb_cpu+=("$m_cpu")
        name="proxybench"
        ;;
      pbd)
        PB_PROGRESS=1 marginal pb_run "" "$nginx_h1_url"
        pbd_cpu+=("$m_cpu")
        name="proxybench, progress on"
        ;;
      floor)
        marginal floor_run "$nginx_h1_url"
        floor_cpu+=("$m_cpu")
        name="netty floor"
        ;;
    esac
    # shellcheck disable=SC2059 # the format is the table's layout
    lines+=("$(printf "$row_fmt" "$name" "$r_rps" "$r_p99" "$m_cpu" "$r_new" "$r_conns" "$r_errors" "$r_http")")
    sleep 1
  done
  ratios+=("$(per "${pb_rps[-1]}" "${wrk_rps[-1]}" 1)")
  cpu_ratios+=("$(per "${pb_cpu[-1]}" "${wrk_cpu[-1]}" 1)")
  default_ratios+=("$(per "${pbd_cpu[-1]}" "${pb_cpu[-1]}" 1)")
  if [ "$FLOOR" = 1 ]; then
    floor_ratios+=("$(per "${floor_cpu[-1]}" "${wrk_cpu[-1]}" 1)")
    above_floor+=("$(per "${pb_cpu[-1]}" "${floor_cpu[-1]}" 1)")
  fi
  echo
  echo "round $round/$ROUNDS (req/s and p99 of the long run; cpu_ms/req marginal)"
  # shellcheck disable=SC2059
  printf "$row_fmt" tool "req/s" "p99_ms" "cpu_ms/req" "new_conn" "nginx_conns" errors inside
  printf '%s\n' "${lines[@]}"
  echo "round $round ratios: proxybench/wrk requests/s $(two "${ratios[-1]}"), marginal CPU per request" \
    "$(two "${cpu_ratios[-1]}"); progress on / off $(two "${default_ratios[-1]}")"
done

echo
echo "medians over $ROUNDS rounds (new_conn: connections proxybench opened in its measured window, wrk does not say;"
echo "nginx_conns: connections nginx accepted in the long run's invocation, proxybench's warm-up included)"
printf '%-22s %10s %9s %11s\n' tool "req/s" "p99_ms" "cpu_ms/req"
printf '%-22s %10s %9s %11s\n' wrk "$(median "${wrk_rps[@]}")" "$(median "${wrk_p99[@]}")" "$(median "${wrk_cpu[@]}")"
printf '%-22s %10s %9s %11s\n' proxybench "$(median "${pb_rps[@]}")" "$(median "${pb_p99[@]}")" \
  "$(median "${pb_cpu[@]}")"
printf '%-22s %10s %9s %11s\n' "proxybench, progress on" "-" "-" "$(median "${pbd_cpu[@]}")"
[ "$FLOOR" != 1 ] || printf '%-22s %10s %9s %11s\n' "netty floor" "-" "-" "$(median "${floor_cpu[@]}")"
echo "ratio proxybench/wrk requests/s: $(two "$(median "${ratios[@]}")") (median of $(rounds "$ROUNDS"); p99 ms" \
  "$(median "${pb_p99[@]}") vs $(median "${wrk_p99[@]}"))"
echo "ratio proxybench/wrk marginal CPU per successful request: $(two "$(median "${cpu_ratios[@]}")") (rounds" \
  "${cpu_ratios[*]}; goal <= 1.0)"
echo "ratio proxybench as a user runs it (progress on) / without progress, marginal CPU per request:" \
  "$(two "$(median "${default_ratios[@]}")") (rounds ${default_ratios[*]}; goal <= 1.10)"
if [ "$FLOOR" = 1 ]; then
  echo "ratio netty floor/wrk marginal CPU per successful request: $(two "$(median "${floor_ratios[@]}")") (rounds" \
    "${floor_ratios[*]})"
  echo "ratio proxybench/netty floor marginal CPU per successful request: $(two "$(median "${above_floor[@]}")")" \
    "(rounds ${above_floor[*]})"
fi
