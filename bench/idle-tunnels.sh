#!/usr/bin/env bash
# Memory per idle tunnel, in the lab gateway and in the client: heap (live, after a full GC) plus direct memory
# (native memory tracking's "Other": Netty's direct buffers), at TUNNELS tunnels held open at once. It runs the soak
# (cli SoakTest): the gateway and the target are `proxybench lab` processes of their own, the client is the test JVM,
# each tunnel is an HTTP/2 CONNECT stream with its own sticky session and its own TLS session with the target.
# Leak detection is off (the test suite runs it paranoid, which keeps a record per buffer). Goal: under 20 KiB each.
# OpenSSL's own state for each TLS session (netty-tcnative allocates it with malloc) is in neither figure; the
# resident set per tunnel, printed too, includes it.
#
#   bench/idle-tunnels.sh                          # TUNNELS=10000 HOLD=10
#   TUNNELS=300 HOLD=1 bench/idle-tunnels.sh       # CI-sized smoke (the figures then mostly show allocator chunks)
#
# Env: TUNNELS (tunnels open at once; the lab processes get TUNNELS + 1,000 open files through prlimit), HOLD
# (seconds the tunnels stay idle before they are all used again). The last line is the ratio to the goal.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
me="idle-tunnels"

TUNNELS="${TUNNELS:-10000}"
HOLD="${HOLD:-10}"
for v in TUNNELS HOLD; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "$me: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
command -v mvn >/dev/null || { echo "$me: Maven (mvn) is needed to build; apt-get install -y maven" >&2; exit 1; }
command -v prlimit >/dev/null || { echo "$me: prlimit is needed for the lab's open files; apt-get install -y util-linux" >&2; exit 1; }

goal_kib=20
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
report="cli/target/soak.txt"
rm -f "$report"
echo "$me: $TUNNELS idle tunnels held ${HOLD}s (cli SoakTest, leak detection off); this takes a few minutes" >&2
if ! mvn -B -o -q test -pl cli -am -Dtest=SoakTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dproxybench.soak.tunnels="$TUNNELS" -Dproxybench.soak.hold="$HOLD" -Dtest.leakDetection=disabled >"$log" 2>&1 \
    || [ ! -s "$report" ]; then
  tail -60 "$log" >&2
  echo "$me: the soak failed or was skipped (output above); it needs prlimit to allow $(( TUNNELS + 1000 )) open files" >&2
  exit 1
fi
cat "$report"
# Row: process, heap, KiB, direct, KiB, heap+direct, KiB, ...
per() { awk -v p="$1" '$1 == p { print $6 }' "$report"; }
gateway="$(per gateway)"
client="$(per client)"
[ -n "$gateway" ] && [ -n "$client" ] || { echo "$me: could not read $report" >&2; exit 1; }
awk -v g="$gateway" -v c="$client" -v goal="$goal_kib" -v n="$TUNNELS" 'BEGIN {
  printf "heap+direct per idle tunnel at %d tunnels: gateway %.1f KiB, client %.1f KiB (goal: under %d KiB each)\n", n, g, c, goal
  printf "ratio to the %d KiB goal (under 1 meets it): gateway %.2f, client %.2f\n", goal, g / goal, c / goal
}'
