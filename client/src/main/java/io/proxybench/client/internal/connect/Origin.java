package io.proxybench.client.internal.connect;

import java.net.URI;
import java.util.Locale;

/** Where a request goes: scheme, host and port, as in the request URI. */
public record Origin(String scheme, String host, int port) {

    /**
     * @throws IllegalArgumentException when the URI is not an absolute http or https URL
     */
    public static Origin of(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("URL " + uri + " is not http:// or https://");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException("URL " + uri + " has no host");
        }
        if (host.startsWith("[")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        return new Origin(scheme, host, port);
    }

    public boolean secure() {
        return scheme.equals("https");
    }

    /** {@code host:port}, bracketing IPv6 literals: a CONNECT authority. */
    public String authority() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** The Host header: the port is left out when it is the scheme's default. */
    public String hostHeader() {
        boolean defaultPort = port == (secure() ? 443 : 80);
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return defaultPort ? h : h + ":" + port;
    }

    @Override
    public String toString() {
        return scheme + "://" + authority();
    }
}
