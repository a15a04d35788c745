#!/usr/bin/env bash
# The client against hey: `proxybench run --closed-loop C` and `hey -x`, both through squid (CONNECT) to nginx
# (HTTPS, keep-alive, a 3-byte body), at the same concurrency, alternating in ONE run (the machine is noisy, so only
# the ratio within a run means something). Requests/s and p99 (each tool's own, from the send), and the tool's own
# CPU per request. hey speaks HTTP/1.1 inside the tunnel; `run` has no option to offer only http/1.1 by ALPN, so the
# like-for-like row sends proxybench to nginx's http/1.1-only port; a second proxybench row goes to the port that
# offers h2, which `run` then negotiates (nginx_conns shows how many tunnels carried it): shown, with its own
# ratio, but not like for like.
#
# The tool's own CPU per request is measured as a marginal cost: each tool runs SHORT and DURATION seconds, each its
# own process, and (CPU of the long run - CPU of the short) / (successes of the long - of the short) leaves out start,
# JIT and warm-up, which both runs pay alike.
#
#   bench/client-vs-hey.sh                                            # C=50 SHORT=6 DURATION=14 ROUNDS=3 WARMUP=3
#   C=4 SHORT=1 DURATION=2 ROUNDS=1 WARMUP=0 bench/client-vs-hey.sh   # CI-sized smoke
#
# Env: C (concurrency: proxybench workers, hey -c), SHORT and DURATION (seconds of the short and the long run),
# ROUNDS, WARMUP (seconds of `run --warmup` before each proxybench run, discarded: each run is a new JVM; 0 for
# none), RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS (the client's JVM flags, as for ./proxybench).
# req/s and p99 are the long run's; cpu_ms/req is the marginal CPU. nginx_conns: connections nginx accepted during
# the long run's invocation, one per tunnel squid opened for the tool (hey's churn shows there). The last lines are
# the ratios.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="client-vs-hey"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
settings
peer_require hey hey
peer_require jq jq
peer_require curl curl
bench_tmp

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null

peers_for=$(( ROUNDS * 3 * (SHORT + DURATION + 2 * WARMUP + 120) + 120 ))
nginx_start "$peers_for"
squid_start "$peers_for"

row_fmt='%-30s %10s %9s %11s %9s %12s %7s  %s\n'
header() { printf "$row_fmt" tool "req/s" "p99_ms" "cpu_ms/req" "new_conn" "nginx_conns" errors inside; }
row() { printf "$row_fmt" "$1" "$r_rps" "$r_p99" "$r_cpu" "$r_new" "$r_conns" "$r_errors" "$r_http"; }

echo "$me: C=$C, runs of ${SHORT}s and ${DURATION}s, $ROUNDS rounds, ${WARMUP}s client warm-up per proxybench run;" \
  "through squid $squid_url to nginx (h1-only $nginx_h1_url, h2+h1 $nginx_url); load average" \
  "$(cut -d' ' -f1-3 /proc/loadavg)"
hey_rps=() hey_p99=() hey_cpu=() h1_rps=() h1_p99=() h1_cpu=() h2_rps=() h2_p99=() h2_cpu=() r1=() r2=() c1=()
for round in $(seq 1 "$ROUNDS"); do
  lines=()
  order=(hey h1 h2)
  [ $(( round % 2 )) -eq 0 ] && order=(h1 hey h2)
  for tool in "${order[@]}"; do
    case "$tool" in
      hey)
        marginal hey_run "$squid_url" "$nginx_h1_url"
        r_cpu="$m_cpu"
        hey_rps+=("$r_rps") hey_p99+=("$r_p99") hey_cpu+=("$r_cpu")
        lines+=("$(row "hey -x")")
        ;;
      h1)
        marginal pb_run "$squid_url" "$nginx_h1_url"
        r_cpu="$m_cpu"
        h1_rps+=("$r_rps") h1_p99+=("$r_p99") h1_cpu+=("$r_cpu")
        lines+=("$(row "proxybench http/1.1 (like hey)")")
        ;;
      h2)
        marginal pb_run "$squid_url" "$nginx_url"
        r_cpu="$m_cpu"
        h2_rps+=("$r_rps") h2_p99+=("$r_p99") h2_cpu+=("$r_cpu")
        lines+=("$(row "proxybench default (h2 offered)")")
        ;;
    esac
    sleep 1
  done
  r1+=("$(per "${h1_rps[-1]}" "${hey_rps[-1]}" 1)")
  r2+=("$(per "${h2_rps[-1]}" "${hey_rps[-1]}" 1)")
  c1+=("$(per "${h1_cpu[-1]}" "${hey_cpu[-1]}" 1)")
  echo
  echo "round $round/$ROUNDS"
  header
  printf '%s\n' "${lines[@]}"
  echo "round $round ratio requests/s: proxybench http/1.1 / hey $(two "${r1[-1]}"); proxybench default / hey $(two "${r2[-1]}");" \
    "marginal CPU per request, proxybench http/1.1 / hey: $(two "${c1[-1]}")"
done

echo
echo "medians over $ROUNDS rounds (new_conn: tunnels proxybench opened in its measured window, hey does not say;"
echo "nginx_conns: connections nginx accepted in the whole invocation, proxybench's warm-up included: one per tunnel)"
printf '%-30s %10s %9s %11s\n' tool "req/s" "p99_ms" "cpu_ms/req"
printf '%-30s %10s %9s %11s\n' "hey -x" "$(median "${hey_rps[@]}")" "$(median "${hey_p99[@]}")" \
  "$(median "${hey_cpu[@]}")"
printf '%-30s %10s %9s %11s\n' "proxybench http/1.1 (like hey)" "$(median "${h1_rps[@]}")" \
  "$(median "${h1_p99[@]}")" "$(median "${h1_cpu[@]}")"
printf '%-30s %10s %9s %11s\n' "proxybench default (h2 offered)" "$(median "${h2_rps[@]}")" \
  "$(median "${h2_p99[@]}")" "$(median "${h2_cpu[@]}")"
printf 'ratio proxybench default (h2 inside the tunnel, not like for like) / hey requests/s: %s\n' \
  "$(two "$(median "${r2[@]}")")"
printf 'ratio proxybench/hey requests/s, both HTTP/1.1 inside the tunnel: %s (median of %s; p99 ms %s vs %s)\n' \
  "$(two "$(median "${r1[@]}")")" "$(rounds "$ROUNDS")" "$(median "${h1_p99[@]}")" "$(median "${hey_p99[@]}")"
printf 'ratio proxybench/hey marginal CPU per successful request, both HTTP/1.1 inside the tunnel: %s (median of %s; rounds %s; goal <= 0.5)\n' \
  "$(two "$(median "${c1[@]}")")" "$(rounds "$ROUNDS")" "${c1[*]}"
