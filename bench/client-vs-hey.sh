#!/usr/bin/env bash
# Throughput through the lab gateway on reused CONNECT tunnels: proxybench's client (bench ClosedLoop) against
# `hey -x`, at the same concurrency, against the same HTTPS target, alternating in ONE run (the machine is noisy, so
# only the ratio within a run means something). Both are closed loops; both speak HTTP/1.1 inside the tunnel (an
# extra, labelled proxybench row lets h2 be negotiated and is left out of the ratio).
#
#   bench/client-vs-hey.sh                      # C=50 DURATION=10 ROUNDS=3
#   C=4 DURATION=2 ROUNDS=1 bench/client-vs-hey.sh   # CI-sized smoke
#
# Env: C (concurrency), DURATION (seconds per run), ROUNDS, WARMUP (seconds of hey, then of the client, run and
# discarded before round 1 so that the lab's JIT is warm: default DURATION, 0 for none), CLOSED_LOOP_JAVA_OPTS (JVM
# flags for the client), CLOSED_LOOP_ARGS (extra ClosedLoop flags, e.g. --io-threads 2).
# Per run it also reads the lab's admin counters (tunnels opened, including the client's warm-up ones and hey's
# start-up ones) and the CPU time of the tool and of the lab. The last line is the ratio.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="client-vs-hey"

C="${C:-50}"
DURATION="${DURATION:-10}"
ROUNDS="${ROUNDS:-3}"
WARMUP="${WARMUP:-$DURATION}"
[[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number of seconds, got '$WARMUP'" >&2; exit 2; }
for v in C DURATION ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done

command -v hey >/dev/null || { echo "$me: hey is not installed; install it with: apt-get install -y hey" >&2; exit 1; }
command -v curl >/dev/null || { echo "$me: curl is needed for the lab's counters; apt-get install -y curl" >&2; exit 1; }
command -v mvn >/dev/null || { echo "$me: Maven (mvn) is needed to build; apt-get install -y maven" >&2; exit 1; }

source bench/lab.sh
bench_tmp

# --- build -------------------------------------------------------------------------------------------------------
echo "$me: building bench and the launcher's jar..." >&2
if ! mvn -B -q -DskipTests -pl bench -am package >"$tmp/build.log" 2>&1; then
  cat "$tmp/build.log" >&2
  echo "$me: build failed (output above)" >&2
  exit 1
fi
./proxybench --help >/dev/null
jar="$root/bench/target/closed-loop.jar"
[ -f "$jar" ] || { echo "$me: $jar was not built" >&2; exit 1; }

# --- lab ---------------------------------------------------------------------------------------------------------
lab_for=$(( ROUNDS * (3 * DURATION + 40) + 2 * WARMUP + 90 ))
lab_start "$lab_for"

# --- measuring helpers -------------------------------------------------------------------------------------------
ticks_per_s="$(getconf CLK_TCK)"
reset_counters() { curl -sS --max-time 5 -X DELETE "$admin" >/dev/null; }
connect_tunnels() { curl -sS --max-time 5 "$admin" | sed -n 's/.*"connect":\([0-9]*\).*/\1/p'; }
# $1 / $2 * $3 with 4 decimals, or "-" when $2 is 0
per() { awk -v a="$1" -v b="$2" -v k="$3" 'BEGIN { if (b > 0) printf "%.4f", a / b * k; else print "-" }'; }
median() {
  printf '%s\n' "$@" | grep -v '^-$' | sort -g \
    | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2];
            else printf "%.4f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# Each run sets: r_rps r_p99 r_cpu r_lab_cpu r_tunnels r_errors r_requests r_extra
run_hey() { # $1: seconds (default DURATION)
  local out="$tmp/hey.out" t0 t1 times secs="${1:-$DURATION}"
  reset_counters
  t0="$(lab_ticks)"
  TIMEFORMAT='%3U %3S'
  if ! { time timeout $(( secs + 60 )) hey -z "${secs}s" -c "$C" -x "$gateway" "$url" >"$out" 2>&1; } \
      2>"$tmp/hey.time"; then
    echo "$me: hey failed: $(tail -5 "$out")" >&2
    exit 1
  fi
  t1="$(lab_ticks)"
  times="$(tail -1 "$tmp/hey.time")"
  r_tunnels="$(connect_tunnels)"
  r_rps="$(awk '/Requests\/sec:/ { printf "%.1f", $2 }' "$out")"
  r_p99="$(awk '$1 == "99%" && $2 == "in" { printf "%.3f", $3 * 1000 }' "$out")"
  # Status code distribution: "[200] N responses"; Error distribution: "[N] message".
  r_requests="$(awk '/^Status code distribution:/ { s = 1; next } /^[A-Z]/ { s = 0 }
                     s && /\[2[0-9][0-9]\]/ { n += $2 } END { print n + 0 }' "$out")"
  r_errors="$(awk '/^Status code distribution:/ { s = 1; next } /^Error distribution:/ { s = 2; next } /^[A-Z]/ { s = 0 }
                   s == 1 && /\[[0-9]+\]/ && !/\[2[0-9][0-9]\]/ { n += $2 }
                   s == 2 && match($0, /\[[0-9]+\]/) { n += substr($0, RSTART + 1, RLENGTH - 2) }
                   END { print n + 0 }' "$out")"
  r_cpu="$(per "$(awk '{ print $1 + $2 }' <<<"$times")" "$r_requests" 1000)"
  r_lab_cpu="$(per $(( t1 - t0 )) "$r_requests" "$(( 1000 / ticks_per_s ))")"
  r_extra="http/1.1"
  if [ -z "$r_rps" ]; then
    echo "$me: could not read hey's output:" >&2
    cat "$out" >&2
    exit 1
  fi
  if [ "$r_errors" -gt 0 ]; then
    echo "$me: note: hey had $r_errors errors or non-2xx answers:" >&2
    sed -n '/^Status code distribution:/,$p' "$out" | head -12 >&2
  fi
}

jnum() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p" <<<"$2"; }

run_closed_loop() { # $1: seconds; then extra ClosedLoop flags
  local out t0 t1 secs="$1"
  shift
  reset_counters
  t0="$(lab_ticks)"
  # shellcheck disable=SC2086 # word splitting of the two option variables is wanted
  if ! out="$(timeout $(( secs + 120 )) java ${CLOSED_LOOP_JAVA_OPTS:-} -jar "$jar" --proxy "$gateway" --url "$url" \
      --concurrency "$C" --duration "$secs" --ca "$ca" ${CLOSED_LOOP_ARGS:-} "$@" 2>"$tmp/cl.err")"; then
    echo "$me: ClosedLoop failed: $out $(cat "$tmp/cl.err")" >&2
    exit 1
  fi
  t1="$(lab_ticks)"
  if [ -s "$tmp/cl.err" ]; then
    sed "s/^/$me: note: /" "$tmp/cl.err" >&2
  fi
  r_tunnels="$(connect_tunnels)"
  r_requests="$(jnum requests "$out")"
  r_errors="$(jnum errors "$out")"
  r_rps="$(jnum requests_per_second "$out")"
  r_p99="$(jnum p99_ms "$out")"
  r_cpu="$(jnum client_cpu_ms_per_request "$out")"
  [ "$r_cpu" != "null" ] || r_cpu="-"
  r_lab_cpu="$(per $(( t1 - t0 )) "$r_requests" "$(( 1000 / ticks_per_s ))")"
  local created protocols
  created="$(jnum created "$out")"
  protocols="$(sed -n 's/.*"protocols":\[\([^]]*\)\].*/\1/p' <<<"$out" | tr -d '"')"
  r_extra="$protocols, window created=$created reused=$(jnum reused "$out")"
  if [ "$created" != "0" ]; then
    echo "$me: note: ClosedLoop opened $created connections in the measured window (expected 0 after warm-up)" >&2
  fi
}

row_fmt='%-22s %10s %9s %11s %15s %8s %7s  %s\n'
header() { printf "$row_fmt" tool "req/s" "p99_ms" "cpu_ms/req" "lab_cpu_ms/req" tunnels errors notes; }
row() { printf "$row_fmt" "$1" "$r_rps" "$r_p99" "$r_cpu" "$r_lab_cpu" "$r_tunnels" "$r_errors" "$r_extra"; }

# --- rounds ------------------------------------------------------------------------------------------------------
echo "$me: C=$C, ${DURATION}s per run, $ROUNDS rounds; $url through $gateway (lab PID $lab_pid)"
echo "$me: cpu_ms/req is the tool's own CPU (ClosedLoop: measured window only; hey: whole process)."
if [ "$WARMUP" -gt 0 ]; then
  echo "$me: warming the lab up: ${WARMUP}s of hey, then ${WARMUP}s of the client (discarded)"
  run_hey "$WARMUP"
  run_closed_loop "$WARMUP" --http1
  sleep 1
fi
hey_rps=() hey_p99=() hey_cpu=() pb_rps=() pb_p99=() pb_cpu=() h2_rps=() h2_p99=() h2_cpu=() ratios=()
for round in $(seq 1 "$ROUNDS"); do
  echo
  echo "round $round/$ROUNDS"
  lines=()
  order=(hey pb)
  [ $(( round % 2 )) -eq 0 ] && order=(pb hey)
  for tool in "${order[@]}" h2; do
    case "$tool" in
      hey)
        run_hey "$DURATION"
        hey_rps+=("$r_rps") hey_p99+=("$r_p99") hey_cpu+=("$r_cpu") hey_tunnels="$r_tunnels"
        lines+=("$(row "hey -x")")
        ;;
      pb)
        run_closed_loop "$DURATION" --http1
        pb_rps+=("$r_rps") pb_p99+=("$r_p99") pb_cpu+=("$r_cpu")
        lines+=("$(row "proxybench http/1.1")")
        ;;
      h2)
        run_closed_loop "$DURATION"
        h2_rps+=("$r_rps") h2_p99+=("$r_p99") h2_cpu+=("$r_cpu")
        lines+=("$(row "proxybench h2 (extra)")")
        ;;
    esac
    sleep 1
  done
  header
  printf '%s\n' "${lines[@]}"
  ratio="$(per "${pb_rps[-1]}" "${hey_rps[-1]}" 1)"
  ratios+=("$ratio")
  printf "round %d ratio proxybench http/1.1 / hey requests/s: %.2f\n" "$round" "$ratio"
  if [ "$hey_tunnels" -gt $(( 2 * C )) ]; then
    echo "round $round note: hey opened $hey_tunnels tunnels for $C workers (its idle pool dropped connections)"
  fi
done

echo
echo "medians over $ROUNDS rounds"
printf '%-22s %10s %9s %11s\n' tool "req/s" "p99_ms" "cpu_ms/req"
printf '%-22s %10s %9s %11s\n' "hey -x" "$(median "${hey_rps[@]}")" "$(median "${hey_p99[@]}")" "$(median "${hey_cpu[@]}")"
printf '%-22s %10s %9s %11s\n' "proxybench http/1.1" "$(median "${pb_rps[@]}")" "$(median "${pb_p99[@]}")" \
  "$(median "${pb_cpu[@]}")"
printf '%-22s %10s %9s %11s\n' "proxybench h2 (extra)" "$(median "${h2_rps[@]}")" "$(median "${h2_p99[@]}")" \
  "$(median "${h2_cpu[@]}")"
printf 'ratio proxybench/hey requests/s: %.2f (median of %d rounds); client CPU ms per request: %s (hey: %s)\n' \
  "$(median "${ratios[@]}")" "$ROUNDS" "$(median "${pb_cpu[@]}")" "$(median "${hey_cpu[@]}")"
