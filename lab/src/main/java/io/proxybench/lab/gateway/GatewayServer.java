package io.proxybench.lab.gateway;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.proxybench.lab.exits.SessionTable;
import io.proxybench.lab.faults.Injection;
import io.proxybench.net.Dns;
import io.proxybench.net.Transport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The lab gateway: one port that speaks HTTP/1.1 proxy (CONNECT and forward) and SOCKS5, and a second port that
 * speaks the same inside TLS (an {@code https://} proxy) and, to clients that choose {@code h2} by ALPN, HTTP/2
 * with each CONNECT stream a tunnel; each tunnel goes out through an exit chosen by its caller's session.
 */
public final class GatewayServer implements AutoCloseable {

    private final ServerBootstrap plainBootstrap;
    private final ServerBootstrap tlsBootstrap;
    private final String host;
    /** The listening sockets; replaced by a {@link #restart}, which keeps their ports. */
    private volatile Channel listener;
    private volatile Channel tlsListener;
    private final ChannelGroup connections;
    private final GatewayCounters counters;
    private final Dns resolver;
    private final ForwardPool forwardPool;
    private final ExitDialer dialer;
    private final Injection injection;

    private GatewayServer(ServerBootstrap plainBootstrap, ServerBootstrap tlsBootstrap, String host, Channel listener,
            Channel tlsListener, ChannelGroup connections, GatewayCounters counters, Dns resolver,
            ForwardPool forwardPool, ExitDialer dialer, Injection injection) {
        this.plainBootstrap = plainBootstrap;
        this.tlsBootstrap = tlsBootstrap;
        this.host = host;
        this.listener = listener;
        this.tlsListener = tlsListener;
        this.connections = connections;
        this.counters = counters;
        this.resolver = resolver;
        this.forwardPool = forwardPool;
        this.dialer = dialer;
        this.injection = injection;
    }

    /**
     * Binds the gateway's plain port and, with {@code tls}, its {@code https://} port; the groups stay the caller's
     * to shut down. It injects {@code config}'s fault and latency plans until {@link #injection()} replaces them.
     */
    public static GatewayServer start(GatewayConfig config, Transport transport, EventLoopGroup boss,
            EventLoopGroup workers, SessionTable sessions, SslContext tls) throws InterruptedException {
        GatewayCounters counters = new GatewayCounters();
        Injection injection = new Injection(config.faults(), config.latency());
        ExitDialer dialer = new ExitDialer(transport, injection,
                (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()), counters);
        ForwardPool pool = new ForwardPool(config.forwardIdleCap(), config.forwardIdleTimeout(), dialer, counters,
                workers.next());
        Dns resolver = new Dns();
        GatewayContext gw = new GatewayContext(config, sessions, counters, injection, dialer, pool, resolver::resolve);
        ChannelGroup connections = new DefaultChannelGroup("lab-gateway", GlobalEventExecutor.INSTANCE);
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 4096)
                .option(ChannelOption.SO_REUSEADDR, true) // a restart binds its ports again past TIME_WAIT
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new GatewayInitializer(gw, connections, null));
        Channel plain = null;
        try {
            plain = bind(b, "gateway", config.host(), config.port());
            ServerBootstrap secureBootstrap = b.clone().childHandler(new GatewayInitializer(gw, connections, tls));
            Channel secure = bind(secureBootstrap, "https gateway", config.host(), config.tlsPort());
            return new GatewayServer(b, secureBootstrap, config.host(), plain, secure, connections, counters, resolver,
                    pool, dialer, injection);
        } catch (RuntimeException | InterruptedException e) {
            if (plain != null) {
                plain.close();
            }
            resolver.close();
            pool.close();
            throw e;
        }
    }

    /** Binds {@code b}, or fails with a message naming the listener and the address. */
    static Channel bind(ServerBootstrap b, String what, String host, int port) throws InterruptedException {
        ChannelFuture bound = b.bind(host, port).await();
        if (!bound.isSuccess()) {
            throw new IllegalStateException("the lab " + what + " cannot listen on " + host + ":" + port + ": "
                    + bound.cause().getMessage() + (port == 0 ? "" : " (choose another port, or 0 for any)"),
                    bound.cause());
        }
        return bound.channel();
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /**
     * The {@code https://} proxy port: TLS first, then by ALPN either HTTP/2 CONNECT streams ({@code h2}) or the same
     * HTTP proxy and SOCKS5 as the plain port.
     */
    public int tlsPort() {
        return ((InetSocketAddress) tlsListener.localAddress()).getPort();
    }

    public GatewayCounters counters() {
        return counters;
    }

    /** The fault and latency plans the gateway injects now, replaceable while it runs. */
    public Injection injection() {
        return injection;
    }

    /**
     * Sends GOAWAY (NO_ERROR) on every HTTP/2 client connection, as a proxy does before it restarts: each keeps its
     * {@code keepStreams} oldest streams, which go on, and cuts the newer ones (RFC 9113 section 6.8: the last stream
     * id is the newest kept). A connection takes no new streams after it; its client closes it when done.
     *
     * @param keepStreams 0 cuts every stream; at least the number open lets them all finish (a drain)
     * @return the HTTP/2 connections told
     */
    public int goAwayH2(int keepStreams) {
        if (keepStreams < 0) {
            throw new IllegalArgumentException("streams to keep must be 0 or more, not " + keepStreams);
        }
        int told = 0;
        for (Channel ch : connections) {
            Http2FrameCodec codec = ch.pipeline().get(Http2FrameCodec.class);
            if (codec != null) {
                told++;
                ch.eventLoop().execute(() -> goAway(ch, codec, keepStreams));
            }
        }
        return told;
    }

    private static void goAway(Channel ch, Http2FrameCodec codec, int keepStreams) {
        ChannelHandlerContext ctx = ch.pipeline().context(codec);
        if (ctx == null) {
            return; // closed meanwhile
        }
        List<Integer> open = new ArrayList<>();
        try {
            codec.connection().forEachActiveStream(stream -> open.add(stream.id()));
        } catch (Http2Exception e) {
            throw new IllegalStateException(e); // only a visitor throws it, and this one does not
        }
        Collections.sort(open);
        int last = keepStreams == 0 ? 0
                : keepStreams >= open.size() ? codec.connection().remote().lastStreamCreated()
                : open.get(keepStreams - 1);
        codec.goAway(ctx, last, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
        ctx.flush();
    }

    /**
     * Restarts the gateway as a crashed and restarted proxy process would look to its clients: stops listening,
     * closes every client connection (their tunnels and forward exchanges close their upstream connections with
     * them) and the forward pool's idle connections, waits {@code down} (connections meanwhile are refused), then
     * listens again on the same ports. What outlives the process's sockets stays: configuration, counters (the
     * dropped connections count as closed), and the lab's exits and sessions, so a sticky session gets its exit
     * back. Blocks the caller for {@code down} and the rebinding; not to be called on an event loop.
     *
     * @param down 0 or more
     * @throws IllegalStateException when a port cannot be bound again (another process took it meanwhile)
     */
    public void restart(Duration down) throws InterruptedException {
        if (down.isNegative()) {
            throw new IllegalArgumentException("time down must be 0 or more, not " + down);
        }
        int plainPort = port();
        int securePort = tlsPort();
        listener.close().syncUninterruptibly();
        tlsListener.close().syncUninterruptibly();
        connections.close().syncUninterruptibly();
        forwardPool.closeIdle();
        Thread.sleep(down.toMillis());
        listener = bind(plainBootstrap, "gateway", host, plainPort);
        tlsListener = bind(tlsBootstrap, "https gateway", host, securePort);
    }

    /**
     * Stops listening and closes every client connection, the forward pool's idle connections and every upstream
     * connection, waiting for each close: a tunnel's upstream closes with its client, but a target-leg delay holds
     * that close for a round trip, which must end before the event loops stop (they would drop it, and the upstream
     * stay open with its held bytes).
     */
    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        tlsListener.close().syncUninterruptibly();
        connections.close().syncUninterruptibly();
        forwardPool.close();
        dialer.closeAll();
        resolver.close();
    }
}
