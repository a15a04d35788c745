package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.handler.proxy.ProxyHandler;
import io.netty.handler.proxy.Socks5ProxyHandler;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.proxybench.client.proxy.ProxyCredentials;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Replies of a hostile proxy to the client's tunnel handlers (Netty's, with the {@link RefusalRecorder} for HTTP, as
 * {@link Connector} installs them), over Netty's in-process transport: the tunnel either opens or fails with a
 * {@link ProxyConnectException} that, explained with the proxy's reason, does not show the password; nothing else
 * reaches the end of the pipeline.
 */
class ProxyReplyFuzzTest {

    private static final LocalAddress PROXY = new LocalAddress("proxy-reply-fuzz");
    private static final InetSocketAddress DESTINATION = InetSocketAddress.createUnresolved("lab.test", 443);
    private static final String SECRET = "Zq7secretPw";
    /** Bounds each attempt: the handlers give up after this, so no input can hang the fuzzer. */
    private static final int HANDSHAKE_TIMEOUT_MS = 2_000;

    private static LocalProxy proxy;
    /** The reply the fake proxy sends to the next connection; one attempt runs at a time. */
    private static volatile byte[] reply = new byte[0];

    @BeforeAll
    static void startProxy() throws InterruptedException {
        proxy = LocalProxy.start(PROXY, () -> new FakeProxy(reply));
    }

    @AfterAll
    static void stopProxy() {
        proxy.close();
    }

    @FuzzTest(maxDuration = "20s")
    void connectReplyOpensTheTunnelOrFailsAsAProxyError(byte[] bytes) throws Exception {
        attempt(() -> new HttpProxyHandler(PROXY, "alice", SECRET), bytes);
    }

    @FuzzTest(maxDuration = "20s")
    void socks5RepliesOpenTheTunnelOrFailAsAProxyError(byte[] bytes) throws Exception {
        attempt(() -> new Socks5ProxyHandler(PROXY, "alice", SECRET), bytes);
    }

    private static void attempt(Supplier<ProxyHandler> handlers, byte[] bytes) throws Exception {
        reply = bytes;
        ProxyHandler handler = handlers.get();
        handler.setConnectTimeoutMillis(HANDSHAKE_TIMEOUT_MS);
        RefusalRecorder recorder = handler instanceof HttpProxyHandler ? new RefusalRecorder() : null;
        List<Throwable> escaped = new CopyOnWriteArrayList<>();
        ChannelFuture connecting = new Bootstrap().group(proxy.group()).channel(LocalChannel.class).resolver(NoopAddressResolverGroup.INSTANCE)
                .handler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void handlerAdded(ChannelHandlerContext ctx) {
                        ctx.pipeline().addBefore(ctx.name(), "proxy", handler);
                        if (recorder != null) {
                            ctx.pipeline().addBefore("proxy", RefusalRecorder.NAME, recorder);
                        }
                    }

                    @Override
                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        escaped.add(cause);
                    }
                })
                .connect(DESTINATION);
        assertThat(connecting.await(HANDSHAKE_TIMEOUT_MS)).as("the proxy accepts").isTrue();
        Channel ch = connecting.channel();
        Future<?> tunnel = handler.connectFuture();
        assertThat(tunnel.await(2L * HANDSHAKE_TIMEOUT_MS)).as("the handshake ends within its timeout").isTrue();
        if (!tunnel.isSuccess()) {
            CompletableFuture<Throwable> explained = new CompletableFuture<>();
            ch.eventLoop().execute(() -> explained.complete(recorder == null ? tunnel.cause()
                    : recorder.explain(tunnel.cause(), new ProxyCredentials("alice", SECRET))));
            Throwable failure = explained.get(HANDSHAKE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            assertThat(failure).isInstanceOf(ProxyConnectException.class);
            assertThat(failure.getMessage()).doesNotContain(SECRET);
        }
        assertThat(ch.close().await(HANDSHAKE_TIMEOUT_MS)).as("the channel closes").isTrue();
        assertThat(escaped).allSatisfy(e -> assertThat(e).isInstanceOf(ProxyConnectException.class));
    }

    /** Answers the client's first message with the reply, in two writes (so split reads are covered), then hangs up. */
    private static final class FakeProxy extends ChannelInboundHandlerAdapter {
        private final byte[] bytes;
        private boolean answered;

        FakeProxy(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object request) {
            ReferenceCountUtil.release(request);
            if (answered) {
                return;
            }
            answered = true;
            int half = bytes.length / 2;
            ctx.writeAndFlush(Unpooled.copiedBuffer(bytes, 0, half));
            ctx.writeAndFlush(Unpooled.copiedBuffer(bytes, half, bytes.length - half))
                    .addListener(ChannelFutureListener.CLOSE);
        }
    }
}
