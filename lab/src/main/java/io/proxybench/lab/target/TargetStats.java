package io.proxybench.lab.target;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/** Live request and connection counters, in total and per source address. Thread-safe. */
public final class TargetStats {

    private final LongAdder requests = new LongAdder();
    private final LongAdder connections = new LongAdder();
    private final LongAdder open = new LongAdder();
    private final LongAdder proxyCredentials = new LongAdder();
    private final ConcurrentMap<String, IpCounters> perIp = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, LongAdder> ja4 = new ConcurrentHashMap<>();
    private final LongAdder cookiesReturned = new LongAdder();
    private final LongAdder cookiesMissing = new LongAdder();
    private final LongAdder cookiesForeign = new LongAdder();

    void countConnection(String source) {
        connections.increment();
        open.increment();
        perIp.computeIfAbsent(source, s -> new IpCounters()).connections.increment();
    }

    /** One TLS connection whose ClientHello had this JA4 {@code fingerprint}. */
    void countJa4(String fingerprint) {
        ja4.computeIfAbsent(fingerprint, f -> new LongAdder()).increment();
    }

    void connectionClosed() {
        open.decrement();
    }

    /** One request from {@code source}; {@code proxyCredentials}: it carried a {@code Proxy-Authorization} header. */
    void countRequest(String source, boolean proxyCredentials) {
        requests.increment();
        if (proxyCredentials) {
            this.proxyCredentials.increment();
        }
        perIp.computeIfAbsent(source, s -> new IpCounters()).requests.increment();
    }

    /** One {@code /page/N} request, by what it brought back of the session cookie. */
    void countPageCookie(SessionCookies.Seen seen) {
        switch (seen) {
            case RETURNED -> cookiesReturned.increment();
            case MISSING -> cookiesMissing.increment();
            case FOREIGN -> cookiesForeign.increment();
        }
    }

    /** The counters now; per-address entries are sorted by address text. */
    public StatsSnapshot snapshot() {
        Map<String, StatsSnapshot.Ip> ips = new TreeMap<>();
        perIp.forEach((ip, c) -> ips.put(ip, new StatsSnapshot.Ip(c.requests.sum(), c.connections.sum())));
        Map<String, Long> fingerprints = new TreeMap<>();
        ja4.forEach((f, n) -> fingerprints.put(f, n.sum()));
        return new StatsSnapshot(requests.sum(), connections.sum(), open.sum(), proxyCredentials.sum(), ips,
                fingerprints, new StatsSnapshot.PageCookies(cookiesReturned.sum(), cookiesMissing.sum(),
                        cookiesForeign.sum()));
    }

    /** Zeroes every counter (but the gauge of open connections) and forgets every source address and fingerprint. */
    public void reset() {
        requests.reset();
        connections.reset();
        proxyCredentials.reset();
        perIp.clear();
        ja4.clear();
        cookiesReturned.reset();
        cookiesMissing.reset();
        cookiesForeign.reset();
    }

    private static final class IpCounters {
        final LongAdder requests = new LongAdder();
        final LongAdder connections = new LongAdder();
    }
}
