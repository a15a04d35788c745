package io.proxybench.client.tunnel;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSslSession;
import io.netty.handler.ssl.SslHandler;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.event.CallTrace;
import io.proxybench.client.event.Phase;
import io.proxybench.client.metrics.WireMeter;
import io.proxybench.client.net.Dns;
import io.proxybench.client.net.Transport;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLSession;

/**
 * Opens connections for routes: DNS where the client resolves, TCP, TLS to an {@code https://} proxy, the tunnel
 * (Netty's {@link HttpProxyHandler} or {@link Socks5ProxyHandler}), then TLS to the origin with SNI and ALPN.
 * Each step is reported to the call's trace as it starts and ends, so a failure carries its phase.
 */
public final class Connector implements AutoCloseable {

    /** The last handler while a connection is set up; {@link Established#handOver} removes it. */
    static final String SETUP_GUARD = "setup-guard";
    /** Receive window of a gateway connection as a whole, added at its start (streams keep Netty's 64 KiB each). */
    private static final int GATEWAY_CONNECTION_WINDOW_BYTES = 16 << 20;
    /** Receive window of each CONNECT stream, announced in the client's SETTINGS. */
    private static final int STREAM_WINDOW_BYTES = 1 << 20;
    /** How long {@link #close()} lets an HTTP/2 connection to a proxy close gracefully before it closes it at once. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final Transport transport;
    private final EventLoopGroup group;
    private final TlsContexts tls;
    private final Timeouts timeouts;
    private final Dns dns = new Dns();
    private final ProxyProtocol proxyProtocol;
    private final int maxStreamsPerGateway;
    private final GatewayConnections gateways;
    /** Proxy endpoints that answered ALPN with something other than h2: their tunnels go over HTTP/1.1. */
    private final Set<GatewayConnections.Key> http1Only = ConcurrentHashMap.newKeySet();
    private final AtomicLong gatewayConnections = new AtomicLong();
    private final AtomicLong streamTunnels = new AtomicLong();
    private final AtomicLong fallbackTunnels = new AtomicLong();

    /**
     * @param proxyProtocol what to ask {@code https://} proxies for by ALPN
     * @param maxStreamsPerGateway tunnels at most on one HTTP/2 connection to a proxy (the proxy may allow fewer)
     * @param gatewayIdle how long an HTTP/2 connection to a proxy stays open without tunnels
     */
    public Connector(Transport transport, EventLoopGroup group, TlsContexts tls, Timeouts timeouts,
            ProxyProtocol proxyProtocol, int maxStreamsPerGateway, Duration gatewayIdle) {
        if (maxStreamsPerGateway < 1) {
            throw new IllegalArgumentException("streams per proxy connection must be at least 1, not "
                    + maxStreamsPerGateway);
        }
        this.transport = transport;
        this.group = group;
        this.tls = tls;
        this.timeouts = timeouts;
        this.proxyProtocol = proxyProtocol;
        this.maxStreamsPerGateway = maxStreamsPerGateway;
        this.gateways = new GatewayConnections(gatewayIdle);
    }

    /**
     * How tunnels reached their proxies so far.
     *
     * @param gatewayConnections HTTP/2 connections opened to proxies
     * @param openGatewayConnections of those, the ones open now
     * @param peakGatewayConnections the most open at once
     * @param gatewayWireBytes bytes both ways on those connections: proxy TLS, HTTP/2 framing and the tunnels'
     *     payload, which each tunnel also counts as its own; the difference is what sharing a connection costs
     * @param streamTunnels tunnels opened as HTTP/2 streams (CONNECT requests sent, whatever the answer)
     * @param fallbackTunnels tunnels that asked for HTTP/2 but went over HTTP/1.1 because the proxy chose it
     */
    public record GatewayStats(long gatewayConnections, int openGatewayConnections, int peakGatewayConnections,
            long gatewayWireBytes, long streamTunnels, long fallbackTunnels) {}

    public GatewayStats gatewayStats() {
        GatewayConnections.Usage usage = gateways.usage();
        return new GatewayStats(gatewayConnections.get(), usage.open(), usage.peak(), usage.wireBytes(),
                streamTunnels.get(), fallbackTunnels.get());
    }

    /**
     * Opens a connection for {@code route}; the future fails with a {@link SetupFailedException}: the cause of the
     * phase that failed, and the wire bytes the setup cost.
     */
    public CompletableFuture<Established> connect(Route route, CallTrace trace) {
        SetupMeters meters = new SetupMeters();
        return setUp(route, trace, meters).exceptionallyCompose(error -> CompletableFuture.failedFuture(
                new SetupFailedException(unwrap(error), meters.bytesOut(), meters.bytesIn())));
    }

    private CompletableFuture<Established> setUp(Route route, CallTrace trace, SetupMeters meters) {
        ProxySpec proxy = route.proxy();
        Origin origin = route.origin();
        String firstHost = proxy == null ? origin.host() : proxy.host();
        int firstPort = proxy == null ? origin.port() : proxy.port();
        return resolve(firstHost, firstPort, trace).thenCompose(first -> {
            if (proxy != null && proxy.scheme() == ProxyScheme.SOCKS5) {
                return resolve(origin.host(), origin.port(), trace)
                        .thenCompose(target -> dial(route, first, target, trace, meters));
            }
            InetSocketAddress target = route.mode() == Route.Mode.TUNNEL
                    ? InetSocketAddress.createUnresolved(origin.host(), origin.port()) : first;
            if (wantsStream(route) && http1Only.contains(gatewayKey(route))) {
                fallbackTunnels.incrementAndGet();
                return dial(route, first, target, trace, meters);
            }
            if (wantsStream(route)) {
                return viaStream(route, first, trace, meters).exceptionallyCompose(error -> {
                    if (!(unwrap(error) instanceof Http1Chosen)) {
                        return CompletableFuture.failedFuture(unwrap(error));
                    }
                    fallbackTunnels.incrementAndGet();
                    return dial(route, first, target, trace, meters);
                });
            }
            return dial(route, first, target, trace, meters);
        });
    }

    private CompletableFuture<InetSocketAddress> resolve(String host, int port, CallTrace trace) {
        if (Dns.isLiteral(host)) {
            return CompletableFuture.completedFuture(new InetSocketAddress(host, port));
        }
        trace.dnsStart(host);
        return dns.lookup(host).thenApply(addresses -> {
            trace.dnsEnd(host, addresses);
            return new InetSocketAddress(Dns.preferred(addresses), port);
        });
    }

    /**
     * @param first where TCP goes: the proxy, or the origin when direct
     * @param target what the tunnel asks for (unresolved when the proxy resolves), or {@code first} otherwise
     */
    private CompletableFuture<Established> dial(Route route, InetSocketAddress first, InetSocketAddress target,
            CallTrace trace, SetupMeters meters) {
        CompletableFuture<Established> result = new CompletableFuture<>();
        WireMeter meter = new WireMeter();
        meters.add(meter);
        ProxySpec proxy = route.proxy();
        ProxyHandler tunnel = route.mode() == Route.Mode.TUNNEL ? tunnelHandler(proxy, first) : null;
        Bootstrap b = bootstrap().handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ChannelPipeline p = ch.pipeline();
                p.addLast(WireMeter.NAME, meter);
                if (route.proxyTls()) {
                    SslHandler proxyTls = tls.proxy(route.tls()).newHandler(ch.alloc(), proxy.host(),
                            proxy.port());
                    proxyTls.setHandshakeTimeoutMillis(timeouts.tunnel().toMillis());
                    p.addLast("proxy-tls", proxyTls);
                }
                if (tunnel != null) {
                    p.addLast("tunnel", tunnel);
                }
                p.addLast(SETUP_GUARD, new SetupGuard());
            }
        });
        trace.connectStart(first);
        ChannelFuture connected = b.connect(tunnel != null ? target : first);
        Channel ch = connected.channel();
        connected.addListener(f -> {
            if (!f.isSuccess()) {
                fail(result, ch, f.cause());
                return;
            }
            trace.connectEnd(first);
            guarded(result, ch, () -> afterTcp(route, ch, tunnel, meter, trace, result));
        });
        return result;
    }

    private void afterTcp(Route route, Channel ch, ProxyHandler tunnel, WireMeter meter, CallTrace trace,
            CompletableFuture<Established> result) {
        Future<?> proxyTlsDone = ch.newSucceededFuture();
        if (route.proxyTls()) {
            trace.proxyTlsStart();
            SslHandler proxyTls = ch.pipeline().get(SslHandler.class);
            proxyTlsDone = proxyTls.handshakeFuture().addListener(f -> {
                if (f.isSuccess()) {
                    trace.proxyTlsEnd(proxyTls.engine().getSession().getProtocol());
                }
            });
        }
        proxyTlsDone.addListener(tlsDone -> {
            if (!tlsDone.isSuccess()) {
                fail(result, ch, tlsDone.cause());
                return;
            }
            if (tunnel == null) {
                guarded(result, ch, () -> afterTunnel(route, ch, meter, 0, trace, result));
                return;
            }
            Phase phase = route.proxy().scheme().socks() ? Phase.SOCKS : Phase.CONNECT;
            trace.tunnelStart(phase);
            tunnel.connectFuture().addListener(f -> {
                if (!f.isSuccess()) {
                    fail(result, ch, f.cause());
                    return;
                }
                trace.tunnelEnd(phase);
                guarded(result, ch, () -> afterTunnel(route, ch, meter, 0, trace, result));
            });
        });
    }

    /** @param gatewayConnectionId the HTTP/2 proxy connection {@code ch} is a stream of, 0 when a socket */
    private void afterTunnel(Route route, Channel ch, WireMeter meter, long gatewayConnectionId, CallTrace trace,
            CompletableFuture<Established> result) {
        Origin origin = route.origin();
        if (route.mode() == Route.Mode.FORWARD || !origin.secure()) {
            result.complete(new Established(ch, meter, ApplicationProtocolNames.HTTP_1_1, wire(meter), null,
                    gatewayConnectionId));
            return;
        }
        trace.originTlsStart();
        if (!ch.isActive()) {
            // The proxy closed the tunnel right after its 200 (a dial that failed after an early reply): there is
            // nothing to handshake over, and the pipeline may be torn down already.
            fail(result, ch, new ClosedChannelException());
            return;
        }
        SslHandler originTls = tls.origin(route.tls()).newHandler(ch.alloc(), origin.host(), origin.port());
        originTls.setHandshakeTimeoutMillis(timeouts.tls().toMillis());
        ch.pipeline().addBefore(SETUP_GUARD, "origin-tls", originTls);
        originTls.handshakeFuture().addListener(f -> {
            if (!f.isSuccess()) {
                fail(result, ch, f.cause());
                return;
            }
            String alpn = originTls.applicationProtocol();
            String protocol = ApplicationProtocolNames.HTTP_2.equals(alpn) ? alpn : ApplicationProtocolNames.HTTP_1_1;
            SSLSession session = originTls.engine().getSession();
            trace.originTlsEnd(session.getProtocol(), protocol);
            String group = session instanceof OpenSslSession openSsl ? openSsl.getNamedGroup() : null;
            result.complete(new Established(ch, meter, protocol, wire(meter), group, gatewayConnectionId));
        });
    }

    /** A TCP connection to dial, addresses already resolved; the caller adds the handler. */
    private Bootstrap bootstrap() {
        return new Bootstrap()
                .group(group)
                .channel(transport.socketChannel())
                .resolver(NoopAddressResolverGroup.INSTANCE)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeouts.tcp().toMillis());
    }

        /** A CONNECT tunnel through an {@code https://} proxy, with HTTP/2 asked for. */
    private boolean wantsStream(Route route) {
        return proxyProtocol == ProxyProtocol.H2_PREFERRED && route.mode() == Route.Mode.TUNNEL && route.proxyTls();
    }

    private static GatewayConnections.Key gatewayKey(Route route) {
        return new GatewayConnections.Key(route.proxy().host(), route.proxy().port(), route.tls());
    }

    /**
     * The tunnel as a stream on a shared HTTP/2 connection to the proxy; fails with {@link Http1Chosen} when the
     * proxy is known to (or now does) choose HTTP/1.1, so the caller dials it the HTTP/1.1 way.
     */
    private CompletableFuture<Established> viaStream(Route route, InetSocketAddress proxyAddress, CallTrace trace,
            SetupMeters meters) {
        GatewayConnections.Key key = gatewayKey(route);
        // Once more for a stream the proxy did not act on: the connection it was sent on no longer takes streams.
        return stream(route, key, proxyAddress, trace, meters).exceptionallyCompose(error ->
                unwrap(error) instanceof NotProcessed ? stream(route, key, proxyAddress, trace, meters)
                : CompletableFuture.failedFuture(error)).exceptionallyCompose(error ->
                        CompletableFuture.failedFuture(unwrap(error) instanceof NotProcessed n ? n.getCause() : error));
    }

    private CompletableFuture<Established> stream(Route route, GatewayConnections.Key key,
            InetSocketAddress proxyAddress, CallTrace trace, SetupMeters meters) {
        return gateways.reserve(key, () -> openGateway(route, key, proxyAddress, trace, meters))
                .thenCompose(gateway -> openStream(route, gateway, trace, meters));
    }

    /** A CONNECT stream the proxy did not act on (RFC 9113 section 8.7), so one that may be sent again. */
    private static final class NotProcessed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotProcessed(Throwable cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }

    /**
     * TCP and TLS to the proxy offering h2; reports TCP and PROXY_TLS to the call that opens it, which pays for the
     * connection's bytes only if it fails: once open they are its tunnels' (see {@link GatewayStats}), and those of a
     * connection that found the proxy choosing HTTP/1.1 are no call's, whether the tunnel that follows opens or not.
     */
    private CompletableFuture<GatewayConnection> openGateway(Route route, GatewayConnections.Key key,
            InetSocketAddress proxyAddress, CallTrace trace, SetupMeters meters) {
        if (http1Only.contains(key)) {
            return CompletableFuture.failedFuture(new Http1Chosen(null, false));
        }
        CompletableFuture<GatewayConnection> result = new CompletableFuture<>();
        ProxySpec proxy = route.proxy();
        WireMeter meter = new WireMeter();
        meters.add(meter);
        Bootstrap b = bootstrap().handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                SslHandler proxyTls = tls.proxy(route.tls(), ProxyProtocol.H2_PREFERRED)
                        .newHandler(ch.alloc(), proxy.host(), proxy.port());
                proxyTls.setHandshakeTimeoutMillis(timeouts.tunnel().toMillis());
                ch.pipeline().addLast(WireMeter.NAME, meter).addLast("proxy-tls", proxyTls)
                        .addLast(SETUP_GUARD, new SetupGuard());
            }
        });
        trace.connectStart(proxyAddress);
        ChannelFuture connected = b.connect(proxyAddress);
        Channel ch = connected.channel();
        connected.addListener(f -> {
            if (!f.isSuccess()) {
                ch.close();
                result.completeExceptionally(f.cause());
                return;
            }
            trace.connectEnd(proxyAddress);
            trace.proxyTlsStart();
            SslHandler proxyTls = ch.pipeline().get(SslHandler.class);
            proxyTls.handshakeFuture().addListener(done -> {
                if (!done.isSuccess()) {
                    ch.close();
                    result.completeExceptionally(done.cause());
                    return;
                }
                trace.proxyTlsEnd(proxyTls.engine().getSession().getProtocol());
                String alpn = proxyTls.applicationProtocol();
                if (!ApplicationProtocolNames.HTTP_2.equals(alpn)) {
                    http1Only.add(key);
                    ch.close();
                    result.completeExceptionally(new Http1Chosen(alpn, true));
                    return;
                }
                try {
                    GatewayConnection gateway = gatewayOn(ch, key);
                    ScheduledFuture<?> timer = ch.eventLoop().schedule(() -> {
                        result.completeExceptionally(new ProxyConnectException("the proxy sent no HTTP/2 SETTINGS"
                                + " within " + timeouts.tunnel().toMillis() + " ms"));
                        ch.close();
                    }, timeouts.tunnel().toNanos(), TimeUnit.NANOSECONDS);
                    ch.closeFuture().addListener(closed -> result.completeExceptionally(new ProxyConnectException(
                            "the proxy closed its HTTP/2 connection before its SETTINGS")));
                    gateway.settled().thenRun(() -> {
                        timer.cancel(false);
                        trace.gatewayConnectionOpened(gateway.id());
                        result.complete(gateway);
                    });
                } catch (RuntimeException e) {
                    ch.close();
                    result.completeExceptionally(e);
                }
            });
        });
        return result.whenComplete((gateway, error) -> {
            if (gateway != null || unwrap(error) instanceof Http1Chosen) {
                meters.remove(meter);
            }
            if (unwrap(error) instanceof Http1Chosen chosen && chosen.justNow()) {
                trace.proxyProtocolFallback(proxy, chosen.alpn());
            }
        });
    }

    /**
     * Turns a TLS connection that chose h2 into a gateway connection: codec, streams, SETTINGS, GOAWAY and errors
     * watched. It is {@linkplain GatewayConnection#settled() settled} once the proxy's first SETTINGS said how many
     * streams it allows.
     */
    private GatewayConnection gatewayOn(Channel ch, GatewayConnections.Key key) {
        // Each stream may have STREAM_WINDOW_BYTES in flight towards the client, so a tunnel's download is not held
        // to 64 KiB per round trip to the proxy (a socket tunnel has no such cap); Netty returns window as it reads.
        // The client retires a gateway connection only without streams, or when it fails or the client closes, so a
        // close does not wait for streams to end (Netty's default waits up to 30 s).
        Http2FrameCodec codec = Http2FrameCodecBuilder.forClient().encoderEnforceMaxConcurrentStreams(true)
                .gracefulShutdownTimeoutMillis(0)
                .initialSettings(Http2Settings.defaultSettings().initialWindowSize(STREAM_WINDOW_BYTES)
                        .pushEnabled(false))
                .build();
        GatewayConnection gateway = new GatewayConnection(gatewayConnections.incrementAndGet(), key, ch, codec,
                ch.pipeline().get(WireMeter.class), maxStreamsPerGateway);
        ch.pipeline().addLast("h2", codec)
                .addLast("h2-streams", new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()))
                .addLast("gateway", new GatewayFrames(gateway));
        // After the handlers behind it exist: frames that came with the end of the TLS handshake go to the codec.
        ch.pipeline().remove(SETUP_GUARD);
        // Stream windows pace each tunnel; a large connection window keeps a stalled one from blocking the others.
        ch.writeAndFlush(new DefaultHttp2WindowUpdateFrame(GATEWAY_CONNECTION_WINDOW_BYTES));
        return gateway;
    }

    /** The CONNECT stream on {@code gateway}, then origin TLS on it as on a socket; the stream's slot is held. */
    private CompletableFuture<Established> openStream(Route route, GatewayConnection gateway, CallTrace trace,
            SetupMeters meters) {
        CompletableFuture<Established> result = new CompletableFuture<>();
        WireMeter meter = new WireMeter();
        meters.add(meter);
        StreamTunnel tunnel = new StreamTunnel(route.origin().authority(), route.proxy().credentials(),
                gateway::closedBy);
        trace.tunnelStart(Phase.CONNECT);
        streamTunnels.incrementAndGet();
        new Http2StreamChannelBootstrap(gateway.channel()).handler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel ch) {
                ch.pipeline().addLast("tunnel", tunnel).addLast(WireMeter.NAME, meter)
                        .addLast(SETUP_GUARD, new SetupGuard());
            }
        }).open().addListener(opened -> {
            if (!opened.isSuccess()) {
                gateways.release(gateway);
                result.completeExceptionally(opened.cause());
                return;
            }
            Http2StreamChannel ch = (Http2StreamChannel) opened.getNow();
            ch.closeFuture().addListener(closed -> gateways.release(gateway));
            ScheduledFuture<?> timer = ch.eventLoop().schedule(
                    () -> fail(result, ch, tunnel.timedOut(timeouts.tunnel().toMillis())),
                    timeouts.tunnel().toNanos(), TimeUnit.NANOSECONDS);
            tunnel.connectFuture().addListener(f -> {
                timer.cancel(false);
                if (!f.isSuccess()) {
                    if (tunnel.endedBy() instanceof StreamResetException reset && reset.goAway()) {
                        gateways.goAway(gateway); // before the retry asks for a connection: not this one
                    }
                    fail(result, ch, tunnel.unprocessed() ? new NotProcessed(f.cause()) : f.cause());
                    return;
                }
                trace.tunnelEnd(Phase.CONNECT);
                // A stream reset or a lost proxy connection during origin TLS fails the handshake; that, not the
                // closed channel the handshake reports, is the reason.
                CompletableFuture<Established> setup = new CompletableFuture<>();
                setup.whenComplete((established, error) -> {
                    if (error == null) {
                        result.complete(established);
                        return;
                    }
                    IOException endedBy = tunnel.endedBy();
                    result.completeExceptionally(endedBy != null ? endedBy : error);
                });
                guarded(setup, ch, () -> afterTunnel(route, ch, meter, gateway.id(), trace, setup));
            });
        });
        return result;
    }

    /**
     * On a gateway connection, after its streams: the first SETTINGS settle it; GOAWAY stops new streams there; an
     * error closes it.
     */
    private final class GatewayFrames extends ChannelInboundHandlerAdapter {
        private final GatewayConnection gateway;

        GatewayFrames(GatewayConnection gateway) {
            this.gateway = gateway;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2SettingsFrame) {
                gateway.settled().complete(null);
            } else if (msg instanceof Http2GoAwayFrame) {
                gateways.goAway(gateway);
            }
            ReferenceCountUtil.release(msg);
        }

        /** An error on the connection (a reset socket, a TLS alert): it ends, and is its tunnels' reason. */
        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            gateways.failed(gateway, cause);
        }
    }

    /**
     * The proxy chose HTTP/1.1 (or no ALPN) when h2 was asked for: the tunnel goes the HTTP/1.1 way.
     *
     * @param justNow true for the connection that found it out, false for tunnels after it
     */
    private static final class Http1Chosen extends RuntimeException {
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

    private static Throwable unwrap(Throwable t) {
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private ProxyHandler tunnelHandler(ProxySpec proxy, InetSocketAddress proxyAddress) {
        ProxyCredentials c = proxy.credentials();
        ProxyHandler h = proxy.scheme().socks()
                ? (c == null ? new Socks5ProxyHandler(proxyAddress)
                        : new Socks5ProxyHandler(proxyAddress, c.user(), c.password()))
                : (c == null ? new HttpProxyHandler(proxyAddress)
                        : new HttpProxyHandler(proxyAddress, c.user(), c.password()));
        h.setConnectTimeoutMillis(timeouts.tunnel().toMillis());
        return h;
    }

    /**
     * Runs a setup step from a Netty listener, where an exception would only be logged: it fails the setup
     * instead, so no call waits forever and no socket stays open.
     */
    private static void guarded(CompletableFuture<Established> result, Channel ch, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            fail(result, ch, e);
        }
    }

    /**
     * Ends the pipeline while a connection is being set up. An error there (a refused tunnel, a failed handshake)
     * has already failed the setup future with its cause, so here it only closes the channel. Bytes that arrive
     * before the exchange takes over are held, not dropped: an h2 server speaks first (its SETTINGS), and TLS can
     * hand them up in the same read that completes the handshake, before the exchange's handlers exist. Removing
     * the guard passes them on, in order, to the handlers added behind it, then ends their read: handlers that hold
     * work until a read ends (Netty's HTTP/2 stream multiplexer skips its streams' flushes until then) go on.
     */
    static final class SetupGuard extends ChannelInboundHandlerAdapter {
        private final List<Object> held = new ArrayList<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            held.add(msg);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            if (held.isEmpty()) {
                return;
            }
            held.forEach(ctx::fireChannelRead);
            held.clear();
            ctx.fireChannelReadComplete();
        }
    }

    /**
     * The meters of the connections (and CONNECT streams) one setup opened for itself: what they counted is what the
     * setup cost if it fails. Added to and read from any thread.
     */
    private static final class SetupMeters {
        private final List<WireMeter> meters = new CopyOnWriteArrayList<>();

        void add(WireMeter meter) {
            meters.add(meter);
        }

        void remove(WireMeter meter) {
            meters.remove(meter);
        }

        long bytesOut() {
            return meters.stream().mapToLong(WireMeter::bytesOut).sum();
        }

        long bytesIn() {
            return meters.stream().mapToLong(WireMeter::bytesIn).sum();
        }
    }

    private static long wire(WireMeter meter) {
        return meter.bytesIn() + meter.bytesOut();
    }

    private static void fail(CompletableFuture<Established> result, Channel ch, Throwable cause) {
        ch.close();
        result.completeExceptionally(cause);
    }

    /** Closes the HTTP/2 connections to proxies, returning once their sockets are closed. */
    @Override
    public void close() {
        gateways.closeAll(CLOSE_WAIT);
        dns.close();
    }
}
