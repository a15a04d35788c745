package io.proxybench.client.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bytes that arrive between the end of a connection's setup and the exchange taking over (an h2 server's SETTINGS,
 * handed up in the same read that completed the TLS handshake) reach the exchange, in order, instead of being
 * dropped at the pipeline's tail.
 */
class SetupGuardTest {

    @Test
    void bytesReadBeforeTheHandOverReachTheExchangeInOrder() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(Connector.SETUP_GUARD, new Connector.SetupGuard());
        ch.writeInbound(bytes("settings "), bytes("more"));

        List<String> heard = new ArrayList<>();
        ch.pipeline().addLast("exchange", new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ByteBuf b = (ByteBuf) msg;
                heard.add(b.toString(StandardCharsets.US_ASCII));
                b.release();
            }
        });
        new Established(ch, null, "h2", 0, null, 0).handOver();
        ch.writeInbound(bytes(" after"));

        assertThat(heard).containsExactly("settings ", "more", " after");
        assertThat(ch.pipeline().get(Connector.SETUP_GUARD)).isNull();
        assertThat(ch.finishAndReleaseAll()).isFalse();
    }

    @Test
    void anErrorDuringSetupClosesTheConnection() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(Connector.SETUP_GUARD, new Connector.SetupGuard());
        ch.pipeline().fireExceptionCaught(new IllegalStateException("tunnel refused"));
        assertThat(ch.isOpen()).isFalse();
    }

    private static ByteBuf bytes(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
    }
}
