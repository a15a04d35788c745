#!/usr/bin/env bash
# CONNECT relays under the same load: `proxybench run --closed-loop C` to nginx (HTTPS, keep-alive, a 3-byte body)
# through the lab's gateway (`proxybench lab`), squid and tinyproxy, alternating in ONE run (the machine is noisy, so
# only ratios within a run mean something). Per relay: requests/s, p99 and the relay's marginal CPU per relayed
# request (its whole process tree, around a SHORT and a DURATION run of the same client, each its own process:
# the difference in CPU over the difference in requests nginx answered, so that start and warm-up cancel).
# The client reuses its tunnels (keep-alive), so each relay sees C tunnels per run, opened during run's warm-up.
# The lab's credentials carry no session: it picks a new exit per tunnel (rotating), which with reused tunnels
# means one exit per tunnel for the tunnel's life, and one dial per tunnel, like squid's and tinyproxy's.
# HTTP/1.1 inside the tunnels by default (nginx's http/1.1-only port): one tunnel per worker. INNER=h2 targets the
# port offering h2 instead, which `run` negotiates.
#
#   bench/relay-connect.sh                                            # C=50 SHORT=6 DURATION=14 ROUNDS=3 WARMUP=3
#   C=4 SHORT=1 DURATION=2 ROUNDS=1 WARMUP=0 bench/relay-connect.sh   # CI-sized smoke
#
# Env: C (proxybench workers), SHORT and DURATION (seconds of the short and the long run), ROUNDS (each relay once per round, the order
# rotating), WARMUP (seconds of `run --warmup-for` before each run, discarded, and of one discarded run through the
# lab before round 1, so that the lab's JIT is warm too; 0 for none), INNER (http1 or h2),
# RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS (JVM flags of the client and the lab).
# The last lines are the ratios lab/squid of the marginal CPU per relayed request and of the requests/s.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="relay-connect"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
settings --inner
peer_require jq jq
peer_require curl curl
bench_tmp

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null

run_for=$(( (ROUNDS * 3 + 1) * (SHORT + DURATION + 2 * WARMUP + 120) + 120 ))
nginx_start "$run_for"
squid_start "$run_for"
tinyproxy_start "$run_for"
lab_start "$run_for"
url="$nginx_h1_url"
[ "$INNER" = http1 ] || url="$nginx_url"

echo "$me: C=$C, runs of ${SHORT}s and ${DURATION}s, $ROUNDS rounds, ${WARMUP}s client warm-up per run, inside the tunnel:" \
  "$INNER; to $url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$me: lab gateway $gateway (PID $lab_pid), squid $squid_url (PID $squid_pid), tinyproxy $tinyproxy_url" \
  "(PID $tinyproxy_pid)"
if [ "$WARMUP" -gt 0 ]; then
  echo "$me: warming the lab up: one ${WARMUP}s run through it (discarded)"
  DURATION="$WARMUP" pb_run "$gateway" "$url"
fi
relay_rounds "$url" "lab gateway" "$gateway" "$lab_pid" squid "$squid_url" "$squid_pid" \
  tinyproxy "$tinyproxy_url" "$tinyproxy_pid"
echo "ratio tinyproxy/squid requests/s: $(two "$(per "${med_rps[tinyproxy]}" "${med_rps[squid]}" 1)")"
echo "ratio lab/squid requests/s: $(two "$(per "${med_rps[lab gateway]}" "${med_rps[squid]}" 1)") (medians of" \
  "$ROUNDS rounds)"
echo "ratio lab/squid marginal CPU per relayed request: $(two "$(per "${med_relay[lab gateway]}" "${med_relay[squid]}" 1)")" \
  "(medians of $ROUNDS rounds: lab ${med_relay[lab gateway]} ms, squid ${med_relay[squid]} ms; rounds" \
  "$(ratios "${rel_rounds[lab gateway]}" "${rel_rounds[squid]}"); goal <= 0.6)"
