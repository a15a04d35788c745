#!/usr/bin/env bash
# How fast proxybench answers: `./proxybench --help` until it exits, and `./proxybench lab` until it has printed its
# endpoints (the lab is then ready for traffic), each ROUNDS times, with the launcher's class-data archive (AppCDS,
# made once per build) and without it (PROXYBENCH_CDS=0), alternating. Wall times of the whole command, launcher
# included; the medians and the goals (help under 0.5 s, lab ready under 1.5 s) are the last lines.
#
#   bench/startup.sh            # ROUNDS=7
#   ROUNDS=3 bench/startup.sh   # quicker
#
# Env: ROUNDS (runs of each command per mode), PROXYBENCH_JAVA_OPTS (JVM flags, as for ./proxybench).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="startup"
ROUNDS="${ROUNDS:-7}"
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "$me: ROUNDS must be a positive integer, got '$ROUNDS'" >&2; exit 2; }

source bench/lab.sh
bench_tmp

echo "$me: building the launcher's jar and its archive if they are stale..." >&2
./proxybench --help >/dev/null
# The launcher starts without its archive when it cannot make one (a JVM that crashes dumping it, say): measured
# here, that would compare the launcher with itself, so it is a failure.
compgen -G "cli/target/proxybench-*.jsa" >/dev/null \
  || { echo "$me: the launcher made no class-data archive (cli/target/proxybench-*.jsa); ./proxybench --help says why" >&2; exit 1; }

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# Milliseconds until `./proxybench --help` exits.
help_ms() {
  local t0
  t0="$(now_ms)"
  ./proxybench --help >/dev/null
  echo $(( $(now_ms) - t0 ))
}

# Milliseconds until `./proxybench lab --json` has printed its endpoints; the lab is then stopped by PID.
lab_ms() {
  local t0 pid ms=""
  mkdir -p "$tmp/home"
  rm -f "$tmp/ready.json"
  t0="$(now_ms)"
  PROXYBENCH_HOME="$tmp/home" ./proxybench lab --json --for 60s >"$tmp/ready.json" 2>"$tmp/ready.err" &
  pid=$!
  for _ in $(seq 1 3000); do
    if grep -q '"gateway"' "$tmp/ready.json" 2>/dev/null; then ms=$(( $(now_ms) - t0 )); break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.005
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ -n "$ms" ] || { echo "$me: the lab printed no endpoints: $(cat "$tmp/ready.err")" >&2; exit 1; }
  echo "$ms"
}

median() {
  printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

# The lab's first start makes its CA in PROXYBENCH_HOME: done once here, outside the figures.
lab_ms >/dev/null
declare -a help_cds help_plain lab_cds lab_plain
echo "$me: $ROUNDS rounds, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%6s %14s %16s %13s %15s\n' round "help_cds_ms" "help_no_cds_ms" "lab_cds_ms" "lab_no_cds_ms"
for round in $(seq 1 "$ROUNDS"); do
  if [ $(( round % 2 )) -eq 1 ]; then
    help_cds+=("$(help_ms)"); help_plain+=("$(PROXYBENCH_CDS=0 help_ms)")
    lab_cds+=("$(lab_ms)"); lab_plain+=("$(PROXYBENCH_CDS=0 lab_ms)")
  else
    help_plain+=("$(PROXYBENCH_CDS=0 help_ms)"); help_cds+=("$(help_ms)")
    lab_plain+=("$(PROXYBENCH_CDS=0 lab_ms)"); lab_cds+=("$(lab_ms)")
  fi
  printf '%6s %14s %16s %13s %15s\n' "$round" "${help_cds[-1]}" "${help_plain[-1]}" "${lab_cds[-1]}" \
    "${lab_plain[-1]}"
done
h="$(median "${help_cds[@]}")" l="$(median "${lab_cds[@]}")"
echo "median ms: --help $h (without the archive $(median "${help_plain[@]}")), lab ready $l (without the archive" \
  "$(median "${lab_plain[@]}"))"
echo "goals: --help under 500 ms: $([ "${h%.*}" -lt 500 ] && echo met || echo MISSED); lab ready under 1500 ms:" \
  "$([ "${l%.*}" -lt 1500 ] && echo met || echo MISSED)"
