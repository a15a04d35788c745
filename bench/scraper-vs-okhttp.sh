#!/usr/bin/env bash
# A scraper's workload through the lab, by proxybench's client and by OkHttp 5, alternating in ONE run (the machine
# is noisy, so only ratios within a run mean something): each request is a GET of the lab target's
# /login?to=/page/PAGE in one of SESSIONS sticky sessions (sessions taken in turn), which answers 302 setting the
# session's cookie, then the PAGE-byte HTML page, gzip'd, whose request must bring the cookie back. C requests at once,
# WARMUP requests first (the JIT's, not counted), then REQUESTS measured. The warm-up is long because the JIT takes
# long: after 8,000 requests a C2 compiler thread of either client was still busy through the whole measured window
# (about half of proxybench's CPU and 40% of OkHttp's), so the figure was the JIT's more than the client's. "JIT ms" is
# the time the JVM's compilers spent during the measured requests (the JVM's own count): small against the run's seconds
# once the warm-up was enough. Both sides set up as their users would:
# proxybench's one client with its defaults (cookies per session, redirects followed, gzip decoded), OkHttp with a
# client per session from newBuilder() (a CookieJar and proxy credentials each, one pool and dispatcher), see
# io.proxybench.jmh.sidebyside. The figure is each client's CPU per measured request: its whole process's CPU time
# (every thread: I/O, GC, JIT) over the measured requests, from the JVM's own count. The lab's page_cookies counts
# say whether every page got its own session's cookie back.
#
#   bench/scraper-vs-okhttp.sh                                           # REQUESTS=60000 WARMUP=100000 C=20 ROUNDS=3
#   REQUESTS=200 WARMUP=100 ROUNDS=1 bench/scraper-vs-okhttp.sh            # CI-sized smoke
#
# Env: REQUESTS, WARMUP (requests), C (at once), SESSIONS (50), PAGE (bytes of the page, 30000), ROUNDS (each client
# once per round, the order alternating), JAVA_OPTS (JVM flags of both). Goal (issue 39): proxybench's CPU per request
# <= 0.7x OkHttp's.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="scraper-vs-okhttp"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
REQUESTS="${REQUESTS:-60000}"
WARMUP="${WARMUP:-100000}"
C="${C:-20}"
SESSIONS="${SESSIONS:-50}"
PAGE="${PAGE:-30000}"
ROUNDS="${ROUNDS:-3}"
for v in REQUESTS C SESSIONS PAGE ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number of requests, got '$WARMUP'" >&2; exit 2; }
peer_require curl curl
peer_require jq jq
bench_tmp
build_jmh_jar

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null
# Each run gets 60 s plus 10 ms per request (a 10 ms request would be a problem, not a figure).
per_run=$((60 + (WARMUP + REQUESTS) / 100))
# The lab requires the account, and a session keeps its exit for the whole script (see scraper-vs-clients.sh).
LAB_ARGS="--auth lab:lab --session-lifetime $((ROUNDS * 2 * per_run + 120))s" lab_start $((ROUNDS * 2 * per_run + 120))
page_url="$target/login?to=/page/$PAGE"
echo "$me: $REQUESTS requests (after $WARMUP) at C=$C over $SESSIONS sessions, $ROUNDS rounds; $page_url through the" \
  "lab's gateway $gateway (PID $lab_pid, $lab_transport); load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Sets s_cpu, s_secs, s_jit, s_failures and s_cookies ("RETURNED MISSING FOREIGN" from the lab's /stats).
scrape() {
  local out stats
  curl -sSf --max-time 10 --cacert "$ca" -X DELETE "$target/stats" >/dev/null
  # shellcheck disable=SC2086
  out="$(timeout "$per_run" java ${JAVA_OPTS:-} -cp "$jmh_jar" io.proxybench.jmh.sidebyside.ScraperLoad "$1" \
    "${gateway#http://}" "$page_url" "$ca" "$SESSIONS" "$C" "$WARMUP" "$REQUESTS" "$PAGE" 2>"$tmp/$1.err")" \
    || { echo "$me: $1's run failed: $out $(cat "$tmp/$1.err")" >&2; exit 1; }
  s_cpu="$(sed -n 's/.*cpu_ms_per_request=\([0-9.]*\).*/\1/p' <<<"$out")"
  s_secs="$(sed -n 's/.*seconds=\([0-9.]*\).*/\1/p' <<<"$out")"
  s_jit="$(sed -n 's/.*jit_ms=\([0-9]*\).*/\1/p' <<<"$out")"
  s_failures="$(sed -n 's/.*failures=\([0-9]*\).*/\1/p' <<<"$out")"
  [ "$s_failures" = 0 ] || echo "$me: $1 had $s_failures failures: $(head -3 "$tmp/$1.err")" >&2
  stats="$(curl -sSf --max-time 10 --cacert "$ca" "$target/stats")"
  s_cookies="$(jq -r '.page_cookies | "\(.returned) \(.missing) \(.foreign)"' <<<"$stats")"
}

printf '%-6s %-11s %10s %9s %9s %13s %8s %28s\n' round client requests failures req/s "CPU ms/req" "JIT ms" \
  "cookies returned/missing/foreign"
pb_all=() ok_all=()
for round in $(seq 1 "$ROUNDS"); do
  order=(proxybench okhttp)
  [ $((round % 2)) = 1 ] || order=(okhttp proxybench)
  for client in "${order[@]}"; do
    scrape "$client"
    if [ "$client" = proxybench ]; then pb_all+=("$s_cpu"); else ok_all+=("$s_cpu"); fi
    printf '%-6s %-11s %10s %9s %9s %13s %8s %28s\n' "$round" "$client" "$REQUESTS" "$s_failures" \
      "$(per "$REQUESTS" "$s_secs" 1 | cut -d. -f1)" "$s_cpu" "$s_jit" "${s_cookies// //}"
  done
done
pb_med="$(median "${pb_all[@]}")"
ok_med="$(median "${ok_all[@]}")"
echo "ratio proxybench/OkHttp CPU per request: $(two "$(per "$pb_med" "$ok_med" 1)") (medians of $(rounds "$ROUNDS"):" \
  "proxybench $pb_med ms, OkHttp $ok_med ms; rounds $(ratios "${pb_all[*]}" "${ok_all[*]}"); goal <= 0.7)"
