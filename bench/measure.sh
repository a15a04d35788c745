# Sourced by the peer benchmark scripts after bench/peers.sh and nginx_start: one measured run of each load tool
# at concurrency $C for $DURATION seconds, and the small sums the tables need. Every run sets
#   r_rps       successful requests per second in the tool's measured window
#   r_p99       p99 latency of successful requests, ms (each tool's own figure: from the send, closed loop)
#   r_cpu       the load tool's CPU, ms per successful request ("-" when unknown)
#   r_requests  successful requests in the measured window; r_errors: failed or non-2xx ones
#   r_new       connections (tunnels) the tool opened in its measured window ("-" when the tool does not say)
#   r_conns     connections nginx accepted during the whole invocation (warm-up included): through a CONNECT or
#               SOCKS5 relay, one per tunnel the tool opened
#   r_http      the protocol inside the connection (or tunnel)
#   r_relay     with relay_pid set: CPU seconds of that process tree per 1,000 requests nginx answered during the
#               whole invocation (a proxybench run's warm-up included: nginx counts those requests too), else "-"
#   r_proc      CPU seconds (user + system) of the load tool's whole process, start and warm-up included
#   r_relay_ticks, r_relay_sys_ticks, r_answered  the relay's CPU ticks (all, and the kernel's part) and the
#               requests nginx answered during the invocation
#
#   pb_run PROXY URL [FLAGS...]   `proxybench run --closed-loop $C` (PROXY "" = direct), after $WARMUP s of
#                                 --warmup (its JIT warm-up, discarded; each run is a new JVM); records and HDR
#                                 log written, no progress line unless PB_PROGRESS=1 (then as a user runs it)
#   hey_run PROXY URL             `hey -z` (PROXY "" = direct); hey speaks HTTP/1.1
#   wrk_run URL                   `wrk -t $WRK_THREADS -c $C` direct (1 thread by default); HTTP/1.1
#   marginal FN [ARGS...]         FN (pb_run, hey_run or wrk_run) for SHORT s and for DURATION s, each its own
#                                 process, the order alternating with $round; sets m_cpu, the tool's marginal CPU
#                                 per successful request in ms: (CPU of the long run - CPU of the short one) /
#                                 (successes of the long - those of the short), so that start, JIT and warm-up
#                                 cancel; m_relay the same for the relay (relay_pid) per request nginx answered,
#                                 m_relay_sys its kernel (system time) part; and every r_* of the long run
#   median VALUES...              the median, ignoring "-"
#   ratios "A..." "B..."          the ratios of two lists, pairwise
#   per A B K                     A / B * K with 4 decimals, "-" when B is 0 or not a number
#   two X                         X with 2 decimals ("-" stays "-")
#   relay_rounds URL NAME PROXY PID...  pb_run through each relay per round, tables, medians in med_rps, med_relay,
#                                 med_relay_sys
#   kernel_line A B               after relay_rounds: relay A's and B's kernel part, and A's as a share of B's whole

#   settings [--inner]            reads and checks C, SHORT, DURATION, ROUNDS, WARMUP (and INNER) from the environment

ticks_per_s="$(getconf CLK_TCK)"
cores="$(nproc)"
relay_pid=""

# The side-by-side scripts' settings, defaults filled in: C 50, SHORT 6 and DURATION 14 (the marginal method's short
# and long runs, seconds), ROUNDS 3, WARMUP 3 and, with --inner, INNER http1 (or h2: the protocol inside the
# tunnel). Bad values stop the script with exit code 2.
settings() {
  C="${C:-50}"
  SHORT="${SHORT:-6}"
  DURATION="${DURATION:-14}"
  ROUNDS="${ROUNDS:-3}"
  WARMUP="${WARMUP:-3}"
  [[ "$WARMUP" =~ ^[0-9]+$ ]] || { echo "$me: WARMUP must be a whole number of seconds, got '$WARMUP'" >&2; exit 2; }
  local v
  for v in C SHORT DURATION ROUNDS; do
    [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
  done
  [ "$SHORT" -lt "$DURATION" ] \
    || { echo "$me: SHORT ($SHORT s) must be shorter than DURATION ($DURATION s): the method subtracts them" >&2; exit 2; }
  if [ "${1:-}" = --inner ]; then
    INNER="${INNER:-http1}"
    [[ "$INNER" = http1 || "$INNER" = h2 ]] || { echo "$me: INNER must be http1 or h2, got '$INNER'" >&2; exit 2; }
  fi
}

per() {
  awk -v a="$1" -v b="$2" -v k="$3" 'BEGIN { if (b + 0 > 0 && a != "-") printf "%.4f", a / b * k; else print "-" }'
}

median() {
  printf '%s\n' "$@" | grep -v '^-$' | sort -g \
    | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2];
            else printf "%.4f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# Runs "$@" with the relay's CPU and nginx's counts read around it; sets r_relay and r_conns.
_around() {
  local t0="" s0="" t1 s1 c0 c1 a0 n0 a1 n1
  [ -z "$relay_pid" ] || read -r t0 s0 < <(tree_ticks "$relay_pid")
  # Assigned first, so that a failed read of nginx's counts stops the script (set -e) instead of reading as 0.
  c0="$(nginx_counts)"
  read -r a0 n0 <<<"$c0"
  "$@"
  c1="$(nginx_counts)"
  read -r a1 n1 <<<"$c1"
  for v in "$a0" "$n0" "$a1" "$n1"; do
    [[ "$v" =~ ^[0-9]+$ ]] || { echo "$me: could not read nginx's counts ('$c0', then '$c1')" >&2; exit 1; }
  done
  r_conns=$(( a1 - a0 - 1 ))
  r_answered=$(( n1 - n0 - 1 ))
  r_relay="-"
  r_relay_ticks=0 r_relay_sys_ticks=0
  if [ -n "$relay_pid" ]; then
    read -r t1 s1 < <(tree_ticks "$relay_pid")
    r_relay_ticks=$(( t1 - t0 )) r_relay_sys_ticks=$(( s1 - s0 ))
    r_relay="$(per "$r_relay_ticks" "$r_answered" "$(( 1000 / ticks_per_s ))")"
  fi
}

marginal() {
  local fn="$1" first second run
  shift
  first="$SHORT" second="$DURATION"
  [ $(( ${round:-1} % 2 )) -eq 1 ] || { first="$DURATION"; second="$SHORT"; }
  local -A cpu ok relay relay_sys answered
  for run in "$first" "$second"; do
    DURATION="$run" "$fn" "$@"
    cpu[$run]="$r_proc" ok[$run]="$r_requests" relay[$run]="$r_relay_ticks" relay_sys[$run]="$r_relay_sys_ticks"
    answered[$run]="$r_answered"
    # The table shows the long run: keep its figures whichever ran last.
    [ "$run" != "$DURATION" ] || local l_rps="$r_rps" l_p99="$r_p99" l_cpu="$r_cpu" l_requests="$r_requests" \
      l_errors="$r_errors" l_new="$r_new" l_conns="$r_conns" l_http="$r_http" l_relay="$r_relay"
  done
  r_rps="$l_rps" r_p99="$l_p99" r_cpu="$l_cpu" r_requests="$l_requests" r_errors="$l_errors" r_new="$l_new"
  r_conns="$l_conns" r_http="$l_http" r_relay="$l_relay"
  m_cpu="$(awk -v a="${cpu[$DURATION]}" -v b="${cpu[$SHORT]}" -v n="${ok[$DURATION]}" -v m="${ok[$SHORT]}" \
    'BEGIN { if (n - m > 0) printf "%.4f", (a - b) * 1000 / (n - m); else print "-" }')"
  m_relay="-" m_relay_sys="-"
  if [ -n "$relay_pid" ]; then
    m_relay="$(_marginal_ticks "${relay[$DURATION]}" "${relay[$SHORT]}" "${answered[$DURATION]}" "${answered[$SHORT]}")"
    m_relay_sys="$(_marginal_ticks "${relay_sys[$DURATION]}" "${relay_sys[$SHORT]}" "${answered[$DURATION]}" \
      "${answered[$SHORT]}")"
  fi
}

# _marginal_ticks A B N M: (A - B) clock ticks over (N - M) requests, in ms per request ("-" when N <= M).
_marginal_ticks() {
  awk -v a="$1" -v b="$2" -v n="$3" -v m="$4" -v hz="$ticks_per_s" \
    'BEGIN { if (n - m > 0) printf "%.4f", (a - b) * 1000 / hz / (n - m); else print "-" }'
}

pb_run() { _around _pb_run "$@"; }
hey_run() { _around _hey_run "$@"; }
wrk_run() { _around _wrk_run "$@"; }

_pb_run() {
  local proxy="$1" url="$2" out="$tmp/records.jsonl" rc=0 warm=()
  shift 2
  [ "$WARMUP" -eq 0 ] || warm=(--warmup "${WARMUP}s")
  [ "${PB_PROGRESS:-0}" = 1 ] || warm+=(--no-progress)
  rm -f "$out" "$out.hlog"
  : >"$tmp/totals" # a run without a single 200 still gets its row (p99 "-") and its error note
  TIMEFORMAT='%3U %3S'
  # shellcheck disable=SC2086 # RUN_ARGS is split into flags on purpose
  { time timeout $(( DURATION + WARMUP + 120 )) ./proxybench run --closed-loop "$C" --duration "${DURATION}s" \
      --url "$url" ${proxy:+--proxy "$proxy"} --ca "$nginx_cert" "${warm[@]}" --json --out "$out" \
      ${RUN_ARGS:-} "$@" >"$tmp/run.json" 2>"$tmp/run.err"; } 2>"$tmp/run.time" || rc=$?
  r_proc="$(tail -1 "$tmp/run.time" | awk '{ print $1 + $2 }')"
  if [ "$rc" -ne 0 ] || [ ! -s "$tmp/run.json" ]; then
    echo "$me: proxybench run through '${proxy:-no proxy}' to $url failed (exit $rc):" >&2
    cat "$tmp/run.err" "$tmp/run.json" >&2
    exit 1
  fi
  # One tab-separated line: ok errors first_sched last_done new_connections protocols
  local sums
  sums="$(jq -r '[.sched, (.done // .sched), .status, (.reused | tostring), (.http // "-"), (.total // 0)] | @tsv' \
      "$out" | awk -F'\t' -v totals="$tmp/totals" '
        NR == 1 { first = $1; last = $2 }
        { if ($1 < first) first = $1; if ($2 > last) last = $2; if ($4 == "false") fresh++ }
        $3 == 200 { ok++; print $6 > totals; proto[$5]++; next }
        { bad++ }
        END { p = ""; for (k in proto) p = p (p == "" ? "" : "+") k
              printf "%d\t%d\t%s\t%s\t%d\t%s\n", ok, bad, first, last, fresh, (p == "" ? "-" : p) }')"
  local first last
  IFS=$'\t' read -r r_requests r_errors first last r_new r_http <<<"$sums"
  r_rps="$(awk -v n="$r_requests" -v a="$first" -v b="$last" 'BEGIN { printf "%.1f", (b > a ? n / (b - a) : 0) }')"
  # p99 interpolated between ranks, like `proxybench run`'s summary.
  r_p99="$(sort -g "$tmp/totals" | awk '{ a[NR] = $1 } END { if (NR == 0) { print "-"; exit }
      r = (NR - 1) * 0.99; b = int(r); x = (b + 1 < NR ? b + 1 : NR - 1)
      printf "%.2f", (a[b + 1] + (a[x + 1] - a[b + 1]) * (r - b)) * 1000 }')"
  rm -f "$tmp/totals"
  # The run's own sampler: mean share of all cores during the schedule.
  r_cpu="$(jq -r --argjson cores "$cores" --argjson secs "$DURATION" --argjson n "$r_requests" \
      '.client_cpu | if . == null or .samples == 0 or $n == 0 then "-"
       else .mean * $cores * $secs * 1000 / $n * 1000 | round / 1000 end' "$tmp/run.json")"
  if [ "$r_errors" -gt 0 ]; then
    echo "$me: note: proxybench had $r_errors failed requests: $(jq -c .errors "$tmp/run.json")" >&2
  fi
}

# Runs "$@" under `time` with its output in $1's file; sets _user_sys (CPU seconds of the whole process).
_timed() {
  local out="$1" rc=0
  shift
  TIMEFORMAT='%3U %3S'
  { time "$@" >"$out" 2>&1; } 2>"$tmp/time" || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "$me: $* failed (exit $rc): $(tail -5 "$out")" >&2
    exit 1
  fi
  _user_sys="$(tail -1 "$tmp/time" | awk '{ print $1 + $2 }')"
  r_proc="$_user_sys"
}

_hey_run() {
  local proxy="$1" url="$2" out="$tmp/hey.out"
  _timed "$out" timeout $(( DURATION + 60 )) hey -z "${DURATION}s" -c "$C" ${proxy:+-x "$proxy"} "$url"
  r_rps="$(awk '/Requests\/sec:/ { printf "%.1f", $2 }' "$out")"
  r_p99="$(awk '$1 == "99%" && $2 == "in" { printf "%.2f", $3 * 1000 }' "$out")"
  # Status code distribution: "[200] N responses"; Error distribution: "[N] message".
  r_requests="$(awk '/^Status code distribution:/ { s = 1; next } /^[A-Z]/ { s = 0 }
                     s && /\[2[0-9][0-9]\]/ { n += $2 } END { print n + 0 }' "$out")"
  r_errors="$(awk '/^Status code distribution:/ { s = 1; next } /^Error distribution:/ { s = 2; next } /^[A-Z]/ { s = 0 }
                   s == 1 && /\[[0-9]+\]/ && !/\[2[0-9][0-9]\]/ { n += $2 }
                   s == 2 && match($0, /\[[0-9]+\]/) { n += substr($0, RSTART + 1, RLENGTH - 2) }
                   END { print n + 0 }' "$out")"
  r_cpu="$(per "$_user_sys" "$r_requests" 1000)"
  r_new="-"
  r_http="http/1.1"
  [ -n "$r_rps" ] || { echo "$me: could not read hey's output: $(cat "$out")" >&2; exit 1; }
  if [ "$r_errors" -gt 0 ]; then
    echo "$me: note: hey had $r_errors errors or non-2xx answers:" >&2
    sed -n '/^Status code distribution:/,$p' "$out" | head -12 >&2
  fi
}

_wrk_run() {
  local url="$1" out="$tmp/wrk.out"
  _timed "$out" timeout $(( DURATION + 60 )) wrk -t "${WRK_THREADS:-1}" -c "$C" -d "${DURATION}s" --latency "$url"
  r_rps="$(awk '/^Requests\/sec:/ { printf "%.1f", $2 }' "$out")"
  # "     99%    3.45ms" (units us, ms or s)
  r_p99="$(awk '$1 == "99%" { v = $2; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v)
                k = (u == "us" ? 0.001 : u == "s" ? 1000 : u == "m" ? 60000 : 1); printf "%.2f", v * k }' "$out")"
  r_errors="$(awk '/^  Non-2xx or 3xx responses:/ { n += $NF }
                   /^  Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$out")"
  r_requests="$(awk '/ requests in / { print $1 - 0 }' "$out")"
  r_requests=$(( r_requests - r_errors ))
  r_cpu="$(per "$_user_sys" "$r_requests" 1000)"
  r_new="-"
  r_http="http/1.1"
  [ -n "$r_rps" ] || { echo "$me: could not read wrk's output: $(cat "$out")" >&2; exit 1; }
  if [ "$r_errors" -gt 0 ]; then
    echo "$me: note: wrk had $r_errors socket errors or non-2xx answers: $(grep -E 'Non-2xx|Socket errors' "$out")" >&2
  fi
}

# ratios "A1 A2 ..." "B1 B2 ...": A_i / B_i with 2 decimals, space-separated ("-" where one is missing).
ratios() {
  local -a a b
  read -r -a a <<<"$1"
  read -r -a b <<<"$2"
  local i out=()
  for i in "${!a[@]}"; do out+=("$(two "$(per "${a[$i]}" "${b[$i]:--}" 1)")"); done
  echo "${out[*]}"
}

# "1 round" or "N rounds".
rounds() { if [ "$1" = 1 ]; then echo "1 round"; else echo "$1 rounds"; fi; }

# A figure with 2 decimals ("-" stays "-").
two() { awk -v x="$1" 'BEGIN { if (x == "-" || x == "") print "-"; else printf "%.2f", x }'; }

# relay_rounds URL NAME PROXY PID [NAME PROXY PID]...: ROUNDS rounds of `marginal pb_run` through each relay to URL,
# the order rotating each round; prints each round's table and the medians, and sets med_rps[NAME] (the long run's
# requests/s), med_relay[NAME] (the relay's marginal CPU per relayed request, ms), med_relay_sys[NAME] (its kernel
# part: a relay that makes the same system calls as another cannot cost less than that) and rel_rounds[NAME] (the
# relay's figure per round, space-separated).
declare -A med_rps med_relay med_relay_sys rel_rounds
relay_rounds() {
  local url="$1" round i n k name lines
  shift
  local -a names=() proxies=() pids=()
  while [ $# -gt 0 ]; do names+=("$1") proxies+=("$2") pids+=("$3"); shift 3; done
  n="${#names[@]}"
  local fmt='%-22s %10s %9s %15s %10s %11s %9s %12s %7s  %s\n'
  declare -A rps relay relay_sys p99 cpu
  for round in $(seq 1 "$ROUNDS"); do
    lines=()
    for k in $(seq 0 $(( n - 1 ))); do
      i=$(( (k + round - 1) % n ))
      name="${names[$i]}"
      relay_pid="${pids[$i]}"
      marginal pb_run "${proxies[$i]}" "$url"
      relay_pid=""
      rps[$name]+="$r_rps " relay[$name]+="$m_relay " relay_sys[$name]+="$m_relay_sys " p99[$name]+="$r_p99 "
      cpu[$name]+="$m_cpu "
      # shellcheck disable=SC2059 # the format is the table's layout
      lines+=("$(printf "$fmt" "$name" "$r_rps" "$r_p99" "$m_relay" "$m_relay_sys" "$m_cpu" "$r_new" "$r_conns" \
        "$r_errors" "$r_http")")
      sleep 1
    done
    echo
    echo "round $round/$ROUNDS (req/s and p99 of the long run; CPU per request marginal)"
    # shellcheck disable=SC2059
    printf "$fmt" relay "req/s" "p99_ms" "relay_ms/req" "kernel_ms" "client_ms" "new_conn" "nginx_conns" errors inside
    printf '%s\n' "${lines[@]}"
  done
  echo
  echo "medians over $ROUNDS rounds (relay_ms/req: the relay's marginal CPU per relayed request, ms; kernel_ms: its"
  echo "system time, the part spent in the kernel; client_ms: the client's marginal CPU per request; new_conn: tunnels"
  echo "the client opened in its measured window)"
  printf '%-22s %10s %9s %15s %10s %11s\n' relay "req/s" "p99_ms" "relay_ms/req" "kernel_ms" "client_ms"
  for name in "${names[@]}"; do
    # shellcheck disable=SC2086 # the accumulated strings are lists
    med_rps[$name]="$(median ${rps[$name]})" med_relay[$name]="$(median ${relay[$name]})"
    med_relay_sys[$name]="$(median ${relay_sys[$name]})"
    rel_rounds[$name]="${relay[$name]}"
    # shellcheck disable=SC2086
    printf '%-22s %10s %9s %15s %10s %11s\n' "$name" "${med_rps[$name]}" "$(median ${p99[$name]})" \
      "${med_relay[$name]}" "${med_relay_sys[$name]}" "$(median ${cpu[$name]})"
  done
}

# kernel_line A B: one line on the kernel's part of relays A's and B's marginal CPU per relayed request (medians of
# relay_rounds). A relay that makes the same system calls as B cannot cost less than its own kernel part, so A's
# kernel part over B's whole figure is as low as A's ratio to B can go by cutting A's user-space work alone.
kernel_line() {
  local a="$1" b="$2"
  echo "kernel part of the marginal CPU per relayed request (system time): $a ${med_relay_sys[$a]} ms of" \
    "${med_relay[$a]}, $b ${med_relay_sys[$b]} ms of ${med_relay[$b]}; $a's kernel part alone is" \
    "$(two "$(per "${med_relay_sys[$a]}" "${med_relay[$b]}" 1)")x $b's whole figure"
}
