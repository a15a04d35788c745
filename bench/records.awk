# Writes N proxybench records (one JSON object per line) of a steady run at RATE req/s through 5,000 exits and 200
# sticky sessions: 93% successes (a fifth on a new tunnel with tcp/connect/tls phases), 3% blocks, 2% proxy
# failures, 2% timeouts, some retries; bytes on every record that had a connection. With SEGMENT set, every record
# names that execution segment (a shard's file). Deterministic for a given SEED.
#
#   awk -v N=1000000 -v RATE=11000 -v SEED=1 [-v SEGMENT='0:1/4 of 0,1/4,1/2,3/4,1'] -f bench/records.awk > run.jsonl
BEGIN {
  srand(SEED + 0)
  countries[0] = "US"; countries[1] = "DE"; countries[2] = "BR"; countries[3] = "JP"; countries[4] = "GB"
  segment = SEGMENT == "" ? "" : ",\"segment\":\"" SEGMENT "\""
  conn = 0
  for (i = 0; i < N; i++) {
    sched = i / RATE
    lag = rand() * 0.002
    u = rand()
    session = int(rand() * 200)
    exit_ = (session * 7919 + int(i / 50000)) % 5000
    ip = "127." (1 + int(exit_ / 1000)) "." (int(exit_ / 10) % 100) "." (exit_ % 10 + 1)
    loc = countries[exit_ % 5]
    attempt = rand() < 0.03 ? 2 : 1
    first = attempt > 1 ? ",\"first_error\":\"connect_502\"" : ""
    if (u < 0.02) {
      total = 0.05 + rand() * 0.2
      printf "{\"sched\":%.6f,\"done\":%.6f,\"start_lag\":%.6f,\"total\":%.6f,\"error\":\"connect_502\",\"outcome\":\"proxy_failure\",\"attempt\":%d%s,\"bytes_out\":%d,\"bytes_in\":%d,\"handshake_bytes\":%d%s}\n", \
        sched, sched + total, lag, total, attempt, first, 180, 120, 300, segment
      continue
    }
    if (u < 0.04) {
      total = 30
      printf "{\"sched\":%.6f,\"done\":%.6f,\"start_lag\":%.6f,\"total\":%.6f,\"error\":\"request_TimeoutException\",\"outcome\":\"target_error\",\"attempt\":%d%s%s}\n", \
        sched, sched + total, lag, total, attempt, first, segment
      continue
    }
    fresh = rand() < 0.2
    request = 0.03 + rand() * rand() * 0.4
    phases = ""
    handshake = 0
    if (fresh) {
      tcp = 0.001 + rand() * 0.01; connect = 0.05 + rand() * 0.2; tls = 0.04 + rand() * 0.1
      phases = sprintf(",\"tcp\":%.6f,\"connect\":%.6f,\"tls\":%.6f", tcp, connect, tls)
      request += tcp + connect + tls
      handshake = 4200 + int(rand() * 900)
      conn++
      c = conn
    } else {
      c = 1 + int(rand() * (conn + 1))
    }
    total = lag + request
    status = u < 0.055 ? 429 : (u < 0.07 ? 403 : 200)
    outcome = status == 200 ? "data" : "hard_block"
    body = status == 200 ? 2200 + int(rand() * 400) : 300
    printf "{\"sched\":%.6f,\"done\":%.6f,\"start_lag\":%.6f%s,\"request\":%.6f,\"total\":%.6f,\"status\":%d,\"ip\":\"%s\",\"loc\":\"%s\",\"outcome\":\"%s\",\"reused\":%s,\"conn\":%d,\"session\":\"s%d\",\"attempt\":%d%s,\"bytes_out\":%d,\"bytes_in\":%d,\"handshake_bytes\":%d,\"body_len\":%d,\"http\":\"HTTP/1.1\",\"scheme\":\"http\",\"gateway_connection_id\":0%s}\n", \
      sched, sched + total, lag, phases, request, total, status, ip, loc, outcome, fresh ? "false" : "true", c, \
      session, attempt, first, 420 + handshake / 2, body + 380 + handshake / 2, handshake, body, segment
  }
}
