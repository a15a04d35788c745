package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2GoAwayFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.proxy.ProxyConnectException;
import io.proxybench.client.proxy.ProxyCredentials;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The CONNECT stream as a socket, frame by frame on an {@link EmbeddedChannel} standing in for the stream. */
class StreamTunnelTest {

    /** What reaches the handlers above the tunnel. */
    private static final class Above extends ChannelInboundHandlerAdapter {
        final List<Object> events = new ArrayList<>();
        final List<Throwable> errors = new ArrayList<>();

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            events.add(evt);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            errors.add(cause);
        }
    }

    /** The handlers above the latest tunnel. */
    private Above above;
    /** Kept here: a closed channel's pipeline no longer holds it. */
    private StreamTunnel handler;

    private EmbeddedChannel tunnel(ProxyCredentials credentials) {
        handler = new StreamTunnel("example.com:443", credentials, () -> null);
        above = new Above();
        return new EmbeddedChannel(handler, above);
    }

    private static DefaultHttp2HeadersFrame status(String code, boolean endStream) {
        return new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status(code), endStream);
    }

    private static String text(ByteBuf bytes) {
        try {
            return bytes.toString(StandardCharsets.UTF_8);
        } finally {
            bytes.release();
        }
    }

    @Test
    void sendsConnectWithMethodAuthorityAndTheStreamsOwnCredentialsOnly() {
        EmbeddedChannel ch = tunnel(new ProxyCredentials("user", "pass_session-7"));

        Http2HeadersFrame sent = ch.readOutbound();
        Http2Headers h = sent.headers();
        assertThat(h.method().toString()).isEqualTo("CONNECT");
        assertThat(h.authority().toString()).isEqualTo("example.com:443");
        assertThat(h.scheme()).isNull();
        assertThat(h.path()).isNull();
        assertThat(h.get("proxy-authorization").toString()).isEqualTo("Basic "
                + Base64.getEncoder().encodeToString("user:pass_session-7".getBytes(StandardCharsets.UTF_8)));
        assertThat(sent.isEndStream()).as("the tunnel stays open for bytes").isFalse();
        assertThat(ch.<Object>readOutbound()).isNull();
        assertThat(handler.connectFuture().isDone()).isFalse();
    }

    @Test
    void withoutCredentialsNoProxyAuthorizationIsSent() {
        EmbeddedChannel ch = tunnel(null);

        Http2HeadersFrame sent = ch.readOutbound();
        assertThat(sent.headers().contains("proxy-authorization")).isFalse();
    }

    @Test
    void a2xxAnswerOpensTheTunnelThenBytesAreDataFramesBothWays() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(status("200", false));
        assertThat(handler.connectFuture().isSuccess()).isTrue();
        assertThat(ch.<Object>readInbound()).as("the answer is the tunnel's, not the origin's").isNull();

        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("hello", StandardCharsets.UTF_8)));
        assertThat(text(ch.readInbound())).isEqualTo("hello");

        ch.writeOutbound(Unpooled.copiedBuffer("client hello", StandardCharsets.UTF_8));
        Http2DataFrame out = ch.readOutbound();
        assertThat(out.isEndStream()).isFalse();
        assertThat(text(out.content())).isEqualTo("client hello");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void aNon2xxAnswerFailsTheSetupWithTheStatusAndClosesTheStream() {
        EmbeddedChannel ch = tunnel(new ProxyCredentials("user", "secret"));
        ch.readOutbound();

        ch.writeInbound(status("407", true));

        assertThat(handler.connectFuture().cause()).isInstanceOf(StreamRefusedException.class)
                .hasMessage("the proxy answered CONNECT example.com:443 with status 407");
        assertThat(((StreamRefusedException) handler.connectFuture().cause()).status()).isEqualTo(407);
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aRefusalsFirstBodyLineIsItsReasonOnOneLineWithTheStreamsCredentialsMasked() {
        EmbeddedChannel ch = tunnel(new ProxyCredentials("alice", "s3cret_session-9"));
        ch.readOutbound();

        ch.writeInbound(status("403", false));
        assertThat(handler.connectFuture().isDone()).as("waits for the body").isFalse();
        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("\nuser alice\t(s3cret_session-9)  ",
                StandardCharsets.UTF_8)));
        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("may not reach example.com:443\nsee /help\n",
                StandardCharsets.UTF_8), true));

        StreamRefusedException refused = (StreamRefusedException) handler.connectFuture().cause();
        assertThat(refused).hasMessage("the proxy answered CONNECT example.com:443 with status 403: user **** (****)"
                + " may not reach example.com:443");
        assertThat(refused.reason()).isEqualTo("user **** (****) may not reach example.com:443");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aRefusalsProxyStatusHeaderIsItsReason() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("502")
                .add("proxy-status", "gw; error=destination_unavailable"), true));

        assertThat(((StreamRefusedException) handler.connectFuture().cause()).reason())
                .isEqualTo("destination_unavailable");
    }

    @Test
    void aRefusalsBodyIsReadUpToItsLimitWithoutWaitingForItsEnd() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(status("502", false));
        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("x".repeat(BodyPrefix.MAX_BYTES + 50),
                StandardCharsets.UTF_8)));

        assertThat(handler.connectFuture().cause()).hasMessage("the proxy answered CONNECT example.com:443 with status"
                + " 502: " + "x".repeat(RefusalReason.MAX_CHARS - RefusalReason.CUT.length()) + RefusalReason.CUT);
    }

    @Test
    void secretsAreMaskedBeforeTheReasonIsCutOrItsSpacesSquashedAndTheHeaderToo() {
        String password = "pa  ss\tword";
        EmbeddedChannel ch = tunnel(new ProxyCredentials("alice", password));
        ch.readOutbound();
        String header = Base64.getEncoder().encodeToString(("alice:" + password).getBytes(StandardCharsets.UTF_8));

        ch.writeInbound(status("407", false));
        String filler = "y".repeat(RefusalReason.MAX_CHARS - 10);
        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer(filler + " " + password + " Basic " + header,
                StandardCharsets.UTF_8), true));

        String message = handler.connectFuture().cause().getMessage();
        assertThat(message).doesNotContain("pa  ss").doesNotContain("pa ss").doesNotContain(header)
                .doesNotContain(header.substring(0, 8)).contains(filler + " **** B").endsWith(RefusalReason.CUT);
    }

    @Test
    void oneOrTwoLetterCredentialsAreNotMaskedInTheReasonWhichWouldMangleIt() {
        EmbeddedChannel ch = tunnel(new ProxyCredentials("u", "p"));
        ch.readOutbound();

        ch.writeInbound(status("403", false));
        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("upstream unreachable", StandardCharsets.UTF_8),
                true));

        assertThat(handler.connectFuture().cause()).hasMessageEndingWith(": upstream unreachable");
    }

    @Test
    void anAnswerWithoutStatusFailsTheSetupSayingSo() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers(), false));

        assertThat(handler.connectFuture().cause()).isInstanceOf(ProxyConnectException.class)
                .hasMessage("the proxy answered CONNECT without a :status");
    }

    @Test
    void headersOnAConnectedStreamResetItWithProtocolErrorAndFailTheTunnel() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();
        ch.writeInbound(status("200", false));

        ch.writeInbound(status("200", false));

        assertThat(ch.<Object>readOutbound()).isInstanceOfSatisfying(DefaultHttp2ResetFrame.class,
                reset -> assertThat(reset.errorCode()).isEqualTo(Http2Error.PROTOCOL_ERROR.code()));
        assertThat(above.errors).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("HEADERS"));
        assertThat(handler.endedBy()).hasMessageContaining("section 8.5");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aConnectLeftOutOfAGoAwayOrRefusedIsUnprocessedButAnotherResetIsNot() {
        EmbeddedChannel goAway = tunnel(null);
        goAway.readOutbound();
        goAway.pipeline().fireUserEventTriggered(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
        assertThat(handler.unprocessed()).isTrue();

        EmbeddedChannel refused = tunnel(null);
        refused.readOutbound();
        refused.pipeline().fireUserEventTriggered(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM));
        assertThat(handler.unprocessed()).isTrue();

        EmbeddedChannel cancelled = tunnel(null);
        cancelled.readOutbound();
        cancelled.pipeline().fireUserEventTriggered(new DefaultHttp2ResetFrame(Http2Error.CANCEL));
        assertThat(handler.unprocessed()).isFalse();

        EmbeddedChannel answered = tunnel(null);
        answered.readOutbound();
        answered.writeInbound(status("200", false));
        answered.pipeline().fireUserEventTriggered(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
        assertThat(handler.unprocessed()).as("the proxy answered it: it acted on it").isFalse();
    }

    @Test
    void aResetAfterARefusalStillReportsTheRefusal() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(status("502", false));
        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("bad gateway", StandardCharsets.UTF_8)));
        ch.pipeline().fireUserEventTriggered(new DefaultHttp2ResetFrame(Http2Error.NO_ERROR));

        assertThat(handler.connectFuture().cause()).isInstanceOf(StreamRefusedException.class)
                .hasMessage("the proxy answered CONNECT example.com:443 with status 502: bad gateway");
        assertThat(above.errors).isEmpty();
    }

    @Test
    void aRefusalWhoseBodyNeverEndsIsStillTheRefusalWhenTheCallerStopsWaiting() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();
        assertThat(handler.timedOut(5000)).isInstanceOf(ProxyConnectException.class)
                .isNotInstanceOf(StreamRefusedException.class).hasMessage("no answer to CONNECT within 5000 ms");

        ch.writeInbound(status("429", false));

        assertThat(handler.timedOut(5000)).isInstanceOf(StreamRefusedException.class)
                .hasMessage("the proxy answered CONNECT example.com:443 with status 429");
    }

    @Test
    void interimAnswersAreSkippedUntilTheFinalOne() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(status("100", false));
        assertThat(handler.connectFuture().isDone()).isFalse();
        ch.writeInbound(status("200", false));
        assertThat(handler.connectFuture().isSuccess()).isTrue();
    }

    @Test
    void dataBeforeTheAnswerFailsTheSetup() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("x", StandardCharsets.UTF_8)));

        assertThat(handler.connectFuture().cause()).isInstanceOf(ProxyConnectException.class)
                .hasMessageContaining("before answering");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aResetDuringSetupFailsItWithTheErrorCode() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.pipeline().fireUserEventTriggered(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM));

        assertThat(handler.connectFuture().cause()).isInstanceOf(StreamResetException.class)
                .hasMessageContaining("RST_STREAM REFUSED_STREAM (0x7)");
        assertThat(above.errors).isEmpty();
    }

    @Test
    void aResetMidTunnelReachesTheHandlersAboveAsAnError() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();
        ch.writeInbound(status("200", false));

        ch.pipeline().fireUserEventTriggered(new DefaultHttp2ResetFrame(Http2Error.CONNECT_ERROR));

        assertThat(above.errors).singleElement().isInstanceOf(StreamResetException.class)
                .satisfies(e -> assertThat(((StreamResetException) e).errorCode()).isEqualTo(0xaL));
        assertThat(above.events).isEmpty();
    }

    @Test
    void aGoAwayThatLeftTheStreamOutFailsItWithTheCode() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();
        ch.writeInbound(status("200", false));

        ch.pipeline().fireUserEventTriggered(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));

        assertThat(above.errors).hasSize(1);
        assertThat(above.errors.get(0)).isInstanceOf(StreamResetException.class)
                .hasMessageContaining("GOAWAY NO_ERROR (0x0)");
    }

    @Test
    void endStreamInIsAHalfCloseThenTheTunnelEndsItsSideWithoutAReset() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();
        ch.writeInbound(status("200", false));

        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("bye", StandardCharsets.UTF_8), true));

        assertThat(text(ch.readInbound())).isEqualTo("bye");
        assertThat(above.events).containsExactly(ChannelInputShutdownEvent.INSTANCE);
        Http2DataFrame end = ch.readOutbound();
        assertThat(end.isEndStream()).isTrue();
        assertThat(end.content().readableBytes()).isZero();
        end.release();
        assertThat(ch.<Object>readOutbound()).isNull();
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void closingALiveTunnelEndsItsSideThenWaitsForTheProxysEndDroppingWhatComesBefore() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();
        ch.writeInbound(status("200", false));

        ChannelFuture closed = ch.close();

        Http2DataFrame end = ch.readOutbound();
        assertThat(end.isEndStream()).as("END_STREAM, as a TCP close sends FIN, not a reset").isTrue();
        assertThat(end.content().readableBytes()).isZero();
        assertThat(closed.isDone()).as("waits for the proxy's side").isFalse();
        assertThat(ch.isOpen()).isTrue();

        ByteBuf late = Unpooled.copiedBuffer("close_notify", StandardCharsets.UTF_8);
        ch.writeInbound(new DefaultHttp2DataFrame(late));
        assertThat(ch.<Object>readInbound()).as("nothing above reads now").isNull();
        assertThat(late.refCnt()).as("dropped, and released").isZero();

        ch.writeInbound(new DefaultHttp2DataFrame(Unpooled.EMPTY_BUFFER, true));
        assertThat(closed.isSuccess()).isTrue();
        assertThat(ch.isOpen()).isFalse();
        assertThat(ch.<Object>readOutbound()).as("no second END_STREAM").isNull();
        assertThat(above.errors).isEmpty();
    }

    @Test
    void aProxyThatDoesNotEndItsSideInTimeHasTheStreamClosedAfterTheLinger() {
        EmbeddedChannel ch = tunnel(null);
        ch.freezeTime(); // only advanceTimeBy moves the clock: a slow machine's real time must not fire the linger
        ch.readOutbound();
        ch.writeInbound(status("200", false));

        ChannelFuture closed = ch.pipeline().close(); // EmbeddedChannel.close() would cancel the scheduled tasks
        ch.advanceTimeBy(StreamTunnel.LINGER_MILLIS - 1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertThat(closed.isDone()).isFalse();

        ch.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertThat(closed.isSuccess()).isTrue();
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void aStreamClosedBeforeTheAnswerFailsTheSetup() {
        EmbeddedChannel ch = tunnel(null);
        ch.readOutbound();

        ch.close();

        assertThat(handler.connectFuture().cause()).isInstanceOf(ProxyConnectException.class)
                .hasMessageContaining("closed before the proxy answered");
    }
}
