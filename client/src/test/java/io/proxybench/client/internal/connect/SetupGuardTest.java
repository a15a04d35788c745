package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Bytes that arrive between the end of a connection's setup and the exchange taking over (an h2 server's SETTINGS,
 * handed up in the same read that completed the TLS handshake) reach the exchange, in order and with the end of
 * their read, instead of being dropped at the pipeline's tail; also when the hand-over is asked from a thread other
 * than the connection's event loop.
 */
class SetupGuardTest {

    @Test
    void bytesReadBeforeTheHandOverReachTheExchangeInOrderAndTheirReadEnds() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(SetupGuard.NAME, new SetupGuard());
        ch.writeInbound(bytes("settings "), bytes("more"));

        Exchange exchange = new Exchange();
        assertThat(handOver(ch, exchange).getNow(null)).isSameAs(exchange);
        ch.writeInbound(bytes(" after"));

        // Netty's HTTP/2 stream multiplexer skips its streams' flushes until a read it saw ends: without the end of
        // the held read, a request written next would wait for some later flush.
        assertThat(exchange.heard).containsExactly("read settings ", "read more", "read complete", "read  after",
                "read complete");
        assertThat(ch.pipeline().get(SetupGuard.NAME)).isNull();
        assertThat(ch.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aHandOverAskedFromAnotherThreadLetsNoReadPassTheExchangeBeforeItIsInPlace() throws Exception {
        EventLoopGroup group = new DefaultEventLoopGroup(1);
        Channel ch = new LocalChannel();
        try {
            group.register(ch).sync();
            ch.pipeline().addLast(SetupGuard.NAME, new SetupGuard());
            CountDownLatch busy = new CountDownLatch(1);
            ch.eventLoop().execute(() -> awaitQuietly(busy));
            // A read the event loop takes up before anything the hand-over asks of it, as a socket's read can be.
            ch.eventLoop().execute(() -> ch.pipeline().fireChannelRead(bytes("settings")));

            Exchange exchange = new Exchange();
            CompletableFuture<Exchange> handedOver = handOver(ch, exchange); // from the test's thread, while the loop is busy
            busy.countDown();

            assertThat(handedOver.get(5, TimeUnit.SECONDS)).isSameAs(exchange);
            assertThat(exchange.heard).as("the read reached the exchange, not the pipeline's tail")
                    .containsExactly("read settings", "read complete");
            assertThat(ch.pipeline().get(SetupGuard.NAME)).isNull();
        } finally {
            ch.close().sync();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        }
    }

    @Test
    void anErrorDuringSetupClosesTheConnection() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.pipeline().addLast(SetupGuard.NAME, new SetupGuard());
        ch.pipeline().fireExceptionCaught(new IllegalStateException("tunnel refused"));
        assertThat(ch.isOpen()).isFalse();
    }

    /** The exchange's side of a hand-over: it adds {@code exchange} behind the guard. */
    private static CompletableFuture<Exchange> handOver(Channel ch, Exchange exchange) {
        return new Established(ch, null, "h2", 0, null, 0).handOver(() -> {
            ch.pipeline().addLast("exchange", exchange);
            return exchange;
        });
    }

    /** Stands for an exchange's handlers: records what it hears, releasing the bytes. */
    private static final class Exchange extends ChannelInboundHandlerAdapter {
        final List<String> heard = new CopyOnWriteArrayList<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            heard.add("read " + b.toString(StandardCharsets.US_ASCII));
            b.release();
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            heard.add("read complete");
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ByteBuf bytes(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.US_ASCII);
    }
}
