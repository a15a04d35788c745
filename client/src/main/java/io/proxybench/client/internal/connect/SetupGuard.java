package io.proxybench.client.internal.connect;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends the pipeline while a connection is being set up. An error there (a refused tunnel, a failed handshake) has
 * already failed the setup future with its cause, so here it only closes the channel. Bytes that arrive before the
 * exchange takes over are held, not dropped: an h2 server speaks first (its SETTINGS), and TLS can hand them up in
 * the same read that completes the handshake, before the exchange's handlers exist. Removing the guard passes them
 * on, in order, to the handlers added behind it, then ends their read: handlers that hold work until a read ends
 * (Netty's HTTP/2 stream multiplexer skips its streams' flushes until then) go on.
 */
final class SetupGuard extends ChannelInboundHandlerAdapter {

    /** The guard's name in a pipeline; {@link Established#handOver} removes it. */
    static final String NAME = "setup-guard";

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
        if (held.isEmpty()) {
            return;
        }
        held.forEach(ctx::fireChannelRead);
        held.clear();
        ctx.fireChannelReadComplete();
    }
}
