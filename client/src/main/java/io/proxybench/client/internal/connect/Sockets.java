package io.proxybench.client.internal.connect;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.resolver.NoopAddressResolverGroup;
import io.proxybench.client.Timeouts;
import io.proxybench.net.Transport;

/**
 * What every plan dials with: the client's transport, I/O threads, TLS contexts and timeouts.
 *
 * @param tls the client's TLS contexts, to the proxy and to origins
 */
record Sockets(Transport transport, EventLoopGroup group, TlsContexts tls, Timeouts timeouts) {

    /** A TCP connection to dial, addresses already resolved; the caller adds the handler. */
    Bootstrap bootstrap() {
        return new Bootstrap()
                .group(group)
                .channel(transport.socketChannel())
                .resolver(NoopAddressResolverGroup.INSTANCE)
                .option(ChannelOption.TCP_NODELAY, true)
                // Pooled buffers keep their NIO view: the adaptive allocator (Netty 4.2's default) made a new
                // ByteBuffer slice for every TLS wrap and unwrap, about 300 B of garbage a request.
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeouts.tcp().toMillis());
    }
}
