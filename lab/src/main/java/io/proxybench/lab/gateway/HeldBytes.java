package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import java.util.List;

/** Bytes a frontend read after a request head and held until its tunnel was set up. */
final class HeldBytes {

    private HeldBytes() {}

    /**
     * Passes {@code held} on to the handlers after {@code ctx} as one read, ended by {@code channelReadComplete} as a
     * socket's read is (a relay flushes what it read then), and empties it.
     */
    static void replay(ChannelHandlerContext ctx, List<ByteBuf> held) {
        if (held.isEmpty()) {
            return;
        }
        held.forEach(ctx::fireChannelRead);
        held.clear();
        ctx.fireChannelReadComplete();
    }
}
