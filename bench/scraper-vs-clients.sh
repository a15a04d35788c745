#!/usr/bin/env bash
# The scraper workload of bench/scraper-vs-okhttp.sh by six clients in ONE run (the machine is noisy, so only ratios
# within a run mean something): proxybench's client, OkHttp 5, Jetty 12's HttpClient, the JDK's HttpClient, Apache
# HttpClient 5 async and Reactor Netty, each set up for proxies and keep-alive as its documentation has it (see
# io.proxybench.jmh.sidebyside: a client per session where the proxy's credentials belong to a client, cookies per
# session, redirects followed, gzip asked for and decoded). Each request is a GET of the lab target's
# /login?to=/page/PAGE in one of SESSIONS sticky sessions (taken in turn): a 302 setting the session's cookie, then the
# PAGE-byte page, gzip'd, whose request must bring the cookie back. C requests at once, WARMUP requests first (the
# JIT's, not counted), then REQUESTS measured, each client in its own JVM, the clients' order reversed every other
# round. Twice: through the lab's gateway (a session per password), and through squid (CONNECT, no auth) in front of
# the same lab target; without squid that part is skipped with a note (under CI=true the script fails instead).
#
# Two more rows are not other clients, and neither is ever "the best other": proxybench-http1, proxybench's client
# offering the origin HTTP/1.1 only (by default it offers h2 first, and the lab target takes it: this row shows what
# HTTP/2 inside the tunnel costs), and netty-floor, Netty's own handlers doing the same workload with nothing else
# (io.proxybench.jmh.sidebyside.NettyFloorScraper), the floor under any client built on Netty (proxybench's, Reactor
# Netty's); the closing lines say where the goal falls against it.
#
# Per client and proxy (medians over the rounds):
#   CPU us/req   the client's whole process's CPU time (every thread: I/O, GC, JIT) over the measured requests, per
#                successful one, from the JVM's own count; "x pb" is that over proxybench's
#   ALPN         what the client offered the target in its TLS handshakes (from the JA4 fingerprints the target
#                counts): h2 (the target speaks HTTP/2 then) or http/1.1 (offered, or no ALPN at all)
#   hs/1k        handshakes per 1,000 measured requests: TCP connections the lab target accepted meanwhile (its own
#                counter, one per tunnel, the same count whichever client and proxy)
#   p99 ms       of the measured requests, from the call to the decoded page (closed loop, the redirect included)
#   heap KiB/conn  heap per idle connection: (heap used after a full GC with the measured requests done and their
#                connections idle in the pool - heap used after a full GC with the client built and no request sent)
#                / the connections then open at the target; per-session state (cookies, clients) counts in it too
# The closing line of each table compares proxybench's CPU per request with the best other client's. The lab's
# page_cookies counts must show every page with its own session's cookie: a failed request, a page of the wrong
# length or a missing or foreign cookie fails the script; missing the CPU goal does not (goals are reported here).
#
#   bench/scraper-vs-clients.sh                                      # REQUESTS=60000 WARMUP=60000 C=20 ROUNDS=1
#   REQUESTS=200 WARMUP=100 ROUNDS=1 bench/scraper-vs-clients.sh       # CI-sized smoke
#
# Env: REQUESTS, WARMUP (requests), C (at once), SESSIONS (50), PAGE (bytes of the page, 30000), ROUNDS, CLIENTS
# (a subset, space-separated, of the rows; proxybench always runs), PROXIES ("lab squid"), JAVA_OPTS (JVM
# flags of every client).
# Goal (issue 40): proxybench's CPU per request <= 0.6x the best other client's at equal handshakes.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="scraper-vs-clients"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
REQUESTS="${REQUESTS:-60000}"
WARMUP="${WARMUP:-60000}"
C="${C:-20}"
SESSIONS="${SESSIONS:-50}"
PAGE="${PAGE:-30000}"
ROUNDS="${ROUNDS:-1}"
PROXIES="${PROXIES:-lab squid}"
for v in REQUESTS C SESSIONS PAGE ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number of requests, got '$WARMUP'" >&2; exit 2; }
others=(${CLIENTS:-proxybench-http1 okhttp jetty jdk apache reactor-netty netty-floor})
clients=(proxybench)
for c in "${others[@]}"; do
  [ "$c" = proxybench ] || clients+=("$c")
done
peer_require curl curl
peer_require jq jq
if [[ " $PROXIES " = *" squid "* ]] && ! command -v squid >/dev/null; then
  [ "${CI:-}" != true ] || peer_require squid squid
  echo "$me: note: squid is not installed (apt-get install -y squid): the squid part is skipped" >&2
  PROXIES="${PROXIES//squid/}"
fi
bench_tmp
build_jmh_jar

echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null
# Each run gets 60 s plus 10 ms per request (a 10 ms request would be a problem, not a figure).
per_run=$((60 + (WARMUP + REQUESTS) / 100))
runs=$((ROUNDS * ${#clients[@]} * 2))
# The lab requires the account (--auth), as a provider does: without it, a tunnel opened with no credentials (the
# JDK's and OkHttp's first CONNECT, which send them only when asked by a 407) gets a rotating exit, so a session's
# second tunnel lands on another exit and its cookie comes back foreign. A session keeps its exit for the whole
# script (the lab's default lifetime is 10 minutes), so a tunnel a client opens late meets the exit that set the
# session's cookie.
LAB_ARGS="--auth lab:lab --session-lifetime $((runs * per_run + 120))s" lab_start $((runs * per_run + 120))
target_port="${target##*:}"
target_port="${target_port%%/*}"
declare -A via=([lab]="${gateway#http://}")
if [[ " $PROXIES " = *" squid "* ]]; then
  squid_start $((runs * per_run + 120)) "$target_port"
  via[squid]="${squid_url#http://}"
fi
page_url="$target/login?to=/page/$PAGE"
echo "$me: $REQUESTS requests (after $WARMUP) at C=$C over $SESSIONS sessions, $ROUNDS round(s), clients" \
  "${clients[*]}; $page_url through:$(for p in $PROXIES; do printf ' %s %s' "$p" "${via[$p]}"; done);" \
  "lab PID $lab_pid ($lab_transport); load average $(cut -d' ' -f1-3 /proc/loadavg)"

broken=0
# scrape CLIENT PROXY: one run; sets s_cpu (ms), s_p99, s_hs, s_heap (bytes or "-"), s_idle, s_failures, s_cookies,
# s_alpn.
scrape() {
  local out stats field
  curl -sSf --max-time 10 --cacert "$ca" -X DELETE "$target/stats" >/dev/null
  # shellcheck disable=SC2086
  out="$(timeout "$per_run" java ${JAVA_OPTS:-} -cp "$jmh_jar" io.proxybench.jmh.sidebyside.ScraperLoad "$1" \
    "${via[$2]}" "$page_url" "$ca" "$SESSIONS" "$C" "$WARMUP" "$REQUESTS" "$PAGE" 2>"$tmp/$1.err")" \
    || { echo "$me: $1's run through $2 failed: $out $(tail -5 "$tmp/$1.err")" >&2; broken=1; s_cpu="-"
         s_p99="-" s_hs="-" s_heap="-" s_idle="-" s_failures="run" s_cookies="- - -" s_alpn="-"; return; }
  field() { sed -n "s/.*[ ^]$1=\([^ ]*\).*/\1/p" <<<" $out"; }
  s_cpu="$(field cpu_ms_per_request)" s_p99="$(field p99_ms)" s_hs="$(field handshakes)"
  s_heap="$(field heap_per_idle_connection_bytes)" s_idle="$(field idle_connections)" s_failures="$(field failures)"
  stats="$(curl -sSf --max-time 10 --cacert "$ca" "$target/stats")"
  s_cookies="$(jq -r '.page_cookies | "\(.returned) \(.missing) \(.foreign)"' <<<"$stats")"
  # The fingerprint of most handshakes is the client's (the readings of /stats add a few of their own); a JA4's
  # characters 9-10 are the first and last of the first ALPN value offered: h2, h1, or 00 for none.
  s_alpn="$(jq -r '.ja4 | to_entries | max_by(.value).key[8:10] | if . == "h2" then "h2" else "http/1.1" end' \
    <<<"$stats")"
  local returned missing foreign
  read -r returned missing foreign <<<"$s_cookies"
  if [ "$s_failures" != 0 ] || [ "$missing" != 0 ] || [ "$foreign" != 0 ]; then
    echo "$me: $1 through $2 is broken: $s_failures failures, page cookies returned/missing/foreign" \
      "${s_cookies// //}; $(head -3 "$tmp/$1.err")" >&2
    broken=1
  fi
}

declare -A cpu p99 hs heap alpn
for round in $(seq 1 "$ROUNDS"); do
  order=("${clients[@]}")
  if [ $((round % 2)) = 0 ]; then
    order=()
    for ((i = ${#clients[@]} - 1; i >= 0; i--)); do order+=("${clients[$i]}"); done
  fi
  for proxy in $PROXIES; do
    for client in "${order[@]}"; do
      scrape "$client" "$proxy"
      alpn[$proxy.$client]="$s_alpn"
      echo "$me: round $round, $proxy, $client: CPU ${s_cpu} ms/req, $s_alpn, p99 ${s_p99} ms, handshakes $s_hs," \
        "heap/idle conn $s_heap B over $s_idle idle, failures $s_failures, cookies ${s_cookies// //}" >&2
      cpu[$proxy.$client]+="$(per "$s_cpu" 1 1000) " p99[$proxy.$client]+="$s_p99 "
      hs[$proxy.$client]+="$(per "$s_hs" "$REQUESTS" 1000) " heap[$proxy.$client]+="$(per "$s_heap" 1024 1) "
    done
  done
done

fmt='%-17s %12s %8s %9s %8s %9s %15s\n'
for proxy in $PROXIES; do
  echo
  echo "through $proxy ($REQUESTS requests after $WARMUP, C=$C, $SESSIONS sessions, medians of $(rounds "$ROUNDS"))"
  # shellcheck disable=SC2059 # the format is the table's layout
  printf "$fmt" client "CPU us/req" "x pb" ALPN "hs/1k" "p99 ms" "heap KiB/conn"
  # shellcheck disable=SC2086 # the accumulated strings are lists
  pb="$(median ${cpu[$proxy.proxybench]})"
  best="-" best_name="-" floor="-"
  for client in "${clients[@]}"; do
    # shellcheck disable=SC2086
    c="$(median ${cpu[$proxy.$client]})"
    # shellcheck disable=SC2059,SC2086
    printf "$fmt" "$client" "$(two "$c")" "$(two "$(per "$c" "$pb" 1)")" "${alpn[$proxy.$client]}" \
      "$(two "$(median ${hs[$proxy.$client]})")" \
      "$(two "$(median ${p99[$proxy.$client]})")" "$(two "$(median ${heap[$proxy.$client]})")"
    if [ "$client" = netty-floor ]; then
      floor="$c"
    elif [ "${client#proxybench}" = "$client" ] && [ "$c" != "-" ] \
        && { [ "$best" = "-" ] || awk -v a="$c" -v b="$best" 'BEGIN { exit !(a < b) }'; }; then
      best="$c" best_name="$client"
    fi
  done
  echo "proxybench/best other ($best_name) CPU per request through $proxy: $(two "$(per "$pb" "$best" 1)")" \
    "(proxybench $(two "$pb") us, $best_name $(two "$best") us; goal <= 0.60)"
  if [ "$floor" != "-" ] && [ "$best" != "-" ]; then
    echo "Netty's floor through $proxy: $(two "$floor") us, $(two "$(per "$floor" "$best" 1)") of $best_name's;" \
      "proxybench spends $(two "$(per "$pb" "$floor" 1)")x the floor"
  fi
done
[ "$broken" = 0 ] || { echo "$me: a client's run was broken (see above)" >&2; exit 1; }
