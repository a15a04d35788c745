package io.proxybench.lab.gateway;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.proxybench.client.net.Transport;
import io.proxybench.lab.exits.SessionTable;
import java.net.InetSocketAddress;

/**
 * The lab gateway: one port that speaks HTTP/1.1 proxy (CONNECT and forward) and SOCKS5, sending each tunnel out
 * through an exit chosen by the caller's session.
 */
public final class GatewayServer implements AutoCloseable {

    private final Channel listener;
    private final ChannelGroup connections;
    private final GatewayCounters counters;
    private final DestinationResolver resolver;
    private final ForwardPool forwardPool;

    private GatewayServer(Channel listener, ChannelGroup connections, GatewayCounters counters,
            DestinationResolver resolver, ForwardPool forwardPool) {
        this.listener = listener;
        this.connections = connections;
        this.counters = counters;
        this.resolver = resolver;
        this.forwardPool = forwardPool;
    }

    /** Binds the gateway; the groups stay the caller's to shut down. */
    public static GatewayServer start(GatewayConfig config, Transport transport, EventLoopGroup boss,
            EventLoopGroup workers, SessionTable sessions) throws InterruptedException {
        GatewayCounters counters = new GatewayCounters();
        ExitDialer dialer = new ExitDialer(transport, config.latency(),
                (int) Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()), counters);
        ForwardPool pool = new ForwardPool(config.forwardIdleCap(), config.forwardIdleTimeout(), dialer, counters,
                workers.next());
        DestinationResolver resolver = new DestinationResolver();
        GatewayContext gw = new GatewayContext(config, sessions, counters, config.faults().decider(), dialer, pool,
                resolver);
        ChannelGroup connections = new DefaultChannelGroup("lab-gateway", GlobalEventExecutor.INSTANCE);
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 4096)
                .childOption(ChannelOption.AUTO_READ, false)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new GatewayInitializer(gw, connections));
        try {
            return new GatewayServer(bind(b, "gateway", config.host(), config.port()), connections, counters,
                    resolver, pool);
        } catch (RuntimeException | InterruptedException e) {
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

    public GatewayCounters counters() {
        return counters;
    }

    /**
     * Stops listening and closes every client connection (their tunnels and forward exchanges close their
     * upstream connections with them) and the forward pool's idle connections.
     */
    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        connections.close().syncUninterruptibly();
        forwardPool.close();
        resolver.close();
    }
}
