package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Opens HTTP/2 connections to {@code https://} proxies for {@link StreamConnectPlan}: TCP, TLS offering h2, the
 * HTTP/2 codec, and the proxy's first SETTINGS. Remembers the proxy endpoints that chose HTTP/1.1, whose tunnels then
 * go the socket way.
 */
final class GatewayDialer {

    private final Sockets sockets;
    private final GatewayConnections gateways;
    private final int maxStreamsPerGateway;
    /** Proxy endpoints that answered ALPN with something other than h2: their tunnels go over HTTP/1.1. */
    private final Set<GatewayConnections.Key> http1Only = ConcurrentHashMap.newKeySet();
    private final AtomicLong opened = new AtomicLong();

    /** @param maxStreamsPerGateway tunnels at most on one HTTP/2 connection to a proxy (the proxy may allow fewer) */
    GatewayDialer(Sockets sockets, GatewayConnections gateways, int maxStreamsPerGateway) {
        if (maxStreamsPerGateway < 1) {
            throw new IllegalArgumentException("streams per proxy connection must be at least 1, not "
                    + maxStreamsPerGateway);
        }
        this.sockets = sockets;
        this.gateways = gateways;
        this.maxStreamsPerGateway = maxStreamsPerGateway;
    }

    /** Whether the proxy endpoint chose HTTP/1.1 when h2 was offered before. */
    boolean knownHttp1(GatewayConnections.Key key) {
        return http1Only.contains(key);
    }

    /** HTTP/2 connections opened to proxies so far. */
    long opened() {
        return opened.get();
    }

    /**
     * TCP and TLS to the proxy offering h2; reports TCP and PROXY_TLS to the call that opens it, which pays for the
     * connection's bytes only if it fails: once open they are its tunnels' (see {@code GatewayStats}), and those of a
     * connection that found the proxy choosing HTTP/1.1 are no call's, whether the tunnel that follows opens or not.
     */
    CompletableFuture<GatewayConnection> open(Route route, GatewayConnections.Key key,
            List<InetSocketAddress> proxyAddresses, CallTrace trace, SetupMeters meters) {
        if (http1Only.contains(key)) {
            return CompletableFuture.failedFuture(new Http1Chosen(null, false));
        }
        CompletableFuture<GatewayConnection> result = new CompletableFuture<>();
        ProxySpec proxy = route.proxy();
        // The winning attempt's meter, once TCP is up: the setup pays for its bytes unless the gateway opens.
        AtomicReference<WireMeter> meter = new AtomicReference<>();
        sockets.race(proxyAddresses, trace, address -> new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                SslHandler proxyTls = Sni.handler(sockets.tls().proxy(route.proxyTls(), ProxyProtocol.H2_PREFERRED),
                        ch.alloc(), proxy.host(), proxy.port());
                proxyTls.setHandshakeTimeoutMillis(sockets.timeouts().tunnel().toMillis());
                ch.pipeline().addLast(WireMeter.NAME, new WireMeter()).addLast("proxy-tls", proxyTls)
                        .addLast(SetupGuard.NAME, new SetupGuard());
            }
        }, address -> address, (winner, error) -> {
            if (error != null) {
                result.completeExceptionally(error);
            } else {
                SetupFailures.guarded(result, winner.channel(),
                        () -> connected(route, key, winner, trace, meters, meter, result));
            }
        });
        return result.whenComplete((gateway, error) -> {
            if (meter.get() != null && (gateway != null || SetupFailures.unwrap(error) instanceof Http1Chosen)) {
                meters.remove(meter.get());
            }
            if (SetupFailures.unwrap(error) instanceof Http1Chosen chosen && chosen.justNow()) {
                trace.proxyProtocolFallback(proxy, chosen.alpn());
            }
        });
    }

    /**
     * TCP is up on the winner of the race, on its I/O thread before its pipeline hears that it is active: TLS to the
     * proxy, then the h2 connection once the proxy's SETTINGS came.
     */
    private void connected(Route route, GatewayConnections.Key key, ConnectRace.Winner winner, CallTrace trace,
            SetupMeters meters, AtomicReference<WireMeter> meter, CompletableFuture<GatewayConnection> result) {
        ProxySpec proxy = route.proxy();
        Channel ch = winner.channel();
        meter.set(ch.pipeline().get(WireMeter.class));
        meters.add(meter.get());
        meters.connected(meter.get());
        trace.connectEnd(winner.address());
        trace.proxyTlsStart();
        SslHandler proxyTls = ch.pipeline().get(SslHandler.class);
        proxyTls.handshakeFuture().addListener(done -> {
            if (!done.isSuccess()) {
                ch.close();
                result.completeExceptionally(UntrustedCertificate.explain(done.cause(),
                        UntrustedCertificate.Side.PROXY, proxy.host()));
                return;
            }
            PinMismatchException pinFailure = CertificatePins.check(route.proxyTls(), proxy.host(),
                    proxyTls.engine().getSession());
            if (pinFailure != null) {
                ch.close();
                result.completeExceptionally(pinFailure);
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
                            + " within " + sockets.timeouts().tunnel().toMillis() + " ms"));
                    ch.close();
                }, sockets.timeouts().tunnel().toNanos(), TimeUnit.NANOSECONDS);
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
    }

    /**
     * Turns a TLS connection that chose h2 into a gateway connection: codec, streams, SETTINGS, GOAWAY and errors
     * watched. It is {@linkplain GatewayConnection#settled() settled} once the proxy's first SETTINGS said how many
     * streams it allows.
     */
    private GatewayConnection gatewayOn(Channel ch, GatewayConnections.Key key) {
        // Each CONNECT stream has ReceiveWindows' window, so that a tunnel's download is not held to 64 KiB per round
        // trip to the proxy (a socket tunnel has no such cap). The client retires a gateway connection only without
        // streams, or when it fails or the client closes, so a close does not wait for streams to end (Netty's
        // default waits up to 30 s).
        Http2FrameCodec codec = ReceiveWindows.clientCodec().encoderEnforceMaxConcurrentStreams(true)
                .gracefulShutdownTimeoutMillis(0)
                .build();
        GatewayConnection gateway = new GatewayConnection(opened.incrementAndGet(), key, ch, codec,
                ch.pipeline().get(WireMeter.class), maxStreamsPerGateway);
        ch.pipeline().addLast("h2", codec)
                .addLast("h2-streams", new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()))
                .addLast("gateway", new GatewayFrames(gateways, gateway));
        // After the handlers behind it exist: frames that came with the end of the TLS handshake go to the codec.
        ch.pipeline().remove(SetupGuard.NAME);
        ReceiveWindows.widen(ch);
        return gateway;
    }

    /**
     * On a gateway connection, after its streams: the first SETTINGS settle it; GOAWAY stops new streams there; an
     * error closes it.
     */
    private static final class GatewayFrames extends ChannelInboundHandlerAdapter {
        private final GatewayConnections gateways;
        private final GatewayConnection gateway;

        GatewayFrames(GatewayConnections gateways, GatewayConnection gateway) {
            this.gateways = gateways;
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

}
