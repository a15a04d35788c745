package io.proxybench.lab.faults;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.util.ReferenceCountUtil;

/** The client-side handlers that play an accepted-but-broken tunnel. */
public final class FaultHandlers {

    private FaultHandlers() {}

    /** The handler for {@code fault}, which must be {@link Fault#RESET_TLS} or {@link Fault#STALL}. */
    public static ChannelHandler forTunnel(Fault fault) {
        switch (fault) {
            case RESET_TLS:
                return new ResetOnFirstBytes();
            case STALL:
                return new Stall();
            default:
                throw new IllegalArgumentException(fault + " is not played by a tunnel handler");
        }
    }

    /** Resets the connection (RST, not FIN) as soon as the client's first TLS bytes arrive. */
    private static final class ResetOnFirstBytes extends ChannelInboundHandlerAdapter {
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            ctx.read();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
            ctx.close();
        }
    }

    /** Reads and drops everything, never answers: the client waits until its own timeout. */
    private static final class Stall extends ChannelInboundHandlerAdapter {
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            ctx.read();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            ctx.read();
        }
    }
}
