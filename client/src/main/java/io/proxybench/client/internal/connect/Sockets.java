package io.proxybench.client.internal.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.resolver.NoopAddressResolverGroup;
import io.proxybench.client.Timeouts;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.net.Transport;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What every plan dials with: the client's transport, I/O threads, TLS contexts and timeouts.
 *
 * @param tls the client's TLS contexts, to the proxy and to origins
 * @param staggerNanos how long an attempt has to connect before the next address is dialled too, in nanoseconds
 */
record Sockets(Transport transport, EventLoopGroup group, TlsContexts tls, Timeouts timeouts, long staggerNanos) {

    /**
     * TCP to the first of {@code addresses} that connects, as a {@link ConnectRace} on one of the client's I/O
     * threads, each attempt told to {@code trace} ({@code connectStart}, and {@code connectFailed} for each that
     * fails); {@code connectEnd} is the caller's to tell. Each attempt has a pipeline of its own.
     *
     * @param addresses in dialling order ({@link AddressOrder})
     * @param handler makes the handler of an attempt's channel, given the address it dials
     * @param connectTo where an attempt's channel connects to, given the address it dials: that address, or what
     *     a tunnel handler in its pipeline asks the proxy at that address for
     * @param then told the winner or the failure on the winner's I/O thread, as {@link ConnectRace#run} tells it
     */
    void race(List<InetSocketAddress> addresses, CallTrace trace, Function<InetSocketAddress, ChannelHandler> handler,
            Function<InetSocketAddress, SocketAddress> connectTo, BiConsumer<ConnectRace.Winner, Throwable> then) {
        EventLoop loop = group.next();
        ConnectRace.run(loop, addresses, staggerNanos,
                address -> bootstrap(loop).handler(handler.apply(address)).connect(connectTo.apply(address)),
                new ConnectRace.Attempts() {
                    @Override
                    public void started(InetSocketAddress address) {
                        trace.connectStart(address);
                    }

                    @Override
                    public void failed(InetSocketAddress address, Throwable cause) {
                        trace.connectFailed(address, cause);
                    }
                }, then);
    }

    /** A TCP connection to dial on {@code loop}, addresses already resolved; the caller adds the handler. */
    private Bootstrap bootstrap(EventLoop loop) {
        return new Bootstrap()
                .group(loop)
                .channel(transport.socketChannel())
                .resolver(NoopAddressResolverGroup.INSTANCE)
                .option(ChannelOption.TCP_NODELAY, true)
                // Pooled buffers keep their NIO view: the adaptive allocator (Netty 4.2's default) made a new
                // ByteBuffer slice for every TLS wrap and unwrap, about 300 B of garbage a request.
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeouts.tcp().toMillis());
    }
}
