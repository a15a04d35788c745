package io.proxybench.client.internal.connect;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.WireMeter;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A connection of its own: TCP to the proxy (or the origin when direct), TLS to an {@code https://} proxy, the
 * tunnel (Netty's {@link HttpProxyHandler}, with a {@link RefusalRecorder} for the proxy's reasons, or
 * {@link Socks5ProxyHandler}), then {@link OriginTls}. Each step is reported to the call's trace as it starts and
 * ends, so a failure carries its phase; a certificate the client does not trust fails it with an
 * {@link UntrustedCertificateException}. Addresses come resolved, except the origin's when the proxy resolves it;
 * TCP races a name's addresses ({@link Sockets#race}), each attempt with a pipeline of its own.
 */
final class SocketConnectPlan {

    /** The tunnel handler's name in a pipeline. */
    private static final String TUNNEL = "tunnel";

    private final Sockets sockets;

    SocketConnectPlan(Sockets sockets) {
        this.sockets = sockets;
    }

    /**
     * @param addresses where TCP goes, in dialling order: the proxy's, or the origin's when direct
     * @param target what the tunnel asks for (unresolved when the proxy resolves); null without a tunnel
     * @param meters where this plan's meter goes, so a failed setup knows what it cost
     */
    CompletableFuture<Established> connect(Route route, List<InetSocketAddress> addresses, InetSocketAddress target,
            CallTrace trace, SetupMeters meters) {
        boolean tunnelled = route.mode() == Route.Mode.TUNNEL;
        CompletableFuture<Established> result = new CompletableFuture<>();
        sockets.race(addresses, trace,
                address -> initializer(route, tunnelled ? tunnelHandler(route.proxy(), address) : null),
                address -> tunnelled ? target : address, (winner, error) -> {
                    if (error != null) {
                        result.completeExceptionally(error);
                    } else {
                        SetupFailures.guarded(result, winner.channel(), () -> connected(route, winner, trace, meters,
                                result));
                    }
                });
        return result;
    }

    /**
     * TCP is up on the winner of the race: its meter is the setup's, and the steps after TCP follow. On the winner's
     * I/O thread, before its pipeline hears that it is active, so every handler of {@link #initializer} is there.
     */
    private void connected(Route route, ConnectRace.Winner winner, CallTrace trace, SetupMeters meters,
            CompletableFuture<Established> result) {
        Channel ch = winner.channel();
        WireMeter meter = ch.pipeline().get(WireMeter.class);
        meters.add(meter);
        meters.connected(meter);
        trace.connectEnd(winner.address());
        ProxyHandler tunnel = (ProxyHandler) ch.pipeline().get(TUNNEL);
        RefusalRecorder refusals = ch.pipeline().get(RefusalRecorder.class);
        afterTcp(route, ch, tunnel, refusals, meter, trace, result);
    }

    /**
     * The pipeline of one attempt: its own meter, TLS to an {@code https://} proxy, the tunnel (and, for an HTTP
     * proxy, a {@link RefusalRecorder}) and a {@link SetupGuard}.
     *
     * @param tunnel null without a tunnel
     */
    private ChannelInitializer<Channel> initializer(Route route, ProxyHandler tunnel) {
        ProxySpec proxy = route.proxy();
        return new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ChannelPipeline p = ch.pipeline();
                p.addLast(WireMeter.NAME, new WireMeter());
                if (route.tlsToProxy()) {
                    SslHandler proxyTls = Sni.handler(sockets.tls().proxy(route.proxyTls()), ch.alloc(), proxy.host(),
                            proxy.port());
                    proxyTls.setHandshakeTimeoutMillis(sockets.timeouts().tunnel().toMillis());
                    p.addLast("proxy-tls", proxyTls);
                }
                if (tunnel != null) {
                    p.addLast(TUNNEL, tunnel);
                    if (tunnel instanceof HttpProxyHandler) {
                        // The tunnel added its codec before itself: this goes between the two.
                        p.addBefore(TUNNEL, RefusalRecorder.NAME, new RefusalRecorder());
                    }
                }
                p.addLast(SetupGuard.NAME, new SetupGuard());
            }
        };
    }

    /** @param refusals what an HTTP proxy answered, null for SOCKS5 and without a tunnel */
    private void afterTcp(Route route, Channel ch, ProxyHandler tunnel, RefusalRecorder refusals, WireMeter meter,
            CallTrace trace, CompletableFuture<Established> result) {
        Future<?> proxyTlsDone = ch.newSucceededFuture();
        if (route.tlsToProxy()) {
            trace.proxyTlsStart();
            SslHandler proxyTls = ch.pipeline().get(SslHandler.class);
            Promise<Void> checked = ch.eventLoop().newPromise();
            proxyTls.handshakeFuture().addListener(f -> {
                if (!f.isSuccess()) {
                    checked.setFailure(f.cause());
                    return;
                }
                PinMismatchException pinFailure = CertificatePins.check(route.proxyTls(), route.proxy().host(),
                        proxyTls.engine().getSession());
                if (pinFailure != null) {
                    checked.setFailure(pinFailure);
                    return;
                }
                trace.proxyTlsEnd(proxyTls.engine().getSession().getProtocol());
                checked.setSuccess(null);
            });
            proxyTlsDone = checked;
        }
        proxyTlsDone.addListener(tlsDone -> {
            if (!tlsDone.isSuccess()) {
                SetupFailures.fail(result, ch, UntrustedCertificate.explain(tlsDone.cause(),
                        UntrustedCertificate.Side.PROXY, route.proxy().host()));
                return;
            }
            if (tunnel == null) {
                SetupFailures.guarded(result, ch,
                        () -> OriginTls.handshake(sockets, route, ch, meter, 0, trace, result));
                return;
            }
            Phase phase = route.proxy().scheme().socks() ? Phase.SOCKS : Phase.CONNECT;
            trace.tunnelStart(phase);
            tunnel.connectFuture().addListener(f -> {
                if (!f.isSuccess()) {
                    SetupFailures.fail(result, ch, refusals == null ? f.cause()
                            : refusals.explain(f.cause(), route.proxy().credentials()));
                    return;
                }
                trace.tunnelEnd(phase);
                SetupFailures.guarded(result, ch,
                        () -> OriginTls.handshake(sockets, route, ch, meter, 0, trace, result));
            });
        });
    }

    private ProxyHandler tunnelHandler(ProxySpec proxy, InetSocketAddress proxyAddress) {
        ProxyCredentials c = proxy.credentials();
        ProxyHandler h = proxy.scheme().socks()
                ? (c == null ? new Socks5ProxyHandler(proxyAddress)
                        : new Socks5ProxyHandler(proxyAddress, c.user(), c.password()))
                : (c == null ? new HttpProxyHandler(proxyAddress)
                        : new HttpProxyHandler(proxyAddress, c.user(), c.password()));
        h.setConnectTimeoutMillis(sockets.timeouts().tunnel().toMillis());
        return h;
    }
}
