package io.proxybench.lab.target;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.proxybench.lab.pki.ServerIdentity;
import io.proxybench.lab.pki.ServerTls;
import io.proxybench.net.TlsEngine;
import io.proxybench.net.Transport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Function;

/**
 * The lab's origin site: a plain HTTP/1.1 listener and an HTTPS listener offering h2 and http/1.1, both on
 * {@link TargetConfig#host()}, serving {@code /cdn-cgi/trace}, {@code /bytes/N}, {@code /truncate/N},
 * {@code /status/CODE}, {@code /delay/MS}, {@code /challenge}, {@code /limited} and {@code /stats}.
 *
 * <p>The event loop groups belong to the caller, who must have made them with the transport it passes.
 */
public final class TargetServer implements AutoCloseable {

    private final ChannelGroup channels;
    private final int httpPort;
    private final int httpsPort;
    private final TargetStats stats;
    private final Stall stall;

    private TargetServer(ChannelGroup channels, int httpPort, int httpsPort, TargetStats stats, Stall stall) {
        this.channels = channels;
        this.httpPort = httpPort;
        this.httpsPort = httpsPort;
        this.stats = stats;
        this.stall = stall;
    }

    /**
     * Binds both listeners, TLS through {@link TlsEngine#current()}.
     *
     * @param identity the certificate chain and key the HTTPS listener presents
     * @param locate maps a source address to a 2-letter country code, {@code XX} when unknown
     * @throws IllegalStateException when a port cannot be bound; nothing stays bound then
     */
    public static TargetServer start(TargetConfig config, Transport transport, EventLoopGroup boss,
            EventLoopGroup workers, ServerIdentity identity, Function<InetAddress, String> locate)
            throws InterruptedException {
        return start(config, transport, boss, workers, ServerTls.context(identity, TlsEngine.current().provider(),
                ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1),
                locate);
    }

    /** As the public {@code start}, with the HTTPS listener's TLS context given. */
    static TargetServer start(TargetConfig config, Transport transport, EventLoopGroup boss, EventLoopGroup workers,
            SslContext ssl, Function<InetAddress, String> locate) throws InterruptedException {
        TargetStats stats = new TargetStats();
        Stall stall = new Stall(System::nanoTime);
        SharedState shared = new SharedState(stats,
                new RateLimiter(config.limitedBurst(), config.limitedRatePerSec()), locate, stall,
                new SessionCookies());
        ChannelGroup channels = new DefaultChannelGroup("proxybench-target", GlobalEventExecutor.INSTANCE);
        boolean started = false;
        try {
            int http = bind(transport, boss, workers, config.host(), config.httpPort(),
                    new TargetInitializer(shared, null, channels), channels);
            int https = bind(transport, boss, workers, config.host(), config.httpsPort(),
                    new TargetInitializer(shared, ssl, channels), channels);
            started = true;
            return new TargetServer(channels, http, https, stats, stall);
        } finally {
            if (!started) {
                channels.close().awaitUninterruptibly();
            }
        }
    }

    private static int bind(Transport transport, EventLoopGroup boss, EventLoopGroup workers, String host,
            int port, TargetInitializer initializer, ChannelGroup channels) throws InterruptedException {
        ChannelFuture bound = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(initializer)
                .bind(host, port)
                .await();
        if (!bound.isSuccess()) {
            throw new IllegalStateException("the lab target cannot listen on " + host + ":" + port + ": "
                    + bound.cause().getMessage(), bound.cause());
        }
        Channel listener = bound.channel();
        channels.add(listener);
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** The plain HTTP/1.1 port. */
    public int httpPort() {
        return httpPort;
    }

    /** The HTTPS port (ALPN h2 and http/1.1). */
    public int httpsPort() {
        return httpsPort;
    }

    /** The live counters. */
    public TargetStats stats() {
        return stats;
    }

    /**
     * Stalls the target for {@code length}: every response that would start before the stall ends waits until
     * it ends, then goes out as usual. That covers requests arriving during the stall and requests already
     * waiting for their reply (a {@code /delay} that comes due); a body already being sent finishes, and TLS
     * handshakes and new connections go on. Nothing blocks: held responses are scheduled on their connection's
     * event loop. A stall started while one runs extends it to the later end.
     *
     * @param length more than 0, at most 10 minutes
     * @return how long until the stall ends, at least {@code length}
     * @throws IllegalArgumentException when {@code length} is out of range
     */
    public Duration stall(Duration length) {
        return Duration.ofNanos(stall.start(length));
    }

    /** Closes both listeners and every open connection, and waits for that; the event loop groups stay open. */
    @Override
    public void close() {
        channels.close().awaitUninterruptibly();
    }
}
