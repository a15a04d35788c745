package io.proxybench.client.proxy;

/**
 * One entry of a {@link ProxyBypass}, parsed. Every rule is given the host already normalised: lower case, without
 * IPv6 brackets or a trailing dot, and its address bytes when it is an IP literal.
 */
sealed interface BypassRule {

    /** A rule's port when it applies to every port. */
    int ANY_PORT = -1;

    /**
     * Whether a request to this host and port goes direct.
     *
     * @param host lower case, without brackets or a trailing dot
     * @param address the host's 4 or 16 bytes when it is an IP literal, else null
     * @param port from 1 to 65535
     * @return true to bypass the proxy
     */
    boolean matches(String host, byte[] address, int port);

    /** Every host ({@code *}). */
    record Everything() implements BypassRule {
        @Override
        public boolean matches(String host, byte[] address, int port) {
            return true;
        }
    }

    /**
     * A domain and its subdomains (curl's rule): {@code example.com} matches {@code example.com} and
     * {@code www.example.com}, never {@code notexample.com}.
     *
     * @param domain lower case, without leading or trailing dots
     * @param port the only port it applies to, or {@link #ANY_PORT}
     */
    record Domain(String domain, int port) implements BypassRule {
        @Override
        public boolean matches(String host, byte[] address, int port) {
            return (this.port == ANY_PORT || this.port == port) && address == null
                    && (host.equals(domain) || host.endsWith(domain) && host.charAt(host.length() - domain.length() - 1)
                    == '.');
        }
    }

    /**
     * IP addresses in a network: one address when {@code prefixBits} is the whole address.
     *
     * @param network 4 bytes (IPv4) or 16 (IPv6), the bits past {@code prefixBits} zero
     * @param prefixBits how many leading bits an address must share with {@code network}
     * @param port the only port it applies to, or {@link #ANY_PORT}
     */
    record Network(byte[] network, int prefixBits, int port) implements BypassRule {
        @Override
        public boolean matches(String host, byte[] address, int port) {
            if (address == null || address.length != network.length || this.port != ANY_PORT && this.port != port) {
                return false;
            }
            for (int bit = 0; bit < prefixBits; bit += 8) {
                int mask = prefixBits - bit >= 8 ? 0xff : 0xff << 8 - (prefixBits - bit) & 0xff;
                if ((address[bit / 8] & mask) != (network[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * A host name or address as written, with {@code *} standing for any text at its start, its end or both (the
     * JVM's {@code http.nonProxyHosts}): {@code *.example.com} matches {@code www.example.com}, not
     * {@code example.com}.
     *
     * @param text lower case, without the stars
     * @param anyBefore a leading {@code *}
     * @param anyAfter a trailing {@code *}
     */
    record Wildcard(String text, boolean anyBefore, boolean anyAfter) implements BypassRule {
        @Override
        public boolean matches(String host, byte[] address, int port) {
            if (anyBefore && anyAfter) {
                return host.contains(text);
            }
            return anyBefore ? host.endsWith(text) : anyAfter ? host.startsWith(text) : host.equals(text);
        }
    }
}
