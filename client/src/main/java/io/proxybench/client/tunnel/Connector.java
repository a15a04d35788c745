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
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.OpenSslSession;
import io.netty.handler.ssl.SslHandler;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.concurrent.Future;
import io.proxybench.client.event.CallTrace;
import io.proxybench.client.event.Phase;
import io.proxybench.client.metrics.WireMeter;
import io.proxybench.client.net.Dns;
import io.proxybench.client.net.Transport;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLSession;

/**
 * Opens connections for routes: DNS where the client resolves, TCP, TLS to an {@code https://} proxy, the tunnel
 * (Netty's {@link HttpProxyHandler} or {@link Socks5ProxyHandler}), then TLS to the origin with SNI and ALPN.
 * Each step is reported to the call's trace as it starts and ends, so a failure carries its phase.
 */
public final class Connector implements AutoCloseable {

    /** The last handler while a connection is set up; {@link Established#handOver()} removes it. */
    static final String SETUP_GUARD = "setup-guard";

    private final Transport transport;
    private final EventLoopGroup group;
    private final TlsContexts tls;
    private final Timeouts timeouts;
    private final Dns dns = new Dns();

    public Connector(Transport transport, EventLoopGroup group, TlsContexts tls, Timeouts timeouts) {
        this.transport = transport;
        this.group = group;
        this.tls = tls;
        this.timeouts = timeouts;
    }

    /** Opens a connection for {@code route}; the future fails with the cause of the phase that failed. */
    public CompletableFuture<Established> connect(Route route, CallTrace trace) {
        ProxySpec proxy = route.proxy();
        Origin origin = route.origin();
        String firstHost = proxy == null ? origin.host() : proxy.host();
        int firstPort = proxy == null ? origin.port() : proxy.port();
        return resolve(firstHost, firstPort, trace).thenCompose(first -> {
            if (proxy != null && proxy.scheme() == ProxyScheme.SOCKS5) {
                return resolve(origin.host(), origin.port(), trace).thenCompose(target -> dial(route, first, target, trace));
            }
            InetSocketAddress target = route.mode() == Route.Mode.TUNNEL
                    ? InetSocketAddress.createUnresolved(origin.host(), origin.port()) : first;
            return dial(route, first, target, trace);
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
            CallTrace trace) {
        CompletableFuture<Established> result = new CompletableFuture<>();
        WireMeter meter = new WireMeter();
        ProxySpec proxy = route.proxy();
        ProxyHandler tunnel = route.mode() == Route.Mode.TUNNEL ? tunnelHandler(proxy, first) : null;
        Bootstrap b = new Bootstrap()
                .group(group)
                .channel(transport.socketChannel())
                .resolver(NoopAddressResolverGroup.INSTANCE)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeouts.tcp().toMillis())
                .handler(new ChannelInitializer<Channel>() {
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
                guarded(result, ch, () -> afterTunnel(route, ch, meter, trace, result));
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
                guarded(result, ch, () -> afterTunnel(route, ch, meter, trace, result));
            });
        });
    }

    private void afterTunnel(Route route, Channel ch, WireMeter meter, CallTrace trace,
            CompletableFuture<Established> result) {
        Origin origin = route.origin();
        if (route.mode() == Route.Mode.FORWARD || !origin.secure()) {
            ready(result, new Established(ch, meter, ApplicationProtocolNames.HTTP_1_1, wire(meter), null));
            return;
        }
        trace.originTlsStart();
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
            ready(result, new Established(ch, meter, protocol, wire(meter), group));
        });
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

    /** The connection is ready: the guard stays until the exchange's handlers are in place behind it. */
    private static void ready(CompletableFuture<Established> result, Established established) {
        result.complete(established);
    }

    /**
     * Ends the pipeline while a connection is being set up. An error there (a refused tunnel, a failed handshake)
     * has already failed the setup future with its cause, so here it only closes the channel. Bytes that arrive
     * before the exchange takes over are held, not dropped: an h2 server speaks first (its SETTINGS), and TLS can
     * hand them up in the same read that completes the handshake, before the exchange's handlers exist. Removing
     * the guard passes them on, in order, to the handlers added behind it.
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
            held.forEach(ctx::fireChannelRead);
            held.clear();
        }
    }

    private static long wire(WireMeter meter) {
        return meter.bytesIn() + meter.bytesOut();
    }

    private static void fail(CompletableFuture<Established> result, Channel ch, Throwable cause) {
        ch.close();
        result.completeExceptionally(cause);
    }

    @Override
    public void close() {
        dns.close();
    }
}
