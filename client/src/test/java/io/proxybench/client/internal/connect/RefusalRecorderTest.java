package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.proxy.HttpProxyHandler;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.resolver.NoopAddressResolverGroup;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.proxybench.client.proxy.ProxyCredentials;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The recorder between Netty's codec and its {@link HttpProxyHandler}, as {@link SocketConnectPlan} installs it,
 * against a scripted proxy over Netty's in-process transport: a refusal becomes a {@link TunnelRefusedException}
 * with the proxy's reason, a 200 leaves the recorder out of the pipeline, anything else stays Netty's failure.
 */
class RefusalRecorderTest {

    private static final LocalAddress PROXY = new LocalAddress("refusal-recorder");
    private static final InetSocketAddress DESTINATION = InetSocketAddress.createUnresolved("origin.test", 443);
    private static final ProxyCredentials ALICE = new ProxyCredentials("alice", "Zq7secretPw");

    private static LocalProxy proxy;
    /** What the scripted proxy answers the next CONNECT with; null: it hangs up without answering. */
    private static volatile String answer;

    @BeforeAll
    static void startProxy() throws InterruptedException {
        proxy = LocalProxy.start(PROXY, () -> new Answering(answer));
    }

    @AfterAll
    static void stopProxy() {
        proxy.close();
    }

    /** The tunnel through the recorder, once it opened or failed: its failure as explained, null when it opened. */
    private static Tunnel tunnel(String proxyAnswer) throws Exception {
        answer = proxyAnswer;
        HttpProxyHandler handler = new HttpProxyHandler(PROXY, ALICE.user(), ALICE.password());
        handler.setConnectTimeoutMillis(5_000);
        RefusalRecorder recorder = new RefusalRecorder();
        Channel ch = new Bootstrap().group(proxy.group()).channel(LocalChannel.class)
                .resolver(NoopAddressResolverGroup.INSTANCE).handler(new ChannelInitializer<LocalChannel>() {
                    @Override
                    protected void initChannel(LocalChannel ch) {
                        ch.pipeline().addLast("tunnel", handler).addLast(SetupGuard.NAME, new SetupGuard());
                        ch.pipeline().addBefore("tunnel", RefusalRecorder.NAME, recorder);
                    }
                }).connect(DESTINATION).sync().channel();
        Future<Channel> done = handler.connectFuture().await();
        assertThat(done.isDone()).isTrue();
        // The plan explains the failure on the event loop, as the recorder's state is written there.
        CompletableFuture<Throwable> failure = new CompletableFuture<>();
        ch.eventLoop().execute(() -> failure.complete(done.isSuccess() ? null
                : recorder.explain(done.cause(), ALICE)));
        Tunnel tunnel = new Tunnel(ch, failure.get(5, TimeUnit.SECONDS));
        ch.close().sync();
        return tunnel;
    }

    private record Tunnel(Channel channel, Throwable failure) {}

    @Test
    void squidsRefusalGivesItsErrorHeaderAndKeepsNettysFailureAsTheCause() throws Exception {
        String page = "<html><head><title>ERROR: Cache Access Denied</title></head><body>denied</body></html>";
        Throwable failure = tunnel("HTTP/1.1 407 Proxy Authentication Required\r\nServer: squid/5.7\r\n"
                + "X-Squid-Error: ERR_CACHE_ACCESS_DENIED 0\r\nContent-Type: text/html\r\nContent-Length: "
                + page.length() + "\r\n\r\n" + page).failure();

        assertThat(failure).isInstanceOf(TunnelRefusedException.class)
                .hasCauseInstanceOf(HttpProxyHandler.HttpProxyConnectException.class)
                .hasMessageStartingWith("http, basic, local:refusal-recorder => ")
                .hasMessageEndingWith("status: 407 Proxy Authentication Required: ERR_CACHE_ACCESS_DENIED 0");
        TunnelRefusedException refused = (TunnelRefusedException) failure;
        assertThat(refused.status()).isEqualTo(407);
        assertThat(refused.reason()).isEqualTo("ERR_CACHE_ACCESS_DENIED 0");
    }

    @Test
    void aPlainTextRefusalGivesItsFirstLineWithTheCredentialsMaskedEvenFromALongChunkedBody() throws Exception {
        String first = "no exit for alice (password Zq7secretPw) in the country asked for\n";
        String chunk = first + "z".repeat(BodyPrefix.MAX_BYTES);
        Throwable failure = tunnel("HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(chunk.length()) + "\r\n" + chunk
                + "\r\n0\r\n\r\n").failure();

        assertThat(failure).isInstanceOf(TunnelRefusedException.class).hasMessageNotContaining("Zq7secretPw");
        assertThat(((TunnelRefusedException) failure).status()).isEqualTo(502);
        assertThat(((TunnelRefusedException) failure).reason())
                .isEqualTo("no exit for **** (password ****) in the country asked for");
    }

    @Test
    void aTunnelThatOpensLeavesTheRecorderOut() throws Exception {
        Tunnel tunnel = tunnel("HTTP/1.1 200 Connection established\r\n\r\n");

        assertThat(tunnel.failure()).isNull();
        assertThat(tunnel.channel().pipeline().get(RefusalRecorder.NAME)).isNull();
    }

    @Test
    void aProxyThatHangsUpBeforeAnsweringIsNettysFailureAsItIs() throws Exception {
        Throwable failure = tunnel(null).failure();

        assertThat(failure).isInstanceOf(ProxyConnectException.class).isNotInstanceOf(TunnelRefusedException.class);
    }

    /** Answers the first message with a fixed text, or hangs up when it has none. */
    private static final class Answering extends ChannelInboundHandlerAdapter {
        private final String text;

        Answering(String text) {
            this.text = text;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            if (text == null) {
                ctx.close();
                return;
            }
            ctx.writeAndFlush(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
        }
    }
}
