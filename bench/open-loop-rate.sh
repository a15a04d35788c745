#!/usr/bin/env bash
# Achieved rate and start lag of `proxybench run` (open loop) at fixed arrival rates, through the lab gateway, on
# reused tunnels: each run warms one sticky-session tunnel per session before its schedule starts (run's warm-up),
# and SESSIONS is large enough that the requests in flight fit on those tunnels. Per rate it prints what was asked,
# what was achieved, how late the scheduler fired, whether new tunnels had to be opened, and where the CPU went
# (the client, the lab and anything else: they all share this machine's cores).
#
#   bench/open-loop-rate.sh                               # RATES="1000 5000" DURATION=10 SESSIONS=200 ROUNDS=1
#   RATES="200 500" DURATION=2 bench/open-loop-rate.sh    # CI-sized smoke
#   DURATION=20 SESSIONS=50 bench/open-loop-rate.sh       # a user's default run: start lag after run's warm-up
#
# Env: RATES (requests per second, space-separated), DURATION (seconds of schedule per run), SESSIONS (sticky
# sessions = tunnels opened by the warm-up), ROUNDS (every rate once per round; each round is printed, and with more
# than one the medians), WARMUP (seconds of a discarded run at the highest rate before round 1, so that the lab's
# JIT is warm: default 3, 0 for none; each `proxybench run` is a new JVM, so the client starts cold every time),
# SETTLE (the client's JIT-warm window: a second table leaves out requests scheduled in the first SETTLE seconds;
# default 2, or DURATION/2 for short runs; 0 for none), RUN_ARGS (extra `proxybench run` flags, e.g. --poisson, or
# --warmup none to run each client JVM cold, --warmup 10s for a longer warm-up than the default),
# PROXYBENCH_JAVA_OPTS (JVM flags of the client and the lab, as for ./proxybench).
# Needs jq (apt-get install -y jq) and curl. The last lines say what the figures mean.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="open-loop-rate"

RATES="${RATES-1000 5000}"
DURATION="${DURATION:-10}"
SESSIONS="${SESSIONS:-200}"
ROUNDS="${ROUNDS:-1}"
WARMUP="${WARMUP:-3}"
for v in DURATION SESSIONS ROUNDS; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
default_settle=$(( DURATION / 2 < 2 ? DURATION / 2 : 2 ))
SETTLE="${SETTLE:-$default_settle}"
for v in WARMUP SETTLE; do
  [[ "${!v}" =~ ^[0-9]+$ ]] || { echo "$me: $v must be a whole number of seconds, got '${!v}'" >&2; exit 2; }
done
[ "$SETTLE" -lt "$DURATION" ] \
  || { echo "$me: SETTLE ($SETTLE s) must be shorter than DURATION ($DURATION s)" >&2; exit 2; }
read -r -a rates <<<"$RATES"
[ "${#rates[@]}" -gt 0 ] || { echo "$me: RATES is empty; give rates in requests per second, e.g. RATES=\"1000 5000\"" >&2; exit 2; }
max_rate=0
for r in "${rates[@]}"; do
  [[ "$r" =~ ^[1-9][0-9]*$ ]] \
    || { echo "$me: RATES must be positive whole requests per second separated by spaces, got '$r' in '$RATES'" >&2; exit 2; }
  if [ "$r" -gt "$max_rate" ]; then max_rate="$r"; fi
done

command -v jq >/dev/null || { echo "$me: jq is needed to read the records; install it with: apt-get install -y jq" >&2; exit 1; }
command -v curl >/dev/null || { echo "$me: curl is needed for the lab's counters; apt-get install -y curl" >&2; exit 1; }
command -v java >/dev/null || { echo "$me: Java 17 is needed; apt-get install -y openjdk-17-jdk-headless" >&2; exit 1; }

# --- open files ----------------------------------------------------------------------------------------------------
# `proxybench run` refuses to start when its open-files limit is below the planned concurrency: two seconds of
# arrivals at the peak rate plus 128 (RunCommand.IN_FLIGHT_SECONDS, OpenFiles.HEADROOM). Raise the soft limit up to
# the hard one here, for the lab and every run this script starts.
need_files=$(( 2 * max_rate + 128 ))
soft="$(ulimit -Sn)"
hard="$(ulimit -Hn)"
if [ "$soft" != unlimited ] && [ "$soft" -lt "$need_files" ]; then
  if [ "$hard" != unlimited ] && [ "$hard" -lt "$need_files" ]; then
    echo "$me: the hard open-files limit is $hard, below the $need_files descriptors \`proxybench run\` plans for" \
      "$max_rate req/s; raise it (as root: ulimit -Hn $need_files, or LimitNOFILE/limits.conf) or lower RATES" >&2
    exit 1
  fi
  new_soft="$hard"
  [ "$hard" = unlimited ] && new_soft="$need_files"
  ulimit -Sn "$new_soft"
  echo "$me: raised the open-files soft limit from $soft to $new_soft (hard limit $hard): $need_files needed at" \
    "$max_rate req/s"
fi

source bench/lab.sh
bench_tmp

# --- build ---------------------------------------------------------------------------------------------------------
echo "$me: building the launcher's jar if it is stale..." >&2
./proxybench --help >/dev/null

# --- lab -----------------------------------------------------------------------------------------------------------
lab_for=$(( ROUNDS * ${#rates[@]} * (3 * DURATION + 90) + 3 * WARMUP + 120 ))
lab_start "$lab_for"
proxy="http://u:p@${gateway#http://}"

# --- measuring helpers ---------------------------------------------------------------------------------------------
ticks_per_s="$(getconf CLK_TCK)"
cores="$(nproc)"
# Whole machine, all cores: "busy total" in ticks (busy leaves out idle and iowait).
machine_ticks() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t; exit }' /proc/stat; }
reset_counters() { curl -sS --max-time 5 -X DELETE "$admin" >/dev/null; }
connect_tunnels() { curl -sS --max-time 5 "$admin" | jq -r '.tunnels.connect'; }
median() {
  printf '%s\n' "$@" | grep -v '^-$' | sort -g \
    | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2];
            else printf "%.1f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# Figures from the records (JSONL, seconds) of requests scheduled at or after $2 seconds, one tab-separated line:
# total ok achieved/s sent/s lag_p99_ms lag_max_ms p50_ms p99_ms new_tunnels reuse_% h2_%
# Percentiles interpolate between ranks like numpy (and `proxybench run`'s summary).
# shellcheck disable=SC2016 # $-names below are jq's
figures() {
  jq -s -r --argjson from "$2" '
    def pct(p): if length == 0 then null else sort as $s | ((length - 1) * p / 100) as $r | ($r | floor) as $b
      | ([$b + 1, length - 1] | min) as $a | $s[$b] + ($s[$a] - $s[$b]) * ($r - $b) end;
    def r1: if . == null then "-" else (. * 10 | round) / 10 end;
    def ms: if . == null then "-" else (. * 1000 | r1) end;
    def per(n; d): if d > 0 then n / d else null end;
    map(select(.sched >= $from)) as $all
    | if ($all | length) == 0 then [0, 0, "-", "-", "-", "-", "-", "-", "-", "-", "-"] | @tsv else
    ($all | map(select(.status == 200))) as $ok
    | ($all | map(.sched + .start_lag)) as $sent
    | ($all | map(select(.reused != null))) as $conn
    | ($conn | map(select(.reused == false)) | length) as $new
    | [ ($all | length), ($ok | length),
        (if ($ok | length) > 0 then per($ok | length; ($ok | map(.done) | max) - ($all | map(.sched) | min)) else 0 end | r1),
        (per($sent | length; ($sent | max) - ($sent | min)) | r1),
        ($all | map(.start_lag) | pct(99) | ms), ($all | map(.start_lag) | max | ms),
        ($ok | map(.total) | pct(50) | ms), ($ok | map(.total) | pct(99) | ms),
        $new, (per(($conn | length) - $new; $conn | length) | if . == null then null else . * 100 end | r1),
        (per($ok | map(select(.http == "h2")) | length; $ok | length) | if . == null then null else . * 100 end | r1)
      ] | @tsv end' "$1"
}

# One `proxybench run` at rate $1 for $2 seconds; sets f_* (figures of the whole run), s_* (after SETTLE), c_* (CPU)
# and notes (warnings and errors from the run's summary).
run_rate() {
  local rate="$1" secs="$2" out="$tmp/records.jsonl" t0 t1 m0 m1 rc
  echo "$me: running $rate req/s for ${secs}s..." >&2
  rm -f "$out" "$out.hlog"
  reset_counters
  t0="$(lab_ticks)"
  m0="$(machine_ticks)"
  TIMEFORMAT='%3R %3U %3S'
  rc=0
  # shellcheck disable=SC2086 # RUN_ARGS is split into flags on purpose
  { time timeout $(( secs + 300 )) ./proxybench run --url "$url" --proxy "$proxy" --ca "$ca" \
      --session-template '{pass}_session-{id}' --sessions "$SESSIONS" --rotation sticky \
      --rate "$rate" --duration "${secs}s" --json --no-progress --out "$out" ${RUN_ARGS:-} \
      >"$tmp/run.json" 2>"$tmp/run.err"; } 2>"$tmp/run.time" || rc=$?
  t1="$(lab_ticks)"
  m1="$(machine_ticks)"
  if [ "$rc" -ne 0 ] || [ ! -s "$tmp/run.json" ]; then
    if grep -q 'open-files limit' "$tmp/run.err"; then
      echo "$me: proxybench run refused at $rate req/s for lack of open files (soft limit now $(ulimit -Sn)," \
        "hard $(ulimit -Hn)):" >&2
    else
      echo "$me: proxybench run at $rate req/s failed (exit $rc):" >&2
    fi
    cat "$tmp/run.err" >&2
    exit 1
  fi
  local whole settled
  whole="$(figures "$out" 0)"
  settled="$(figures "$out" "$SETTLE")"
  IFS=$'\t' read -r f_total f_ok f_achieved f_sent f_lag99 f_lagmax f_p50 f_p99 f_new f_reuse f_h2 <<<"$whole"
  IFS=$'\t' read -r s_total s_ok s_achieved s_sent s_lag99 s_lagmax s_p50 s_p99 s_new s_reuse s_h2 <<<"$settled"
  local wall user sys lab_s mb0 mt0 mb1 mt1
  read -r wall user sys <<<"$(tail -1 "$tmp/run.time")"
  read -r mb0 mt0 <<<"$m0"
  read -r mb1 mt1 <<<"$m1"
  lab_s="$(awk -v t=$(( t1 - t0 )) -v hz="$ticks_per_s" 'BEGIN { printf "%.2f", t / hz }')"
  c_wall="$wall"
  c_client_s="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')"
  c_client_req="$(awk -v c="$c_client_s" -v n="$f_total" 'BEGIN { printf "%.3f", c * 1000 / n }')"
  c_lab_s="$lab_s"
  c_lab_req="$(awk -v c="$lab_s" -v n="$f_total" 'BEGIN { printf "%.3f", c * 1000 / n }')"
  # Cores busy on average during the invocation: client, lab, and everything else on the machine.
  c_client_cores="$(awk -v c="$c_client_s" -v w="$wall" 'BEGIN { printf "%.2f", c / w }')"
  c_lab_cores="$(awk -v c="$lab_s" -v w="$wall" 'BEGIN { printf "%.2f", c / w }')"
  c_machine_cores="$(awk -v b=$(( mb1 - mb0 )) -v t=$(( mt1 - mt0 )) -v n="$cores" \
    'BEGIN { printf "%.2f", (t > 0 ? b / t * n : 0) }')"
  c_other_cores="$(awk -v m="$c_machine_cores" -v a="$c_client_cores" -v b="$c_lab_cores" \
    'BEGIN { o = m - a - b; printf "%.2f", (o < 0 ? 0 : o) }')"
  c_sampler="$(jq -r '.client_cpu | if . == null or .samples == 0 then "-"
      else "\(.mean * 100 | round)%/\(.max * 100 | round)%" end' "$tmp/run.json")"
  c_tunnels="$(connect_tunnels)"
  w_used="$(jq -r '.warm_up | if . == null then "none" else "\(.seconds)s/\(.requests)" end' "$tmp/run.json")"
  notes="$(jq -r '(.warnings[]? | "warning: " + .),
      (.errors | to_entries[]? | "error: \(.key) x\(.value)"),
      (if .backlog_peak > 0 then "backlog peak: \(.backlog_peak)" else empty end)' "$tmp/run.json")"
  if [ -s "$tmp/run.err" ]; then
    notes="${notes:+$notes$'\n'}$(sed 's/^/stderr: /' "$tmp/run.err")"
  fi
}

verdict() { # $1 ok $2 total $3 lag p99 ms
  if [ "$1" = "$2" ] && awk -v l="$3" 'BEGIN { exit !(l != "-" && l <= 10) }'; then echo kept; else echo MISSED; fi
}

fmt_a='%9s %13s %11s %9s %11s %11s %9s %9s %8s %7s %5s %11s %8s\n'
fmt_b='%9s %13s %11s %11s %9s %9s %8s %8s\n'
fmt_c='%9s %7s %10s %12s %12s %9s %12s %10s %11s %11s %13s %8s\n'

# --- rounds --------------------------------------------------------------------------------------------------------
echo "$me: RATES=\"$RATES\", ${DURATION}s per run, $SESSIONS sticky sessions, ROUNDS=$ROUNDS, SETTLE=${SETTLE}s;" \
  "$url through $gateway (lab PID $lab_pid, $(jq -r '"\(.transport)/\(.tls)"' "$tmp/lab.json"))"
echo "$me: $cores cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the first run," \
  "open-files limit $(ulimit -Sn)"
if [ "$WARMUP" -gt 0 ]; then
  echo "$me: warming the lab up: ${WARMUP}s at $max_rate req/s (discarded)"
  run_rate "$max_rate" "$WARMUP"
  sleep 1
fi
declare -A med_achieved med_lag med_p99 med_s_achieved med_s_lag
for round in $(seq 1 "$ROUNDS"); do
  lines_a=() lines_b=() lines_c=() lines_n=()
  for rate in "${rates[@]}"; do
    run_rate "$rate" "$DURATION"
    # shellcheck disable=SC2059 # the formats are the tables' layouts
    lines_a+=("$(printf "$fmt_a" "$rate" "$f_ok/$f_total" "$f_achieved" "$f_sent" "$f_lag99" "$f_lagmax" "$f_p50" \
      "$f_p99" "$f_new" "$f_reuse" "$f_h2" "$w_used" "$(verdict "$f_ok" "$f_total" "$f_lag99")")")
    # shellcheck disable=SC2059
    lines_b+=("$(printf "$fmt_b" "$rate" "$s_ok/$s_total" "$s_achieved" "$s_lag99" "$s_p50" "$s_p99" "$s_new" \
      "$(verdict "$s_ok" "$s_total" "$s_lag99")")")
    # shellcheck disable=SC2059
    lines_c+=("$(printf "$fmt_c" "$rate" "$c_wall" "$c_sampler" "$c_client_s" "$c_client_req" "$c_lab_s" \
      "$c_lab_req" "$c_client_cores" "$c_lab_cores" "$c_other_cores" "$c_machine_cores/$cores" "$c_tunnels")")
    [ -z "$notes" ] || lines_n+=("$(sed "s/^/  $rate req\/s: /" <<<"$notes")")
    med_achieved[$rate]+="$f_achieved " med_lag[$rate]+="$f_lag99 " med_p99[$rate]+="$f_p99 "
    med_s_achieved[$rate]+="$s_achieved " med_s_lag[$rate]+="$s_lag99 "
    sleep 1
  done
  echo
  echo "round $round/$ROUNDS: whole runs (${DURATION}s schedule each)"
  # shellcheck disable=SC2059
  printf "$fmt_a" "target/s" "ok/total" "achieved/s" "sent/s" "lag_p99_ms" "lag_max_ms" "p50_ms" "p99_ms" \
    "new_tun" "reuse%" "h2%" "warmup" schedule
  printf '%s\n' "${lines_a[@]}"
  if [ "$SETTLE" -gt 0 ]; then
    echo "round $round/$ROUNDS: requests scheduled from second $SETTLE on (the client's JIT warmer)"
    # shellcheck disable=SC2059
    printf "$fmt_b" "target/s" "ok/total" "achieved/s" "lag_p99_ms" "p50_ms" "p99_ms" "new_tun" schedule
    printf '%s\n' "${lines_b[@]}"
  fi
  echo "round $round/$ROUNDS: where the CPU went (whole invocation: JVM start, session warm-up, schedule, drain)"
  # shellcheck disable=SC2059
  printf "$fmt_c" "target/s" "wall_s" "cpu_mean/max" "client_cpu_s" "client_ms/req" "lab_cpu_s" "lab_ms/req" \
    "client_cores" "lab_cores" "other_cores" "machine_cores" "gw_tunnels"
  printf '%s\n' "${lines_c[@]}"
  if [ "${#lines_n[@]}" -gt 0 ]; then
    echo "round $round/$ROUNDS: notes from proxybench run"
    printf '%s\n' "${lines_n[@]}"
  fi
done

if [ "$ROUNDS" -gt 1 ]; then
  echo
  echo "medians over $ROUNDS rounds"
  printf '%9s %11s %11s %9s' "target/s" "achieved/s" "lag_p99_ms" "p99_ms"
  [ "$SETTLE" -eq 0 ] || printf ' %22s %22s' "achieved/s_from_${SETTLE}s" "lag_p99_ms_from_${SETTLE}s"
  echo
  for rate in "${rates[@]}"; do
    # shellcheck disable=SC2086 # the accumulated strings are lists
    printf '%9s %11s %11s %9s' "$rate" "$(median ${med_achieved[$rate]})" "$(median ${med_lag[$rate]})" \
      "$(median ${med_p99[$rate]})"
    # shellcheck disable=SC2086
    [ "$SETTLE" -eq 0 ] || printf ' %22s %22s' "$(median ${med_s_achieved[$rate]})" "$(median ${med_s_lag[$rate]})"
    echo
  done
fi

cat <<EOF

what the figures mean
  achieved/s     successful (200) requests per second: ok / (last ok done - first scheduled start)
  sent/s         requests handed to the client per second (first to last send); below target/s when the
                 scheduler fell behind
  lag_p99_ms     start lag p99 (record field start_lag): how late the scheduler fired. Above 10 ms the client is the
                 bottleneck and the latency figures describe the client, not the proxy; schedule says "kept" when
                 lag p99 <= 10 ms and every request succeeded, "MISSED" otherwise
  p50/p99_ms     total latency of successful requests, from the scheduled start (start lag included)
  warmup         the run's own warm-up before its schedule, left out of the records: seconds/requests at the peak
                 rate (run's --warmup; by default 1 s per 200 req/s of the peak, from 0.5 s to 5 s), after one request
                 per session. Goals for a default 20 s run (DURATION=20 SESSIONS=50): lag_p99_ms under 1 at 1,000 req/s
                 and under 2 at 5,000
  new_tun        requests that opened a tunnel during the schedule (reused=false); 0 means every request rode a tunnel
                 opened by run's warm-up (one per session); reuse% is the rest, h2% the share that negotiated h2
  cpu_mean/max   the client's own CPU sampler during the schedule, share of all $cores cores (mean over the schedule,
                 max of its one-second samples; a mean of 85% or more = saturated)
  *_cores        CPU seconds / wall seconds of the client, the lab and everything else on the machine (other builds,
                 and loopback network work the kernel charges to no process); they share $cores cores, so machine_cores
                 near $cores means the figures are capped by this machine, and other_cores is the noise
  gw_tunnels     CONNECT tunnels the lab's gateway accepted during the invocation (warm-up included: $SESSIONS expected)
EOF
