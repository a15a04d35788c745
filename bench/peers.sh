# Sourced by the benchmark scripts after bench/lab.sh and bench_tmp: real peers on 127.0.0.1, each one foreground
# process under `timeout`, in the background of the script, with its config and logs in $tmp; stopped by PID on exit
# (bench_tmp's cleanup stops every PID in peer_pids).
#
#   peer_require BINARY PACKAGE   exits with the apt-get line when BINARY is missing
#   nginx_start SECONDS           HTTPS origin, self-signed for 127.0.0.1; sets nginx_pid, nginx_url (h2 and
#                                 http/1.1 by ALPN), nginx_h1_url (http/1.1 only), nginx_cert (trust it with --ca);
#                                 with NGINX_FILE_BYTES set, it also serves /file: that many zero bytes (a sparse file)
#   nginx_counts                  "ACCEPTS REQUESTS": connections nginx has accepted and requests it has answered so
#                                 far (stub_status, on a plain port of its own; the reading itself counts one of each)
#   squid_start SECONDS [PORT...] CONNECT proxy (to the PORTs only, by default nginx's), no auth, no cache, no
#                                 access log; sets squid_pid, squid_url. Without PORTs it needs nginx_start first.
#   tinyproxy_start SECONDS       HTTP proxy with CONNECT to any port, no auth; sets tinyproxy_pid, tinyproxy_url
#   dante_start SECONDS           SOCKS5 (socksmethod none); sets dante_pid, dante_url (socks5://)
#   tree_ticks PID                CPU time of PID and all its descendants so far, in clock ticks, waited-for exited
#                                 children included (squid and dante fork): "ALL SYSTEM" (user + system, and the
#                                 system, the kernel's, part alone); exits if PID has died
#
# Every port is a free ephemeral one on 127.0.0.1; a start returns once the port accepts connections.

peer_require() {
  command -v "$1" >/dev/null \
    || { echo "$me: $1 is not installed (package $2); install it with: apt-get install -y $2" >&2; exit 1; }
}

# Sets jfr_bin to JFR's `jfr` tool, the one next to the java that runs proxybench; exits when there is none.
jfr_require() {
  jfr_bin="$(dirname "$(readlink -f "$(command -v java)")")/jfr"
  [ -x "$jfr_bin" ] || { echo "$me: JFR's jfr tool is not next to java ($jfr_bin); install a full JDK" \
    "(apt-get install -y openjdk-17-jdk-headless)" >&2; exit 1; }
}

# A TCP port on 127.0.0.1 that nothing listens on now (the kernel's choice, so not one in use).
_free_port() {
  peer_require python3 python3-minimal
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# _peer_launch NAME SECONDS PORT COMMAND...: starts COMMAND under timeout, its output in $tmp/NAME.out, and waits up
# to 20 s until PORT accepts; sets _launched (the PID of `timeout`, whose only child is the peer).
_peer_launch() {
  local name="$1" secs="$2" port="$3"
  shift 3
  timeout --kill-after=5 "$secs" "$@" >"$tmp/$name.out" 2>&1 &
  _launched=$!
  peer_pids+=("$_launched")
  for _ in $(seq 1 80); do
    if ! kill -0 "$_launched" 2>/dev/null; then
      echo "$me: $name exited at start: $(tail -20 "$tmp/$name.out")" >&2
      exit 1
    fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    sleep 0.25
  done
  echo "$me: $name does not accept on 127.0.0.1:$port after 20 s: $(tail -20 "$tmp/$name.out")" >&2
  exit 1
}

nginx_start() {
  peer_require nginx nginx-light
  peer_require openssl openssl
  local dir="$tmp/nginx" port h1_port status_port
  mkdir -p "$dir"
  if ! openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=127.0.0.1" \
      -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -keyout "$dir/key.pem" -out "$dir/cert.pem" \
      >"$dir/openssl.out" 2>&1; then
    echo "$me: openssl could not make nginx's certificate: $(cat "$dir/openssl.out")" >&2
    exit 1
  fi
  port="$(_free_port)"
  h1_port="$(_free_port)"
  status_port="$(_free_port)"
  while [ "$h1_port" = "$port" ]; do h1_port="$(_free_port)"; done
  while [ "$status_port" = "$port" ] || [ "$status_port" = "$h1_port" ]; do status_port="$(_free_port)"; done
  truncate -s "${NGINX_FILE_BYTES:-0}" "$dir/file"
  # One worker, no logs, a 3-byte body; keep-alive long and never churned by a request count.
  cat >"$dir/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log error;
events {
    worker_connections 8192;
}
http {
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
    access_log off;
    default_type text/plain;
    keepalive_requests 100000000;
    keepalive_timeout 300s;
    ssl_certificate $dir/cert.pem;
    ssl_certificate_key $dir/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:bench:1m;
    server {
        # h2 and http/1.1 by ALPN
        listen 127.0.0.1:$port ssl http2;
        # http/1.1 only
        listen 127.0.0.1:$h1_port ssl;
        server_name 127.0.0.1 localhost;
        location / {
            return 200 "ok\n";
        }
        location = /file {
            alias $dir/file;
            default_type application/octet-stream;
        }
    }
    server {
        listen 127.0.0.1:$status_port;
        location = /status {
            stub_status;
        }
    }
}
EOF
  _peer_launch nginx "$1" "$port" nginx -p "$dir" -c "$dir/nginx.conf"
  nginx_pid="$_launched"
  nginx_port="$port"
  nginx_h1_port="$h1_port"
  nginx_url="https://127.0.0.1:$port/"
  nginx_h1_url="https://127.0.0.1:$h1_port/"
  nginx_cert="$dir/cert.pem"
  nginx_status="http://127.0.0.1:$status_port/status"
  curl -sSf --max-time 10 --cacert "$nginx_cert" "$nginx_url" >/dev/null \
    || { echo "$me: nginx does not answer on $nginx_url: $(cat "$dir/error.log")" >&2; exit 1; }
}

nginx_counts() {
  local n
  n="$(curl -sS --max-time 5 "$nginx_status" | awk 'NR == 3 { print $1, $3 }')"
  [[ "$n" =~ ^[0-9]+\ [0-9]+$ ]] || { echo "$me: nginx's stub_status ($nginx_status) gave no counts" >&2; exit 1; }
  echo "$n"
}

squid_start() {
  peer_require squid squid
  local secs="$1" allowed
  shift
  allowed="${*:-${nginx_port:-} ${nginx_h1_port:-}}"
  [ -n "${allowed// /}" ] \
    || { echo "$me: squid_start needs nginx_start first (it allows CONNECT to nginx only) or PORTs" >&2; exit 1; }
  local dir="$tmp/squid" port
  mkdir -p "$dir"
  port="$(_free_port)"
  # Comments on their own lines: squid does not allow trailing ones.
  cat >"$dir/squid.conf" <<EOF
http_port 127.0.0.1:$port
visible_hostname proxybench-squid
pid_filename $dir/squid.pid
coredump_dir $dir
access_log none
cache_log $dir/cache.log
cache_store_log none
netdb_filename none
cache deny all
pinger_enable off
udp_incoming_address 127.0.0.1
dns_nameservers 127.0.0.1
shutdown_lifetime 0 seconds
# the built-in localhost ACL is only 127.0.0.1
acl loopnet src 127.0.0.0/8
acl allowed_ports port $allowed
http_access deny CONNECT !allowed_ports
http_access allow loopnet
http_access deny all
EOF
  # As root squid drops to user proxy, which must write its pid file and log.
  [ "$(id -u)" != 0 ] || chown -R proxy "$dir"
  _peer_launch squid "$secs" "$port" squid -N -f "$dir/squid.conf"
  squid_pid="$_launched"
  squid_url="http://127.0.0.1:$port"
}

tinyproxy_start() {
  peer_require tinyproxy tinyproxy
  local dir="$tmp/tinyproxy" port
  mkdir -p "$dir"
  port="$(_free_port)"
  # No ConnectPort line: CONNECT may reach any port. MaxClients above any concurrency the scripts use.
  cat >"$dir/tinyproxy.conf" <<EOF
Port $port
Listen 127.0.0.1
Timeout 600
MaxClients 1024
Allow 127.0.0.0/8
LogLevel Error
LogFile "$dir/tinyproxy.log"
PidFile "$dir/tinyproxy.pid"
DisableViaHeader Yes
EOF
  if [ "$(id -u)" = 0 ]; then
    printf 'User nobody\nGroup nogroup\n' >>"$dir/tinyproxy.conf"
    chown -R nobody "$dir"
  fi
  _peer_launch tinyproxy "$1" "$port" tinyproxy -d -c "$dir/tinyproxy.conf"
  tinyproxy_pid="$_launched"
  tinyproxy_url="http://127.0.0.1:$port"
}

dante_start() {
  peer_require danted dante-server
  local dir="$tmp/dante" port
  mkdir -p "$dir"
  port="$(_free_port)"
  cat >"$dir/danted.conf" <<EOF
logoutput: $dir/danted.log
internal: 127.0.0.1 port = $port
external: 127.0.0.1
socksmethod: none
clientmethod: none
user.privileged: root
user.unprivileged: nobody
client pass {
    from: 127.0.0.0/8 to: 0.0.0.0/0
    log: error
}
socks pass {
    from: 127.0.0.0/8 to: 0.0.0.0/0
    log: error
}
EOF
  _peer_launch dante "$1" "$port" danted -f "$dir/danted.conf" -p "$dir/danted.pid"
  dante_pid="$_launched"
  dante_url="socks5://127.0.0.1:$port"
}

tree_ticks() {
  [ -r "/proc/$1/stat" ] || { echo "$me: process $1 has exited: see $tmp/*.out" >&2; exit 1; }
  # /proc/*/stat after the ") " that ends the command name: $2 ppid, $12 utime, $13 stime, $14 cutime, $15 cstime.
  # A process that exits between the glob and its read is skipped (cat then fails, which is no error here).
  { cat /proc/[0-9]*/stat 2>/dev/null || true; } | awk -v root="$1" '
    { pid = $1; sub(/^.*\) /, ""); parent[pid] = $2; ticks[pid] = $12 + $13 + $14 + $15; sys[pid] = $13 + $15 }
    END {
      for (p in parent) {
        for (q = p; q != "" && q != 0 && q != root; q = parent[q]) { }
        if (q == root) { total += ticks[p]; kernel += sys[p] }
      }
      print total + 0, kernel + 0
    }'
}
