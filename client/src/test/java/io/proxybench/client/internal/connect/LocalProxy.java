package io.proxybench.client.internal.connect;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalServerChannel;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A scripted proxy over Netty's in-process transport, for tests of the tunnel handlers: each connection gets a new
 * handler from {@code handlers}; {@link #group()} runs the clients' channels too.
 */
final class LocalProxy implements AutoCloseable {

    private final EventLoopGroup group;
    private final Channel server;

    private LocalProxy(EventLoopGroup group, Channel server) {
        this.group = group;
        this.server = server;
    }

    static LocalProxy start(LocalAddress address, Supplier<ChannelHandler> handlers) throws InterruptedException {
        EventLoopGroup group = new DefaultEventLoopGroup(2);
        Channel server = new ServerBootstrap().group(group).channel(LocalServerChannel.class)
                .childHandler(new ChannelInitializer<LocalChannel>() {
                    @Override
                    protected void initChannel(LocalChannel ch) {
                        ch.pipeline().addLast(handlers.get());
                    }
                })
                .bind(address).sync().channel();
        return new LocalProxy(group, server);
    }

    EventLoopGroup group() {
        return group;
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
