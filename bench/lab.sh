# Sourced by the benchmark scripts: a temporary folder, and the lab as a separate process, stopped by PID on exit.
# The caller sets $me (its name, for messages) and runs from the repository's root.
#
#   bench_tmp                 makes $tmp and the trap that stops the lab and every PID in peer_pids (bench/peers.sh)
#                             and deletes $tmp
#   lab_start SECONDS [NAME]  starts the lab for at most SECONDS; sets lab_pid, gateway, target, ca, admin, url and
#                             lab_transport (io_uring, epoll or nio); LAB_ARGS, when set, are more of the lab's
#                             options. A second lab needs a NAME (its banner's file) and its PID in peer_pids to be
#                             stopped
#   lab_ticks                 the lab's CPU time so far, in clock ticks (exits if the lab has died)
#   build_jmh_jar             builds jmh/target/benchmarks.jar (the JMH benchmarks and NettyFloor); sets jmh_jar
#   floor_command URL CERT    after build_jmh_jar: sets floor_cmd, the command of NettyFloor's closed loop to URL
#                             (https://HOST:PORT/, trusting CERT); append CONNECTIONS WARMUP_S DURATION_S to run it

bench_tmp() {
  tmp="$(mktemp -d)"
  lab_pid=""
  peer_pids=()
  trap _bench_cleanup EXIT
  trap 'exit 130' INT TERM
}

_bench_cleanup() {
  if [ -n "$lab_pid" ] && kill -0 "$lab_pid" 2>/dev/null; then
    kill "$lab_pid" 2>/dev/null || true
    wait "$lab_pid" 2>/dev/null || true
  fi
  local pid
  for pid in "${peer_pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$tmp"
}

lab_start() {
  local banner="$tmp/lab${2:+-$2}"
  mkdir -p "$tmp/home"
  # shellcheck disable=SC2086 # LAB_ARGS is a list of the lab's options
  PROXYBENCH_HOME="$tmp/home" ./proxybench lab --json --for "${1}s" ${LAB_ARGS:-} >"$banner.json" 2>"$banner.err" &
  lab_pid=$!
  for _ in $(seq 1 120); do
    [ -s "$banner.json" ] && break
    kill -0 "$lab_pid" 2>/dev/null || break
    sleep 0.5
  done
  gateway="$(_lab_field gateway "$banner.json")"
  target="$(_lab_field target_https "$banner.json")"
  ca="$(_lab_field ca_file "$banner.json")"
  admin="$(_lab_field admin "$banner.json")"
  lab_transport="$(_lab_field transport "$banner.json")"
  if [ -z "$gateway" ] || [ -z "$target" ] || [ -z "$ca" ] || [ -z "$admin" ]; then
    echo "$me: the lab did not print its endpoints; stdout: $(cat "$banner.json"); stderr: $(cat "$banner.err")" >&2
    exit 1
  fi
  url="$target/cdn-cgi/trace"
  # The lab's own account: accepted when the lab asks for none, required when LAB_ARGS has --auth lab:lab.
  curl -sSf --max-time 10 --cacert "$ca" -x "$gateway" -U lab:lab "$url" >/dev/null \
    || { echo "$me: the lab does not answer through $gateway" >&2; exit 1; }
}

# A string field of the lab's one-line JSON banner (FIELD FILE).
_lab_field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p" "$2"; }

lab_ticks() {
  [ -r "/proc/$lab_pid/stat" ] || { echo "$me: the lab (PID $lab_pid) has exited: $(cat "$tmp/lab.err")" >&2; exit 1; }
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$lab_pid/stat"
}

build_jmh_jar() {
  command -v mvn >/dev/null || { echo "$me: Maven (mvn) is needed to build; apt-get install -y maven" >&2; exit 1; }
  echo "$me: building the benchmarks jar..." >&2
  if ! mvn -B -q -DskipTests -Pbenchmarks -pl jmh -am package >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    echo "$me: the benchmarks jar did not build (output above)" >&2
    exit 1
  fi
  jmh_jar="$PWD/jmh/target/benchmarks.jar"
  [ -f "$jmh_jar" ] || { echo "$me: $jmh_jar was not built" >&2; exit 1; }
}

floor_command() {
  local hostport="${1#https://}"
  hostport="${hostport%/}"
  floor_cmd=(java -cp "$jmh_jar" io.proxybench.jmh.NettyFloor "${hostport%:*}" "${hostport##*:}" "$2")
}
