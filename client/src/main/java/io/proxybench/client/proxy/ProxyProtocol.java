package io.proxybench.client.proxy;

/** Which HTTP version the client asks an {@code https://} proxy for, by ALPN. */
public enum ProxyProtocol {
    /** HTTP/1.1 only: one TLS connection to the proxy per tunnel. */
    HTTP1,
    /**
     * {@code h2} first: each CONNECT is a stream on a shared TLS connection to the proxy (RFC 9113 section 8.5).
     * Applies to {@code https://} proxies only.
     */
    H2_PREFERRED
}
