#!/usr/bin/env bash
# SOCKS5 relays under the same load: `proxybench run --closed-loop C` to nginx (HTTPS, keep-alive, a 3-byte body)
# through the lab's gateway (`proxybench lab`: SOCKS5 on the same port as HTTP CONNECT, told apart by the first byte)
# and dante (socksmethod none), alternating in ONE run (the machine is noisy, so only ratios within a run mean
# something). Per relay: requests/s, p99 and the relay's CPU seconds per 1,000 requests (its whole process tree,
# dante's forked children included, over the whole `run` invocation, per request nginx answered in it, warm-up
# included). `run` takes the relays as socks5://127.0.0.1:PORT and resolves nothing (the target is an IP). The
# client reuses its SOCKS5 connections (keep-alive), so each relay sees C connections per run, opened during run's
# warm-up; the lab gets no credentials, so no session: a new exit per connection, kept for its life.
# HTTP/1.1 inside by default (nginx's http/1.1-only port): one connection per worker. INNER=h2 targets the port
# offering h2 instead, which `run` negotiates.
#
#   bench/relay-socks5.sh                                   # C=50 DURATION=10 ROUNDS=3 WARMUP=5
#   C=4 DURATION=2 ROUNDS=1 WARMUP=0 bench/relay-socks5.sh  # CI-sized smoke
#
# Env: C (proxybench workers), DURATION (seconds per measured run), ROUNDS (each relay once per round, the order
# rotating), WARMUP (seconds of `run --warmup-for` before each run, discarded, and of one discarded run through the
# lab before round 1, so that the lab's JIT is warm too; 0 for none), INNER (http1 or h2),
# RUN_ARGS (extra `proxybench run` flags), PROXYBENCH_JAVA_OPTS (JVM flags of the client and the lab).
# The last line is the ratio lab/dante of the median requests/s.
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

run_for=$(( (ROUNDS * 2 + 1) * (DURATION + WARMUP + 60) + 120 ))
nginx_start "$run_for"
dante_start "$run_for"
lab_start "$run_for"
lab_socks="socks5://${gateway#http://}"
url="$nginx_h1_url"
[ "$INNER" = http1 ] || url="$nginx_url"
curl -sSf --max-time 10 --cacert "$nginx_cert" -x "socks5h://${gateway#http://}" "$url" >/dev/null \
  || { echo "$me: the lab does not relay SOCKS5 on $lab_socks" >&2; exit 1; }

echo "$me: C=$C, ${DURATION}s per run, $ROUNDS rounds, ${WARMUP}s client warm-up per run, inside:" \
  "$INNER; to $url; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$me: lab gateway $lab_socks (PID $lab_pid), dante $dante_url (PID $dante_pid)"
if [ "$WARMUP" -gt 0 ]; then
  echo "$me: warming the lab up: one ${WARMUP}s run through it (discarded)"
  DURATION="$WARMUP" pb_run "$lab_socks" "$url"
fi
relay_rounds "$url" "lab gateway" "$lab_socks" "$lab_pid" dante "$dante_url" "$dante_pid"
echo "ratio lab/dante requests/s: $(two "$(per "${med_rps[lab gateway]}" "${med_rps[dante]}" 1)") (medians of" \
  "$ROUNDS rounds; relay CPU s per 1,000 requests: lab ${med_relay[lab gateway]}, dante ${med_relay[dante]})"
