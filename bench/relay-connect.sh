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
# rotating), WARMUP (seconds of `run --warmup` before each run, discarded, and of one discarded run through the
# lab before round 1, so that the lab's JIT is warm too; 0 for none), INNER (http1 or h2),
# RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS (JVM flags of the client and the lab), EPOLL (1 for
# one more relay: a second lab on epoll, `-Dproxybench.transport=epoll`, where the first runs on io_uring).
# The last lines are the kernel's part of each relay's marginal CPU (the floor for a relay making the same system
# calls) and the ratios lab/squid of the marginal CPU per relayed request and of the requests/s.
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

relay_count=3
[ "${EPOLL:-0}" != 1 ] || relay_count=4
run_for=$(( (ROUNDS * relay_count + 1) * (SHORT + DURATION + 2 * WARMUP + 120) + 120 ))
nginx_start "$run_for"
squid_start "$run_for"
tinyproxy_start "$run_for"
lab_start "$run_for"
relays=("lab gateway" "$gateway" "$lab_pid" squid "$squid_url" "$squid_pid" tinyproxy "$tinyproxy_url" "$tinyproxy_pid")
if [ "${EPOLL:-0}" = 1 ]; then
  # lab_start sets the first lab's variables again: keep them, and the second lab's gateway for its warm-up.
  first_lab=("$lab_pid" "$gateway" "$lab_transport")
  PROXYBENCH_JAVA_OPTS="${PROXYBENCH_JAVA_OPTS:-} -Dproxybench.transport=epoll" lab_start "$run_for" epoll
  peer_pids+=("$lab_pid")
  relays+=("lab, epoll" "$gateway" "$lab_pid")
  epoll_gateway="$gateway"
  echo "$me: lab gateway on epoll $gateway (PID $lab_pid)"
  lab_pid="${first_lab[0]}" gateway="${first_lab[1]}" lab_transport="${first_lab[2]}"
fi
url="$nginx_h1_url"
[ "$INNER" = http1 ] || url="$nginx_url"

echo "$me: C=$C, runs of ${SHORT}s and ${DURATION}s, $ROUNDS rounds, ${WARMUP}s client warm-up per run, inside the tunnel:" \
  "$INNER; to $url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$me: lab gateway $gateway (PID $lab_pid, $lab_transport), squid $squid_url (PID $squid_pid), tinyproxy $tinyproxy_url" \
  "(PID $tinyproxy_pid)"
if [ "$WARMUP" -gt 0 ]; then
  echo "$me: warming the lab up: one ${WARMUP}s run through it (discarded)"
  DURATION="$WARMUP" pb_run "$gateway" "$url"
  [ "${EPOLL:-0}" != 1 ] || DURATION="$WARMUP" pb_run "$epoll_gateway" "$url"
fi
relay_rounds "$url" "${relays[@]}"
echo "ratio tinyproxy/squid requests/s: $(two "$(per "${med_rps[tinyproxy]}" "${med_rps[squid]}" 1)")"
echo "ratio lab/squid requests/s: $(two "$(per "${med_rps[lab gateway]}" "${med_rps[squid]}" 1)") (medians of" \
  "$ROUNDS rounds)"
kernel_line "lab gateway" squid
if [ "${EPOLL:-0}" = 1 ]; then
  kernel_line "lab, epoll" squid
  echo "ratio lab on epoll/squid marginal CPU per relayed request:" \
    "$(two "$(per "${med_relay[lab, epoll]}" "${med_relay[squid]}" 1)") (medians of $(rounds "$ROUNDS"): lab on epoll" \
    "${med_relay[lab, epoll]} ms; rounds $(ratios "${rel_rounds[lab, epoll]}" "${rel_rounds[squid]}"))"
fi
echo "ratio lab/squid marginal CPU per relayed request: $(two "$(per "${med_relay[lab gateway]}" "${med_relay[squid]}" 1)")" \
  "(medians of $(rounds "$ROUNDS"): lab on $lab_transport ${med_relay[lab gateway]} ms, squid ${med_relay[squid]} ms; rounds" \
  "$(ratios "${rel_rounds[lab gateway]}" "${rel_rounds[squid]}"); goal <= 0.6)"
