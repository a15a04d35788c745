package io.proxybench.client.event;

import io.proxybench.client.PoolLimits;
import java.util.Locale;

/** Why a pooled connection was closed; {@link #label()} is the form used in events and reports. */
public enum CloseReason {
    /** Idle for the key's keep-alive. */
    IDLE_TIMEOUT,
    /** Idle, and the pool needed its slot for another key (least-recently-used idle connection goes first). */
    EVICTED,
    /** Older than {@link PoolLimits#maxAge()}. */
    MAX_AGE,
    /** Carried {@link PoolLimits#maxRequestsPerConnection()} requests. */
    MAX_REQUESTS,
    /** The server answered {@code Connection: close}. */
    SERVER_CLOSE,
    /** The request template carried {@code Connection: close}. */
    CLIENT_CLOSE,
    /** The client is configured with keep-alive 0: every connection serves one request. */
    KEEP_ALIVE_ZERO,
    /** The peer closed the socket. */
    PEER_CLOSED,
    /** A request failed in a way that leaves the connection unusable, or the connection's setup failed. */
    ERROR,
    /** The client was closed ({@link io.proxybench.client.ProxyClient#close()}). */
    POOL_CLOSED;

    /**
     * Lower snake case, e.g. {@code idle_timeout}.
     *
     * @return the label, the key of {@link Counts#closedByReason()}
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
