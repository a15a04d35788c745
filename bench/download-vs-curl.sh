#!/usr/bin/env bash
# A big download through squid as a CONNECT proxy to nginx (HTTPS, HTTP/1.1, a sparse file of SIZE zero bytes), by
# proxybench's client (io.proxybench.jmh.sidebyside.DownloadToNull: client.stream(...).body() to a null stream, in a
# JVM of -Xmx64m) and by `curl -x squid -o /dev/null`, alternating in ONE run (the machine is noisy, so only ratios
# within a run mean something). Per round, proxybench's JVM downloads the file 1 + WARM times with one client, one
# after the other, and curl once. Each tool's throughput is MB/s (10^6 bytes/s) from its own timer: curl's
# time_total, DownloadToNull's from the send to the last byte; both cover connect, tunnel, handshake, transfer.
# proxybench gets two figures: "cold", its first transfer, run while the JIT compiles the path (what a one-off
# `proxybench fetch` sees), and "warm", its last, the client as a long-running scraper has it (the goal's figure:
# the client is a library in such programs). Its heap comes from its GC log: the largest occupancy before a
# collection (the peak) and after one (what stayed), over all its transfers.
#
#   bench/download-vs-curl.sh                                 # SIZE=1073741824 ROUNDS=3 WARM=2
#   SIZE=67108864 ROUNDS=1 WARM=1 bench/download-vs-curl.sh   # CI-sized smoke
#
# Env: SIZE (bytes), ROUNDS (each tool once per round, the order alternating), WARM (proxybench's transfers before
# the one called warm), HEAP (proxybench's -Xmx, 64m), JAVA_OPTS (more JVM flags for proxybench). Goals (issue 39):
# warm throughput >= 0.8x curl's, peak heap <= 64 MiB.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="download-vs-curl"

source bench/lab.sh
source bench/peers.sh
source bench/measure.sh
SIZE="${SIZE:-1073741824}"
ROUNDS="${ROUNDS:-3}"
WARM="${WARM:-2}"
HEAP="${HEAP:-64m}"
for v in SIZE ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[[ "$WARM" =~ ^[1-9][0-9]*$ ]] || { echo "$me: WARM must be a positive number of transfers, got '$WARM'" >&2; exit 2; }
peer_require curl curl
bench_tmp
build_jmh_jar

# Each transfer gets 30 s plus 10 s per 100 MB (1 MB/s would be a bug, not a figure).
per_transfer=$((30 + SIZE / 10000000))
run_for=$((ROUNDS * (WARM + 2) * per_transfer + 120))
NGINX_FILE_BYTES="$SIZE" nginx_start "$run_for"
squid_start "$run_for"
url="${nginx_h1_url}file"
echo "$me: $SIZE bytes from $url through squid $squid_url, $ROUNDS rounds; proxybench with -Xmx$HEAP;" \
  "warm after $WARM transfers; load average $(cut -d' ' -f1-3 /proc/loadavg)"

mbps() { awk -v b="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.1f", b / s / 1e6; else print "-" }'; }

# Sets c_mbps.
curl_run() {
  local out bytes secs
  out="$(timeout "$per_transfer" curl -sS -x "$squid_url" --cacert "$nginx_cert" -o /dev/null \
    -w '%{size_download} %{time_total}' "$url")" || { echo "$me: curl failed: $out" >&2; exit 1; }
  read -r bytes secs <<<"$out"
  [ "$bytes" = "$SIZE" ] || { echo "$me: curl got $bytes bytes, not $SIZE" >&2; exit 1; }
  c_mbps="$(mbps "$bytes" "$secs")"
}

# Sets p_cold and p_warm (MB/s of the first and the last transfer), p_peak and p_kept (MiB, from the GC log; "-"
# without a collection) and p_gcs.
pb_download() {
  local gc="$tmp/gc-$1.log" out bytes secs n=$((WARM + 1)) i
  # shellcheck disable=SC2086
  out="$(timeout $((n * per_transfer)) java -Xmx"$HEAP" -Xlog:gc:file="$gc" ${JAVA_OPTS:-} -cp "$jmh_jar" \
    io.proxybench.jmh.sidebyside.DownloadToNull "$url" "$squid_url" "$nginx_cert" "$n")" \
    || { echo "$me: proxybench's download failed: $out" >&2; exit 1; }
  for i in 1 "$n"; do
    bytes="$(sed -n "s/^transfer=$i bytes=\([0-9]*\) .*/\1/p" <<<"$out")"
    secs="$(sed -n "s/^transfer=$i .*seconds=\([0-9.]*\).*/\1/p" <<<"$out")"
    [ "$bytes" = "$SIZE" ] || { echo "$me: proxybench's transfer $i got '$bytes' bytes, not $SIZE: $out" >&2; exit 1; }
    if [ "$i" = 1 ]; then p_cold="$(mbps "$bytes" "$secs")"; else p_warm="$(mbps "$bytes" "$secs")"; fi
  done
  read -r p_peak p_kept p_gcs < <(awk '
    match($0, /[0-9]+M->[0-9]+M\(/) {
      split(substr($0, RSTART, RLENGTH - 1), m, /M->|M/)
      if (m[1] > peak) peak = m[1]
      if (m[2] > kept) kept = m[2]
      n++
    }
    END { if (n) print peak, kept, n; else print "-", "-", 0 }' "$gc")
}

row() { printf '%-6s %-12s %10s %10s %14s %14s %6s\n' "$@"; }
row round tool "MB/s cold" "MB/s warm" "heap peak MiB" "after GC MiB" GCs
cold_all=() warm_all=() curl_all=() peaks=()
for round in $(seq 1 "$ROUNDS"); do
  order=(proxybench curl)
  [ $((round % 2)) = 1 ] || order=(curl proxybench)
  for tool in "${order[@]}"; do
    if [ "$tool" = curl ]; then
      curl_run
      curl_all+=("$c_mbps")
      row "$round" curl "$c_mbps" "$c_mbps" - - -
    else
      pb_download "$round"
      cold_all+=("$p_cold")
      warm_all+=("$p_warm")
      peaks+=("$p_peak")
      row "$round" proxybench "$p_cold" "$p_warm" "$p_peak" "$p_kept" "$p_gcs"
    fi
  done
done
cold_med="$(median "${cold_all[@]}")"
warm_med="$(median "${warm_all[@]}")"
curl_med="$(median "${curl_all[@]}")"
peak_max="$(printf '%s\n' "${peaks[@]}" | grep -v '^-$' | sort -g | tail -1)"
echo "medians: proxybench cold $cold_med MB/s, warm $warm_med MB/s; curl $curl_med MB/s; proxybench's heap peak at" \
  "most ${peak_max:--} MiB (-Xmx$HEAP; goal <= 64 MiB)"
echo "cold (a fresh JVM's first transfer) proxybench/curl throughput: $(two "$(per "$cold_med" "$curl_med" 1)")" \
  "(rounds $(ratios "${cold_all[*]}" "${curl_all[*]}"))"
echo "ratio proxybench/curl throughput, warm: $(two "$(per "$warm_med" "$curl_med" 1)") (medians of $(rounds "$ROUNDS");" \
  "rounds $(ratios "${warm_all[*]}" "${curl_all[*]}"); goal >= 0.8)"
