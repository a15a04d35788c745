package io.proxybench.client.tunnel;

import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.util.Objects;

/**
 * Everything that decides whether two requests may share a connection: the origin, the proxy with its
 * credentials (so two sessions on one gateway host:port never share), how the proxy is used, and the TLS
 * settings. This is the pool key.
 *
 * @param proxy null when direct
 */
public record Route(Origin origin, ProxySpec proxy, Mode mode, TlsSettings tls) {

    /** How a request reaches its origin. */
    public enum Mode {
        /** Straight to the origin. */
        DIRECT,
        /** Through an opaque tunnel: HTTP CONNECT, or SOCKS5. The client's connection reaches the origin. */
        TUNNEL,
        /**
         * Plain-HTTP origin through an HTTP proxy with absolute-URI requests: the proxy terminates each request
         * and owns the far connection.
         */
        FORWARD
    }

    public Route {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(tls, "tls");
        if ((proxy == null) != (mode == Mode.DIRECT)) {
            throw new IllegalArgumentException("a route has a proxy exactly when it is not DIRECT");
        }
        if (mode == Mode.FORWARD && (proxy.scheme().socks() || origin.secure())) {
            throw new IllegalArgumentException("forward mode is for http:// origins through HTTP(S) proxies");
        }
    }

    /**
     * The default route: https origins (and any origin through SOCKS5) tunnel; http origins through an HTTP(S)
     * proxy are forwarded unless {@code forceConnect}.
     */
    public static Route of(Origin origin, ProxySpec proxy, TlsSettings tls, boolean forceConnect) {
        if (proxy == null) {
            return new Route(origin, null, Mode.DIRECT, tls);
        }
        boolean forward = !origin.secure() && !proxy.scheme().socks() && !forceConnect;
        return new Route(origin, proxy, forward ? Mode.FORWARD : Mode.TUNNEL, tls);
    }

    /** The exit this route leaves through: the proxy and its account (the session), or null when direct. */
    public ProxySpec exit() {
        return proxy;
    }

    public boolean proxyTls() {
        return proxy != null && proxy.scheme() == ProxyScheme.HTTPS;
    }

    /** A label for counters and logs; never shows a password. */
    @Override
    public String toString() {
        return origin + (proxy == null ? " direct" : " via " + proxy + " (" + mode.name().toLowerCase() + ")");
    }
}
