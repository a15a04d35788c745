package io.proxybench.client.proxy;

import java.util.Locale;

/** How a client talks to its proxy. */
public enum ProxyScheme {
    /** HTTP/1.1 proxy over plain TCP: CONNECT tunnels, or absolute-URI forwarding for {@code http://} targets. */
    HTTP("http"),
    /** As {@link #HTTP}, with TLS between the client and the proxy. */
    HTTPS("https"),
    /** SOCKS5; the client resolves the target's name. */
    SOCKS5("socks5"),
    /** SOCKS5; the proxy resolves the target's name (remote DNS). */
    SOCKS5H("socks5h");

    private final String text;

    ProxyScheme(String text) {
        this.text = text;
    }

    /**
     * The port a proxy URL without one means, as curl assumes: 443 for {@code https}, 1080 for the others.
     *
     * @return the port
     */
    public int defaultPort() {
        return this == HTTPS ? 443 : 1080;
    }

    /**
     * The scheme as written in a proxy URL.
     *
     * @return {@code http}, {@code https}, {@code socks5} or {@code socks5h}
     */
    public String text() {
        return text;
    }

    /**
     * Whether this is a SOCKS5 scheme, whose tunnels are negotiated in {@link io.proxybench.client.event.Phase#SOCKS}.
     *
     * @return true for {@link #SOCKS5} and {@link #SOCKS5H}
     */
    public boolean socks() {
        return this == SOCKS5 || this == SOCKS5H;
    }

    static ProxyScheme of(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (ProxyScheme s : values()) {
            if (s.text.equals(lower)) {
                return s;
            }
        }
        return null;
    }
}
