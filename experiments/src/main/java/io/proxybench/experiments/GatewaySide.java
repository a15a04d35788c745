package io.proxybench.experiments;

/**
 * What a proxy gateway counts of its client connections, for an experiment that can look: the embedded lab's
 * ({@link LabGatewaySide}). A real proxy's connections cannot be seen from outside; an experiment then counts on the
 * client.
 */
public interface GatewaySide {

    /** Client connections open at the gateway now; sampled every few milliseconds, so it must be cheap. */
    long openConnections();

    /** Tunnels open at the gateway now, of every kind (CONNECT, HTTP/2 CONNECT stream, SOCKS5); as cheap. */
    long openTunnels();

    /**
     * Closes every client connection at the gateway, tunnels with them, and returns once it listens again, so that
     * what a finished client left open does not count against the next one. Counters stay.
     */
    void dropConnections() throws InterruptedException;

    /** The gateway's counters now; read at the start and end of a lane, so it may be costly. */
    Counts counts();

    /**
     * Counters at one moment.
     *
     * @param connections client connections the gateway accepted
     * @param tunnels tunnels it opened for clients: HTTP/1.1 CONNECT tunnels and HTTP/2 CONNECT streams
     */
    record Counts(long connections, long tunnels) {

        /** What was counted since {@code earlier}, a reading of the same counters. */
        public Counts since(Counts earlier) {
            return new Counts(connections - earlier.connections, tunnels - earlier.tunnels);
        }
    }
}
