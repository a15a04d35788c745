#!/usr/bin/env bash
# SOCKS5 relays under the same load: `proxybench run --closed-loop C` to nginx (HTTPS, keep-alive, a 3-byte body)
# through the lab's gateway (`proxybench lab`: SOCKS5 on the same port as HTTP CONNECT, told apart by the first byte)
# and dante (socksmethod none), alternating in ONE run (the machine is noisy, so only ratios within a run mean
# something). Per relay: requests/s, p99 and the relay's marginal CPU per relayed request (its whole process
# tree, dante's forked children included, around a SHORT and a DURATION run of the same client, each its own
# process: the difference in CPU over the difference in requests nginx answered, so that start and warm-up cancel). `run` takes the relays as socks5://127.0.0.1:PORT and resolves nothing (the target is an IP). The
# client reuses its SOCKS5 connections (keep-alive), so each relay sees C connections per run, opened during run's
# warm-up; the lab gets no credentials, so no session: a new exit per connection, kept for its life.
# HTTP/1.1 inside by default (nginx's http/1.1-only port): one connection per worker. INNER=h2 targets the port
# offering h2 instead, which `run` negotiates.
#
#   bench/relay-socks5.sh                                            # C=50 SHORT=6 DURATION=14 ROUNDS=3 WARMUP=3
#   C=4 SHORT=1 DURATION=2 ROUNDS=1 WARMUP=0 bench/relay-socks5.sh   # CI-sized smoke
#
# Env: C (proxybench workers), SHORT and DURATION (seconds of the short and the long run), ROUNDS (each relay once per round, the order
# rotating), WARMUP (seconds of `run --warmup` before each run, discarded, and of one discarded run through the
# lab before round 1, so that the lab's JIT is warm too; 0 for none), INNER (http1 or h2),
# RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS (JVM flags of the client and the lab).
# The last lines are the kernel's part of each relay's marginal CPU (the floor for a relay making the same system
# calls) and the ratios lab/dante of the marginal CPU per relayed request and of the requests/s.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="relay-socks5"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
settings --inner
peer_require jq jq
peer_require curl curl
bench_tmp

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null

run_for=$(( (ROUNDS * 2 + 1) * (SHORT + DURATION + 2 * WARMUP + 120) + 120 ))
nginx_start "$run_for"
dante_start "$run_for"
lab_start "$run_for"
lab_socks="socks5://${gateway#http://}"
url="$nginx_h1_url"
[ "$INNER" = http1 ] || url="$nginx_url"
curl -sSf --max-time 10 --cacert "$nginx_cert" -x "socks5h://${gateway#http://}" "$url" >/dev/null \
  || { echo "$me: the lab does not relay SOCKS5 on $lab_socks" >&2; exit 1; }

echo "$me: C=$C, runs of ${SHORT}s and ${DURATION}s, $ROUNDS rounds, ${WARMUP}s client warm-up per run, inside:" \
  "$INNER; to $url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$me: lab gateway $lab_socks (PID $lab_pid), dante $dante_url (PID $dante_pid)"
if [ "$WARMUP" -gt 0 ]; then
  echo "$me: warming the lab up: one ${WARMUP}s run through it (discarded)"
  DURATION="$WARMUP" pb_run "$lab_socks" "$url"
fi
relay_rounds "$url" "lab gateway" "$lab_socks" "$lab_pid" dante "$dante_url" "$dante_pid"
echo "ratio lab/dante requests/s: $(two "$(per "${med_rps[lab gateway]}" "${med_rps[dante]}" 1)") (medians of" \
  "$ROUNDS rounds)"
kernel_line "lab gateway" dante
echo "ratio lab/dante marginal CPU per relayed request: $(two "$(per "${med_relay[lab gateway]}" "${med_relay[dante]}" 1)")" \
  "(medians of $(rounds "$ROUNDS"): lab ${med_relay[lab gateway]} ms, dante ${med_relay[dante]} ms; rounds" \
  "$(ratios "${rel_rounds[lab gateway]}" "${rel_rounds[dante]}"); goal <= 0.6)"
