#!/usr/bin/env bash
# The machine's ceiling, no proxy: `proxybench run --closed-loop C` and `wrk -t 2 -c C`, both straight to nginx
# (HTTPS, keep-alive, a 3-byte body, nginx's http/1.1-only port: wrk speaks only HTTP/1.1, and so C connections each
# side), alternating in ONE run (the machine is noisy, so only the ratio within a run means something). Requests/s,
# p99 (each tool's own, from the send) and the tool's own CPU per request (proxybench: its sampler over the measured
# window; wrk: its whole process). nginx runs one worker; both tools share the machine's cores with it.
#
#   bench/direct-vs-wrk.sh                                   # C=50 DURATION=10 ROUNDS=3 WARMUP=5
#   C=4 DURATION=2 ROUNDS=1 WARMUP=0 bench/direct-vs-wrk.sh  # CI-sized smoke
#
# Env: C (connections: proxybench workers, wrk -c), DURATION (seconds per measured run), ROUNDS, WARMUP (seconds of
# `run --warmup-for` before each proxybench run, discarded: each run is a new JVM; 0 for none), RUN_ARGS (extra
# `proxybench run` flags), PROXYBENCH_JAVA_OPTS (the client's JVM flags, as for ./proxybench).
# The last line is the ratio proxybench/wrk of requests/s.
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

nginx_start $(( ROUNDS * 2 * (DURATION + WARMUP + 60) + 120 ))

row_fmt='%-12s %10s %9s %11s %9s %12s %7s  %s\n'
echo "$me: C=$C, ${DURATION}s per run, $ROUNDS rounds, ${WARMUP}s client warm-up per proxybench run; to" \
  "$nginx_h1_url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
wrk_rps=() wrk_p99=() wrk_cpu=() pb_rps=() pb_p99=() pb_cpu=() ratios=()
for round in $(seq 1 "$ROUNDS"); do
  lines=()
  order=(wrk pb)
  [ $(( round % 2 )) -eq 0 ] && order=(pb wrk)
  for tool in "${order[@]}"; do
    if [ "$tool" = wrk ]; then
      wrk_run "$nginx_h1_url"
      wrk_rps+=("$r_rps") wrk_p99+=("$r_p99") wrk_cpu+=("$r_cpu")
    else
      pb_run "" "$nginx_h1_url"
      pb_rps+=("$r_rps") pb_p99+=("$r_p99") pb_cpu+=("$r_cpu")
      tool=proxybench
    fi
    # shellcheck disable=SC2059 # the format is the table's layout
    lines+=("$(printf "$row_fmt" "$tool" "$r_rps" "$r_p99" "$r_cpu" "$r_new" "$r_conns" "$r_errors" "$r_http")")
    sleep 1
  done
  ratios+=("$(per "${pb_rps[-1]}" "${wrk_rps[-1]}" 1)")
  echo
  echo "round $round/$ROUNDS"
  # shellcheck disable=SC2059
  printf "$row_fmt" tool "req/s" "p99_ms" "cpu_ms/req" "new_conn" "nginx_conns" errors inside
  printf '%s\n' "${lines[@]}"
  echo "round $round ratio proxybench/wrk requests/s: $(two "${ratios[-1]}")"
done

echo
echo "medians over $ROUNDS rounds (new_conn: connections proxybench opened in its measured window, wrk does not say;"
echo "nginx_conns: connections nginx accepted in the whole invocation, proxybench's warm-up included)"
printf '%-12s %10s %9s %11s\n' tool "req/s" "p99_ms" "cpu_ms/req"
printf '%-12s %10s %9s %11s\n' wrk "$(median "${wrk_rps[@]}")" "$(median "${wrk_p99[@]}")" "$(median "${wrk_cpu[@]}")"
printf '%-12s %10s %9s %11s\n' proxybench "$(median "${pb_rps[@]}")" "$(median "${pb_p99[@]}")" \
  "$(median "${pb_cpu[@]}")"
echo "ratio proxybench/wrk requests/s: $(two "$(median "${ratios[@]}")") (median of $ROUNDS rounds; p99 ms" \
  "$(median "${pb_p99[@]}") vs $(median "${wrk_p99[@]}"))"
