package io.proxybench.analysis.doctor;

import java.util.Locale;

/** What makes a run open more connections (or wait longer for them) than its traffic needs. */
public enum Cause {
    /** Sessions replaced while the run goes on: each new one is a new exit, so a new connection. */
    SESSION_CHURN("per-request session churn"),
    /** Idle connections closed before the same exit's next request (keep-alive 0 included). */
    KEEP_ALIVE("keep-alive shorter than the per-exit request gap"),
    /** Requests waiting for a pool slot while each exit's connections are at the pool's cap. */
    POOL_LIMIT("pool limit serialising requests"),
    /** {@code Connection: close} on the request or the response: one request per connection. */
    CONNECTION_CLOSE("Connection: close"),
    /** Several clients, each with its own pool, using the same sessions. */
    CLIENT_POOLS("one pool per client instance"),
    /** One session used through several proxy schemes (socks5 and http entries): a pool per scheme. */
    MIXED_SCHEMES("mixed schemes for one exit"),
    /** Connections lost while idle before their keep-alive ran out (evicted, closed by the peer) or by errors. */
    LOST("connections lost before reuse"),
    /** Connections retired by the client's own caps: requests per connection or age. */
    RETIRED("connections retired by request or age caps");

    private final String title;

    Cause(String title) {
        this.title = title;
    }

    /** In the seed's and the words. */
    public String title() {
        return title;
    }

    /** Lower snake case for JSON, e.g. {@code keep_alive}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
