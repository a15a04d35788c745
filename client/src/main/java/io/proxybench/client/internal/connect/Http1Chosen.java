package io.proxybench.client.internal.connect;

/**
 * The proxy chose HTTP/1.1 (or no ALPN) when h2 was asked for: the tunnel goes the HTTP/1.1 way.
 *
 * @param justNow true for the connection that found it out, false for tunnels after it
 */
final class Http1Chosen extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String alpn;
    private final boolean justNow;

    Http1Chosen(String alpn, boolean justNow) {
        super("the proxy chose " + (alpn == null ? "no ALPN protocol" : alpn) + ", not h2", null, false, false);
        this.alpn = alpn;
        this.justNow = justNow;
    }

    String alpn() {
        return alpn;
    }

    boolean justNow() {
        return justNow;
    }
}
