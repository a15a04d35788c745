package io.proxybench.client.internal.connect;

import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tunnel as a stream on a shared HTTP/2 connection to an {@code https://} proxy: a connection reserved (or opened
 * by {@link GatewayDialer}), a CONNECT stream carrying the tunnel's own credentials, then {@link OriginTls} on the
 * stream as on a socket. The stream's slot on the connection is held until the stream closes.
 */
final class StreamConnectPlan {

    private final Sockets sockets;
    private final GatewayConnections gateways;
    private final GatewayDialer dialer;
    private final AtomicLong opened = new AtomicLong();

    StreamConnectPlan(Sockets sockets, GatewayConnections gateways, GatewayDialer dialer) {
        this.sockets = sockets;
        this.gateways = gateways;
        this.dialer = dialer;
    }

    /** Tunnels opened as HTTP/2 streams so far (CONNECT requests sent, whatever the answer). */
    long opened() {
        return opened.get();
    }

    /**
     * The tunnel as a stream on a shared HTTP/2 connection to the proxy; fails with {@link Http1Chosen} when the
     * proxy is known to (or now does) choose HTTP/1.1, so the caller dials it the HTTP/1.1 way.
     */
    CompletableFuture<Established> connect(Route route, List<InetSocketAddress> proxyAddresses, CallTrace trace,
            SetupMeters meters) {
        GatewayConnections.Key key = GatewayConnections.Key.of(route);
        // Once more for a stream the proxy did not act on: the connection it was sent on no longer takes streams.
        return stream(route, key, proxyAddresses, trace, meters).exceptionallyCompose(error ->
                SetupFailures.unwrap(error) instanceof NotProcessed ? stream(route, key, proxyAddresses, trace, meters)
                : CompletableFuture.failedFuture(error)).exceptionallyCompose(error -> CompletableFuture.failedFuture(
                        SetupFailures.unwrap(error) instanceof NotProcessed n ? n.getCause() : error));
    }

    private CompletableFuture<Established> stream(Route route, GatewayConnections.Key key,
            List<InetSocketAddress> proxyAddresses, CallTrace trace, SetupMeters meters) {
        return gateways.reserve(key, () -> dialer.open(route, key, proxyAddresses, trace, meters))
                .thenCompose(gateway -> openStream(route, gateway, trace, meters));
    }

    /** A CONNECT stream the proxy did not act on (RFC 9113 section 8.7), so one that may be sent again. */
    private static final class NotProcessed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotProcessed(Throwable cause) {
            super(cause.getMessage(), cause, false, false);
        }
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
        opened.incrementAndGet();
        new Http2StreamChannelBootstrap(gateway.channel()).handler(new ChannelInitializer<Http2StreamChannel>() {
            @Override
            protected void initChannel(Http2StreamChannel ch) {
                ch.pipeline().addLast("tunnel", tunnel).addLast(WireMeter.NAME, meter)
                        .addLast(SetupGuard.NAME, new SetupGuard());
            }
        }).open().addListener(opened -> {
            if (!opened.isSuccess()) {
                gateways.release(gateway);
                result.completeExceptionally(opened.cause());
                return;
            }
            Http2StreamChannel ch = (Http2StreamChannel) opened.getNow();
            meters.connected(meter);
            ch.closeFuture().addListener(closed -> gateways.release(gateway));
            ScheduledFuture<?> timer = ch.eventLoop().schedule(
                    () -> SetupFailures.fail(result, ch, tunnel.timedOut(sockets.timeouts().tunnel().toMillis())),
                    sockets.timeouts().tunnel().toNanos(), TimeUnit.NANOSECONDS);
            tunnel.connectFuture().addListener(f -> {
                timer.cancel(false);
                if (!f.isSuccess()) {
                    if (tunnel.endedBy() instanceof StreamResetException reset && reset.goAway()) {
                        gateways.goAway(gateway); // before the retry asks for a connection: not this one
                    }
                    SetupFailures.fail(result, ch, tunnel.unprocessed() ? new NotProcessed(f.cause()) : f.cause());
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
                SetupFailures.guarded(setup, ch,
                        () -> OriginTls.handshake(sockets, route, ch, meter, gateway.id(), trace, setup));
            });
        });
        return result;
    }

}
