package io.proxybench.analysis.stats;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random record streams with what the statistics must get right: failures in every phase, answers other than 200,
 * blocks, retries with first errors, records with and without bytes, HTTP/2 (shared connections), tunnels on HTTP/2
 * proxy connections, sessions that keep or change their exit, exits over a few /24s and countries, IPv6 exits,
 * records done past the last second, and records of several shards.
 */
final class RandomRecords {
    private static final String[] ERRORS = {"tcp_ConnectException", "connect_502", "connect_407", "tls_SSLException",
        "proxy_tls_SSLException", "request_TimeoutException", "total_Timeout", "socks_SocksException"};
    private static final int[] STATUSES = {200, 200, 200, 200, 200, 403, 429, 503, 404, 500, 204, 302};
    private static final String[] COUNTRIES = {"US", "DE", "BR", "JP"};

    private RandomRecords() {}

    static List<RequestRecord> of(Random random, int n) {
        List<RequestRecord> records = new ArrayList<>(n);
        int exits = 1 + random.nextInt(40);
        int sessions = 1 + random.nextInt(12);
        double span = 1 + random.nextInt(30);
        for (int i = 0; i < n; i++) {
            double sched = random.nextDouble() * span;
            double total = random.nextDouble() < 0.05 ? random.nextDouble() * 8 : random.nextDouble() * 0.4;
            RequestRecord.Builder b = RequestRecord.builder(sched, sched + total)
                    .startLag(random.nextDouble() * 0.02).total(total);
            if (random.nextDouble() < 0.2) {
                String error = ERRORS[random.nextInt(ERRORS.length)];
                b.error(error).outcome(error.startsWith("request") || error.startsWith("total")
                        ? Outcome.TARGET_ERROR : Outcome.PROXY_FAILURE);
            } else {
                int status = STATUSES[random.nextInt(STATUSES.length)];
                boolean reused = random.nextBoolean();
                b.status(status).outcome(outcome(random, status));
                if (random.nextDouble() < 0.9) {
                    b.reused(reused).conn((long) random.nextInt(500));
                }
                if (!reused) {
                    b.tcp(random.nextDouble() * 0.05).connect(random.nextDouble() * 0.08)
                            .tls(random.nextDouble() * 0.1);
                }
                b.request(random.nextDouble() * 0.2).queue(random.nextDouble() < 0.1 ? 0.003 : null);
                int exit = random.nextInt(exits);
                if (random.nextDouble() < 0.95) {
                    b.ip(exit % 7 == 6 ? "2001:db8::" + exit : "127." + (exit % 5) + "." + (exit / 5 % 3) + "."
                            + (exit + 1)).loc(COUNTRIES[exit % COUNTRIES.length]);
                }
                b.bodyLen((long) random.nextInt(5000)).http(random.nextDouble() < 0.1 ? "h2" : "HTTP/1.1");
            }
            if (random.nextDouble() < 0.8) {
                b.bytesOut((long) random.nextInt(3000)).bytesIn(random.nextDouble() < 0.9 ? (long) random.nextInt(9000)
                        : null).handshakeBytes((long) random.nextInt(2000));
            }
            if (random.nextDouble() < 0.15) {
                b.attempt(2 + random.nextInt(3)).firstError(random.nextBoolean() ? ERRORS[random.nextInt(2)] : null);
            } else if (random.nextBoolean()) {
                b.attempt(1);
            }
            if (random.nextDouble() < 0.7) {
                b.session("s" + random.nextInt(sessions));
            }
            if (random.nextDouble() < 0.3) {
                long gateway = random.nextInt(3);
                b.gatewayConnectionId(gateway).conn((long) random.nextInt(500));
            }
            if (random.nextDouble() < 0.1) {
                records.add(redirect(random, sched, total));
            }
            records.add(b.build());
        }
        if (random.nextDouble() < 0.1) {
            records.add(RequestRecord.builder(0, -1).status(200).outcome(Outcome.DATA).build());
        }
        return records;
    }

    /** The record of a redirect followed by the request scheduled at {@code sched}: bytes and a connection. */
    private static RequestRecord redirect(Random random, double sched, double total) {
        boolean reused = random.nextBoolean();
        return RequestRecord.builder(sched, sched + total).status(random.nextBoolean() ? 301 : 302).hop(1)
                .location("https://127.0.0.1/next").reused(reused).conn((long) random.nextInt(500))
                .tcp(reused ? null : random.nextDouble() * 0.05).request(random.nextDouble() * 0.1)
                .http(random.nextDouble() < 0.1 ? "h2" : "HTTP/1.1")
                .bytesOut((long) random.nextInt(900)).bytesIn((long) random.nextInt(900))
                .handshakeBytes(reused ? 0L : (long) random.nextInt(2000)).build();
    }

    private static Outcome outcome(Random random, int status) {
        if (status == 403 || status == 429 || status == 503) {
            return Outcome.HARD_BLOCK;
        }
        if (status >= 200 && status < 300) {
            return random.nextDouble() < 0.1 ? Outcome.SOFT_BLOCK : Outcome.DATA;
        }
        return Outcome.TARGET_ERROR;
    }
}
