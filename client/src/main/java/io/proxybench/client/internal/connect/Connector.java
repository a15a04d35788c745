package io.proxybench.client.internal.connect;

import io.netty.channel.EventLoopGroup;
import io.proxybench.client.DnsResolver;
import io.proxybench.client.Timeouts;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.net.Dns;
import io.proxybench.net.Transport;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Opens connections for routes: resolves what the client resolves (the proxy, or the origin when direct or through
 * {@code socks5://}; {@code socks5h://} leaves the origin's name to the proxy) with the client's {@link DnsResolver},
 * then picks the plan, which races the addresses ({@link ConnectRace}). A tunnel through an {@code https://} proxy
 * that was asked for HTTP/2 is a stream on a shared connection ({@link StreamConnectPlan}) unless the proxy chose
 * HTTP/1.1; everything else is a connection of its own ({@link SocketConnectPlan}).
 */
public final class Connector implements AutoCloseable {

    /** How long {@link #close()} lets an HTTP/2 connection to a proxy close gracefully before it closes it at once. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final ProxyProtocol proxyProtocol;
    private final DnsResolver dns;
    private final GatewayConnections gateways;
    private final GatewayDialer dialer;
    private final SocketConnectPlan sockets;
    private final StreamConnectPlan streams;
    private final AtomicLong fallbackTunnels = new AtomicLong();

    /**
     * @param proxyProtocol what to ask {@code https://} proxies for by ALPN
     * @param maxStreamsPerGateway tunnels at most on one HTTP/2 connection to a proxy (the proxy may allow fewer)
     * @param gatewayIdle how long an HTTP/2 connection to a proxy stays open without tunnels
     * @param dns looks up the names the client resolves; the caller's, never closed here
     */
    public Connector(Transport transport, EventLoopGroup group, TlsContexts tls, Timeouts timeouts,
            ProxyProtocol proxyProtocol, int maxStreamsPerGateway, Duration gatewayIdle, DnsResolver dns) {
        Sockets dial = new Sockets(transport, group, tls, timeouts, ConnectRace.STAGGER_NANOS);
        this.dns = dns;
        this.proxyProtocol = proxyProtocol;
        this.gateways = new GatewayConnections(gatewayIdle);
        this.dialer = new GatewayDialer(dial, gateways, maxStreamsPerGateway);
        this.sockets = new SocketConnectPlan(dial);
        this.streams = new StreamConnectPlan(dial, gateways, dialer);
    }

    /** How tunnels reached their proxies so far. */
    public GatewayStats gatewayStats() {
        GatewayConnections.Usage usage = gateways.usage();
        return new GatewayStats(dialer.opened(), usage.open(), usage.peak(), usage.wireBytes(), streams.opened(),
                fallbackTunnels.get());
    }

    /**
     * Opens a connection for {@code route}; the future fails with a {@link SetupFailedException}: the cause of the
     * phase that failed, and the wire bytes the setup cost.
     */
    public CompletableFuture<Established> connect(Route route, CallTrace trace) {
        SetupMeters meters = new SetupMeters();
        return setUp(route, trace, meters).exceptionallyCompose(error -> CompletableFuture.failedFuture(
                new SetupFailedException(SetupFailures.unwrap(error), meters.bytesOut(), meters.bytesIn(),
                        meters.opened())));
    }

    private CompletableFuture<Established> setUp(Route route, CallTrace trace, SetupMeters meters) {
        ProxySpec proxy = route.proxy();
        Origin origin = route.origin();
        String firstHost = proxy == null ? origin.host() : proxy.host();
        int firstPort = proxy == null ? origin.port() : proxy.port();
        return resolve(firstHost, firstPort, trace).thenCompose(first -> {
            if (proxy != null && proxy.scheme() == ProxyScheme.SOCKS5) {
                // The proxy dials the one address it is given, so there is no race to run: the first IPv4 one.
                return resolve(origin.host(), origin.port(), trace).thenCompose(target -> sockets.connect(route,
                        first, socksTarget(target), trace, meters));
            }
            InetSocketAddress target = route.mode() == Route.Mode.TUNNEL
                    ? InetSocketAddress.createUnresolved(origin.host(), origin.port()) : null;
            if (!wantsStream(route)) {
                return sockets.connect(route, first, target, trace, meters);
            }
            if (dialer.knownHttp1(GatewayConnections.Key.of(route))) {
                fallbackTunnels.incrementAndGet();
                return sockets.connect(route, first, target, trace, meters);
            }
            return streams.connect(route, first, trace, meters).exceptionallyCompose(error -> {
                if (!(SetupFailures.unwrap(error) instanceof Http1Chosen)) {
                    return CompletableFuture.failedFuture(SetupFailures.unwrap(error));
                }
                fallbackTunnels.incrementAndGet();
                return sockets.connect(route, first, target, trace, meters);
            });
        });
    }

    /**
     * {@code host}'s addresses in dialling order ({@link AddressOrder}); an IP literal as it is, without a lookup
     * (nor DNS events).
     */
    private CompletableFuture<List<InetSocketAddress>> resolve(String host, int port, CallTrace trace) {
        if (Dns.isLiteral(host)) {
            return CompletableFuture.completedFuture(List.of(new InetSocketAddress(host, port)));
        }
        trace.dnsStart(host);
        CompletableFuture<List<InetAddress>> lookup;
        try {
            lookup = dns.resolve(host);
        } catch (RuntimeException e) {
            lookup = CompletableFuture.failedFuture(e);
        }
        return lookup.thenApply(addresses -> {
            if (addresses == null || addresses.isEmpty()) {
                throw new CompletionException(new UnknownHostException(host + ": the resolver found no address"));
            }
            trace.dnsEnd(host, addresses);
            return AddressOrder.interleave(addresses).stream().map(a -> new InetSocketAddress(a, port)).toList();
        });
    }

    /** What a {@code socks5://} proxy is asked to connect to: the first IPv4 address, else the first. */
    private static InetSocketAddress socksTarget(List<InetSocketAddress> addresses) {
        return addresses.stream().filter(a -> a.getAddress() instanceof Inet4Address).findFirst()
                .orElse(addresses.get(0));
    }

    /** A CONNECT tunnel through an {@code https://} proxy, with HTTP/2 asked for. */
    private boolean wantsStream(Route route) {
        return proxyProtocol == ProxyProtocol.H2_PREFERRED && route.mode() == Route.Mode.TUNNEL && route.tlsToProxy();
    }

    /** Closes the HTTP/2 connections to proxies, returning once their sockets are closed. */
    @Override
    public void close() {
        gateways.closeAll(CLOSE_WAIT);
    }
}
