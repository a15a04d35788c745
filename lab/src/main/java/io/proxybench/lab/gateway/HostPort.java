package io.proxybench.lab.gateway;

import io.netty.util.NetUtil;

/** A destination as a client named it: a host name or IP literal (IPv6 without brackets) and a port. */
record HostPort(String host, int port) {

    /**
     * Parses a CONNECT authority {@code host:port} or {@code [v6]:port}; brackets hold an IPv6 address only.
     *
     * @throws IllegalArgumentException naming the accepted form
     */
    static HostPort parseAuthority(String authority) {
        String host;
        String port;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0 || close + 1 >= authority.length() || authority.charAt(close + 1) != ':') {
                throw bad(authority);
            }
            host = authority.substring(1, close);
            if (!NetUtil.isValidIpV6Address(host)) {
                throw bad(authority);
            }
            port = authority.substring(close + 2);
        } else {
            int colon = authority.lastIndexOf(':');
            if (colon <= 0 || authority.indexOf(':') != colon) {
                throw bad(authority);
            }
            host = authority.substring(0, colon);
            port = authority.substring(colon + 1);
        }
        return new HostPort(host, parsePort(port, authority));
    }

    static int parsePort(String text, String whole) {
        int port;
        try {
            port = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw bad(whole);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " in '" + whole + "' is outside 1..65535");
        }
        return port;
    }

    private static IllegalArgumentException bad(String authority) {
        String shown = authority.length() > 100 ? authority.substring(0, 100) + "..." : authority;
        return new IllegalArgumentException("CONNECT target '" + shown
                + "' is not host:port; use e.g. CONNECT 127.0.0.1:8443 or CONNECT [::1]:8443");
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
