package io.proxybench.client.internal.connect;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything that decides whether two requests may share a connection: the origin, the proxy with its
 * credentials (so two sessions on one gateway host:port never share), how the proxy is used, and the TLS
 * settings for the origin and for the proxy. This is the pool key, and it carries the key's pool policy.
 *
 * @param proxy null when direct
 * @param tls the settings of TLS to the origin
 * @param proxyTls the settings of TLS to an {@code https://} proxy; part of the key even where no proxy TLS is
 *     spoken, which costs nothing (one client has one value)
 * @param keepAlive how long the route's idle connections are kept: a sticky session's lifetime when the client keeps
 *     sessions for their lifetime, zero for a session used by one request only; null for the pool's keep-alive. It is
 *     part of the key: both come from the session in the credentials, so connections that differ in it would not be
 *     shared anyway (a router that repeated its one-request ids would get a key of each, under one exit's cap).
 */
public record Route(Origin origin, ProxySpec proxy, Mode mode, TlsSettings tls, TlsSettings proxyTls,
        Duration keepAlive) {

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
        Objects.requireNonNull(proxyTls, "proxyTls");
        if (keepAlive != null && keepAlive.isNegative()) {
            throw new IllegalArgumentException("keepAlive must be zero or positive, got " + keepAlive);
        }
        if ((proxy == null) != (mode == Mode.DIRECT)) {
            throw new IllegalArgumentException("a route has a proxy exactly when it is not DIRECT");
        }
        if (mode == Mode.FORWARD && (proxy.scheme().socks() || origin.secure())) {
            throw new IllegalArgumentException("forward mode is for http:// origins through HTTP(S) proxies");
        }
    }

    /**
     * The default route: https origins (and any origin through SOCKS5) tunnel; http origins through an HTTP(S)
     * proxy are forwarded unless {@code forceConnect}. TLS to the proxy uses {@code tls} too.
     */
    public static Route of(Origin origin, ProxySpec proxy, TlsSettings tls, boolean forceConnect) {
        return of(origin, proxy, tls, tls, forceConnect);
    }

    /** The default route, with {@code proxyTls} for TLS to an {@code https://} proxy. */
    public static Route of(Origin origin, ProxySpec proxy, TlsSettings tls, TlsSettings proxyTls,
            boolean forceConnect) {
        if (proxy == null) {
            return new Route(origin, null, Mode.DIRECT, tls, proxyTls, null);
        }
        boolean forward = !origin.secure() && !proxy.scheme().socks() && !forceConnect;
        return new Route(origin, proxy, forward ? Mode.FORWARD : Mode.TUNNEL, tls, proxyTls, null);
    }

    /** This route with its idle connections kept {@code keepAlive} (null: the pool's keep-alive). */
    public Route withKeepAlive(Duration keepAlive) {
        return new Route(origin, proxy, mode, tls, proxyTls, keepAlive);
    }

    /** The exit this route leaves through: the proxy and its account (the session), or null when direct. */
    public ProxySpec exit() {
        return proxy;
    }

    /** Whether the client speaks TLS to the proxy: an {@code https://} one. */
    public boolean tlsToProxy() {
        return proxy != null && proxy.scheme() == ProxyScheme.HTTPS;
    }

    /** A label for counters and logs; never shows a password. */
    @Override
    public String toString() {
        return origin + (proxy == null ? " direct" : " via " + proxy + " (" + mode.name().toLowerCase() + ")");
    }
}
